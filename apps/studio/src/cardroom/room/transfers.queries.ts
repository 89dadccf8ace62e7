import { sql } from 'kysely';
import type { StudioDb } from '../../kit/db/database';
import type { PvpTransferStatus, StudioPvpTransfersTable } from '../../kit/db/schema';

// The wallet calls of the card tables' sittings (studio_pvp_transfers): each written before its call
// with its own transaction id, and its answer (or the lack of one) recorded on it (money.ts).

/** Errors are kept to the first 500 characters. */
const errorText = (error: string) => error.slice(0, 500);

/** Records a transfer owed or about to be made; answers its id. `dueAt`: when recovery may take it. */
export async function recordTransfer(
  db: StudioDb,
  t: { seatId: number; kind: StudioPvpTransfersTable['kind']; amount: number; tx: string; dueAt: Date },
): Promise<number> {
  const row = await db
    .insertInto('studio_pvp_transfers')
    .values({
      seat_id: t.seatId,
      kind: t.kind,
      amount: t.amount,
      tx: t.tx,
      status: 'pending',
      attempts: 0,
      next_attempt_at: t.dueAt,
      last_error: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A bet's OK recorded in the change that adds its chips; false when recovery already gave up on it. */
export async function betTaken(db: StudioDb, transferId: number, now: Date): Promise<boolean> {
  const took = await db
    .updateTable('studio_pvp_transfers')
    .set({ status: 'ok', done_at: now })
    .where('id', '=', transferId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(took.numUpdatedRows) === 1;
}

/** The wallet refused the bet (`status`: its answer). */
export async function betRefused(db: StudioDb, transferId: number, status: string, now: Date): Promise<void> {
  await db
    .updateTable('studio_pvp_transfers')
    .set({ status: 'refused', done_at: now, last_error: status })
    .where('id', '=', transferId)
    .execute();
}

/** A bet with no usable answer: rolled back (its rollback is owed from now on). */
export async function rollBackTransfer(db: StudioDb, transferId: number, error: string, now: Date): Promise<void> {
  await db
    .updateTable('studio_pvp_transfers')
    .set({ status: 'rolling_back', next_attempt_at: now, last_error: errorText(error) })
    .where('id', '=', transferId)
    .where('status', '=', 'pending')
    .execute();
}

/** The chips of a sitting's top-ups still waiting for the wallet's answer (a numeric sum, as text). */
export function pendingTopUps(db: StudioDb, seatId: number) {
  return db
    .selectFrom('studio_pvp_transfers')
    .select(sql<string>`coalesce(sum(amount), 0)`.as('n'))
    .where('seat_id', '=', seatId)
    .where('kind', '=', 'top_up')
    .where('status', '=', 'pending')
    .executeTakeFirstOrThrow();
}

/** A transfer with the sitting it belongs to, as its wallet call needs them. */
export function transferToDeliver(db: StudioDb, transferId: number) {
  return db
    .selectFrom('studio_pvp_transfers as t')
    .innerJoin('studio_pvp_seats as s', 's.id', 't.seat_id')
    .select([
      't.id',
      't.kind',
      't.amount',
      't.tx',
      't.status',
      't.attempts',
      's.id as seat_id',
      's.vendor',
      's.player',
      's.game_code',
      's.currency',
      's.round_id',
    ])
    .where('t.id', '=', transferId)
    .executeTakeFirst();
}

/** A delivery confirmed: the transfer moves from `from` to `to`, unless something else moved it first. */
export async function transferDone(
  db: StudioDb,
  transferId: number,
  from: PvpTransferStatus,
  to: 'ok' | 'rolled_back',
  now: Date,
): Promise<void> {
  await db
    .updateTable('studio_pvp_transfers')
    .set({ status: to, done_at: now, last_error: null })
    .where('id', '=', transferId)
    .where('status', '=', from)
    .execute();
}

/** A delivery that failed, on a transfer still owing it: tried again at `nextAttemptAt`. */
export async function deliveryFailed(
  db: StudioDb,
  transferId: number,
  attempts: number,
  nextAttemptAt: Date,
  error: string,
): Promise<void> {
  await db
    .updateTable('studio_pvp_transfers')
    .set({ attempts, next_attempt_at: nextAttemptAt, last_error: errorText(error) })
    .where('id', '=', transferId)
    .where('status', 'in', ['pending', 'rolling_back'])
    .execute();
}

/** Bets still pending when due had no answer recorded: each is to be rolled back. */
export async function rollBackUnansweredBets(db: StudioDb, now: Date): Promise<void> {
  await db
    .updateTable('studio_pvp_transfers')
    .set({ status: 'rolling_back', last_error: 'no answer recorded for the bet' })
    .where('status', '=', 'pending')
    .where('kind', 'in', ['buy_in', 'top_up'])
    .where('next_attempt_at', '<=', now)
    .execute();
}

/** Claims the transfers owed and due (not due again until `claimUntil`); answers their ids. */
export function claimDueTransfers(db: StudioDb, now: Date, claimUntil: Date) {
  return db
    .updateTable('studio_pvp_transfers')
    .set({ next_attempt_at: claimUntil })
    .where('status', 'in', ['pending', 'rolling_back'])
    .where('next_attempt_at', '<=', now)
    .returning(['id', 'attempts'])
    .execute();
}
