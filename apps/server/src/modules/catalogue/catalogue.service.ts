import { createHash } from 'node:crypto';
import { AVATAR_COUNT, bannerImageUrl } from '@gamehall/shared/api/catalogue';
import type { AppContext } from '../../context';
import { AppError } from '../../http/errors';
import { avatarSvg, bannerSvg, defaultGameSvg, gameSvg, vendorSvg } from './art';
import { findBannerByImageUrl, findGameForArt, findVendorForArt, listMenuRows } from './catalogue.queries';
import { displayCategory, displayVendorName, type View } from './categories';

type MenuRow = Awaited<ReturnType<typeof listMenuRows>>[number];
export type MenuCategory = { gameType: string; vendors: MenuRow[] };

/**
 * spec §2 navigation: the categories that have vendors, in the operators' menu order (back office
 * game menus; until placed, the order of GAME_MENU_CATEGORY_ORDER, set by migration 0029);
 * categories and vendors switched off there, and hidden vendors, are left out; a vendor in
 * maintenance stays, marked (its games are listed and refuse launches).
 */
export async function gameMenus(ctx: AppContext): Promise<MenuCategory[]> {
  const byType = new Map<string, MenuRow[]>();
  // The rows come in menu order: a Map keeps the order in which categories first appear.
  for (const row of await listMenuRows(ctx.db)) {
    const list = byType.get(row.game_type) ?? [];
    list.push(row);
    byType.set(row.game_type, list);
  }
  return [...byType].map(([gameType, vendors]) => ({ gameType, vendors }));
}

/**
 * The menu as the site shows it (navigation, lanes): each vendor card under its displayed category
 * (games/categories.ts: the brand's SPORTS split, LOTT merged into ELOTT with TY), once per category
 * (game counts added up), TY vendor names applied, in the menu order, empty categories dropped. A
 * displayed category takes the menu place of the category of its name, else of the first category
 * whose vendors moved to it.
 */
export async function navigationMenus(ctx: AppContext, view: View): Promise<MenuCategory[]> {
  const menus = await gameMenus(ctx);
  const place = new Map<string, number>(menus.map((c, i) => [c.gameType, i]));
  const byCategory = new Map<string, MenuRow[]>();
  for (const [index, category] of menus.entries()) {
    for (const row of category.vendors) {
      const name = displayCategory(view, category.gameType, row.vendor_code);
      if (!place.has(name)) place.set(name, index);
      const list = byCategory.get(name) ?? [];
      const same = list.findIndex((v) => v.vendor_code === row.vendor_code);
      if (same === -1) list.push({ ...row, name: displayVendorName(view, row.vendor_code, row.name) });
      else {
        const first = list[same] as MenuRow;
        list[same] = {
          ...first,
          game_count: Number(first.game_count ?? 0) + Number(row.game_count ?? 0),
          active_count: Number(first.active_count ?? 0) + Number(row.active_count ?? 0),
        };
      }
      byCategory.set(name, list);
    }
  }
  const rank = (t: string) => place.get(t) ?? menus.length;
  return [...byCategory]
    .filter(([, vendors]) => vendors.length > 0)
    .sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b))
    .map(([gameType, vendors]) => ({ gameType, vendors }));
}

export type Art = { svg: string; etag: string };

function art(svg: string): Art {
  return { svg, etag: `"${createHash('sha256').update(svg).digest('base64url').slice(0, 32)}"` };
}

// Artwork URLs end in .svg; anything else is simply not there (404, never 400).
function idOf(file: string, pattern: RegExp): string {
  const match = pattern.exec(file);
  if (!match?.[1]) throw new AppError('NOT_FOUND');
  return match[1];
}

const defaultArt = art(defaultGameSvg());

/** /art/games/{nodeId}.svg and /art/games/default.svg */
export async function gameArt(ctx: AppContext, file: string): Promise<Art> {
  if (file === 'default.svg') return defaultArt;
  const nodeId = Number(idOf(file, /^(\d{1,15})\.svg$/));
  const game = await findGameForArt(ctx.db, nodeId);
  if (!game) throw new AppError('NOT_FOUND');
  return art(
    gameSvg({
      nodeId: game.node_id,
      seed: game.art_seed,
      vendor: game.vendor_code,
      name: game.name,
      gameType: game.game_type,
      subCategory: game.sub_category,
    }),
  );
}

export async function vendorArt(ctx: AppContext, file: string): Promise<Art> {
  const code = idOf(file, /^([A-Za-z0-9_-]{1,40})\.svg$/);
  const vendor = await findVendorForArt(ctx.db, code);
  if (!vendor) throw new AppError('NOT_FOUND');
  return art(vendorSvg(vendor));
}

export async function bannerArt(ctx: AppContext, file: string): Promise<Art> {
  const slug = idOf(file, /^([a-z0-9-]{1,80})\.svg$/);
  const banner = await findBannerByImageUrl(ctx.db, bannerImageUrl(slug));
  if (!banner) throw new AppError('NOT_FOUND');
  return art(bannerSvg({ slug, title: banner.title }));
}

const avatars = Array.from({ length: AVATAR_COUNT }, (_, i) => art(avatarSvg(i + 1)));

export function avatarArt(file: string): Art {
  const n = Number(idOf(file, /^(\d{1,2})\.svg$/));
  const found = avatars[n - 1];
  if (!found || n < 1) throw new AppError('NOT_FOUND');
  return found;
}
