import type { AppContext } from '../../context';
import * as q from './cashier.queries';
import { cashierFail } from './cashier-errors';
import { PspError } from './psp/provider';
import * as pq from './psp/psp.queries';
import { connectionFor, modeMovesMoney } from './psp/registry';

// Opening a deposit at its payment provider (docs/cashier.md "Payment providers"), after the order's
// transaction committed: the order already names the provider and the mode, so a webhook that
// outruns the provider's answer finds it.

/**
 * Asks the provider for the order's charge and keeps its payment id and pay page. A provider that
 * refuses, cannot be reached or is no longer connected cancels the order, with the reason, and the
 * member is told to try again (CASHIER_PROVIDER_UNAVAILABLE) or another way (..._REFUSED).
 */
export async function openCharge(ctx: AppContext, reference: string): Promise<void> {
  const order = await q.findDepositByReference(ctx.db, reference);
  if (!order?.psp || !order.psp_mode) throw new Error(`deposit ${reference} has no payment provider`);
  const [method, connected] = await Promise.all([
    q.findMethod(ctx.db, order.method_code),
    connectionFor(ctx.db, order.psp, order.psp_mode),
  ]);
  const usable = connected?.row.enabled && modeMovesMoney(order.psp_mode, ctx.config.demo) ? connected : null;
  if (!usable || !method?.psp_channel) {
    await cancelUnopened(ctx, order.id, 'the payment provider is not connected');
    cashierFail('CASHIER_METHOD_UNAVAILABLE');
  }
  const { plugin, conn } = usable;
  const back = `${ctx.config.publicUrl}/member/depositv2?reference=${encodeURIComponent(reference)}`;
  try {
    const charge = await plugin.createCharge(conn, {
      reference,
      amount: order.amount,
      currency: order.currency,
      channel: method.psp_channel,
      returnUrl: { success: back, failure: back, cancel: back },
    });
    await pq.attachCharge(ctx.db, order.id, charge);
  } catch (err) {
    if (!(err instanceof PspError)) throw err;
    // Unclear (the charge may exist): the order stays pending, a retry of the request asks again
    // with the same key, and the state query or a webhook settles it; else it expires.
    if (err.kind !== 'unclear')
      await cancelUnopened(ctx, order.id, `the payment provider could not open the payment: ${err.message}`);
    cashierFail(err.kind === 'refused' ? 'CASHIER_PROVIDER_REFUSED' : 'CASHIER_PROVIDER_UNAVAILABLE');
  }
}

async function cancelUnopened(ctx: AppContext, id: number, reason: string) {
  await q.settleDeposit(ctx.db, id, { status: 'cancelled', reason: reason.slice(0, 300), now: ctx.now() });
}
