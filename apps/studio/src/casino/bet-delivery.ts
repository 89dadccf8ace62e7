import { type Kysely, sql, type Transaction } from 'kysely';
import type { PlayerBetColumns, StudioDatabase } from '../kit/db/schema';
import { backoffMs, DELIVERY_LEASE_MS, type RoundDeps } from '../kit/deps';
import { StudioError } from '../kit/errors';
import type { StudioSession } from '../kit/sessions';
import { betRefusal } from '../kit/wallet-client';

// The retried delivery shared by the games whose every player bet is its own wallet round: crash
// bets, live table bets and lottery tickets. A row owes its win (0 for a loss, which still closes
// the platform's round) while 'settling' and its rollback while 'rolling_back'; a delivery that does
// not get an OK is retried with the same transaction ids after a backoff, so the wallet's idempotency
// makes a repeat harmless. Trial rows never reach the wallet: the demo balance is credited instead.
// (Instant rounds, in rounds.ts, deliver the same way but also own free-spin steps and their sweep.)

// validBet: the column holding the stake at risk when less than the whole (a pushed table bet).
const LEDGERS = {
  studio_crash_bets: { roundId: 'bet_id', stake: 'amount', what: 'crash', validBet: null },
  studio_table_bets: { roundId: 'bet_id', stake: 'stake', what: 'table', validBet: 'valid_bet' },
  // Lottery deliveries have always retried silently: the draw page shows what is still owed.
  studio_lottery_tickets: { roundId: 'ticket_id', stake: 'stake', what: null, validBet: null },
} as const;

export type BetLedger = keyof typeof LEDGERS;

// The three ledgers seen through the columns they share (db/schema.ts PlayerBetColumns).
type LedgerDb = Kysely<Record<BetLedger, PlayerBetColumns>>;
const ledgerDb = (db: Kysely<StudioDatabase> | Transaction<StudioDatabase>) => db as unknown as LedgerDb;

/** Delivers what the row `roundId` of `ledger` is owed; true once nothing more is owed (or it was already done). */
export async function deliverBet(deps: RoundDeps, ledger: BetLedger, roundId: string): Promise<boolean> {
  const spec = LEDGERS[ledger];
  const db = ledgerDb(deps.db);
  const b = await db
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
      sql<number>`${sql.ref(spec.stake)}`.as('stake'),
      (spec.validBet ? sql<number | null>`${sql.ref(spec.validBet)}` : sql<null>`NULL`).as('valid_bet'),
    ])
    .where(sql.ref(spec.roundId), '=', roundId)
    .executeTakeFirst();
  if (!b || (b.status !== 'settling' && b.status !== 'rolling_back')) return true;
  const now = deps.now();
  const done = b.status === 'settling' ? ('closed' as const) : ('rolled_back' as const);
  if (b.mode === 'trial') {
    await deps.db.transaction().execute(async (trx) => {
      const closed = await ledgerDb(trx)
        .updateTable(ledger)
        .set({ status: done, closed_at: now })
        .where('id', '=', b.id)
        .where('status', '=', b.status)
        .executeTakeFirst();
      const credit = b.status === 'settling' ? b.win : Number(b.stake);
      if (Number(closed.numUpdatedRows) === 1 && credit > 0) {
        await trx
          .updateTable('studio_sessions')
          .set({ demo_balance: sql`demo_balance + ${credit}` })
          .where('id', '=', b.session_id)
          .execute();
      }
    });
    return true;
  }
  const answer =
    b.status === 'settling'
      ? await deps.wallet.win({
          vendor: b.vendor,
          player: b.player,
          gameCode: b.game_code,
          roundId,
          transactionId: b.win_tx,
          betTransactionId: b.bet_tx,
          amount: b.win,
          currency: b.currency,
          roundClosed: true,
          ...(b.valid_bet !== null ? { validBet: Number(b.valid_bet) } : {}),
        })
      : await deps.wallet.rollback({
          vendor: b.vendor,
          player: b.player,
          roundId,
          transactionId: b.rollback_tx,
          rollbackTransactionId: b.bet_tx,
        });
  if (answer.kind === 'ok') {
    await db
      .updateTable(ledger)
      .set({ status: done, closed_at: now, last_error: null })
      .where('id', '=', b.id)
      .where('status', '=', b.status)
      .execute();
    return true;
  }
  const error = answer.kind === 'refused' ? answer.status : answer.error;
  await db
    .updateTable(ledger)
    .set({
      attempts: b.attempts + 1,
      next_attempt_at: new Date(now.getTime() + backoffMs(b.attempts)),
      last_error: error.slice(0, 500),
    })
    .where('id', '=', b.id)
    .execute();
  if (spec.what) deps.log.warn({ betId: roundId, error }, `studio: ${spec.what} delivery failed, will retry`);
  return false;
}

/** Delivers the ledger's due wins and rollbacks; a row left without its bet's wallet answer is rolled back. */
export async function deliverDueBets(
  deps: RoundDeps,
  ledger: BetLedger,
): Promise<{ delivered: number; failed: number }> {
  const spec = LEDGERS[ledger];
  const db = ledgerDb(deps.db);
  const now = deps.now();
  const counts = { delivered: 0, failed: 0 };
  // The studio stopped (or the wallet went silent) between recording the bet and hearing its answer.
  await db
    .updateTable(ledger)
    .set({ status: 'rolling_back' })
    .where('status', '=', 'betting')
    .where('next_attempt_at', '<=', now)
    .execute();
  // Claims the due rows (the claim keeps another process's pass off them while this one delivers).
  const owed = await db
    .updateTable(ledger)
    .set({ next_attempt_at: new Date(now.getTime() + DELIVERY_LEASE_MS) })
    .where('status', 'in', ['settling', 'rolling_back'])
    .where('next_attempt_at', '<=', now)
    .returning(sql<string>`${sql.ref(spec.roundId)}`.as('round_id'))
    .execute();
  for (const b of owed) {
    if (await deliverBet(deps, ledger, b.round_id)) counts.delivered++;
    else counts.failed++;
  }
  return counts;
}

/**
 * The wallet side of a bet on a shared round (crash, live tables), once its row is recorded as
 * 'betting': the wallet's bet, then the row opened only while `stillBetting` holds (it locks the
 * round row in its betting phase). A refusal leaves nothing behind; no answer, or an answer after
 * betting closed, rolls the stake back. Answers the balance after the bet.
 */
export async function placeWalletBet(
  deps: RoundDeps,
  ledger: 'studio_crash_bets' | 'studio_table_bets',
  bet: {
    session: StudioSession;
    token: string;
    betId: string;
    betTx: string;
    amount: number;
    stillBetting: (trx: Transaction<StudioDatabase>) => Promise<boolean>;
    closed: 'STUDIO_CRASH_BETTING_CLOSED' | 'STUDIO_TABLE_BETTING_CLOSED';
  },
): Promise<number> {
  const { session, betId } = bet;
  const db = ledgerDb(deps.db);
  const answer = await deps.wallet.bet({
    vendor: session.vendor,
    token: bet.token,
    player: session.player,
    gameCode: session.gameCode,
    roundId: betId,
    transactionId: bet.betTx,
    amount: bet.amount,
    currency: session.currency,
  });
  const row = sql.ref(LEDGERS[ledger].roundId);
  if (answer.kind === 'refused') {
    // A definite refusal: nothing was taken, so nothing is kept.
    await db.deleteFrom(ledger).where(row, '=', betId).where('status', '=', 'betting').execute();
    throw betRefusal(answer);
  }
  const accepted =
    answer.kind === 'ok' &&
    (await deps.db.transaction().execute(async (trx) => {
      if (!(await bet.stillBetting(trx))) return false;
      const r = await ledgerDb(trx)
        .updateTable(ledger)
        .set({ status: 'open' })
        .where(row, '=', betId)
        .where('status', '=', 'betting')
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    }));
  if (!accepted) {
    // No answer, or the answer came after betting closed: the stake (if taken) goes back.
    await db
      .updateTable(ledger)
      .set({
        status: 'rolling_back',
        last_error: answer.kind === 'unknown' ? answer.error.slice(0, 500) : 'betting closed before the answer',
      })
      .where(row, '=', betId)
      .where('status', '=', 'betting')
      .execute();
    await deliverBet(deps, ledger, betId);
    throw new StudioError(answer.kind === 'unknown' ? 'STUDIO_WALLET_UNAVAILABLE' : bet.closed);
  }
  return answer.kind === 'ok' ? answer.balance : 0;
}
