// The programmes the activity bus feeds, registered by the composition root: what consumes the
// events is this list, not whichever services happened to be imported. Each consumer keeps its own
// cursor, so the order only sets which runs first within a pass.
import { type ActivityConsumer, registerActivityConsumer } from './modules/activity/activity-bus';
import { missionsConsumer } from './modules/missions/missions.service';
import { pointsEarningConsumer } from './modules/points/points.service';
import { rebatesConsumer } from './modules/rebates/rebates.service';
import { referralsConsumer } from './modules/referrals/referrals.service';
import { promotionsConsumer, rankingConsumer, wageringConsumer } from './modules/rewards/rewards.service';
import { riskConsumer } from './modules/risk/risk.service';
import { ticketsConsumer } from './modules/tickets/tickets.service';
import { vipConsumer } from './modules/vip/vip.service';

export const ACTIVITY_CONSUMERS: readonly ActivityConsumer[] = [
  vipConsumer,
  ticketsConsumer,
  promotionsConsumer,
  wageringConsumer,
  rankingConsumer,
  missionsConsumer,
  referralsConsumer,
  pointsEarningConsumer,
  rebatesConsumer,
  riskConsumer,
];

/** Registers every programme with the bus (by name, so a second app in one process changes nothing). */
export function registerActivityConsumers(): void {
  for (const consumer of ACTIVITY_CONSUMERS) registerActivityConsumer(consumer);
}
