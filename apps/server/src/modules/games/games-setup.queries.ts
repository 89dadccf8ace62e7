import { sql } from 'kysely';
import type { Conn } from '../../db/database';

// Vendors, their wallet integrations and the game catalogue as the back office edits them. Every
// write to games or vendors bumps catalogue_version and notifies every node (migrations 0007 and
// 0013), so the lobbies' in-memory catalogue (games/catalogue-index.ts) is rebuilt at its next call;
// the vendor gateway compares its kept integration settings with the database on every call
// (vendor-gateway.service), so a changed secret, allow list or switch holds at the vendor's next call.

type Status = 'active' | 'maintenance' | 'hidden';

function vendorBase(db: Conn) {
  return db
    .selectFrom('vendors as v')
    .leftJoin('vendor_integrations as i', 'i.vendor_code', 'v.code')
    .select((eb) => [
      'v.code',
      'v.name',
      'v.status',
      'v.sort',
      'v.maintenance_until',
      'i.vendor_code as integration_vendor',
      'i.enabled as integration_enabled',
      'i.wallet_mode',
      'i.currency',
      'i.launch_url',
      'i.allowed_ips',
      'i.protocol',
      'i.provider_public_key',
      'i.games_api',
      'i.operator_public_key',
      'i.catalogue_sync_hours',
      'i.updated_at as integration_updated_at',
      eb
        .selectFrom('games as g')
        .select((c) => c.fn.countAll<string | number>().as('n'))
        .whereRef('g.vendor_code', '=', 'v.code')
        .as('game_count'),
      eb
        .selectFrom('games as g')
        .select((c) => c.fn.countAll<string | number>().as('n'))
        .whereRef('g.vendor_code', '=', 'v.code')
        .where('g.status', '=', 'active')
        .as('active_game_count'),
      eb
        .selectFrom('games as g')
        .select((c) => c.fn.countAll<string | number>().as('n'))
        .whereRef('g.vendor_code', '=', 'v.code')
        .where('g.status', '<>', 'hidden')
        .as('listed_game_count'),
    ]);
}

export function listVendors(db: Conn) {
  return vendorBase(db).orderBy('v.sort').orderBy('v.code').execute();
}

export type VendorRow = Awaited<ReturnType<typeof listVendors>>[number];

export function findVendor(db: Conn, code: string) {
  return vendorBase(db).where('v.code', '=', code).executeTakeFirst();
}

export async function updateVendor(
  db: Conn,
  code: string,
  values: { status?: Status; sort?: number; maintenance_until?: Date | null },
) {
  if (Object.keys(values).length === 0) return;
  await db.updateTable('vendors').set(values).where('code', '=', code).execute();
}

export async function updateIntegration(
  db: Conn,
  code: string,
  values: {
    enabled?: boolean;
    wallet_mode?: 'seamless' | 'transfer';
    allowed_ips?: string[];
    secret?: string;
    protocol?: 'gamehall' | 'caleta' | 'evolution';
    provider_public_key?: string | null;
    games_api?: string | null;
    operator_private_key?: string;
    operator_public_key?: string;
    catalogue_sync_hours?: number | null;
  },
  now: Date,
): Promise<boolean> {
  const result = await db
    .updateTable('vendor_integrations')
    .set({ ...values, updated_at: now })
    .where('vendor_code', '=', code)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function countVendors(db: Conn, codes: string[]): Promise<number> {
  const row = await db
    .selectFrom('vendors')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('code', 'in', codes)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function reorderVendors(db: Conn, codes: string[]) {
  for (const [sort, code] of codes.entries())
    await db.updateTable('vendors').set({ sort }).where('code', '=', code).execute();
}

/** A new vendor and its integration (a fresh secret); false when the code is taken. */
export async function insertVendor(
  db: Conn,
  vendor: { code: string; name: string; sort: number },
  integration: { secret: string; launch_url: string; currency: string; protocol: 'gamehall' | 'caleta' | 'evolution' },
  now: Date,
): Promise<boolean> {
  const inserted = await db
    .insertInto('vendors')
    .values(vendor)
    .onConflict((oc) => oc.column('code').doNothing())
    .returning('code')
    .executeTakeFirst();
  if (!inserted) return false;
  await db
    .insertInto('vendor_integrations')
    .values({ vendor_code: vendor.code, ...integration, wallet_mode: 'seamless', allowed_ips: [], updated_at: now })
    .execute();
  return true;
}

/** The sort after every vendor's, so a new vendor lists last. */
export async function nextVendorSort(db: Conn): Promise<number> {
  const row = await db
    .selectFrom('vendors')
    .select((eb) => eb.fn.max('sort').as('sort'))
    .executeTakeFirst();
  return row?.sort === null || row?.sort === undefined ? 0 : Number(row.sort) + 1;
}

export function listIntegrationVendors(db: Conn) {
  return db.selectFrom('vendor_integrations').select('vendor_code').orderBy('vendor_code').execute();
}

// ---- catalogue

export type GameFilter = {
  q?: string;
  vendor?: string;
  gameType?: string;
  status?: Status;
  hot?: boolean;
  subCategory?: string;
};

function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function gameBase(db: Conn, f: GameFilter) {
  let q = db.selectFrom('games as g').innerJoin('vendors as v', 'v.code', 'g.vendor_code');
  if (f.vendor) q = q.where('g.vendor_code', '=', f.vendor);
  if (f.gameType) q = q.where('g.game_type', '=', f.gameType);
  if (f.status) q = q.where('g.status', '=', f.status);
  if (f.hot !== undefined) q = q.where('g.is_hot', '=', f.hot);
  if (f.subCategory) q = q.where('g.sub_category', '=', f.subCategory);
  if (f.q) {
    const like = containing(f.q);
    // The name in every language is searched too (names is a jsonb of language -> name).
    q = q.where((eb) =>
      eb.or([eb('g.name', 'ilike', like), eb('g.game_code', 'ilike', like), eb(sql`g.names::text`, 'ilike', like)]),
    );
  }
  return q;
}

const GAME_COLUMNS = [
  'g.node_id',
  'g.vendor_code',
  'v.name as vendor_name',
  'g.game_type',
  'g.game_code',
  'g.name',
  'g.sub_category',
  'g.is_hot',
  'g.recent_players',
  'g.sort',
  'g.status',
  'v.status as vendor_status',
  'g.image_url',
] as const;

export async function pageGames(
  db: Conn,
  f: GameFilter,
  sorting: { column: string; order: 'asc' | 'desc' },
  page: { limit: number; offset: number },
) {
  const [rows, count] = await Promise.all([
    gameBase(db, f)
      .select(GAME_COLUMNS)
      .orderBy(sql.ref(sorting.column), sorting.order)
      .orderBy('g.node_id', sorting.order)
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    gameBase(db, f)
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export type GameRow = Awaited<ReturnType<typeof pageGames>>['rows'][number];

export function findGame(db: Conn, nodeId: number) {
  return gameBase(db, {}).select(GAME_COLUMNS).where('g.node_id', '=', nodeId).executeTakeFirst();
}

export async function updateGame(
  db: Conn,
  nodeId: number,
  values: { status?: Status; sort?: number; sub_category?: string | null },
) {
  if (Object.keys(values).length === 0) return;
  // A status the operator changes is theirs: no later catalogue sync puts it back. The same status
  // sent again (the game dialog sends it with every change) leaves the sync's mark.
  const hold =
    values.status !== undefined
      ? { provider_hold: sql<null>`CASE WHEN status = ${values.status} THEN provider_hold END` }
      : {};
  await db
    .updateTable('games')
    .set({ ...values, ...hold })
    .where('node_id', '=', nodeId)
    .execute();
}

/** The node ids among `nodeIds` that name a game, with their status, locked for the change. */
export function lockGameStatuses(db: Conn, nodeIds: readonly number[]) {
  return db
    .selectFrom('games')
    .select(['node_id', 'status'])
    .where('node_id', 'in', nodeIds)
    .orderBy('node_id')
    .forUpdate()
    .execute();
}

/** Sets `status` on the games among `nodeIds` that have another; answers the node ids changed. */
export async function setGamesStatus(db: Conn, nodeIds: readonly number[], status: Status): Promise<number[]> {
  const rows = await db
    .updateTable('games')
    .set({ status, provider_hold: null })
    .where('node_id', 'in', nodeIds)
    .where('status', '<>', status)
    .returning('node_id')
    .execute();
  return rows.map((r) => Number(r.node_id));
}

/** Puts back to active every vendor whose announced maintenance end has passed; answers their codes. */
export async function endDueMaintenance(db: Conn, now: Date): Promise<string[]> {
  const rows = await db
    .updateTable('vendors')
    .set({ status: 'active', maintenance_until: null })
    .where('status', '=', 'maintenance')
    .where('maintenance_until', '<=', now)
    .returning('code')
    .execute();
  return rows.map((r) => r.code);
}

// ---- game menus (migration 0029)

/** The menu's category rows, in menu order. */
export function listMenuCategories(db: Conn) {
  return db.selectFrom('game_menu_categories').select(['game_type', 'sort', 'enabled']).orderBy('sort').execute();
}

/**
 * Every (category, vendor) pair of the menu, whatever its status, in the vendors' menu order, with
 * the vendor's active games of that category. `lock` holds the pairs until the transaction ends so
 * two operators' saves of the menu run one after the other.
 */
export function listMenuVendors(db: Conn, lock = false) {
  const query = db
    .selectFrom('vendor_game_types as t')
    .innerJoin('vendors as v', 'v.code', 't.vendor_code')
    .select((eb) => [
      't.game_type',
      't.vendor_code',
      't.account_type_name',
      't.enabled',
      't.sort',
      'v.name',
      'v.status as vendor_status',
      eb
        .selectFrom('games as g')
        .select((c) => c.fn.countAll<string | number>().as('n'))
        .whereRef('g.vendor_code', '=', 't.vendor_code')
        .whereRef('g.game_type', '=', 't.game_type')
        .where('g.status', '=', 'active')
        .as('active_game_count'),
      eb
        .selectFrom('games as g')
        .select((c) => c.fn.countAll<string | number>().as('n'))
        .whereRef('g.vendor_code', '=', 't.vendor_code')
        .whereRef('g.game_type', '=', 't.game_type')
        .where('g.status', '<>', 'hidden')
        .as('listed_game_count'),
    ])
    .orderBy('t.game_type')
    .orderBy('t.sort')
    .orderBy('v.sort')
    .orderBy('v.code');
  return lock ? query.forUpdate('t').execute() : query.execute();
}

export type MenuVendorRow = Awaited<ReturnType<typeof listMenuVendors>>[number];

export async function upsertMenuCategory(db: Conn, gameType: string, sort: number, enabled: boolean) {
  await db
    .insertInto('game_menu_categories')
    .values({ game_type: gameType, sort, enabled })
    .onConflict((oc) => oc.column('game_type').doUpdateSet({ sort, enabled }))
    .execute();
}

export async function updateMenuVendor(db: Conn, gameType: string, code: string, sort: number, enabled: boolean) {
  await db
    .updateTable('vendor_game_types')
    .set({ sort, enabled })
    .where('game_type', '=', gameType)
    .where('vendor_code', '=', code)
    .execute();
}
