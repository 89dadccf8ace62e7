import type { AppContext } from '../../context';
import { AppError } from '../../http/errors';
import * as q from './cashier.queries';
import { creditDeposit } from './cashier-deposits.service';
import { cashierFail } from './cashier-errors';
import type { PaymentState, PayoutState, PspMode, WebhookRequest } from './psp/provider';
import { PspError } from './psp/provider';
import * as pq from './psp/psp.queries';
import { connectionOf, connectionsOnce, modeMovesMoney, pspPlugin } from './psp/registry';

// Payment service providers behind the cashier (docs/cashier.md "Payment providers"): the two ways
// a provider's word on a payment reaches its order: the webhook, verified before it is read and
// recorded once by its event id, and the state query, which settles what a lost webhook never
// said. Both end in settlePayment, under the member's lock and the order's row lock, so every path
// credits exactly once.

export type SettleOutcome = 'credited' | 'already' | 'failed' | 'pending' | 'unknown' | 'mismatch' | 'test-ignored';

/**
 * What a provider's word on a payment means for its order. Paid: credited once (an order that
 * expired or was cancelled meanwhile is credited all the same: the member's money really arrived;
 * its reason says so for the cashier). Failed: a pending order is cancelled. A test-mode word never
 * touches a live order, nor the reverse; another amount or payment id is not this order's payment.
 */
export async function settlePayment(
  ctx: AppContext,
  psp: string,
  mode: PspMode,
  state: PaymentState,
): Promise<SettleOutcome> {
  const name = pspPlugin(psp)?.name ?? psp;
  // A test-mode payment (simulated at the provider's checkout) never credits a production site.
  if (!modeMovesMoney(mode, ctx.config.demo)) return 'test-ignored';
  return ctx.db.transaction().execute(async (trx) => {
    const owner = await q.findDepositByReference(trx, state.reference);
    if (!owner || owner.psp !== psp) return 'unknown';
    // The member's lock before the order's (docs/wallet.md lock order).
    await q.lockMember(trx, owner.member_id);
    const order = await q.findDepositByReference(trx, state.reference, { forUpdate: true });
    if (!order || order.psp_mode !== mode) return 'unknown';
    if (order.psp_payment_id !== null && order.psp_payment_id !== state.paymentId) return 'mismatch';
    if (state.status === 'pending') return 'pending';
    if (state.status === 'failed') {
      if (order.status !== 'pending') return 'already';
      await q.settleDeposit(trx, order.id, {
        status: 'cancelled',
        reason: `not paid at ${name}: ${state.failure ?? 'failed'}`,
        now: ctx.now(),
      });
      return 'failed';
    }
    if (order.amount !== state.amount || order.currency !== state.currency) return 'mismatch';
    if (order.status === 'approved') return 'already';
    if (order.status === 'rejected') return 'mismatch';
    await creditDeposit(ctx, trx, order, {
      transactionId: state.paymentId,
      from: ['pending', 'expired', 'cancelled'],
      reason: order.status === 'pending' ? null : `paid at ${name} after the order was ${order.status}`,
    });
    return 'credited';
  });
}

/**
 * A provider's webhook: verified over the raw bytes with the connections' tokens before it is read
 * (refused: CASHIER_SIGNATURE_INVALID, and nothing is recorded), then recorded by its event id: a
 * repeat is answered OK and changes nothing; a payment's or a payout's word is acted on.
 */
export async function receiveWebhook(ctx: AppContext, psp: string, req: WebhookRequest) {
  const plugin = pspPlugin(psp);
  const row = plugin ? await pq.readProvider(ctx.db, psp) : undefined;
  if (!plugin || !row) cashierFail('CASHIER_METHOD_UNAVAILABLE');
  const conns = (['test', 'live'] as const).flatMap((m) => connectionOf(psp, row, m) ?? []);
  const conn = plugin.verifyWebhook(conns, req);
  if (!conn) cashierFail('CASHIER_SIGNATURE_INVALID');
  const event = plugin.parseWebhook(req);
  if (!event) throw new AppError('BAD_REQUEST');
  const reference =
    event.kind === 'payment' ? event.payment.reference : event.kind === 'payout' ? event.payout.reference : null;
  const recorded = await pq.recordWebhook(ctx.db, {
    psp,
    mode: conn.mode,
    eventId: event.eventId,
    event: event.kind === 'other' ? event.event : event.kind,
    reference,
    now: ctx.now(),
  });
  // An event acted on before is a repeat. One still 'received' was cut short (an error, a crash)
  // and is acted on now: acting is itself idempotent, under the order's lock.
  if (recorded !== 'received') return { status: 'OK' as const, outcome: 'repeat' };
  let outcome = 'ignored';
  if (event.kind === 'payment') outcome = await settlePayment(ctx, psp, conn.mode, event.payment);
  else if (event.kind === 'payout') outcome = await payoutHook(ctx, psp, conn.mode, event.payout);
  await pq.setWebhookOutcome(ctx.db, psp, event.eventId, outcome);
  return { status: 'OK' as const, outcome };
}

type PayoutHook = (ctx: AppContext, psp: string, mode: PspMode, payout: PayoutState) => Promise<string>;
let payoutHook: PayoutHook = async () => 'unknown';

/** cashier-payouts.service registers what a payout's word means (it imports this file, not the reverse). */
export function registerPayoutHook(hook: PayoutHook): void {
  payoutHook = hook;
}

// The state query asks about orders from this old (a webhook usually comes within seconds) up to a day.
const QUERY_AFTER_MS = 60_000;
const QUERY_WINDOW_MS = 24 * 3_600_000;
// One run asks for at most this long, so the node's other jobs are not kept waiting by a slow provider.
const QUERY_BUDGET_MS = 20_000;

/**
 * The state query (job cashier.psp-reconcile, every minute): provider orders opened more than a
 * minute and less than a day ago and not settled are asked about, least recently asked first, and
 * settled as a webhook would. A provider that does not answer is not asked again in this run.
 */
export async function reconcileDeposits(ctx: AppContext, limit = 200): Promise<Record<string, number>> {
  const now = ctx.now().getTime();
  const started = Date.now();
  const open = await pq.openDeposits(ctx.db, new Date(now - QUERY_WINDOW_MS), new Date(now - QUERY_AFTER_MS), limit);
  const counts: Record<string, number> = {};
  const down = new Set<string>();
  const connect = connectionsOnce(ctx.db);
  for (const order of open) {
    if (Date.now() - started > QUERY_BUDGET_MS) break;
    if (!order.psp || !order.psp_mode || !order.psp_payment_id || down.has(order.psp)) continue;
    const connected = await connect(order.psp, order.psp_mode);
    if (!connected) continue;
    let outcome: string;
    try {
      const state = await connected.plugin.queryPayment(connected.conn, order.psp_payment_id);
      outcome = await settlePayment(ctx, order.psp, order.psp_mode, state);
    } catch (err) {
      if (!(err instanceof PspError)) throw err;
      outcome = err.kind;
      if (err.kind === 'unavailable') down.add(order.psp);
    }
    await pq.markDepositChecked(ctx.db, order.reference, ctx.now());
    counts[outcome] = (counts[outcome] ?? 0) + 1;
  }
  return counts;
}
