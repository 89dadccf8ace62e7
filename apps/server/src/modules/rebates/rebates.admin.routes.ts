import { envelope } from '@gamehall/shared/api/common';
import { RebateReportQuery, RebateReportValue } from '@gamehall/shared/api/vip';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type AppContext, onReplica } from '../../context';
import type { App } from '../../http/app-type';
import { ok } from '../../http/envelope';
import { presentReport } from './rebates.presenter';
import * as rebates from './rebates.service';

// The back office's rebate report, on the VIP screen (rebate rates are set per VIP level there).
export function registerRebatesAdminRoutes(root: App, ctx: AppContext): void {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/admin/vip/rebate-report',
    {
      schema: {
        tags: ['admin-vip'],
        summary: 'Rebate accrued and paid per brand day (at most 92 days)',
        querystring: RebateReportQuery,
        response: { 200: envelope(RebateReportValue) },
      },
      config: { auth: 'admin:promotions.read' },
    },
    // A report: from the read replica (context.ts readDb).
    async (req) => ok(presentReport(await rebates.rebateReport(onReplica(ctx), req.query.from, req.query.to))),
  );
}
