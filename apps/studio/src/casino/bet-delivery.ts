import type { Transaction } from 'kysely';
import type { StudioDatabase } from '../kit/db/schema';
import type { RoundDeps } from '../kit/deps';
import { StudioError } from '../kit/errors';
import { type DeliveryCounts, deliverDue, deliverOwed, retryAfter, sessionStake, takeStake } from '../kit/outbound';
import { creditDemo, type StudioSession } from '../kit/sessions';
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
// makes a repeat harmless. The calls go out through the kit's deliverer (kit/outbound.ts), as every
// product's do; this file says what a row owes and records its OK. Trial rows never reach the
// wallet: the demo balance is credited instead.

// What a failed delivery's warning calls the ledger's bets.
const LOG_NAMES: Record<BetLedger, string | null> = {
  studio_crash_bets: 'crash',
  studio_table_bets: 'table',
  // Lottery deliveries retry silently: the draw page shows what is still owed.
  studio_lottery_tickets: null,
};

/** Delivers what the row `roundId` of `ledger` is owed; true once nothing more is owed (or it was already done). */
export async function deliverBet(deps: RoundDeps, ledger: BetLedger, roundId: string): Promise<boolean> {
  const b = await owedBet(deps.db, ledger, roundId);
  if (!b || (b.status !== 'settling' && b.status !== 'rolling_back')) return true;
  const done = b.status === 'settling' ? ('closed' as const) : ('rolled_back' as const);
  if (b.mode === 'trial') {
    const now = deps.now();
    await deps.db.transaction().execute(async (trx) => {
      const closed = await closeTrialBet(trx, ledger, b.id, b.status, done, now);
      const credit = b.status === 'settling' ? b.win : Number(b.stake);
      if (closed && credit > 0) await creditDemo(trx, b.session_id, credit);
    });
    return true;
  }
  const name = LOG_NAMES[ledger];
  const delivered = await deliverOwed(deps, {
    call:
      b.status === 'settling'
        ? {
            kind: 'win',
            call: {
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
            },
          }
        : {
            kind: 'rollback',
            call: {
              vendor: b.vendor,
              player: b.player,
              roundId,
              transactionId: b.rollback_tx,
              rollbackTransactionId: b.bet_tx,
            },
          },
    attempts: b.attempts,
    ok: (_answer, now) => closeDeliveredBet(deps.db, ledger, b.id, b.status, done, now),
    retry: (retry) => scheduleBetRetry(deps.db, ledger, b.id, retry),
    ...(name ? { warn: { message: `studio: ${name} delivery failed, will retry`, fields: { betId: roundId } } } : {}),
  });
  return delivered !== undefined;
}

/** Delivers the ledger's due wins and rollbacks; a row left without its bet's wallet answer is rolled back. */
export function deliverDueBets(deps: RoundDeps, ledger: BetLedger): Promise<DeliveryCounts> {
  return deliverDue(deps, {
    // The studio stopped (or the wallet went silent) between recording the bet and hearing its answer.
    sweep: (now) => rollBackUnansweredBets(deps.db, ledger, now),
    claim: (now, leaseUntil) => claimOwedBets(deps.db, ledger, now, leaseUntil),
    deliver: (b) => deliverBet(deps, ledger, b.round_id),
    failed: (b, error) => scheduleBetRetry(deps.db, ledger, b.id, retryAfter(deps.now(), b.attempts, error)),
  });
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
  const answer = await takeStake(deps, {
    call: sessionStake(session, bet.token, { roundId: betId, transactionId: bet.betTx, amount: bet.amount }),
    refused: () => deleteRefusedBet(deps.db, ledger, betId),
    unanswered: (error) => markBetRollingBack(deps.db, ledger, betId, error),
    rollBack: () => deliverBet(deps, ledger, betId),
  });
  const accepted = await deps.db.transaction().execute(async (trx) => {
    if (!(await bet.stillBetting(trx))) return false;
    return openAcceptedBet(trx, ledger, betId);
  });
  if (!accepted) {
    // The answer came after betting closed: the stake goes back.
    await markBetRollingBack(deps.db, ledger, betId, 'betting closed before the answer');
    await deliverBet(deps, ledger, betId);
    throw new StudioError(bet.closed);
  }
  return answer.balance;
}
