import type { Job } from '../../scheduler/scheduler';
import { expireGatewayDeposits } from './cashier-deposits.service';
import { reconcilePayouts } from './cashier-payouts.service';
import { reconcileDeposits } from './cashier-psp.service';
import { autoConfirmReceipts } from './cashier-withdrawals.service';

/** spec §4: paid withdrawals unconfirmed after the brand's minutes count as received. */
export const withdrawalReceiptJob: Job = {
  name: 'cashier.withdrawal-receipts',
  everyMs: 60_000,
  run: (ctx) => autoConfirmReceipts(ctx),
};

/** Online (gateway) deposits not paid within the brand's minutes expire. */
export const gatewayDepositExpiryJob: Job = {
  name: 'cashier.gateway-deposit-expiry',
  everyMs: 60_000,
  run: (ctx) => expireGatewayDeposits(ctx),
};

/**
 * The payment providers' state query: provider deposits a webhook has not settled, and payouts not
 * yet answered for good, are asked about (docs/cashier.md "Payment providers").
 */
export const pspReconcileJob: Job = {
  name: 'cashier.psp-reconcile',
  everyMs: 60_000,
  run: async (ctx) => ({ deposits: await reconcileDeposits(ctx), payouts: await reconcilePayouts(ctx) }),
};
