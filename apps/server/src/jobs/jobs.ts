import { autoConfirmReceipts } from '../modules/cashier/cashier.service';
import type { Job } from './scheduler';

/** spec §4: paid withdrawals unconfirmed after the brand's minutes count as received. */
export const withdrawalReceiptJob: Job = {
  name: 'cashier.withdrawal-receipts',
  everyMs: 60_000,
  run: (ctx) => autoConfirmReceipts(ctx),
};

/** Every scheduled job; main.ts starts them with startScheduler. */
export const jobs: Job[] = [withdrawalReceiptJob];
