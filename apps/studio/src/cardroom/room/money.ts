import { sql } from 'kysely';
import type { StudioDb } from '../../kit/db/database';
import type { StudioPvpTransfersTable } from '../../kit/db/schema';
import { backoffMs, DELIVERY_LEASE_MS, type RoundDeps } from '../../kit/deps';
import type { WalletAnswer } from '../../kit/wallet-client';

// The money of a PVP seat, only through the signed vendor wallet API. A sitting (sit-down to leave)
// is one platform round: the buy-in and every top-up are bets of it, the cash-out of the stack is
// its closing win, and a top-up that no longer fits under the table's maximum goes back as a win
// that leaves the round open. Each call is a transfer row with its own transaction id, written
// before the call, so a repeat after a lost answer is the same call (the wallet is idempotent on it).
//
// Chips reach the table only in the transaction that records the bet's OK; a bet whose answer was
// lost is rolled back (the recovery pass, once the request that made it has had DELIVERY_LEASE_MS),
// so the chips of a seat are always either on the table or back in the member's balance.

export type TransferKind = StudioPvpTransfersTable['kind'];

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

/** Records a transfer owed or about to be made; answers its id. `dueAt`: when recovery may take it. */
export async function recordTransfer(
  db: StudioDb,
  t: { seatId: number; kind: TransferKind; amount: number; tx: string; dueAt: Date },
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

/** The wallet bet of a buy-in or top-up (the player's game token authorises it). */
export function placeBet(
  deps: RoundDeps,
  sitting: SittingRef,
  token: string,
  transfer: { tx: string; amount: number },
): Promise<WalletAnswer> {
  return deps.wallet.bet({
    vendor: sitting.vendor,
    token,
    player: sitting.player,
    gameCode: sitting.game_code,
    roundId: sitting.round_id,
    transactionId: transfer.tx,
    amount: transfer.amount,
    currency: sitting.currency,
  });
}

/** A bet with no usable answer: rolled back (its rollback is owed from now on). */
export async function rollBackTransfer(db: StudioDb, transferId: number, error: string, now: Date): Promise<void> {
  await db
    .updateTable('studio_pvp_transfers')
    .set({ status: 'rolling_back', next_attempt_at: now, last_error: error.slice(0, 500) })
    .where('id', '=', transferId)
    .where('status', '=', 'pending')
    .execute();
}

/**
 * Delivers what a transfer owes: a cash-out or return win while pending, a rollback while rolling
 * back. True once nothing more is owed. A sitting whose cash-out is done (and nothing else owed) closes.
 */
export async function deliverTransfer(deps: RoundDeps, transferId: number): Promise<boolean> {
  const db = deps.db;
  const t = await db
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
  if (!t) return true;
  const paying = t.status === 'pending' && (t.kind === 'cash_out' || t.kind === 'return');
  if (!paying && t.status !== 'rolling_back') return true;
  const answer = paying
    ? await deps.wallet.win({
        vendor: t.vendor,
        player: t.player,
        gameCode: t.game_code,
        roundId: t.round_id,
        transactionId: t.tx,
        betTransactionId: buyInTx(t.seat_id),
        amount: t.amount,
        currency: t.currency,
        roundClosed: t.kind === 'cash_out',
      })
    : await deps.wallet.rollback({
        vendor: t.vendor,
        player: t.player,
        roundId: t.round_id,
        transactionId: `${t.tx}:rollback`,
        rollbackTransactionId: t.tx,
      });
  const now = deps.now();
  if (answer.kind === 'ok') {
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('studio_pvp_transfers')
        .set({ status: paying ? 'ok' : 'rolled_back', done_at: now, last_error: null })
        .where('id', '=', t.id)
        .where('status', '=', t.status)
        .execute();
      await closeIfSettled(trx, t.seat_id, now);
    });
    return true;
  }
  const error = answer.kind === 'refused' ? answer.status : answer.error;
  await db
    .updateTable('studio_pvp_transfers')
    .set({
      attempts: t.attempts + 1,
      next_attempt_at: new Date(now.getTime() + backoffMs(t.attempts)),
      last_error: error.slice(0, 500),
    })
    .where('id', '=', t.id)
    .execute();
  deps.log.warn({ transfer: t.tx, error }, 'studio: pvp wallet delivery failed, will retry');
  return false;
}

/**
 * A sitting that is leaving ('closing') or never got its buy-in ('buying_in' with its bet rolled
 * back) closes once none of its transfers is owed.
 */
async function closeIfSettled(db: StudioDb, seatId: number, now: Date): Promise<void> {
  await db
    .updateTable('studio_pvp_seats')
    .set({ status: 'closed', closed_at: now })
    .where('id', '=', seatId)
    .where('status', 'in', ['closing', 'buying_in'])
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('studio_pvp_transfers')
            .select(sql`1`.as('one'))
            .where('seat_id', '=', seatId)
            .where('status', 'in', ['pending', 'rolling_back']),
        ),
      ),
    )
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('studio_pvp_transfers')
          .select(sql`1`.as('one'))
          .where('seat_id', '=', seatId)
          .where((eb) =>
            eb.or([
              eb.and([eb('kind', '=', 'cash_out'), eb('status', '=', 'ok')]),
              eb.and([eb('kind', '=', 'buy_in'), eb('status', 'in', ['refused', 'rolled_back'])]),
            ]),
          ),
      ),
    )
    .execute();
}

/**
 * Delivers the transfers that are due: cash-outs and returns not yet paid, and rollbacks. A bet
 * still pending when due had no answer recorded (the studio stopped, or the wallet went silent):
 * it is rolled back, and a sitting still buying in closes with it.
 */
export async function deliverDueTransfers(deps: RoundDeps): Promise<{ delivered: number; failed: number }> {
  const db = deps.db;
  const now = deps.now();
  await db
    .updateTable('studio_pvp_transfers')
    .set({ status: 'rolling_back', last_error: 'no answer recorded for the bet' })
    .where('status', '=', 'pending')
    .where('kind', 'in', ['buy_in', 'top_up'])
    .where('next_attempt_at', '<=', now)
    .execute();
  const owed = await db
    .updateTable('studio_pvp_transfers')
    .set({ next_attempt_at: new Date(now.getTime() + DELIVERY_LEASE_MS) })
    .where('status', 'in', ['pending', 'rolling_back'])
    .where('next_attempt_at', '<=', now)
    .returning('id')
    .execute();
  const counts = { delivered: 0, failed: 0 };
  for (const t of owed) {
    if (await deliverTransfer(deps, t.id)) counts.delivered++;
    else counts.failed++;
  }
  return counts;
}
