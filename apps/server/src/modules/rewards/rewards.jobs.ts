import type { Job } from '../../scheduler/scheduler';
import { expireRewards, payRankings } from './rewards.service';

/** Rewards and bonus wagers past their expiry are forfeited. */
export const rewardsExpiryJob: Job = {
  name: 'rewards.expiry',
  everyMs: 60_000,
  run: (ctx) => expireRewards(ctx),
};

/** Ranking promotions whose period is over pay their prizes, once. */
export const rankingPayoutJob: Job = {
  name: 'rewards.ranking-payout',
  everyMs: 60_000,
  run: (ctx) => payRankings(ctx),
};
