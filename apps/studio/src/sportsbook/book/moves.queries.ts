import { type Insertable, type Kysely, sql, type Transaction } from 'kysely';
import type { StudioDatabase, StudioSbMovesTable } from '../../kit/db/schema';

type Db = Kysely<StudioDatabase>;

/** Writes wallet moves (one statement). */
export async function insertMoveRows(db: Db, rows: Insertable<StudioSbMovesTable>[]): Promise<void> {
  await db.insertInto('studio_sb_moves').values(rows).execute();
}

/** Marks a bet refused if it is still in `from`; answers how many rows changed (1 or 0). */
export async function markBetRefused(
  db: Db,
  betRowId: number,
  from: 'betting' | 'pending',
  refusal: string,
  now: Date,
): Promise<number> {
  const done = await db
    .updateTable('studio_sb_bets')
    .set({ status: 'refused', refusal, settled_at: now })
    .where('id', '=', betRowId)
    .where('status', '=', from)
    .executeTakeFirst();
  return Number(done.numUpdatedRows);
}

/** A bet's legs in order: their selections, odds and outcomes so far. */
export function legOutcomesOf(db: Db, betRowId: number) {
  return db
    .selectFrom('studio_sb_legs')
    .select(['market_id', 'event_id', 'selection', 'odds1000', 'outcome'])
    .where('bet_id', '=', betRowId)
    .orderBy('leg_no')
    .execute();
}

/** A move locked, with what pricing it needs. */
export function lockMove(trx: Transaction<StudioDatabase>, moveId: number) {
  return trx
    .selectFrom('studio_sb_moves')
    .select(['amount', 'target', 'priced'])
    .where('id', '=', moveId)
    .forUpdate()
    .executeTakeFirstOrThrow();
}

/** A bet's wins and corrections done before a move. */
export function donePaymentsBefore(trx: Transaction<StudioDatabase>, betRowId: number, moveId: number) {
  return trx
    .selectFrom('studio_sb_moves')
    .select(['kind', 'amount', 'taken'])
    .where('bet_id', '=', betRowId)
    .where('kind', 'in', ['win', 'fix'])
    .where('status', '=', 'done')
    .where('id', '<', moveId)
    .execute();
}

/** Clears what a bet's corrections before a move left uncollected. */
export async function clearShortfallsBefore(
  trx: Transaction<StudioDatabase>,
  betRowId: number,
  moveId: number,
): Promise<void> {
  await trx
    .updateTable('studio_sb_moves')
    .set({ uncollected: 0 })
    .where('bet_id', '=', betRowId)
    .where('kind', '=', 'fix')
    .where('id', '<', moveId)
    .execute();
}

/** Fixes a move's amount; with `doneAt`, the move is done then (nothing is left to send). */
export async function setMovePrice(
  trx: Transaction<StudioDatabase>,
  moveId: number,
  amount: number,
  doneAt: Date | null,
): Promise<void> {
  await trx
    .updateTable('studio_sb_moves')
    .set({
      amount,
      priced: true,
      ...(doneAt ? { status: 'done' as const, done_at: doneAt, taken: null, uncollected: 0 } : {}),
    })
    .where('id', '=', moveId)
    .execute();
}

/** Moves as their delivery needs them (with their bet's session and round). */
function movesQuery(db: Db) {
  return db
    .selectFrom('studio_sb_moves')
    .innerJoin('studio_sb_bets', 'studio_sb_bets.id', 'studio_sb_moves.bet_id')
    .select([
      'studio_sb_moves.id',
      'studio_sb_moves.bet_id',
      'studio_sb_moves.kind',
      'studio_sb_moves.transaction_id',
      'studio_sb_moves.amount',
      'studio_sb_moves.round_closed',
      'studio_sb_moves.target',
      'studio_sb_moves.reason',
      'studio_sb_moves.status',
      'studio_sb_moves.priced',
      'studio_sb_moves.attempts',
      'studio_sb_bets.bet_id as round_id',
      'studio_sb_bets.session_id',
      'studio_sb_bets.mode',
      'studio_sb_bets.vendor',
      'studio_sb_bets.player',
      'studio_sb_bets.game_code',
      'studio_sb_bets.currency',
      'studio_sb_bets.bet_tx',
    ]);
}
export type DeliveryMove = Awaited<ReturnType<ReturnType<typeof movesQuery>['executeTakeFirstOrThrow']>>;

/** One move as its delivery needs it, whatever its status. */
export function moveToDeliver(db: Db, moveId: number): Promise<DeliveryMove | undefined> {
  return movesQuery(db).where('studio_sb_moves.id', '=', moveId).executeTakeFirst();
}

/** The moves among `ids` still due, in id order, as their delivery needs them. */
export function dueMovesAmong(db: Db, ids: number[]): Promise<DeliveryMove[]> {
  return movesQuery(db)
    .where(sql<boolean>`studio_sb_moves.id = ANY(${ids}::bigint[])`)
    .where('studio_sb_moves.status', '=', 'due')
    .orderBy('studio_sb_moves.id')
    .execute();
}

/** A move the wallet answered (or a trial move done): what a debit took and left uncollected, and when. */
export type AnsweredMove = { id: number; taken: number | null; uncollected: number; at: Date };

/** Records a move done if it is still due; answers how many rows changed (1 or 0). */
export async function recordMoveDone(db: Db, a: AnsweredMove): Promise<number> {
  const done = await db
    .updateTable('studio_sb_moves')
    .set({ status: 'done', done_at: a.at, taken: a.taken, uncollected: a.uncollected, last_error: null })
    .where('id', '=', a.id)
    .where('status', '=', 'due')
    .executeTakeFirst();
  return Number(done.numUpdatedRows);
}

/** Records answered moves done, those still due, in one statement of one array per column. */
export async function recordMovesDone(db: Db, batch: AnsweredMove[]): Promise<void> {
  await sql`
    UPDATE studio_sb_moves m SET status = 'done', done_at = v.at::timestamptz, taken = v.taken,
      uncollected = v.uncollected, last_error = NULL
    FROM unnest(${batch.map((a) => a.id)}::bigint[], ${batch.map((a) => a.taken)}::bigint[],
      ${batch.map((a) => a.uncollected)}::bigint[], ${batch.map((a) => a.at.toISOString())}::text[])
      AS v(id, taken, uncollected, at)
    WHERE m.id = v.id AND m.status = 'due'`.execute(db);
}

/** A delivery that failed: tried once more, next at `nextAttemptAt`, if the move is still due. */
export async function postponeMove(
  db: Db,
  moveId: number,
  attempts: number,
  nextAttemptAt: Date,
  lastError: string,
): Promise<void> {
  await db
    .updateTable('studio_sb_moves')
    .set({ attempts, next_attempt_at: nextAttemptAt, last_error: lastError })
    .where('id', '=', moveId)
    .where('status', '=', 'due')
    .execute();
}

/**
 * Claims until `leaseUntil` at most `limit` due moves (of one bet, or all) whose bet has nothing
 * earlier still due, lowest ids first, skipping those another pass holds; answers their ids.
 */
export async function claimDueMoves(
  db: Db,
  now: Date,
  leaseUntil: Date,
  limit: number,
  only: { betRowId: number } | undefined,
): Promise<{ id: number }[]> {
  const claimed = await sql<{ id: number }>`
    UPDATE studio_sb_moves SET next_attempt_at = ${leaseUntil}
    WHERE id IN (
      SELECT m.id FROM studio_sb_moves m
      WHERE m.status = 'due' AND m.next_attempt_at <= ${now}
        ${only ? sql`AND m.bet_id = ${only.betRowId}` : sql``}
        AND NOT EXISTS (
          SELECT 1 FROM studio_sb_moves e WHERE e.bet_id = m.bet_id AND e.id < m.id AND e.status = 'due'
        )
      ORDER BY m.id
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED
    )
    RETURNING id`.execute(db);
  return claimed.rows;
}

/** Bets still waiting for their stake's wallet call past its lease (at most `limit`). */
export function staleStakes(db: Db, now: Date, limit: number) {
  return db
    .selectFrom('studio_sb_bets')
    .select(['id', 'bet_id', 'kind', 'size', 'combinations', 'open_stake', 'potential_payout', 'status', 'mode'])
    .where('status', '=', 'betting')
    .where('next_attempt_at', '<=', now)
    .limit(limit)
    .execute();
}
