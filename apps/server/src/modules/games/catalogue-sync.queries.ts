import { sql } from 'kysely';
import type { Conn } from '../../db/database';

// The catalogue sync's reads and writes (catalogue-sync.service.ts). Its writes to games bump
// catalogue_version like every other (migration 0007), so every node's lobby follows at its next call.

/** The integration a sync reads the list through, locked for the apply so two syncs take turns. */
export function lockSyncSource(db: Conn, code: string, lock: boolean) {
  let q = db
    .selectFrom('vendor_integrations as i')
    .innerJoin('vendors as v', 'v.code', 'i.vendor_code')
    .select(['i.vendor_code', 'v.name as vendor_name', 'i.protocol', 'i.games_api', 'i.operator_private_key'])
    .where('i.vendor_code', '=', code);
  if (lock) q = q.forUpdate();
  return q.executeTakeFirst();
}

export type SyncSource = NonNullable<Awaited<ReturnType<typeof lockSyncSource>>>;

/** The vendor's games as a sync compares them with the provider's list. */
export function vendorGames(db: Conn, code: string) {
  return db
    .selectFrom('games')
    .select(['node_id', 'game_code', 'name', 'status', 'image_url', 'rtp_hundredths', 'provider_hold', 'lobby'])
    .where('vendor_code', '=', code)
    .orderBy('game_code')
    .execute();
}

export type VendorGameRow = Awaited<ReturnType<typeof vendorGames>>[number];

export async function insertGames(
  db: Conn,
  rows: {
    vendor_code: string;
    game_type: string;
    game_code: string;
    name: string;
    status: 'active' | 'maintenance';
    provider_hold: 'disabled' | null;
    image_url: string | null;
    rtp_hundredths: number | null;
    art_seed: number;
    sort: number;
  }[],
): Promise<void> {
  if (rows.length > 0)
    await db
      .insertInto('games')
      .values(rows.map((r) => ({ ...r, names: JSON.stringify({}) })))
      .execute();
}

/** The next sort after the vendor's games, so new games list after the ones it has. */
export async function nextGameSort(db: Conn, code: string): Promise<number> {
  const row = await db
    .selectFrom('games')
    .select((eb) => eb.fn.max('sort').as('sort'))
    .where('vendor_code', '=', code)
    .executeTakeFirst();
  return row?.sort === null || row?.sort === undefined ? 0 : Number(row.sort) + 1;
}

export async function updateSyncedGame(
  db: Conn,
  nodeId: number,
  values: {
    name?: string;
    image_url?: string | null;
    rtp_hundredths?: number | null;
    status?: 'active' | 'maintenance' | 'hidden';
    provider_hold?: 'disabled' | 'removed' | null;
  },
): Promise<void> {
  await db.updateTable('games').set(values).where('node_id', '=', nodeId).execute();
}

/** Files the vendor under each game type it now has games of (the menu lists vendor and type pairs). */
export async function ensureVendorGameTypes(db: Conn, code: string, name: string, types: string[]): Promise<void> {
  if (types.length === 0) return;
  await db
    .insertInto('vendor_game_types')
    .values(types.map((t) => ({ vendor_code: code, game_type: t, account_type_name: name, is_game: null })))
    .onConflict((oc) => oc.columns(['vendor_code', 'game_type']).doNothing())
    .execute();
}

export async function insertSyncRun(
  db: Conn,
  row: {
    vendor_code: string;
    at: Date;
    by_username: string | null;
    added: number;
    updated: number;
    held: number;
    released: number;
    error: string | null;
  },
) {
  return db.insertInto('catalogue_syncs').values(row).returningAll().executeTakeFirstOrThrow();
}

export function listSyncRuns(db: Conn, code: string, limit: number) {
  return db
    .selectFrom('catalogue_syncs')
    .selectAll()
    .where('vendor_code', '=', code)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export type SyncRunRow = Awaited<ReturnType<typeof listSyncRuns>>[number];

/** Each vendor's last sync, for the vendors screen. */
export function lastSyncRuns(db: Conn) {
  return db
    .selectFrom('catalogue_syncs')
    .distinctOn('vendor_code')
    .selectAll()
    .orderBy('vendor_code')
    .orderBy('id', 'desc')
    .execute();
}

/**
 * The integrations whose scheduled sync is due: a schedule, a Games API and a key, and no run
 * (applied or failed) within their hours.
 */
export function dueSyncs(db: Conn, now: Date) {
  return db
    .selectFrom('vendor_integrations as i')
    .select('i.vendor_code')
    .where('i.catalogue_sync_hours', 'is not', null)
    .where('i.games_api', 'is not', null)
    .where('i.operator_private_key', 'is not', null)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('catalogue_syncs as s')
            .select('s.id')
            .whereRef('s.vendor_code', '=', 'i.vendor_code')
            .where(sql<boolean>`s.at > ${now}::timestamptz - make_interval(hours => i.catalogue_sync_hours)`),
        ),
      ),
    )
    .orderBy('i.vendor_code')
    .execute();
}
