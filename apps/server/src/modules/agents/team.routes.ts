import {
  AgentRangeQuery,
  TeamBetsQuery,
  TeamBetsValue,
  TeamLossQuery,
  TeamLossValue,
  TeamOverview,
  TeamRoundsQuery,
  TeamRoundsValue,
  TeamTransactionsQuery,
  TeamTransactionsValue,
} from '@gamehall/shared/api/agents';
import { envelope } from '@gamehall/shared/api/common';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import type { App } from '../../http/app-type';
import { principalOf } from '../../http/auth';
import { ok } from '../../http/envelope';
import { presentBets, presentLoss, presentOverview, presentRounds, presentTransactions } from './team.presenter';
import * as team from './team.service';

const tags = ['agent'];

export function registerAgentTeamRoutes(root: App, ctx: AppContext): void {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/wps/agent/team/overview',
    {
      schema: {
        tags,
        summary:
          "Team overview: the team's figures for the period (default the last 7 brand days) and the previous one, from the daily figures (asOf)",
        querystring: AgentRangeQuery,
        response: { 200: envelope(TeamOverview) },
      },
      config: { auth: 'agent' },
    },
    async (req) => ok(presentOverview(await team.overview(ctx, principalOf(req).memberId, req.query))),
  );

  app.get(
    '/wps/agent/team/bets',
    {
      schema: {
        tags,
        summary: "Team betting: the team's closed rounds by game type or vendor (rounds, valid bets, wins, P&L)",
        querystring: TeamBetsQuery,
        response: { 200: envelope(TeamBetsValue) },
      },
      config: { auth: 'agent' },
    },
    async (req) => ok(presentBets(await team.bets(ctx, principalOf(req).memberId, req.query), req.query)),
  );

  app.get(
    '/wps/agent/team/rounds',
    {
      schema: {
        tags,
        summary: "The team's closed rounds, newest first (optionally one team member's)",
        querystring: TeamRoundsQuery,
        response: { 200: envelope(TeamRoundsValue) },
      },
      config: { auth: 'agent' },
    },
    async (req) => ok(presentRounds(await team.rounds(ctx, principalOf(req).memberId, req.query), req.query)),
  );

  app.get(
    '/wps/agent/team/loss',
    {
      schema: {
        tags,
        summary: "User loss statements: each downline's own valid bets, wins, P&L, deposits and withdrawals",
        querystring: TeamLossQuery,
        response: { 200: envelope(TeamLossValue) },
      },
      config: { auth: 'agent' },
    },
    async (req) => ok(presentLoss(await team.loss(ctx, principalOf(req).memberId, req.query), req.query)),
  );

  app.get(
    '/wps/agent/team/transactions',
    {
      schema: {
        tags,
        summary: "Downline transaction details: the downlines' deposits, withdrawals or transfers with status",
        querystring: TeamTransactionsQuery,
        response: { 200: envelope(TeamTransactionsValue) },
      },
      config: { auth: 'agent' },
    },
    async (req) =>
      ok(presentTransactions(await team.transactions(ctx, principalOf(req).memberId, req.query), req.query)),
  );
}
