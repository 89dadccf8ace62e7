import type { AppContext } from '../../context';
import type { Conn } from '../../db/database';
import { AppError } from '../../http/errors';
import * as q from './cashier.queries';
import { ewalletProvider } from './cashier.service';
import { creditDeposit, expireGatewayDeposits } from './cashier-deposits.service';
import { cashierFail } from './cashier-errors';
import { sandboxGateway, signCallback, signedEwallet } from './psp/signed-callback';

// Online payment: the sandbox gateway's signing and pay-page order (see gateway.ts for its pages),
// and the signed payment callbacks of the sandbox gateway and the e-wallet providers.

export async function gatewaySecret(db: Conn): Promise<string> {
  return (await q.readSettings(db)).gateway_secret;
}

export function signBody(secret: string, rawBody: string | Buffer): string {
  return signCallback(secret, rawBody);
}

/** Orders the sandbox gateway pays: its own method's, and an e-wallet's that has no provider configured. */
async function sandboxPays(db: Conn, order: { method_kind: string; method_code: string }): Promise<boolean> {
  if (order.method_kind === 'gateway') return true;
  if (order.method_kind !== 'ewallet') return false;
  const method = await q.findMethod(db, order.method_code);
  // A payment provider's method (GCash through Xendit) is never the sandbox's to pay.
  return method !== undefined && method.psp === null && ewalletProvider(method) === null;
}

export async function gatewayOrder(ctx: AppContext, reference: string) {
  let order = await q.findDepositByReference(ctx.db, reference);
  if (!order || !(await sandboxPays(ctx.db, order))) return null;
  // The pay page offers payment only while the order has not expired, job or no job.
  if (order.status === 'pending' && (await expireGatewayDeposits(ctx, order.member_id)).includes(reference))
    order = { ...order, status: 'expired' };
  const method = await q.findMethod(ctx.db, order.method_code);
  return { order, methodName: method?.name ?? order.method_code };
}

/** Who sent a payment callback: the sandbox gateway (demo mode), or the provider of one e-wallet method. */
export type CallbackSource = { by: 'sandbox' } | { by: 'provider'; methodCode: string };

/**
 * A payment callback (the sandbox gateway's, or an e-wallet provider's, with the same body). The
 * signature is checked over the raw bytes before anything is parsed, with the sender's own key; a
 * sender can settle only the orders it takes payment for. A replay of a completed order is answered
 * OK and credits nothing; concurrent callbacks queue on the order's row lock.
 */
export async function acceptPaymentCallback(
  ctx: AppContext,
  rawBody: Buffer,
  signature: string | undefined,
  source: CallbackSource,
) {
  let provider: { secret: string } | null = null;
  if (source.by === 'provider') {
    const method = await q.findMethod(ctx.db, source.methodCode);
    provider = method?.kind === 'ewallet' ? ewalletProvider(method) : null;
    if (!provider) cashierFail('CASHIER_METHOD_UNAVAILABLE');
  }
  // The callback's wire format is a payment-provider plugin's (psp/signed-callback.ts): verified
  // over the raw bytes with the sender's own key before anything is read.
  const plugin = source.by === 'provider' ? signedEwallet : sandboxGateway;
  const conn = {
    mode: 'live' as const,
    secretKey: '',
    webhookToken: provider ? provider.secret : await gatewaySecret(ctx.db),
    baseUrl: ctx.config.publicUrl,
  };
  const req = { headers: { 'x-signature': signature }, rawBody };
  if (!plugin.verifyWebhook([conn], req)) cashierFail('CASHIER_SIGNATURE_INVALID');
  const event = plugin.parseWebhook(req);
  if (event?.kind !== 'payment') throw new AppError('BAD_REQUEST');
  const body = {
    reference: event.payment.reference,
    transactionId: event.payment.paymentId,
    status: event.payment.status === 'paid' ? ('paid' as const) : ('cancelled' as const),
    amount: event.payment.amount,
  };
  await ctx.db.transaction().execute(async (trx) => {
    // The member's lock before the order's (docs/wallet.md lock order).
    const owner = await q.findDepositByReference(trx, body.reference);
    // Paid online (a gateway or an e-wallet); a bank transfer is never settled by a callback.
    if (!owner || owner.method_kind === 'bank_transfer') cashierFail('CASHIER_ORDER_NOT_FOUND');
    await q.lockMember(trx, owner.member_id);
    // The row lock orders this callback and the expiry job (q.expireGatewayDeposits): whichever
    // comes second sees what the first one wrote.
    const order = await q.findDepositByReference(trx, body.reference, { forUpdate: true });
    const ours =
      order !== undefined &&
      (source.by === 'provider' ? order.method_code === source.methodCode : await sandboxPays(trx, order));
    if (!order || !ours) cashierFail('CASHIER_ORDER_NOT_FOUND');
    if (order.amount !== body.amount) cashierFail('CASHIER_CALLBACK_MISMATCH');
    if (body.status === 'paid') {
      if (order.status === 'approved') return;
      // The gateway took the member's money: an order that expired meanwhile is credited all the same
      // (refusing would keep money that really arrived), and says so for the operator.
      if (order.status !== 'pending' && order.status !== 'expired') cashierFail('CASHIER_STATE_CONFLICT');
      await creditDeposit(ctx, trx, order, {
        transactionId: body.transactionId,
        from: ['pending', 'expired'],
        reason: order.status === 'expired' ? 'paid at the gateway after the order expired' : null,
      });
      return;
    }
    // A cancellation of an order that is no longer payable (cancelled, expired) changes nothing.
    if (order.status === 'cancelled' || order.status === 'expired') return;
    if (order.status !== 'pending') cashierFail('CASHIER_STATE_CONFLICT');
    await q.settleDeposit(trx, order.id, { status: 'cancelled', reason: 'cancelled at the gateway', now: ctx.now() });
  });
  return { status: 'OK' as const, reference: body.reference };
}

/** The sandbox gateway's callback (demo mode). */
export function acceptSandboxCallback(ctx: AppContext, rawBody: Buffer, signature: string | undefined) {
  return acceptPaymentCallback(ctx, rawBody, signature, { by: 'sandbox' });
}
