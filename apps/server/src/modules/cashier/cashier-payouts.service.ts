import type { AppContext } from '../../context';
import type { Principal } from '../../http/auth';
import { fieldErrors } from '../../http/errors';
import { post } from '../ledger/ledger.service';
import { sendSystemMessage } from '../messages/messages.service';
import * as q from './cashier.queries';
import { HOUSE_PAYABLE } from './cashier.service';
import { cashierError, cashierFail } from './cashier-errors';
import { registerPayoutHook } from './cashier-psp.service';
import { withdrawalPaidPosting } from './cashier-withdrawals.service';
import type { PayoutState, PspMode } from './psp/provider';
import { PspError } from './psp/provider';
import * as pq from './psp/psp.queries';
import { activeConnection, connectionFor, connectionsOnce, modeMovesMoney, pspPlugin } from './psp/registry';

// Withdrawals paid out through a payment provider (docs/cashier.md "Payouts through a provider").
// An approved withdrawal is marked `sending` before the provider is asked, with one idempotency key
// per withdrawal, so a lost answer is asked again and never pays twice. The provider's word (webhook
// or state query) ends it: paid, as a cashier's "mark paid" would; or failed, and the money goes back
// from withdrawals-payable to the member's balance, the order is rejected with the provider's
// reason, and the member is told.

/**
 * Marks an approved withdrawal to be sent through the provider (the operator's audited action; the
 * provider is asked afterwards by dispatchPayout, outside the action's transaction). A repeat while
 * it is under way changes nothing.
 */
export async function requestPayout(
  ctx: AppContext,
  operator: Principal,
  reference: string,
  body: { provider: string; channel?: string | undefined },
) {
  const active = await activeConnection(ctx.db, body.provider, ctx.config.demo);
  const payouts = active?.plugin.payouts;
  if (!active || !payouts || !active.row.payouts_enabled) cashierFail('CASHIER_METHOD_UNAVAILABLE');
  const order = await q.findWithdrawalByReference(ctx.db, reference);
  if (!order) cashierFail('CASHIER_ORDER_NOT_FOUND');
  if (order.payout_state === 'sending' && order.payout_psp === body.provider)
    return { channel: order.payout_channel, mode: order.payout_mode, repeat: true };
  if (order.status !== 'approved' || order.payout_state === 'sending')
    throw cashierError('CASHIER_STATE_CONFLICT', { status: order.status });
  const account = await q.findBankAccount(ctx.db, order.bank_account_id);
  if (!account) cashierFail('CASHIER_BANK_ACCOUNT_NOT_FOUND');
  const channel = body.channel ?? payouts.channelFor(account.bank_name);
  if (!channel) throw fieldErrors({ channel: 'REQUIRED' });
  const started = await pq.startPayout(ctx.db, order.id, {
    psp: body.provider,
    mode: active.conn.mode,
    channel,
    operatorId: operator.memberId,
    now: ctx.now(),
  });
  if (!started) throw cashierError('CASHIER_STATE_CONFLICT', { status: order.status });
  return { channel, mode: active.conn.mode, repeat: false };
}

const idempotencyKeyOf = (reference: string) => `withdrawal:${reference}`;

/**
 * Asks the provider to pay: `first` right after the operator's action, `again` (the job, same key)
 * when the first ask went unanswered. Only a first ask the provider refused outright is known not
 * to pay, and returns the money; anything less clear stays `sending` until the provider's state says.
 */
export async function dispatchPayout(ctx: AppContext, reference: string, attempt: 'first' | 'again'): Promise<string> {
  const order = await q.findWithdrawalByReference(ctx.db, reference);
  if (order?.payout_state !== 'sending' || !order.payout_psp || !order.payout_mode || !order.payout_channel)
    return 'already';
  const [connected, account] = await Promise.all([
    connectionFor(ctx.db, order.payout_psp, order.payout_mode),
    q.findBankAccount(ctx.db, order.bank_account_id),
  ]);
  const payouts = connected?.plugin.payouts;
  if (!connected || !payouts || !account) return 'unavailable';
  try {
    const state = await payouts.create(connected.conn, {
      reference,
      idempotencyKey: idempotencyKeyOf(reference),
      amount: order.amount,
      currency: order.currency,
      channel: order.payout_channel,
      accountNumber: account.account_number,
      accountName: account.account_name,
      description: `Withdrawal ${reference}`,
    });
    await pq.setPayoutId(ctx.db, order.id, state.payoutId);
    return state.status === 'pending' ? 'sent' : settlePayout(ctx, order.payout_psp, order.payout_mode, state);
  } catch (err) {
    if (!(err instanceof PspError)) throw err;
    if (err.kind !== 'refused' || attempt !== 'first') return err.kind === 'refused' ? 'refused-again' : err.kind;
    return settlePayout(ctx, order.payout_psp, order.payout_mode, {
      payoutId: order.payout_id ?? '',
      reference,
      status: 'failed',
      amount: order.amount,
      failure: err.providerCode ?? err.message,
    });
  }
}

/** What the provider's word on a payout means for its withdrawal (webhook, state query or answer). */
export async function settlePayout(ctx: AppContext, psp: string, mode: PspMode, state: PayoutState): Promise<string> {
  const name = pspPlugin(psp)?.name ?? psp;
  if (!modeMovesMoney(mode, ctx.config.demo)) return 'test-ignored';
  return ctx.db.transaction().execute(async (trx) => {
    const owner = await q.findWithdrawalByReference(trx, state.reference);
    if (!owner || owner.payout_psp !== psp) return 'unknown';
    await q.lockMember(trx, owner.member_id);
    const order = await q.findWithdrawalByReference(trx, state.reference, { forUpdate: true });
    if (!order || order.payout_mode !== mode) return 'unknown';
    if (state.payoutId && order.payout_id !== null && order.payout_id !== state.payoutId) return 'mismatch';
    // A payout the channel sent back after it had succeeded: the member was not paid after all. The
    // order stays paid and the event's outcome says so; the cashier checks the provider's dashboard
    // and credits the member by a balance adjustment (docs/cashier.md "Payouts through a provider").
    if (state.status === 'failed' && (order.status === 'paid' || order.status === 'confirmed')) return 'reversed';
    if (order.status !== 'approved' || order.payout_state !== 'sending') return 'already';
    if (state.status === 'pending') return 'pending';
    const now = ctx.now();
    if (state.status === 'paid') {
      if (state.amount !== order.amount) return 'mismatch';
      await post(trx, withdrawalPaidPosting(order));
      await pq.endPayout(trx, order.id, {
        status: 'paid',
        payout_state: null,
        fields: { paid_at: now, payout_reference: state.payoutId, payout_id: state.payoutId },
      });
      await sendSystemMessage(trx, {
        memberId: order.member_id,
        kind: 'withdrawal_paid',
        params: { amount: order.amount },
        now,
      });
      return 'paid';
    }
    const reason = `The payout through ${name} failed (${state.failure ?? 'no reason given'}); the amount is back in your balance`;
    await post(trx, {
      idempotencyKey: `withdrawal:${order.reference}:returned`,
      type: 'withdrawal.returned',
      reference: order.reference,
      entries: [
        { account: { house: HOUSE_PAYABLE, currency: order.currency }, amount: -order.amount },
        { account: { member: order.member_id, currency: order.currency }, amount: order.amount },
      ],
    });
    await pq.endPayout(trx, order.id, {
      status: 'rejected',
      payout_state: 'failed',
      fields: {
        reason,
        payout_failure: state.failure ?? 'failed',
        ...(state.payoutId ? { payout_id: state.payoutId } : {}),
      },
    });
    await sendSystemMessage(trx, {
      memberId: order.member_id,
      kind: 'withdrawal_rejected',
      params: { amount: order.amount, reason },
      now,
    });
    return 'returned';
  });
}

registerPayoutHook(settlePayout);

// A payout may be settled by hand only once the provider has had this long to answer.
const RESOLVE_AFTER_MS = 15 * 60_000;

/**
 * A payout stuck `sending` (the provider answers neither way: keys replaced, an amount it reports
 * differently) settled by the cashier after checking the provider's dashboard: paid, or returned
 * to the member, as the provider's word would (the operator's audited action).
 */
export async function resolvePayout(
  ctx: AppContext,
  reference: string,
  body: { outcome: 'paid' | 'returned'; note: string },
): Promise<string> {
  const order = await q.findWithdrawalByReference(ctx.db, reference);
  if (!order) cashierFail('CASHIER_ORDER_NOT_FOUND');
  const asked = order.payout_requested_at ? new Date(order.payout_requested_at).getTime() : Number.NaN;
  if (
    order.payout_state !== 'sending' ||
    !order.payout_psp ||
    !order.payout_mode ||
    !(ctx.now().getTime() - asked >= RESOLVE_AFTER_MS)
  )
    throw cashierError('CASHIER_STATE_CONFLICT', { status: order.status, payout: order.payout_state });
  const outcome = await settlePayout(ctx, order.payout_psp, order.payout_mode, {
    payoutId: order.payout_id ?? `resolved:${reference}`,
    reference,
    status: body.outcome === 'paid' ? 'paid' : 'failed',
    amount: order.amount,
    failure: `settled by the cashier: ${body.note}`,
  });
  if (outcome !== 'paid' && outcome !== 'returned') throw cashierError('CASHIER_STATE_CONFLICT', { outcome });
  return outcome;
}

const ASK_AFTER_MS = 60_000;

/**
 * The payouts' state query (job cashier.psp-reconcile): a payout asked more than a minute ago and not
 * ended is asked again when no payout id came back (same idempotency key), or its state is queried.
 */
export async function reconcilePayouts(ctx: AppContext, limit = 100): Promise<Record<string, number>> {
  const sending = await pq.sendingPayouts(ctx.db, new Date(ctx.now().getTime() - ASK_AFTER_MS), limit);
  const counts: Record<string, number> = {};
  const connect = connectionsOnce(ctx.db);
  for (const { reference } of sending) {
    const order = await q.findWithdrawalByReference(ctx.db, reference);
    let outcome = 'already';
    if (order?.payout_psp && order.payout_mode) {
      if (order.payout_id === null) outcome = await dispatchPayout(ctx, reference, 'again');
      else {
        const connected = await connect(order.payout_psp, order.payout_mode);
        const payouts = connected?.plugin.payouts;
        if (!connected || !payouts) outcome = 'unavailable';
        else
          try {
            const state = await payouts.query(connected.conn, order.payout_id);
            outcome = await settlePayout(ctx, order.payout_psp, order.payout_mode, state);
          } catch (err) {
            if (!(err instanceof PspError)) throw err;
            outcome = 'unavailable';
          }
      }
    }
    counts[outcome] = (counts[outcome] ?? 0) + 1;
  }
  return counts;
}
