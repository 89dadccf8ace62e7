import type { GameListQuery } from '@gamehall/shared/api/games';
import { GAME_LIST_MAX_PAGE_SIZE, HOT_GAMES_LIMIT } from '@gamehall/shared/api/games';
import { toMinor } from '@gamehall/shared/money';
import { foldSearch } from '@gamehall/shared/search-fold';
import type { AppContext } from '../../context';
import type { Principal } from '../../http/auth';
import { AppError } from '../../http/errors';
import { pageWindow } from '../../http/paging';
import { gameMenus, navigationMenus } from '../catalogue/catalogue.service';
import {
  BINGO,
  categoryRulesKey,
  displayCategory,
  displayVendorName,
  requestedCategory,
  type View,
  viewFor,
} from '../catalogue/categories';
import { type CatalogueFilter, pageCatalogue, renderedCatalogue } from './catalogue-index';
import {
  addFavourite,
  countFavouriteGames,
  findListedGame,
  type GameRow,
  listFavouriteGames,
  listFavouriteIds,
  listGames,
  listGamesByIds,
  listLiveRooms,
  listVendorGameTypes,
  listVendorSubCategories,
  recentActivity,
  removeFavourite,
} from './games.queries';

export { BINGO, displayVendorName, type View, viewFor } from '../catalogue/categories';

/** The one search folding of names and queries (shared/search-fold.ts), for this module's callers. */
export { foldSearch };

export type GamePage = { view: View; rows: GameRow[]; pageNo: number; pageSize: number; total: number };

function listFilter(view: View, q: GameListQuery): CatalogueFilter {
  const search = q.gameName ? foldSearch(q.gameName) : undefined;
  const category = q.gameType ? requestedCategory(view, q.gameType) : undefined;
  return {
    // The category as the menu shows it (categories.ts): /elott lists LOTT games too with TY, and
    // /esports the SPORTS games of the brand's e-sports vendors.
    category: category
      ? {
          name: category,
          of: (gameType, vendor) => displayCategory(view, gameType, vendor),
          key: categoryRulesKey(view),
        }
      : undefined,
    vendor: q.vassalage,
    subCategory: q.gameClassify,
    search: search || undefined,
    minBetMinor: q.minBet === undefined ? undefined : toMinor(q.minBet),
    minLineNum: q.minLineNum,
    excludeSubCategory: view.ty ? undefined : BINGO,
    sort: q.sort,
    language: view.language,
  };
}

export async function gameList(ctx: AppContext, principal: Principal | null, q: GameListQuery): Promise<GamePage> {
  const view = await viewFor(ctx, q.language, principal);
  const pageSize = Math.min(q.pageSize, GAME_LIST_MAX_PAGE_SIZE);
  if (!view.ty && q.gameClassify === BINGO) return { view, rows: [], pageNo: q.pageNo, pageSize, total: 0 };
  const { rows, total } = await pageCatalogue(ctx, listFilter(view, q), pageWindow({ pageNo: q.pageNo, pageSize }));
  return { view, rows, pageNo: q.pageNo, pageSize, total };
}

/**
 * gameList, rendered by `render` (the route's serialiser) as UTF-8 and cached with the catalogue copy
 * (catalogue-index.ts): the list is the same for every member with the same view, so a repeated
 * page costs no presenting and no serialising.
 */
export async function gameListRendered(
  ctx: AppContext,
  principal: Principal | null,
  q: GameListQuery,
  render: (page: GamePage) => string,
): Promise<Buffer> {
  const view = await viewFor(ctx, q.language, principal);
  const pageSize = Math.min(q.pageSize, GAME_LIST_MAX_PAGE_SIZE);
  if (!view.ty && q.gameClassify === BINGO)
    return Buffer.from(render({ view, rows: [], pageNo: q.pageNo, pageSize, total: 0 }));
  return renderedCatalogue(
    ctx,
    listFilter(view, q),
    pageWindow({ pageNo: q.pageNo, pageSize }),
    `${view.language}|${categoryRulesKey(view)}|${view.timeZone}|${q.pageNo}`,
    ({ rows, total }) => render({ view, rows, pageNo: q.pageNo, pageSize, total }),
  );
}

export async function hotGames(ctx: AppContext, principal: Principal | null, language?: string) {
  const view = await viewFor(ctx, language, principal);
  const rows = await listGames(
    ctx.db,
    { hotOnly: true, excludeSubCategory: view.ty ? undefined : BINGO },
    { limit: HOT_GAMES_LIMIT, offset: 0 },
  );
  return { view, rows };
}

export type Lane = {
  gameCategory: string;
  vendors: { code: string; name: string; isGame: string | null; maintenance: boolean }[];
};

/**
 * spec §3 "Vendor card" and §4 "Language": vendor cards grouped by category as the navigation menu
 * groups them (catalogue navigationMenus: SPORTS split, LOTT merged into ELOTT with TY, a vendor
 * once per group, empty groups dropped).
 */
export async function vendorLanes(ctx: AppContext, principal: Principal | null, language?: string) {
  const view = await viewFor(ctx, language, principal);
  const lanes: Lane[] = (await navigationMenus(ctx, view)).map((c) => ({
    gameCategory: c.gameType,
    vendors: c.vendors.map((v) => ({
      code: v.vendor_code,
      name: v.account_type_name,
      isGame: v.is_game,
      maintenance: v.vendor_status === 'maintenance',
    })),
  }));
  return { view, lanes };
}

export async function vendorGameTypes(ctx: AppContext, principal: Principal | null, vendor: string) {
  const view = await viewFor(ctx, undefined, principal);
  const [types, subs] = await Promise.all([
    listVendorGameTypes(ctx.db, vendor),
    listVendorSubCategories(ctx.db, vendor),
  ]);
  if (types.length === 0) throw new AppError('NOT_FOUND');
  return types.map((t) => ({
    gameType: t.game_type,
    accountTypeName: displayVendorName(view, vendor, t.account_type_name),
    isGame: t.is_game,
    subCategories: subs
      .filter((s) => s.game_type === t.game_type && s.sub_category && (view.ty || s.sub_category !== BINGO))
      .map((s) => s.sub_category as string),
  }));
}

async function assertFavouritable(ctx: AppContext, nodeId: number): Promise<void> {
  const view = await viewFor(ctx, undefined, null);
  const game = await findListedGame(ctx.db, nodeId);
  if (!game || (!view.ty && game.sub_category === BINGO)) throw new AppError('NOT_FOUND');
}

/** Adding is idempotent (spec §4 "Favourites"); concurrent adds meet the primary key and do nothing. */
export async function addFavouriteGame(ctx: AppContext, memberId: number, nodeId: number): Promise<void> {
  await assertFavouritable(ctx, nodeId);
  await addFavourite(ctx.db, memberId, nodeId);
}

export async function removeFavouriteGame(ctx: AppContext, memberId: number, nodeId: number): Promise<void> {
  await removeFavourite(ctx.db, memberId, nodeId);
}

export async function favouriteIds(ctx: AppContext, principal: Principal): Promise<number[]> {
  const view = await viewFor(ctx, undefined, principal);
  return listFavouriteIds(ctx.db, principal.memberId, view.ty ? undefined : BINGO);
}

/**
 * The (game type, vendor) pairs shown under a category (categories.ts displayCategory over the menu
 * rows), for the SQL lists that filter by category: favourites and recent games.
 */
async function categoryPairs(ctx: AppContext, view: View, category: string): Promise<[string, string][]> {
  const pairs: [string, string][] = [];
  for (const c of await gameMenus(ctx))
    for (const v of c.vendors)
      if (displayCategory(view, c.gameType, v.vendor_code) === category) pairs.push([c.gameType, v.vendor_code]);
  return pairs;
}

export async function favouriteGames(
  ctx: AppContext,
  principal: Principal,
  q: { pageNo: number; pageSize: number; language?: string; gameType?: string },
): Promise<GamePage> {
  const view = await viewFor(ctx, q.language, principal);
  const filter = {
    excludeSubCategory: view.ty ? undefined : BINGO,
    typeVendorPairs: q.gameType ? await categoryPairs(ctx, view, q.gameType) : undefined,
  };
  const [rows, total] = await Promise.all([
    listFavouriteGames(ctx.db, principal.memberId, filter, pageWindow(q)),
    countFavouriteGames(ctx.db, principal.memberId, filter),
  ]);
  return { view, rows, pageNo: q.pageNo, pageSize: q.pageSize, total };
}

/** How many launches and rounds are read to find a member's recent games. */
const RECENT_SCAN = 200;

/**
 * GCS_recentGame: the member's recently launched or played games, newest first, each once. The
 * record is the launch itself (game_sessions, written at launch) and the rounds the vendor API
 * records, so no separate table can drift from what really happened.
 */
export async function recentGameRows(
  ctx: AppContext,
  memberId: number,
  view: View,
  limit: number,
  vendors?: readonly string[],
  gameType?: string,
): Promise<GameRow[]> {
  const activity = await recentActivity(ctx.db, memberId, RECENT_SCAN, vendors);
  const latest = new Map<number, number>();
  for (const a of activity) latest.set(a.nodeId, Math.max(latest.get(a.nodeId) ?? 0, a.at.getTime()));
  const order = [...latest].sort((x, y) => y[1] - x[1] || y[0] - x[0]).map(([id]) => id);
  // Hidden or bingo-without-TY games drop out; maintained ones stay, marked.
  // Filtered before the limit: a category page shows up to `limit` games of its own category.
  const rows = await listGamesByIds(ctx.db, order, {
    excludeSubCategory: view.ty ? undefined : BINGO,
    typeVendorPairs: gameType ? await categoryPairs(ctx, view, gameType) : undefined,
  });
  const byId = new Map(rows.map((r) => [Number(r.node_id), r]));
  return order
    .map((id) => byId.get(id))
    .filter((r): r is GameRow => r !== undefined)
    .slice(0, limit);
}

export async function recentGames(
  ctx: AppContext,
  principal: Principal,
  q: { language?: string; limitNum: number; gameType?: string },
) {
  const view = await viewFor(ctx, q.language, principal);
  return { view, rows: await recentGameRows(ctx, principal.memberId, view, q.limitNum, undefined, q.gameType) };
}

/** GLS2_roomList: the tables of a LIVE vendor with their minimum bet; maintained tables show as such. */
export async function liveRooms(ctx: AppContext, principal: Principal, q: { vassalage: string; language?: string }) {
  const view = await viewFor(ctx, q.language, principal);
  const types = await listVendorGameTypes(ctx.db, q.vassalage);
  if (!types.some((t) => t.game_type === 'LIVE')) throw new AppError('NOT_FOUND');
  return { view, rows: await listLiveRooms(ctx.db, q.vassalage) };
}
