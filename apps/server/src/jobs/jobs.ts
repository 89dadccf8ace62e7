import { agentStatsJob } from '../modules/agents/agent-stats.jobs';
import { settlementJobs } from '../modules/agents/settlement.jobs';
import { gatewayDepositExpiryJob, pspReconcileJob, withdrawalReceiptJob } from '../modules/cashier/cashier.jobs';
import { unseenAnswersJob } from '../modules/chat/chat.jobs';
import {
  catalogueSyncJob,
  gamePopularityJob,
  sessionEndsJob,
  vendorMaintenanceEndJob,
} from '../modules/games/games.jobs';
import { ledgerCheckJob } from '../modules/ledger/ledger.jobs';
import { broadcastsJob, campaignsJob } from '../modules/messages/messages.jobs';
import { rebatesJob } from '../modules/rebates/rebates.jobs';
import { reportRollupsJob } from '../modules/reports/reports.jobs';
import { rankingPayoutJob, rewardsExpiryJob } from '../modules/rewards/rewards.jobs';
import { riskBackfillJob } from '../modules/risk/risk.jobs';
import { riskFactorPushJob } from '../modules/sportsbook/sportsbook.jobs';
import { vipJobs } from '../modules/vip/vip.jobs';
import type { Job } from '../scheduler/scheduler';

/** Every scheduled job, each declared in its module's <area>.jobs.ts; main.ts starts them with startScheduler. */
export const jobs: Job[] = [
  withdrawalReceiptJob,
  gatewayDepositExpiryJob,
  pspReconcileJob,
  riskBackfillJob,
  riskFactorPushJob,
  reportRollupsJob,
  gamePopularityJob,
  vendorMaintenanceEndJob,
  catalogueSyncJob,
  sessionEndsJob,
  agentStatsJob,
  ...settlementJobs,
  rewardsExpiryJob,
  rankingPayoutJob,
  ...vipJobs,
  rebatesJob,
  broadcastsJob,
  campaignsJob,
  unseenAnswersJob,
  ledgerCheckJob,
];
