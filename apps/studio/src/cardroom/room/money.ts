import type { RoundDeps } from '../../kit/deps';
import { type DeliveryCounts, deliverDue, deliverOwed, retryAfter, sessionStake } from '../../kit/outbound';
import type { BetCall } from '../../kit/wallet-client';
import { closeSittingIfSettled } from './seats.queries';
import {
  claimDueTransfers,
  deliveryFailed,
  rollBackUnansweredBets,
  transferDone,
  transferToDeliver,
} from './transfers.queries';

// The money of a PVP seat, only through the signed vendor wallet API. A sitting (sit-down to leave)
// is one platform round: the buy-in and every top-up are bets of it, the cash-out of the stack is
// its closing win, and a top-up that no longer fits under the table's maximum goes back as a win
// that leaves the round open. Each call is a transfer row with its own transaction id, written
// before the call, so a repeat after a lost answer is the same call (the wallet is idempotent on it).
//
// Chips reach the table only in the transaction that records the bet's OK; a bet whose answer was
// lost is rolled back (the recovery pass, once the request that made it has had DELIVERY_LEASE_MS),
// so the chips of a seat are always either on the table or back in the member's balance.

/** The sitting a transfer belongs to, as the wallet calls need it. */
export type SittingRef = {
  id: number;
  vendor: string;
  player: string;
  game_code: string;
  currency: string;
  round_id: string;
};

export function buyInTx(seatId: number): string {
  return `pvp:${seatId}:buy-in`;
}

/** The wallet bet of a buy-in or top-up (the player's game token authorises it). */
export function stakeCall(sitting: SittingRef, token: string, transfer: { tx: string; amount: number }): BetCall {
  return sessionStake({ ...sitting, gameCode: sitting.game_code }, token, {
    roundId: sitting.round_id,
    transactionId: transfer.tx,
    amount: transfer.amount,
  });
}

/**
 * Delivers what a transfer owes: a cash-out or return win while pending, a rollback while rolling
 * back. True once nothing more is owed. A sitting whose cash-out is done (and nothing else owed) closes.
 */
export async function deliverTransfer(deps: RoundDeps, transferId: number): Promise<boolean> {
  const db = deps.db;
  const t = await transferToDeliver(db, transferId);
  if (!t) return true;
  const paying = t.status === 'pending' && (t.kind === 'cash_out' || t.kind === 'return');
  if (!paying && t.status !== 'rolling_back') return true;
  const delivered = await deliverOwed(deps, {
    call: paying
      ? {
          kind: 'win',
          call: {
            vendor: t.vendor,
            player: t.player,
            gameCode: t.game_code,
            roundId: t.round_id,
            transactionId: t.tx,
            betTransactionId: buyInTx(t.seat_id),
            amount: t.amount,
            currency: t.currency,
            roundClosed: t.kind === 'cash_out',
          },
        }
      : {
          kind: 'rollback',
          call: {
            vendor: t.vendor,
            player: t.player,
            roundId: t.round_id,
            transactionId: `${t.tx}:rollback`,
            rollbackTransactionId: t.tx,
          },
        },
    attempts: t.attempts,
    ok: (_answer, now) =>
      db.transaction().execute(async (trx) => {
        await transferDone(trx, t.id, t.status, paying ? 'ok' : 'rolled_back', now);
        await closeSittingIfSettled(trx, t.seat_id, now);
      }),
    retry: (r) => deliveryFailed(db, t.id, r.attempts, r.nextAttemptAt, r.lastError),
    warn: { message: 'studio: pvp wallet delivery failed, will retry', fields: { transfer: t.tx } },
  });
  return delivered !== undefined;
}

/**
 * Delivers the transfers that are due: cash-outs and returns not yet paid, and rollbacks. A bet
 * still pending when due had no answer recorded (the studio stopped, or the wallet went silent):
 * it is rolled back, and a sitting still buying in closes with it.
 */
export function deliverDueTransfers(deps: RoundDeps): Promise<DeliveryCounts> {
  return deliverDue(deps, {
    sweep: (now) => rollBackUnansweredBets(deps.db, now),
    claim: (now, leaseUntil) => claimDueTransfers(deps.db, now, leaseUntil),
    deliver: (t) => deliverTransfer(deps, t.id),
    failed: (t, error) => {
      const r = retryAfter(deps.now(), t.attempts, error);
      return deliveryFailed(deps.db, t.id, r.attempts, r.nextAttemptAt, r.lastError);
    },
  });
}
