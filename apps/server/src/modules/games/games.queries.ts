import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import type { Conn } from '../../db/database';
import type { Database } from '../../db/schema';

export type GameFilter = {
  gameType?: string;
  vendor?: string;
  subCategory?: string;
  minBetMinor?: number;
  minLineNum?: number;
  hotOnly?: boolean;
  /** Leave out games of this sub-category (BG when the brand does not support TY, spec §3). */
  excludeSubCategory?: string;
  /** Only games of these (game type, vendor) pairs: a displayed category (games.service categoryPairs). */
  typeVendorPairs?: readonly (readonly [string, string])[];
  /** Only games that launch now (active game of an active vendor): the maintenance suggestions. */
  playableOnly?: boolean;
};

type Eb = ExpressionBuilder<Database & { g: Database['games']; v: Database['vendors'] }, 'g' | 'v'>;

/**
 * Listed: every game that is not hidden, of a vendor that is not hidden. A game or vendor in
 * maintenance stays listed (with its `maintenance` mark) and only its launch is refused. A vendor's
 * lobby game (the sportsbook a lobby opens) is never a tile: its vendor's lobby opens it.
 */
function conditions(eb: Eb, f: GameFilter): Expression<SqlBool>[] {
  const list: Expression<SqlBool>[] = f.playableOnly
    ? [eb('g.status', '=', 'active'), eb('v.status', '=', 'active')]
    : [eb('g.status', '<>', 'hidden'), eb('v.status', '<>', 'hidden')];
  list.push(eb('g.lobby', '=', false));
  if (f.gameType) list.push(eb('g.game_type', '=', f.gameType));
  if (f.vendor) list.push(eb('g.vendor_code', '=', f.vendor));
  if (f.subCategory) list.push(eb('g.sub_category', '=', f.subCategory));
  if (f.excludeSubCategory)
    list.push(eb.or([eb('g.sub_category', 'is', null), eb('g.sub_category', '<>', f.excludeSubCategory)]));
  if (f.minBetMinor !== undefined) list.push(eb('g.min_bet', '>=', f.minBetMinor));
  if (f.minLineNum !== undefined) list.push(eb('g.min_line_num', '>=', f.minLineNum));
  if (f.hotOnly) list.push(eb('g.is_hot', '=', true));
  if (f.typeVendorPairs)
    list.push(
      eb.or(
        f.typeVendorPairs.map(([gameType, vendor]) =>
          eb.and([eb('g.game_type', '=', gameType), eb('g.vendor_code', '=', vendor)]),
        ),
      ),
    );
  return list;
}

function gamesBase(db: Conn) {
  return db
    .selectFrom('games as g')
    .innerJoin('vendors as v', 'v.code', 'g.vendor_code')
    .leftJoin('vendor_game_types as t', (j) =>
      j.onRef('t.vendor_code', '=', 'g.vendor_code').onRef('t.game_type', '=', 'g.game_type'),
    )
    .leftJoin('vendor_integrations as i', 'i.vendor_code', 'g.vendor_code');
}

const GAME_COLUMNS = [
  'g.node_id',
  'g.vendor_code',
  'g.game_type',
  'g.game_code',
  'g.name',
  'g.names',
  'g.sub_category',
  'g.is_hot',
  't.account_type_name',
  't.is_game',
  'g.status',
  'v.status as vendor_status',
  'v.maintenance_until as vendor_maintenance_until',
  // Whether the house studio serves the vendor, hence knows its games' RTP (house-figures.ts).
  'i.launch_url',
  // A provider's picture and RTP, from its game list (catalogue sync).
  'g.image_url',
  'g.rtp_hundredths',
] as const;

/** One page of games; ordered hot first, then configured order, then name, then node id (stable paging). */
export function listGames(db: Conn, f: GameFilter, page: { limit: number; offset: number }) {
  return gamesBase(db)
    .select(GAME_COLUMNS)
    .where((eb) => eb.and(conditions(eb as unknown as Eb, f)))
    .orderBy('g.is_hot', 'desc')
    .orderBy('g.sort')
    .orderBy('g.name')
    .orderBy('g.node_id')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

export type GameRow = Awaited<ReturnType<typeof listGames>>[number];

/** A listed game (not hidden, of a vendor not hidden; maintained ones included), or nothing. */
export function findListedGame(db: Conn, nodeId: number) {
  return db
    .selectFrom('games as g')
    .innerJoin('vendors as v', 'v.code', 'g.vendor_code')
    .select(['g.node_id', 'g.sub_category'])
    .where('g.node_id', '=', nodeId)
    .where('g.status', '<>', 'hidden')
    .where('v.status', '<>', 'hidden')
    .executeTakeFirst();
}

/** The game types of a listed vendor (maintenance included) with the sub-categories of its listed games. */
export function listVendorGameTypes(db: Conn, vendor: string) {
  return db
    .selectFrom('vendor_game_types as t')
    .innerJoin('vendors as v', 'v.code', 't.vendor_code')
    .select(['t.game_type', 't.account_type_name', 't.is_game'])
    .where('t.vendor_code', '=', vendor)
    .where('v.status', '<>', 'hidden')
    .orderBy('t.sort')
    .orderBy('t.game_type')
    .execute();
}

export function listVendorSubCategories(db: Conn, vendor: string) {
  return db
    .selectFrom('games')
    .select(['game_type', 'sub_category'])
    .distinct()
    .where('vendor_code', '=', vendor)
    .where('status', '<>', 'hidden')
    .where('sub_category', 'is not', null)
    .orderBy('game_type')
    .orderBy('sub_category')
    .execute();
}

export async function addFavourite(db: Conn, memberId: number, nodeId: number): Promise<void> {
  await db
    .insertInto('favourite_games')
    .values({ member_id: memberId, node_id: nodeId })
    .onConflict((oc) => oc.columns(['member_id', 'node_id']).doNothing())
    .execute();
}

export async function removeFavourite(db: Conn, memberId: number, nodeId: number): Promise<void> {
  await db.deleteFrom('favourite_games').where('member_id', '=', memberId).where('node_id', '=', nodeId).execute();
}

/** Favourite node ids of a member, newest first, only games that can still be shown. */
export async function listFavouriteIds(db: Conn, memberId: number, excludeSubCategory?: string): Promise<number[]> {
  const rows = await db
    .selectFrom('favourite_games as f')
    .innerJoin('games as g', 'g.node_id', 'f.node_id')
    .innerJoin('vendors as v', 'v.code', 'g.vendor_code')
    .select('f.node_id')
    .where('f.member_id', '=', memberId)
    .where((eb) => eb.and(conditions(eb as unknown as Eb, { excludeSubCategory })))
    .orderBy('f.created_at', 'desc')
    .orderBy('f.node_id', 'desc')
    .execute();
  return rows.map((r) => Number(r.node_id));
}

export function listFavouriteGames(
  db: Conn,
  memberId: number,
  filter: Pick<GameFilter, 'excludeSubCategory' | 'typeVendorPairs'>,
  page: { limit: number; offset: number },
) {
  return gamesBase(db)
    .innerJoin('favourite_games as f', 'f.node_id', 'g.node_id')
    .select(GAME_COLUMNS)
    .where('f.member_id', '=', memberId)
    .where((eb) => eb.and(conditions(eb as unknown as Eb, filter)))
    .orderBy('f.created_at', 'desc')
    .orderBy('g.node_id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

export async function countFavouriteGames(
  db: Conn,
  memberId: number,
  filter: Pick<GameFilter, 'excludeSubCategory' | 'typeVendorPairs'>,
): Promise<number> {
  const row = await db
    .selectFrom('favourite_games as f')
    .innerJoin('games as g', 'g.node_id', 'f.node_id')
    .innerJoin('vendors as v', 'v.code', 'g.vendor_code')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('f.member_id', '=', memberId)
    .where((eb) => eb.and(conditions(eb as unknown as Eb, filter)))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Shown games among these node ids (any order; the caller orders). */
export function listGamesByIds(
  db: Conn,
  nodeIds: readonly number[],
  filter: Pick<GameFilter, 'excludeSubCategory' | 'typeVendorPairs'> = {},
) {
  if (nodeIds.length === 0) return Promise.resolve([]);
  return gamesBase(db)
    .select(GAME_COLUMNS)
    .where('g.node_id', 'in', [...nodeIds])
    .where((eb) => eb.and(conditions(eb as unknown as Eb, filter)))
    .execute();
}

/** Shown games of these vendors and game types, in list order (hot, configured order, name). */
/** Vendors' display names by code (the name the navigation menu shows). */
export async function vendorNamesOf(db: Conn, codes: readonly string[]): Promise<Map<string, string>> {
  if (codes.length === 0) return new Map();
  const rows = await db
    .selectFrom('vendors')
    .select(['code', 'name'])
    .where('code', 'in', [...codes])
    .execute();
  return new Map(rows.map((r) => [r.code, r.name]));
}

export function listGamesOfVendors(
  db: Conn,
  vendors: readonly string[],
  gameTypes: readonly string[],
  excludeSubCategory?: string,
) {
  if (vendors.length === 0 || gameTypes.length === 0) return Promise.resolve([]);
  return gamesBase(db)
    .select(GAME_COLUMNS)
    .where('g.vendor_code', 'in', [...vendors])
    .where('g.game_type', 'in', [...gameTypes])
    .where((eb) => eb.and(conditions(eb as unknown as Eb, { excludeSubCategory })))
    .orderBy('g.is_hot', 'desc')
    .orderBy('g.sort')
    .orderBy('g.name')
    .orderBy('g.node_id')
    .execute();
}

/**
 * The member's latest game activity: launches (real sessions) and rounds, newest first, at most
 * `scan` of each (enough to find `limit` distinct games for any realistic member).
 */
export async function recentActivity(
  db: Conn,
  memberId: number,
  scan: number,
  vendors?: readonly string[],
): Promise<{ nodeId: number; at: Date }[]> {
  let launches = db
    .selectFrom('game_sessions')
    .select(['node_id', 'created_at'])
    .where('member_id', '=', memberId)
    .where('trial', '=', false);
  let rounds = db
    .selectFrom('vendor_rounds')
    .select(['node_id', 'created_at'])
    .where('member_id', '=', memberId)
    .where('node_id', 'is not', null);
  if (vendors) {
    if (vendors.length === 0) return [];
    launches = launches.where('vendor_code', 'in', [...vendors]);
    rounds = rounds.where('vendor_code', 'in', [...vendors]);
  }
  const [a, b] = await Promise.all([
    launches.orderBy('created_at', 'desc').limit(scan).execute(),
    rounds.orderBy('created_at', 'desc').limit(scan).execute(),
  ]);
  return [...a, ...b].map((r) => ({ nodeId: Number(r.node_id), at: new Date(r.created_at) }));
}

/** Closed rounds per game of these vendors since a time (popularity). */
export async function roundCountsByGame(db: Conn, vendors: readonly string[], since: Date) {
  if (vendors.length === 0) return new Map<number, number>();
  const rows = await db
    .selectFrom('vendor_rounds')
    .select((eb) => ['node_id', eb.fn.countAll<number | string>().as('n')])
    .where('vendor_code', 'in', [...vendors])
    .where('created_at', '>=', since)
    .where('node_id', 'is not', null)
    .groupBy('node_id')
    .execute();
  return new Map(rows.map((r) => [Number(r.node_id), Number(r.n)]));
}

/** A LIVE vendor's tables in any shown status (maintenance included, hidden never). */
export function listLiveRooms(db: Conn, vendor: string) {
  return db
    .selectFrom('games as g')
    .innerJoin('vendors as v', 'v.code', 'g.vendor_code')
    .select(['g.node_id', 'g.game_code', 'g.name', 'g.names', 'g.min_bet', 'g.status', 'v.status as vendor_status'])
    .where('g.vendor_code', '=', vendor)
    .where('g.game_type', '=', 'LIVE')
    .where('g.status', '<>', 'hidden')
    .where('v.status', '<>', 'hidden')
    .orderBy('g.sort')
    .orderBy('g.name')
    .orderBy('g.node_id')
    .execute();
}

/** A game that is not hidden (maintained ones included), as a tile row. */
export function findShownGame(db: Conn, nodeId: number) {
  return gamesBase(db)
    .select(GAME_COLUMNS)
    .where('g.node_id', '=', nodeId)
    .where('g.status', '<>', 'hidden')
    .where('v.status', '<>', 'hidden')
    .executeTakeFirst();
}

/** The catalogue version (migration 0007): bumped by every write to games, vendors or vendor_game_types. */
export async function catalogueVersion(db: Conn): Promise<number> {
  const { rows } = await sql<{ version: number | string }>`select version from catalogue_version where id = 1`.execute(
    db,
  );
  return Number(rows[0]?.version ?? 0);
}

/** Every listed game (not hidden, vendor not hidden) in list order, with what the list filters on. */
export function listShownCatalogue(db: Conn) {
  return gamesBase(db)
    .select([...GAME_COLUMNS, 'g.min_bet', 'g.min_line_num', 'g.recent_players', 'g.created_at'])
    .where((eb) => eb.and(conditions(eb as unknown as Eb, {})))
    .orderBy('g.is_hot', 'desc')
    .orderBy('g.sort')
    .orderBy('g.name')
    .orderBy('g.node_id')
    .execute();
}

// ---- popularity (job games.popularity)

/** Distinct players per game in the rounds since `since` (vendor_rounds, written by vendor-gateway). */
export async function playersSince(db: Conn, since: Date): Promise<Map<number, number>> {
  const { rows } = await sql<{ node_id: number | string; players: number | string }>`
    SELECT node_id, count(DISTINCT member_id) AS players FROM vendor_rounds
    WHERE created_at >= ${since} AND node_id IS NOT NULL
    GROUP BY node_id`.execute(db);
  return new Map(rows.map((r) => [Number(r.node_id), Number(r.players)]));
}

/** Every game with what the job keeps on it, and whether it is a listed tile (the share HOT is taken of). */
export function popularityState(db: Conn) {
  return db
    .selectFrom('games as g')
    .innerJoin('vendors as v', 'v.code', 'g.vendor_code')
    .select(['g.node_id', 'g.recent_players', 'g.is_hot', 'g.status', 'g.lobby', 'v.status as vendor_status'])
    .execute();
}

/** One statement for every changed game: the catalogue version moves once (migration 0007's trigger). */
export async function writePopularity(db: Conn, changes: { nodeId: number; players: number; hot: boolean }[]) {
  if (changes.length === 0) return;
  await sql`
    UPDATE games AS g SET recent_players = v.players, is_hot = v.hot
    FROM unnest(${changes.map((c) => c.nodeId)}::bigint[], ${changes.map((c) => c.players)}::int[],
      ${changes.map((c) => c.hot)}::boolean[]) AS v(node_id, players, hot)
    WHERE g.node_id = v.node_id`.execute(db);
}
