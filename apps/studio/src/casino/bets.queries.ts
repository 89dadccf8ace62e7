import { type Kysely, sql } from 'kysely';
import type { PlayerBetColumns, StudioDatabase } from '../kit/db/schema';

// The statements of the ledgers whose every player bet is its own wallet round (crash bets, live
// table bets, lottery tickets), written once over the columns the three share.

// Each ledger's column holding the bet's wallet round id, its stake, and the stake at risk when less
// than the whole (a pushed table bet).
const LEDGER_COLUMNS = {
  studio_crash_bets: { roundId: 'bet_id', stake: 'amount', validBet: null },
  studio_table_bets: { roundId: 'bet_id', stake: 'stake', validBet: 'valid_bet' },
  studio_lottery_tickets: { roundId: 'ticket_id', stake: 'stake', validBet: null },
} as const;

export type BetLedger = keyof typeof LEDGER_COLUMNS;

// The three ledgers seen through the columns they share (db/schema.ts PlayerBetColumns).
type LedgerDb = Kysely<Record<BetLedger, PlayerBetColumns>>;
const ledgerDb = (db: Kysely<StudioDatabase>) => db as unknown as LedgerDb;

type BetStatus = PlayerBetColumns['status'];

/** The row of the bet whose wallet round is `roundId`, with what delivering it needs. */
export function owedBet(db: Kysely<StudioDatabase>, ledger: BetLedger, roundId: string) {
  const columns = LEDGER_COLUMNS[ledger];
  return ledgerDb(db)
    .selectFrom(ledger)
    .select([
      'id',
      'session_id',
      'mode',
      'vendor',
      'player',
      'game_code',
      'currency',
      'win',
      'status',
      'bet_tx',
      'win_tx',
      'rollback_tx',
      'attempts',
      sql<number>`${sql.ref(columns.stake)}`.as('stake'),
      (columns.validBet ? sql<number | null>`${sql.ref(columns.validBet)}` : sql<null>`NULL`).as('valid_bet'),
    ])
    .where(sql.ref(columns.roundId), '=', roundId)
    .executeTakeFirst();
}

/** Closes a trial bet still in `from` (no wallet call, no error to clear); true when this call closed it. */
export async function closeTrialBet(
  db: Kysely<StudioDatabase>,
  ledger: BetLedger,
  id: number,
  from: BetStatus,
  to: 'closed' | 'rolled_back',
  now: Date,
): Promise<boolean> {
  const closed = await ledgerDb(db)
    .updateTable(ledger)
    .set({ status: to, closed_at: now })
    .where('id', '=', id)
    .where('status', '=', from)
    .executeTakeFirst();
  return Number(closed.numUpdatedRows) === 1;
}

/** Closes a bet still in `from` once the wallet confirmed its delivery. */
export async function closeDeliveredBet(
  db: Kysely<StudioDatabase>,
  ledger: BetLedger,
  id: number,
  from: BetStatus,
  to: 'closed' | 'rolled_back',
  now: Date,
): Promise<void> {
  await ledgerDb(db)
    .updateTable(ledger)
    .set({ status: to, closed_at: now, last_error: null })
    .where('id', '=', id)
    .where('status', '=', from)
    .execute();
}

/** Records a failed delivery on a bet still owing one: the attempt count, when to try again and the error. */
export async function scheduleBetRetry(
  db: Kysely<StudioDatabase>,
  ledger: BetLedger,
  id: number,
  retry: { attempts: number; nextAttemptAt: Date; lastError: string },
): Promise<void> {
  await ledgerDb(db)
    .updateTable(ledger)
    .set({ attempts: retry.attempts, next_attempt_at: retry.nextAttemptAt, last_error: retry.lastError })
    .where('id', '=', id)
    .where('status', 'in', ['settling', 'rolling_back'])
    .execute();
}

/** Turns the bets still waiting for their wallet answer past their lease into rollbacks owed. */
export async function rollBackUnansweredBets(db: Kysely<StudioDatabase>, ledger: BetLedger, now: Date): Promise<void> {
  await ledgerDb(db)
    .updateTable(ledger)
    .set({ status: 'rolling_back' })
    .where('status', '=', 'betting')
    .where('next_attempt_at', '<=', now)
    .execute();
}

/** Claims the bets owing a win or a rollback that are due, until `leaseUntil`; answers their wallet round ids. */
export function claimOwedBets(db: Kysely<StudioDatabase>, ledger: BetLedger, now: Date, leaseUntil: Date) {
  return ledgerDb(db)
    .updateTable(ledger)
    .set({ next_attempt_at: leaseUntil })
    .where('status', 'in', ['settling', 'rolling_back'])
    .where('next_attempt_at', '<=', now)
    .returning(['id', 'attempts', sql<string>`${sql.ref(LEDGER_COLUMNS[ledger].roundId)}`.as('round_id')])
    .execute();
}

/** Deletes a bet the wallet refused, while it is still 'betting'. */
export async function deleteRefusedBet(db: Kysely<StudioDatabase>, ledger: BetLedger, roundId: string): Promise<void> {
  await ledgerDb(db)
    .deleteFrom(ledger)
    .where(sql.ref(LEDGER_COLUMNS[ledger].roundId), '=', roundId)
    .where('status', '=', 'betting')
    .execute();
}

/** Opens a bet the wallet accepted, while it is still 'betting'; true when this call opened it. */
export async function openAcceptedBet(
  db: Kysely<StudioDatabase>,
  ledger: BetLedger,
  roundId: string,
): Promise<boolean> {
  const r = await ledgerDb(db)
    .updateTable(ledger)
    .set({ status: 'open' })
    .where(sql.ref(LEDGER_COLUMNS[ledger].roundId), '=', roundId)
    .where('status', '=', 'betting')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Turns a bet still 'betting' into a rollback owed, with the reason. */
export async function markBetRollingBack(
  db: Kysely<StudioDatabase>,
  ledger: BetLedger,
  roundId: string,
  lastError: string,
): Promise<void> {
  await ledgerDb(db)
    .updateTable(ledger)
    .set({ status: 'rolling_back', last_error: lastError })
    .where(sql.ref(LEDGER_COLUMNS[ledger].roundId), '=', roundId)
    .where('status', '=', 'betting')
    .execute();
}
