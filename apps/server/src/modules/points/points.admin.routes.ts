import { envelope } from '@gamehall/shared/api/common';
import {
  AdminMemberPoints,
  AdminMemberPointsQuery,
  AdminPointsConfig,
  AdminPointsIdParams,
  AdminRedemption,
  AdminRedemptionList,
  AdminRedemptionsQuery,
  AdminReward,
  AdminRewardList,
  DecideRedemptionBody,
  PointsAdjustmentBody,
  PointsAdjustmentValue,
  PointsConfigBody,
  RewardBody,
} from '@gamehall/shared/api/points';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import type { App } from '../../http/app-type';
import { ok } from '../../http/envelope';
import { presentGrid, presentPage } from '../../http/paging';
import { requestMetaOf } from '../../http/request-meta';
import { operatorAction } from '../audit/operator-action';
import { presentAdminConfig, presentAdminRedemption, presentAdminReward, presentDetail } from './points.presenter';
import * as points from './points.service';

const tags = ['admin-points'];
const READ = 'admin:points.read' as const;
const WRITE = 'admin:points.write' as const;

export function registerPointsAdminRoutes(root: App, ctx: AppContext): void {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/admin/points/rewards',
    {
      schema: {
        tags,
        summary: 'The points catalogue with units redeemed',
        response: { 200: envelope(AdminRewardList) },
      },
      config: { auth: READ },
    },
    async () => ok({ list: (await points.adminRewards(ctx)).map(presentAdminReward) }),
  );

  app.post(
    '/admin/points/rewards',
    {
      schema: { tags, summary: 'Add a reward', body: RewardBody, response: { 200: envelope(AdminReward) } },
      config: { auth: WRITE },
    },
    async (req) =>
      ok(
        presentAdminReward(
          await operatorAction(
            ctx,
            requestMetaOf(req),
            'points.reward',
            'points-reward',
            () => points.createReward(ctx, req.body),
            (r) => ({ after: presentAdminReward(r) }),
          ),
        ),
      ),
  );

  app.put(
    '/admin/points/rewards/:id',
    {
      schema: {
        tags,
        summary: 'Change a reward (its stock is set as given; past redemptions keep their terms)',
        params: AdminPointsIdParams,
        body: RewardBody,
        response: { 200: envelope(AdminReward) },
      },
      config: { auth: WRITE },
    },
    async (req) => {
      const r = await operatorAction(
        ctx,
        requestMetaOf(req),
        'points.reward',
        `points-reward:${req.params.id}`,
        () => points.changeReward(ctx, req.params.id, req.body),
        (x) => ({
          before: presentAdminReward({ row: x.before, redeemed: 0 }),
          after: presentAdminReward({ row: x.after, redeemed: 0 }),
        }),
      );
      const all = await points.adminRewards(ctx);
      return ok(presentAdminReward(all.find((x) => x.row.id === r.after.id) ?? { row: r.after, redeemed: 0 }));
    },
  );

  app.get(
    '/admin/points/config',
    {
      schema: {
        tags,
        summary: 'Exchange ratio, smallest conversion, earning rates per game type, rules texts',
        response: { 200: envelope(AdminPointsConfig) },
      },
      config: { auth: READ },
    },
    async () => ok(presentAdminConfig(await points.pointsConfig(ctx))),
  );

  app.put(
    '/admin/points/config',
    {
      schema: {
        tags,
        summary: 'Change the exchange ratio, conversion rules, earning rates and rules texts (all at once)',
        body: PointsConfigBody,
        response: { 200: envelope(AdminPointsConfig) },
      },
      config: { auth: WRITE },
    },
    async (req) => {
      const r = await operatorAction(
        ctx,
        requestMetaOf(req),
        'points.config',
        'points-config',
        () => points.saveConfig(ctx, req.body),
        (x) => ({
          before: presentAdminConfig({ ...x.before, currency: x.after.currency }),
          after: presentAdminConfig(x.after),
        }),
      );
      return ok(presentAdminConfig(r.after));
    },
  );

  app.get(
    '/admin/points/redemptions',
    {
      schema: {
        tags,
        summary: 'Redemptions (the fulfilment queue is status in_process, oldest first with order=asc)',
        querystring: AdminRedemptionsQuery,
        response: { 200: envelope(AdminRedemptionList) },
      },
      config: { auth: READ },
    },
    async (req) => ok(presentGrid(await points.adminRedemptions(ctx, req.query), req.query, presentAdminRedemption)),
  );

  app.post(
    '/admin/points/redemptions/:id/decision',
    {
      schema: {
        tags,
        summary: 'Approve (sent) or reject (points and stock given back) an in-process redemption, once',
        params: AdminPointsIdParams,
        body: DecideRedemptionBody,
        response: { 200: envelope(AdminRedemption) },
      },
      config: { auth: WRITE },
    },
    async (req) => {
      await operatorAction(
        ctx,
        requestMetaOf(req),
        'points.redemption',
        `points-redemption:${req.params.id}`,
        (op) => points.decideRedemption(ctx, op.memberId, req.params.id, req.body),
        (r) => ({ after: { status: r.status, reference: r.reference, points: r.points, remark: r.remark } }),
      );
      return ok(presentAdminRedemption(await points.adminRedemption(ctx, req.params.id)));
    },
  );

  app.post(
    '/admin/points/adjustments',
    {
      schema: {
        tags,
        summary: "Credit or debit a member's points with a reason (audited); idempotent on requestId",
        body: PointsAdjustmentBody,
        response: { 200: envelope(PointsAdjustmentValue) },
      },
      config: { auth: WRITE },
    },
    async (req) =>
      ok(
        await operatorAction(
          ctx,
          requestMetaOf(req),
          'points.adjust',
          `member:${req.body.username}`,
          () => points.adjustPoints(ctx, req.body),
          (r) => ({ after: { ...r, reason: req.body.reason } }),
        ),
      ),
  );

  app.get(
    '/admin/points/member',
    {
      schema: {
        tags,
        summary: "A member's points and points details",
        querystring: AdminMemberPointsQuery,
        response: { 200: envelope(AdminMemberPoints) },
      },
      config: { auth: READ },
    },
    async (req) => {
      const v = await points.memberPointsView(ctx, req.query);
      return ok({
        memberId: v.member.id,
        username: v.member.username,
        points: v.points,
        details: presentPage(v.details, req.query, presentDetail),
      });
    },
  );
}
