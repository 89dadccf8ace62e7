import type { Transaction } from 'kysely';
import type { StudioDatabase } from '../kit/db/schema';
import { backoffMs, DELIVERY_LEASE_MS, type RoundDeps } from '../kit/deps';
import { StudioError } from '../kit/errors';
import { creditDemo, type StudioSession } from '../kit/sessions';
import { betRefusal } from '../kit/wallet-client';
import {
  type BetLedger,
  claimOwedBets,
  closeDeliveredBet,
  closeTrialBet,
  deleteRefusedBet,
  markBetRollingBack,
  openAcceptedBet,
  owedBet,
  rollBackUnansweredBets,
  scheduleBetRetry,
} from './bets.queries';

// The retried delivery shared by the games whose every player bet is its own wallet round: crash
// bets, live table bets and lottery tickets. A row owes its win (0 for a loss, which still closes
// the platform's round) while 'settling' and its rollback while 'rolling_back'; a delivery that does
// not get an OK is retried with the same transaction ids after a backoff, so the wallet's idempotency
// makes a repeat harmless. Trial rows never reach the wallet: the demo balance is credited instead.
// (Instant rounds, in rounds.ts, deliver the same way but also own free-spin steps and their sweep.)

// What a failed delivery's warning calls the ledger's bets.
const LOG_NAMES: Record<BetLedger, string | null> = {
  studio_crash_bets: 'crash',
  studio_table_bets: 'table',
  // Lottery deliveries have always retried silently: the draw page shows what is still owed.
  studio_lottery_tickets: null,
};

/** Delivers what the row `roundId` of `ledger` is owed; true once nothing more is owed (or it was already done). */
export async function deliverBet(deps: RoundDeps, ledger: BetLedger, roundId: string): Promise<boolean> {
  const b = await owedBet(deps.db, ledger, roundId);
  if (!b || (b.status !== 'settling' && b.status !== 'rolling_back')) return true;
  const now = deps.now();
  const done = b.status === 'settling' ? ('closed' as const) : ('rolled_back' as const);
  if (b.mode === 'trial') {
    await deps.db.transaction().execute(async (trx) => {
      const closed = await closeTrialBet(trx, ledger, b.id, b.status, done, now);
      const credit = b.status === 'settling' ? b.win : Number(b.stake);
      if (closed && credit > 0) await creditDemo(trx, b.session_id, credit);
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
    await closeDeliveredBet(deps.db, ledger, b.id, b.status, done, now);
    return true;
  }
  const error = answer.kind === 'refused' ? answer.status : answer.error;
  await scheduleBetRetry(deps.db, ledger, b.id, {
    attempts: b.attempts + 1,
    nextAttemptAt: new Date(now.getTime() + backoffMs(b.attempts)),
    lastError: error.slice(0, 500),
  });
  const name = LOG_NAMES[ledger];
  if (name) deps.log.warn({ betId: roundId, error }, `studio: ${name} delivery failed, will retry`);
  return false;
}

/** Delivers the ledger's due wins and rollbacks; a row left without its bet's wallet answer is rolled back. */
export async function deliverDueBets(
  deps: RoundDeps,
  ledger: BetLedger,
): Promise<{ delivered: number; failed: number }> {
  const now = deps.now();
  const counts = { delivered: 0, failed: 0 };
  // The studio stopped (or the wallet went silent) between recording the bet and hearing its answer.
  await rollBackUnansweredBets(deps.db, ledger, now);
  // Claims the due rows (the claim keeps another process's pass off them while this one delivers).
  const owed = await claimOwedBets(deps.db, ledger, now, new Date(now.getTime() + DELIVERY_LEASE_MS));
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
  if (answer.kind === 'refused') {
    // A definite refusal: nothing was taken, so nothing is kept.
    await deleteRefusedBet(deps.db, ledger, betId);
    throw betRefusal(answer);
  }
  const accepted =
    answer.kind === 'ok' &&
    (await deps.db.transaction().execute(async (trx) => {
      if (!(await bet.stillBetting(trx))) return false;
      return openAcceptedBet(trx, ledger, betId);
    }));
  if (!accepted) {
    // No answer, or the answer came after betting closed: the stake (if taken) goes back.
    await markBetRollingBack(
      deps.db,
      ledger,
      betId,
      answer.kind === 'unknown' ? answer.error.slice(0, 500) : 'betting closed before the answer',
    );
    await deliverBet(deps, ledger, betId);
    throw new StudioError(answer.kind === 'unknown' ? 'STUDIO_WALLET_UNAVAILABLE' : bet.closed);
  }
  return answer.kind === 'ok' ? answer.balance : 0;
}
