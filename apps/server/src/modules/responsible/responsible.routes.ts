import { envelope } from '@gamehall/shared/api/common';
import {
  BreakBody,
  GameTokenHeaders,
  RealityCheckBody,
  RealityCheckValue,
  ResponsibleValue,
  SetLimitsBody,
  StatementQuery,
  StatementValue,
} from '@gamehall/shared/api/responsible';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import type { App } from '../../http/app-type';
import { principalOf } from '../../http/auth';
import { ok } from '../../http/envelope';
import { presentRealityCheck, presentResponsible, presentStatement } from './responsible.presenter';
import * as responsible from './responsible.service';

const tags = ['responsible'];

// The member centre's "Responsible play" page: limits, breaks, reality check, activity statement.
export function registerResponsibleRoutes(root: App, ctx: AppContext): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const view = async (memberId: number) => ok(presentResponsible(await responsible.memberView(ctx, memberId)));

  app.get(
    '/wps/responsible',
    {
      schema: {
        tags,
        summary: "The member's limits (with their use and waiting raises), reality check and break",
        response: { 200: envelope(ResponsibleValue) },
      },
      config: { auth: 'member' },
    },
    async (req) => view(principalOf(req).memberId),
  );

  app.put(
    '/wps/responsible/limits',
    {
      schema: {
        tags,
        summary: 'Set (number) or remove (null) limits: lower ones apply at once, raises and removals after 24 hours',
        body: SetLimitsBody,
        response: { 200: envelope(ResponsibleValue) },
      },
      config: { auth: 'member' },
    },
    async (req) => {
      const { memberId } = principalOf(req);
      await responsible.setLimits(ctx, memberId, req.body);
      return view(memberId);
    },
  );

  app.put(
    '/wps/responsible/realityCheck',
    {
      schema: {
        tags,
        summary: 'Reality check every 15, 30 or 60 minutes of play (null: off)',
        body: RealityCheckBody,
        response: { 200: envelope(ResponsibleValue) },
      },
      config: { auth: 'member' },
    },
    async (req) => {
      const { memberId } = principalOf(req);
      await responsible.setRealityCheck(ctx, memberId, req.body.minutes);
      return view(memberId);
    },
  );

  app.get(
    '/wps/responsible/realityCheck',
    {
      schema: {
        tags,
        summary: 'For the game page: the interval, and time and net result since this login',
        response: { 200: envelope(RealityCheckValue) },
      },
      config: { auth: 'member' },
    },
    async (req) => {
      const p = principalOf(req);
      return ok(presentRealityCheck(await responsible.realityCheck(ctx, p.memberId, p.sessionId)));
    },
  );

  app.get(
    '/wps/responsible/realityCheck/game',
    {
      schema: {
        tags,
        summary: "For the house studio's game page: the same, by the game token of its launch (X-Game-Token)",
        headers: GameTokenHeaders,
        response: { 200: envelope(RealityCheckValue) },
      },
      // The studio page holds no member session, only the game token; the service checks it.
      config: { auth: 'public' },
    },
    async (req) => ok(presentRealityCheck(await responsible.realityCheckForGame(ctx, req.headers['x-game-token']))),
  );

  app.post(
    '/wps/responsible/break',
    {
      schema: {
        tags,
        summary: 'Take a time-out (24h, 7d, 6w) or self-exclusion (6m, 1y, 5y, permanent); it cannot be ended early',
        body: BreakBody,
        response: { 200: envelope(ResponsibleValue) },
      },
      config: { auth: 'member' },
    },
    async (req) => {
      const { memberId } = principalOf(req);
      await responsible.takeBreak(ctx, memberId, req.body.period);
      return view(memberId);
    },
  );

  app.get(
    '/wps/responsible/statement',
    {
      schema: {
        tags,
        summary: 'Activity statement: deposits, withdrawals, bets, wins and net per month, newest first',
        querystring: StatementQuery,
        response: { 200: envelope(StatementValue) },
      },
      config: { auth: 'member' },
    },
    async (req) =>
      ok(presentStatement(await responsible.activityStatement(ctx, principalOf(req).memberId, req.query.months))),
  );

  app.get(
    '/wps/responsible/statement.csv',
    {
      schema: { tags, summary: 'The activity statement as CSV (major units)', querystring: StatementQuery },
      config: { auth: 'member' },
    },
    async (req, reply) => {
      const s = await responsible.activityStatement(ctx, principalOf(req).memberId, req.query.months);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="activity-statement.csv"')
        .header('cache-control', 'no-store')
        .send(responsible.statementCsv(s.rows));
    },
  );
}
