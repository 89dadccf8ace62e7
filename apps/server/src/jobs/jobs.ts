import { agentStatsJob } from '../modules/agents/agent-stats.jobs';
import { settlementJobs } from '../modules/agents/settlement.jobs';
import { autoConfirmReceipts, expireGatewayDeposits } from '../modules/cashier/cashier.service';
import { notifyUnseenAnswers } from '../modules/chat/chat.service';
import { sendDueBroadcasts } from '../modules/messages/broadcasts.service';
import { rebatesJob } from '../modules/rebates/rebates.jobs';
import { reportRollupsJob } from '../modules/reports/reports.jobs';
import { rankingPayoutJob, rewardsExpiryJob } from '../modules/rewards/rewards.service';
import { vipJobs } from '../modules/vip/vip.jobs';
import type { Job } from '../scheduler/scheduler';

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

/** Scheduled broadcasts go out when their time comes. */
export const broadcastsJob: Job = {
  name: 'messages.broadcasts',
  everyMs: 60_000,
  run: (ctx) => sendDueBroadcasts(ctx),
};

/** An operator's answer the member has not read within a minute becomes a system message. */
export const unseenAnswersJob: Job = {
  name: 'chat.unseen-answers',
  everyMs: 30_000,
  run: (ctx) => notifyUnseenAnswers(ctx),
};

/** Every scheduled job; main.ts starts them with startScheduler. */
export const jobs: Job[] = [
  withdrawalReceiptJob,
  gatewayDepositExpiryJob,
  reportRollupsJob,
  agentStatsJob,
  ...settlementJobs,
  rewardsExpiryJob,
  rankingPayoutJob,
  ...vipJobs,
  rebatesJob,
  broadcastsJob,
  unseenAnswersJob,
];
