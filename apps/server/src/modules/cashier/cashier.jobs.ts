import type { Job } from '../../scheduler/scheduler';
import { autoConfirmReceipts, expireGatewayDeposits } from './cashier.service';

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
