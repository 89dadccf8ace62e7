import { envelope } from '@gamehall/shared/api/common';
import { RebateHistoryList, RebateHistoryQuery, RebatePayout, RebateSummaryValue } from '@gamehall/shared/api/vip';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import type { App } from '../../http/app-type';
import { principalOf } from '../../http/auth';
import { ok } from '../../http/envelope';
import { presentPage } from '../../http/paging';
import { presentPayout, presentPayoutRow, presentSummary } from './rebates.presenter';
import * as rebates from './rebates.service';

const tags = ['rebates'];

// The member centre's "manual rebate" page (spec §2): accrued by game type, claim, history.
export function registerRebateRoutes(root: App, ctx: AppContext): void {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/wps/rebate/summary',
    {
      schema: {
        tags,
        summary: 'Rebate accrued since the last payment, by game type, and how it is paid (automatic or manual)',
        response: { 200: envelope(RebateSummaryValue) },
      },
      config: { auth: 'member' },
    },
    async (req) => ok(presentSummary(await rebates.summary(ctx, principalOf(req).memberId))),
  );

  app.post(
    '/wps/rebate/claim',
    {
      schema: {
        tags,
        summary: 'Claim every rebate accrued since the last payment (manual mode); concurrent claims pay once',
        response: { 200: envelope(RebatePayout) },
      },
      config: { auth: 'member', movesMoney: true },
    },
    async (req) => ok(presentPayout(await rebates.claim(ctx, principalOf(req).memberId))),
  );

  app.get(
    '/wps/rebate/history',
    {
      schema: {
        tags,
        summary: 'Rebate payments, newest first',
        querystring: RebateHistoryQuery,
        response: { 200: envelope(RebateHistoryList) },
      },
      config: { auth: 'member' },
    },
    async (req) =>
      ok(presentPage(await rebates.history(ctx, principalOf(req).memberId, req.query), req.query, presentPayoutRow)),
  );
}
