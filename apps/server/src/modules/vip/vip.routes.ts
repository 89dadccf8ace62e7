import { envelope } from '@gamehall/shared/api/common';
import { VipSummaryValue } from '@gamehall/shared/api/vip';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import type { App } from '../../http/app-type';
import { principalOf } from '../../http/auth';
import { ok } from '../../http/envelope';
import { presentSummary } from './vip.presenter';
import * as vip from './vip.service';

const tags = ['vip'];

// The member's VIP page (level, progress to the next, privileges table).
export function registerVipRoutes(root: App, ctx: AppContext): void {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/wps/vip/summary',
    {
      schema: {
        tags,
        summary: "The member's VIP level, progress to the next (deposits and valid bets) and every level's privileges",
        response: { 200: envelope(VipSummaryValue) },
      },
      config: { auth: 'member' },
    },
    async (req) => {
      const summary = await vip.memberSummary(ctx, principalOf(req).memberId);
      return ok(presentSummary(summary, summary.totals.windowDays));
    },
  );
}
