import { type Insertable, type Kysely, sql } from 'kysely';
import type {
  StudioDatabase,
  StudioTableBetsTable,
  StudioTableRoundsTable,
  TableEngine,
  TablePhase,
} from '../kit/db/schema';
import type { StudioSession } from '../kit/sessions';

// The live tables (studio_tables: who watches which table), their rounds (studio_table_rounds) and
// player bets (studio_table_bets; their delivery statements are the shared ledgers', bets.queries.ts).

type Db = Kysely<StudioDatabase>;
type Owner = Pick<StudioSession, 'vendor' | 'player' | 'mode'>;

export type TableRoundRow = {
  id: number;
  table_key: string;
  round_no: number;
  server_seed: string;
  server_seed_hash: string;
  client_seed: string;
  outcome: unknown;
  phase: TablePhase;
  betting_ends_at: Date;
  reveal_at: Date;
  ends_at: Date;
};

// ---- tables

/** Keys of the tables watched after `now`. */
export function watchedTableKeys(db: Db, now: Date) {
  return db.selectFrom('studio_tables').select('table_key').where('watched_until', '>', now).execute();
}

/** Marks the table watched until `until`, writing its row on first watch. */
export async function renewTableWatch(
  db: Db,
  table: { key: string; vendor: string; gameCode: string; engine: TableEngine },
  until: Date,
): Promise<void> {
  await db
    .insertInto('studio_tables')
    .values({
      table_key: table.key,
      vendor: table.vendor,
      game_code: table.gameCode,
      engine: table.engine,
      watched_until: until,
    })
    .onConflict((oc) => oc.column('table_key').doUpdateSet({ watched_until: until }))
    .execute();
}

export function tableRow(db: Db, key: string) {
  return db
    .selectFrom('studio_tables')
    .select(['table_key', 'vendor', 'game_code', 'engine', 'watched_until'])
    .where('table_key', '=', key)
    .executeTakeFirst();
}

// ---- rounds

/** Keys of the tables with a round not done. */
export function unfinishedTableKeys(db: Db) {
  return db.selectFrom('studio_table_rounds').select('table_key').where('phase', '<>', 'done').execute();
}

export function currentTableRound(db: Db, key: string): Promise<TableRoundRow | undefined> {
  return db
    .selectFrom('studio_table_rounds')
    .select([
      'id',
      'table_key',
      'round_no',
      'server_seed',
      'server_seed_hash',
      'client_seed',
      'outcome',
      'phase',
      'betting_ends_at',
      'reveal_at',
      'ends_at',
    ])
    .where('table_key', '=', key)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Moves a round from phase `from` to `to` (no change when it is no longer in `from`). */
export async function moveTableRound(db: Db, id: number, from: TablePhase, to: TablePhase): Promise<void> {
  await db
    .updateTable('studio_table_rounds')
    .set({ phase: to })
    .where('id', '=', id)
    .where('phase', '=', from)
    .execute();
}

/** Writes a new round; a round number already written fails with the unique violation. */
export async function insertTableRound(db: Db, round: Insertable<StudioTableRoundsTable>): Promise<void> {
  await db.insertInto('studio_table_rounds').values(round).execute();
}

/**
 * Locks the round row while it is still betting before `now` (a no-op write), so the loop cannot
 * close betting under the caller's transaction; true while it is betting.
 */
export async function lockBettingTableRound(db: Db, id: number, now: Date): Promise<boolean> {
  const r = await db
    .updateTable('studio_table_rounds')
    .set({ phase: 'betting' })
    .where('id', '=', id)
    .where('phase', '=', 'betting')
    .where('betting_ends_at', '>', now)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** The table's latest rounds with a result, newest first. */
export function tableHistory(db: Db, key: string, limit: number) {
  return db
    .selectFrom('studio_table_rounds')
    .select(['round_no', 'outcome'])
    .where('table_key', '=', key)
    .where('phase', 'in', ['result', 'done'])
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

// ---- bets

/** The owner's bets on the round not rolled back: their count and total stake. */
export function ownerRoundStakes(db: Db, roundId: number, owner: Owner) {
  return db
    .selectFrom('studio_table_bets')
    .select([sql<number>`count(*)::int`.as('n'), sql<number>`coalesce(sum(stake), 0)::bigint`.as('total')])
    .where('table_round_id', '=', roundId)
    .where('vendor', '=', owner.vendor)
    .where('player', '=', owner.player)
    .where('mode', '=', owner.mode)
    .where('status', 'not in', ['rolling_back', 'rolled_back'])
    .executeTakeFirstOrThrow();
}

export async function insertTableBet(db: Db, bet: Insertable<StudioTableBetsTable>): Promise<void> {
  await db.insertInto('studio_table_bets').values(bet).execute();
}

export function openTableBets(db: Db, roundId: number) {
  return db
    .selectFrom('studio_table_bets')
    .select(['id', 'bet'])
    .where('table_round_id', '=', roundId)
    .where('status', '=', 'open')
    .execute();
}

/** Settles an open bet with its win (and its valid bet when part was pushed), due for delivery at once. */
export async function settleTableBet(
  db: Db,
  id: number,
  s: { win: number; validBet: number | null },
  now: Date,
): Promise<void> {
  await db
    .updateTable('studio_table_bets')
    .set({ status: 'settling', win: s.win, valid_bet: s.validBet, next_attempt_at: now })
    .where('id', '=', id)
    .where('status', '=', 'open')
    .execute();
}

/**
 * One bet by its wallet round id, or the owner's latest bets on the game's table past their bet's
 * answer (newest first), each with its round's number.
 */
export function tableBets(
  db: Db,
  by: { betId: string } | { owner: Owner & Pick<StudioSession, 'gameCode'>; limit: number },
) {
  const q = db
    .selectFrom('studio_table_bets')
    .innerJoin('studio_table_rounds', 'studio_table_rounds.id', 'studio_table_bets.table_round_id')
    .select([
      'studio_table_bets.bet_id',
      'studio_table_bets.table_round_id',
      'studio_table_rounds.round_no',
      'studio_table_bets.bet',
      'studio_table_bets.stake',
      'studio_table_bets.win',
      'studio_table_bets.status',
    ]);
  return (
    'betId' in by
      ? q.where('studio_table_bets.bet_id', '=', by.betId)
      : q
          .where('studio_table_bets.vendor', '=', by.owner.vendor)
          .where('studio_table_bets.player', '=', by.owner.player)
          .where('studio_table_bets.mode', '=', by.owner.mode)
          .where('studio_table_bets.game_code', '=', by.owner.gameCode)
          .where('studio_table_bets.status', '!=', 'betting')
          .orderBy('studio_table_bets.id', 'desc')
          .limit(by.limit)
  ).execute();
}

/** The round's bets every page sees (accepted, not rolled back), in the order placed. */
export function shownTableBets(db: Db, roundId: number) {
  return db
    .selectFrom('studio_table_bets')
    .select(['player', 'stake', 'win', 'status'])
    .where('table_round_id', '=', roundId)
    .where('status', 'not in', ['betting', 'rolling_back', 'rolled_back'])
    .orderBy('id')
    .limit(100)
    .execute();
}
