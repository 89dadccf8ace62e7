import type { AppContext } from '../context';
import { onAppClock } from '../db/app-clock';
import { AppError } from '../http/errors';
import { drainActivity } from '../modules/activity/activity-bus';
import { claim as claimMission, missionsConsumer, statusOf, summary } from '../modules/missions/missions.service';
import { claim as claimRebate, rebatesConsumer } from '../modules/rebates/rebates.service';

// Demo mode only: after the demo team's evening of play, each member claims what the house owes it
// for that play, as a player does on the missions and rebate pages: the daily "play 10 rounds"
// mission's cash (missions.seed.ts) and the rebate its bets accrued (manual rebates, vip.seed.ts).
// These are house payments the agents' dividend base deducts (docs/agents.md "Figures"), so
// agent01's statements and user loss statements show the breakdown with real figures. The claims
// run through the missions and rebates services on the demo's moved clock, and their postings are
// dated at it like the rounds (db/app-clock.ts onAppClock).

/** How long the missions and rebates consumers get to turn the evening's rounds into progress. */
const CATCH_UP_MS = 60_000;

/** Claims each member's completed missions and accrued rebate at ctx.now(); the claims paid. */
export async function claimDemoRewards(ctx: AppContext, memberIds: number[]): Promise<number> {
  await drainActivity(ctx, missionsConsumer, CATCH_UP_MS);
  await drainActivity(ctx, rebatesConsumer, CATCH_UP_MS);
  const now = ctx.now();
  let paid = 0;
  for (const memberId of memberIds) {
    for (const view of (await summary(ctx, memberId)).views) {
      if (!view.row || statusOf(view, now) !== 'claimable') continue;
      const progressId = Number(view.row.id);
      await onAppClock(ctx.db, now, () => claimMission(ctx, memberId, progressId));
      paid++;
    }
    try {
      await onAppClock(ctx.db, now, () => claimRebate(ctx, memberId));
      paid++;
    } catch (error) {
      // A member whose bets accrued no rebate has nothing to claim.
      if (!(error instanceof AppError && error.code === 'REBATE_NOTHING_TO_CLAIM')) throw error;
    }
  }
  return paid;
}
