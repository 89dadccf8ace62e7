import { envelope } from '@gamehall/shared/api/common';
import {
  IncomeQuery,
  IncomeValue,
  RevenueQuery,
  RevenueValue,
  StatementDetailQuery,
  StatementParams,
  StatementsQuery,
  StatementsValue,
  StatementWithBreakdown,
} from '@gamehall/shared/api/contracts';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import type { App } from '../../http/app-type';
import { principalOf } from '../../http/auth';
import { ok } from '../../http/envelope';
import * as statements from './statements.service';

const tags = ['agent'];

export function registerStatementRoutes(root: App, ctx: AppContext): void {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/wps/agent/statements',
    {
      schema: {
        tags,
        summary: "The agent's contract statements of one kind with their lines (dividend record, wages, salaries)",
        querystring: StatementsQuery,
        response: { 200: envelope(StatementsValue) },
      },
      config: { auth: 'agent' },
    },
    async (req) => ok(await statements.statements(ctx, principalOf(req).memberId, req.query)),
  );

  app.get(
    '/wps/agent/statements/:id',
    {
      schema: {
        tags,
        summary:
          'One of the agent’s statements with its lines, and its base (bets, wins, GGR, each deduction, NGR) per branch and per member (a page of members)',
        params: StatementParams,
        querystring: StatementDetailQuery,
        response: { 200: envelope(StatementWithBreakdown) },
      },
      config: { auth: 'agent' },
    },
    async (req) => ok(await statements.statement(ctx, principalOf(req).memberId, req.params.id, req.query)),
  );

  app.get(
    '/wps/agent/income',
    {
      schema: {
        tags,
        summary: 'My income: paid commissions by day and kind, with totals',
        querystring: IncomeQuery,
        response: { 200: envelope(IncomeValue) },
      },
      config: { auth: 'agent' },
    },
    async (req) => ok(await statements.income(ctx, principalOf(req).memberId, req.query)),
  );

  app.get(
    '/wps/agent/revenue',
    {
      schema: {
        tags,
        summary: 'Revenue report: paid commissions by source (kind) and period',
        querystring: RevenueQuery,
        response: { 200: envelope(RevenueValue) },
      },
      config: { auth: 'agent' },
    },
    async (req) => ok(await statements.revenue(ctx, principalOf(req).memberId, req.query)),
  );
}
