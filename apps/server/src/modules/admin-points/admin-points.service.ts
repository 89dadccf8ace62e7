import type {
  AdminRedemptionsQuery,
  PointsAdjustmentBody,
  PointsConfigBody,
  RewardBody,
} from '@gamehall/shared/api/points';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import * as points from '../points/points.service';

// The back office's points mall (issue 13 "Back office": manage the points catalogue and fulfil
// redemptions; rates and the exchange ratio; audited adjustments). The rules and every write of
// the points tables stay in modules/points; this area is the operator's door to them.

export const rewards = (ctx: AppContext) => points.adminRewards(ctx);
export const createReward = (ctx: AppContext, body: RewardBody) => points.createReward(ctx, body);
export const changeReward = (ctx: AppContext, id: number, body: RewardBody) => points.changeReward(ctx, id, body);
export const config = (ctx: AppContext) => points.pointsConfig(ctx);

export async function saveConfig(ctx: AppContext, body: PointsConfigBody) {
  const { before } = await points.saveConfig(ctx, body);
  return { before, after: await points.pointsConfig(ctx) };
}

export function redemptions(ctx: AppContext, q: z.infer<typeof AdminRedemptionsQuery>) {
  return points.adminRedemptions(ctx, q);
}

export const redemption = (ctx: AppContext, id: number) => points.adminRedemption(ctx, id);

export function decide(
  ctx: AppContext,
  operatorId: number,
  id: number,
  d: { decision: 'approve' | 'reject'; remark: string },
) {
  return points.decideRedemption(ctx, operatorId, id, d);
}

export const adjust = (ctx: AppContext, body: PointsAdjustmentBody) => points.adjustPoints(ctx, body);
export const memberPoints = (ctx: AppContext, q: { username: string; pageNo: number; pageSize: number }) =>
  points.memberPointsView(ctx, q);
