import { sql, type Transaction } from 'kysely';
import type { StudioDb } from '../../kit/db/database';
import type { StudioDatabase } from '../../kit/db/schema';
import type { Outcome } from '../types';

type Trx = Transaction<StudioDatabase>;

/** An event locked, with what writing its result looks at (none for an unknown event). */
export function lockEventForResult(trx: Trx, eventId: string) {
  return trx
    .selectFrom('studio_sb_events')
    .select(['id', 'status', 'result', 'starts_at'])
    .where('id', '=', eventId)
    .forUpdate()
    .executeTakeFirst();
}

/**
 * Writes an event's result (`result` as JSON text, null for none) and marks it for the settlement
 * pass; `corrected` counts one more correction.
 */
export async function writeEventResult(
  trx: Trx,
  eventId: string,
  write: { status: 'abandoned' | 'ended'; result: string | null; reason: string; corrected: boolean; now: Date },
): Promise<void> {
  await trx
    .updateTable('studio_sb_events')
    .set({
      status: write.status,
      result: write.result,
      settling: true,
      settle_reason: write.reason,
      corrections: write.corrected ? sql`corrections + 1` : sql`corrections`,
      updated_at: write.now,
    })
    .where('id', '=', eventId)
    .execute();
}

/** An event's markets, with what grading their selections needs. */
export function marketsToGrade(trx: Trx, eventId: string) {
  return trx
    .selectFrom('studio_sb_markets')
    .select(['id', 'type', 'period', 'line4', 'odds'])
    .where('event_id', '=', eventId)
    .execute();
}

/** The selections some leg on the event is on, once each. */
export function selectionsBetOn(trx: Trx, eventId: string) {
  return trx
    .selectFrom('studio_sb_legs')
    .select(['market_id', 'selection'])
    .where('event_id', '=', eventId)
    .groupBy(['market_id', 'selection'])
    .execute();
}

/** Marks a market settled with its selections' outcomes (JSON text). */
export async function settleMarket(trx: Trx, marketId: number, outcomes: string, now: Date): Promise<void> {
  await trx
    .updateTable('studio_sb_markets')
    .set({ status: 'settled', outcomes, version: sql`version + 1`, updated_at: now })
    .where('id', '=', marketId)
    .execute();
}

/**
 * The legs, in bet and leg order, of the real multiples and system bets still running with a leg on
 * the event and a leg still open on another, with their bets.
 */
export async function runningMultiplesOn(trx: Trx, eventId: string) {
  const rows = await sql<{
    id: number;
    kind: string;
    size: number | null;
    combinations: number;
    open_stake: number;
    potential_payout: number;
    mode: string;
    market_id: number;
    event_id: string;
    selection: string;
    odds1000: number;
    outcome: Outcome | null;
  }>`
    SELECT b.id, b.kind, b.size, b.combinations, b.open_stake, b.potential_payout, b.mode,
           l.market_id, l.event_id, l.selection, l.odds1000, l.outcome
      FROM studio_sb_bets b JOIN studio_sb_legs l ON l.bet_id = b.id
     WHERE b.kind <> 'single' AND b.mode = 'real' AND b.status IN ('betting', 'pending', 'open')
       AND b.id IN (SELECT bet_id FROM studio_sb_legs WHERE event_id = ${eventId})
       AND EXISTS (SELECT 1 FROM studio_sb_legs o WHERE o.bet_id = b.id AND o.event_id <> ${eventId} AND o.outcome IS NULL)
     ORDER BY b.id, l.leg_no`.execute(trx);
  return rows.rows;
}

/** Gives every leg on the event its selection's outcome from its settled market. */
export async function gradeLegs(trx: Trx, eventId: string): Promise<void> {
  await sql`
    UPDATE studio_sb_legs l SET outcome = m.outcomes ->> l.selection
    FROM studio_sb_markets m
    WHERE m.id = l.market_id AND m.event_id = ${eventId}
      AND l.outcome IS DISTINCT FROM (m.outcomes ->> l.selection)`.execute(trx);
}

/** The open and settled bets with a leg on the event, in id order. */
export async function betIdsOnEvent(db: StudioDb, eventId: string) {
  const rows = await sql<{ id: number | string }>`
    SELECT DISTINCT l.bet_id AS id FROM studio_sb_legs l
      JOIN studio_sb_bets b ON b.id = l.bet_id
     WHERE l.event_id = ${eventId} AND b.status IN ('open', 'settled')
     ORDER BY 1`.execute(db);
  return rows.rows;
}

/** Clears the event's mark for the settlement pass. */
export async function clearSettling(db: StudioDb, eventId: string): Promise<void> {
  await db.updateTable('studio_sb_events').set({ settling: false }).where('id', '=', eventId).execute();
}

/** Some moves, one array a column, all due from `now`. */
type MoveColumns = {
  betRowId: number[];
  kind: string[];
  transactionId: string[];
  amount: number[];
  target: (number | null)[];
  roundClosed: boolean[];
  reason: (string | null)[];
};

/**
 * Writes moves in one statement of one array per column (the rows moves.ts insertMoves writes),
 * without a parameter per value: 2,000 moves would be 30,000.
 */
export async function insertMoveColumns(trx: Trx, moves: MoveColumns, now: Date): Promise<void> {
  await sql`
    INSERT INTO studio_sb_moves (bet_id, kind, transaction_id, amount, target, priced, round_closed, reason,
      status, taken, uncollected, attempts, next_attempt_at, last_error, done_at)
    SELECT bet_id, kind, transaction_id, amount, target, kind <> 'fix', round_closed, reason,
      'due', NULL, 0, 0, ${now}::timestamptz, NULL, NULL
    FROM unnest(${moves.betRowId}::bigint[], ${moves.kind}::text[],
      ${moves.transactionId}::text[], ${moves.amount}::bigint[],
      ${moves.target}::bigint[], ${moves.roundClosed}::boolean[],
      ${moves.reason}::text[])
      AS v(bet_id, kind, transaction_id, amount, target, round_closed, reason)`.execute(trx);
}

/** Some bets locked in id order, those open or settled, with what settling them needs. */
export function lockBetsToSettle(trx: Trx, betIds: number[]) {
  return trx
    .selectFrom('studio_sb_bets')
    .select([
      'id',
      'bet_id',
      'kind',
      'size',
      'combinations',
      'stake',
      'open_stake',
      'potential_payout',
      'status',
      'payout',
      'fix_count',
    ])
    .where(sql<boolean>`id = ANY(${betIds}::bigint[])`)
    .where('status', 'in', ['open', 'settled'])
    .orderBy('id')
    .forUpdate()
    .execute();
}

/** Some bets' legs, by bet and in leg order: their odds and outcomes. */
export function legOutcomesOfBets(trx: Trx, betIds: number[]) {
  return trx
    .selectFrom('studio_sb_legs')
    .select(['bet_id', 'event_id', 'odds1000', 'outcome'])
    .where(sql<boolean>`bet_id = ANY(${betIds}::bigint[])`)
    .orderBy('bet_id')
    .orderBy('leg_no')
    .execute();
}

/** Marks bets settled with their payouts and correction counts (one array a column); settled_at kept once set. */
export async function markBetsSettled(
  trx: Trx,
  changes: { id: number[]; payout: number[]; fixCount: number[] },
  now: Date,
): Promise<void> {
  await sql`
    UPDATE studio_sb_bets b SET status = 'settled', payout = v.payout, fix_count = v.fix_count,
      settled_at = coalesce(b.settled_at, ${now})
    FROM unnest(${changes.id}::bigint[], ${changes.payout}::bigint[], ${changes.fixCount}::int[])
      AS v(id, payout, fix_count)
    WHERE b.id = v.id`.execute(trx);
}
