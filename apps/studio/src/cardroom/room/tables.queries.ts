import { type Insertable, sql, type Updateable } from 'kysely';
import type { StudioDb } from '../../kit/db/database';
import type { StudioPvpTablesTable } from '../../kit/db/schema';

// The card tables (studio_pvp_tables): a row per table of either game, holding its settings, the
// engine's state, a version that each change adds one to, and the next hand's committed seed.

type Game = StudioPvpTablesTable['game'];

/** Every column of a table row but the next hand's server seed and the creation time. */
const TABLE_COLUMNS = [
  'id',
  'name',
  'game',
  'betting',
  'seats',
  'small_blind',
  'big_blind',
  'min_buy_in',
  'max_buy_in',
  'rake_bp',
  'rake_cap',
  'currency',
  'state',
  'version',
  'hand_id',
  'turn_started_at',
  'next_hand_at',
  'next_server_seed_hash',
  'kind',
] as const;

/** Writes a new table; false when the id exists. */
export async function insertTable(db: StudioDb, values: Insertable<StudioPvpTablesTable>): Promise<boolean> {
  const inserted = await db
    .insertInto('studio_pvp_tables')
    .values(values)
    .onConflict((oc) => oc.column('id').doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** Whether `tableId` is a table of `game`. */
export async function isTableOfGame(db: StudioDb, tableId: string, game: Game): Promise<boolean> {
  const row = await db
    .selectFrom('studio_pvp_tables')
    .select('id')
    .where('id', '=', tableId)
    .where('game', '=', game)
    .executeTakeFirst();
  return row !== undefined;
}

/** A table of `game` (`lock`: locked until the caller's transaction ends); undefined when there is none. */
export function tableRow(db: StudioDb, tableId: string, game: Game, lock: boolean) {
  let q = db.selectFrom('studio_pvp_tables').select(TABLE_COLUMNS).where('id', '=', tableId).where('game', '=', game);
  if (lock) q = q.forUpdate();
  return q.executeTakeFirst();
}

/** A Hold'em table's seats and currency, locked until the caller's transaction ends; undefined when there is none. */
export function lockHoldemTable(db: StudioDb, tableId: string) {
  return (
    db
      .selectFrom('studio_pvp_tables')
      .select(['seats', 'currency'])
      .where('id', '=', tableId)
      // The lobby's lists and offers are the Hold'em tables'; a Tongits table is opened from its row.
      .where('game', '=', 'holdem')
      // A sit-and-go's table has no waiting list: its seats are taken by registering.
      .where('kind', '=', 'cash')
      .forUpdate()
      .executeTakeFirst()
  );
}

/** A table's seat count; undefined when there is none. */
export function tableSeats(db: StudioDb, tableId: string) {
  return db.selectFrom('studio_pvp_tables').select('seats').where('id', '=', tableId).executeTakeFirst();
}

/** The cash tables of `game` (no sit-and-go's) with their count of seats taken (buying in or seated), by stakes. */
export function tableRowsWithSeated(db: StudioDb, game: Game) {
  return db
    .selectFrom('studio_pvp_tables as t')
    .select(TABLE_COLUMNS.map((c) => `t.${c}` as const))
    .select((eb) =>
      eb
        .selectFrom('studio_pvp_seats as s')
        .select(sql<number>`count(*)::int`.as('n'))
        .whereRef('s.table_id', '=', 't.id')
        .where('s.status', 'in', ['buying_in', 'seated'])
        .as('seated'),
    )
    .where('t.game', '=', game)
    .where('t.kind', '=', 'cash')
    .orderBy('t.big_blind')
    .orderBy('t.id')
    .execute();
}

/**
 * Every cash table of both games (the sit-and-gos are listed apart) with its settings, its sittings
 * not closed, and the count and average pot of its hands ended after `since`; by stakes, then seats.
 */
export function lobbyTableRows(db: StudioDb, since: Date) {
  return db
    .selectFrom('studio_pvp_tables as t')
    .select([
      't.id',
      't.name',
      't.game',
      't.betting',
      't.seats',
      't.small_blind',
      't.big_blind',
      't.min_buy_in',
      't.max_buy_in',
      't.rake_bp',
      't.rake_cap',
      't.currency',
    ])
    .select((eb) => [
      eb
        .selectFrom('studio_pvp_seats as s')
        .select(sql<number>`count(*)::int`.as('n'))
        .whereRef('s.table_id', '=', 't.id')
        .where('s.status', '!=', 'closed')
        .as('seated'),
      eb
        .selectFrom('studio_pvp_hands as h')
        .select(sql<number>`count(*)::int`.as('n'))
        .whereRef('h.table_id', '=', 't.id')
        .where('h.status', '=', 'over')
        .where('h.ended_at', '>', since)
        .as('hands'),
      eb
        .selectFrom('studio_pvp_hands as h')
        .select(sql<string | null>`avg(h.pot)`.as('a'))
        .whereRef('h.table_id', '=', 't.id')
        .where('h.status', '=', 'over')
        .where('h.ended_at', '>', since)
        .as('avg_pot'),
    ])
    .where('t.kind', '=', 'cash')
    .orderBy('t.big_blind')
    .orderBy('t.seats')
    .orderBy('t.id')
    .execute();
}

/** The tables of `game` with their version, whether anyone is seated (or buying in) and whether anyone waits. */
export function tablesWithActivity(db: StudioDb, game: Game) {
  return db
    .selectFrom('studio_pvp_tables as t')
    .select(({ exists, selectFrom }) => [
      't.id',
      't.version',
      exists(
        selectFrom('studio_pvp_seats as s')
          .select(sql`1`.as('one'))
          .whereRef('s.table_id', '=', 't.id')
          .where('s.status', 'in', ['seated', 'buying_in']),
      ).as('seated'),
      exists(selectFrom('studio_pvp_waiting as w').select(sql`1`.as('one')).whereRef('w.table_id', '=', 't.id')).as(
        'waiting',
      ),
    ])
    .where('t.game', '=', game)
    .execute();
}

/** The versions of the tables `tableIds`. */
export function tableVersions(db: StudioDb, tableIds: string[]) {
  return db.selectFrom('studio_pvp_tables').select(['id', 'version']).where('id', 'in', tableIds).execute();
}

/** The next hand's server seed committed for a table, and its hash. */
export function nextServerSeed(db: StudioDb, tableId: string) {
  return db
    .selectFrom('studio_pvp_tables')
    .select(['next_server_seed', 'next_server_seed_hash'])
    .where('id', '=', tableId)
    .executeTakeFirstOrThrow();
}

/** A change of a table written: its new state, version and the columns that go with them. */
export async function saveTable(
  db: StudioDb,
  tableId: string,
  values: Updateable<StudioPvpTablesTable>,
): Promise<void> {
  await db.updateTable('studio_pvp_tables').set(values).where('id', '=', tableId).execute();
}
