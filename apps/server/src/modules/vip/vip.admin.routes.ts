import { envelope } from '@gamehall/shared/api/common';
import {
  AdminVipValue,
  MemberIdParams,
  MemberLevelBody,
  MemberLookupQuery,
  MemberVipValue,
  VipLevelsBody,
  VipSettingsBody,
} from '@gamehall/shared/api/vip';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import type { App } from '../../http/app-type';
import { ok } from '../../http/envelope';
import { requestMetaOf } from '../../http/request-meta';
import { operatorAction } from '../audit/operator-action';
import { presentLevel, presentMemberVip, presentOverview } from './vip.presenter';
import * as vip from './vip.service';

const tags = ['admin-vip'];
const READ = 'admin:promotions.read';
const WRITE = 'admin:promotions.write';

// Back office for VIP levels and rebates: adjust VIP levels and rates.
export function registerVipAdminRoutes(root: App, ctx: AppContext): void {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/admin/vip',
    {
      schema: {
        tags,
        summary: 'VIP levels with their terms, and the programme settings',
        response: { 200: envelope(AdminVipValue) },
      },
      config: { auth: READ },
    },
    async () => ok(presentOverview(await vip.adminOverview(ctx))),
  );

  app.put(
    '/admin/vip/levels',
    {
      schema: {
        tags,
        summary: 'Replace the VIP level table (thresholds, bonuses, rebate rates, withdrawal limits)',
        body: VipLevelsBody,
        response: { 200: envelope(AdminVipValue) },
      },
      config: { auth: WRITE },
    },
    async (req) => {
      await operatorAction(
        ctx,
        requestMetaOf(req),
        'vip.levels',
        'vip-levels',
        () => vip.replaceLevels(ctx, req.body),
        (r) => ({ before: r.before.map(presentLevel), after: r.after.map(presentLevel) }),
      );
      return ok(presentOverview(await vip.adminOverview(ctx)));
    },
  );

  app.put(
    '/admin/vip/settings',
    {
      schema: {
        tags,
        summary: 'VIP window of days and the rebate mode and hour',
        body: VipSettingsBody,
        response: { 200: envelope(AdminVipValue) },
      },
      config: { auth: WRITE },
    },
    async (req) => {
      await operatorAction(
        ctx,
        requestMetaOf(req),
        'vip.settings',
        'vip-settings',
        () => vip.changeSettings(ctx, req.body),
        (r) => ({ before: r.before, after: r.after }),
      );
      return ok(presentOverview(await vip.adminOverview(ctx)));
    },
  );

  app.get(
    '/admin/vip/members',
    {
      schema: {
        tags,
        summary: "A member's VIP level, window totals and level changes, by username",
        querystring: MemberLookupQuery,
        response: { 200: envelope(MemberVipValue) },
      },
      config: { auth: READ },
    },
    async (req) => ok(presentMemberVip(await vip.memberVipByUsername(ctx, req.query.username))),
  );

  app.get(
    '/admin/vip/members/:id',
    {
      schema: {
        tags,
        summary: "A member's VIP level, window totals and level changes",
        params: MemberIdParams,
        response: { 200: envelope(MemberVipValue) },
      },
      config: { auth: READ },
    },
    async (req) => ok(presentMemberVip(await vip.memberVip(ctx, req.params.id))),
  );

  app.post(
    '/admin/vip/members/:id/level',
    {
      schema: {
        tags,
        summary:
          "Set a member's VIP level, with a reason: it holds until the next monthly review or through a date, and pays the level's upgrade bonus only when asked (audited)",
        params: MemberIdParams,
        body: MemberLevelBody,
        response: { 200: envelope(MemberVipValue) },
      },
      config: { auth: WRITE },
    },
    async (req) => {
      await operatorAction(
        ctx,
        requestMetaOf(req),
        'vip.memberLevel',
        `member:${req.params.id}`,
        (operator) => vip.setMemberLevel(ctx, operator.memberId, req.params.id, req.body),
        (r) => ({
          before: { level: r.from },
          after: { level: r.to, reason: req.body.reason, until: r.until, upgradeBonusPaid: r.upgradeBonusPaid },
        }),
      );
      return ok(presentMemberVip(await vip.memberVip(ctx, req.params.id)));
    },
  );
}
