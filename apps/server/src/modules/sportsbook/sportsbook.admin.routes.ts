import {
  AdminPlayerFactor,
  AdminPlayerFactorList,
  AdminRiskPushList,
  AdminRiskPushRetry,
  AdminSportsbookPlayerParams,
  AdminTraderBets,
} from '@gamehall/shared/api/admin-sportsbook';
import { envelope } from '@gamehall/shared/api/common';
import {
  TraderAbandonBody,
  TraderActionAnswer,
  TraderBetsQuery,
  TraderEventDetail,
  TraderEventParams,
  TraderEventsAnswer,
  TraderEventsQuery,
  TraderFeedRejectsAnswer,
  TraderFeedRejectsQuery,
  TraderMargins,
  TraderMarginsBody,
  TraderPlayerFactorBody,
  TraderProfitAnswer,
  TraderProfitQuery,
  TraderResultBody,
  TraderSettings,
  TraderSettingsBody,
  TraderSuspendBody,
} from '@gamehall/shared/api/sportsbook-trader';
import type { FastifyRequest, FastifySchema } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import type { App } from '../../http/app-type';
import { ok } from '../../http/envelope';
import { requestMetaOf } from '../../http/request-meta';
import type { AuditEvent } from '../audit/audit.service';
import { type AuditChange, operatorAction } from '../audit/operator-action';
import { retryWaitingPushes, waitingPushes } from './risk-factor.service';
import * as book from './sportsbook.service';

const tags = ['admin-sportsbook'];

/** A route's documentation and schemas, behind the trader's permission (every route here needs it). */
function traded<S extends FastifySchema>(summary: string, schema: S) {
  return { schema: { tags, summary, ...schema }, config: { auth: 'admin:sportsbook.trade' as const } };
}

/**
 * A write at the sportsbook, audited. The sportsbook is called first, outside any database
 * transaction: settling a result makes the sportsbook call this platform's wallet API, which a
 * transaction held open here would wait behind (on the embedded database, forever). Its outcome,
 * done or refused, is then written through operatorAction like every operator write.
 */
async function audited<T>(
  ctx: AppContext,
  request: FastifyRequest,
  event: AuditEvent,
  target: string,
  run: () => Promise<T>,
  describe: (result: T) => AuditChange,
): Promise<T> {
  const outcome = await run().then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error }),
  );
  return operatorAction(
    ctx,
    requestMetaOf(request),
    event,
    target,
    async () => {
      if (!outcome.ok) throw outcome.error;
      return outcome.value;
    },
    describe,
  );
}

/** What an action answer says of the event, for the audit trail. */
function eventState(answer: TraderActionAnswer) {
  return {
    status: answer.event.status,
    suspended: answer.event.suspended,
    markets: answer.event.markets.filter((m) => m.status === 'suspended').map((m) => m.key),
    result: answer.event.result,
  };
}

/**
 * The trader console (docs/sportsbook.md "The trader's console"): every route is one call of the
 * sportsbook's signed trader API, behind the permission sportsbook.trade; writes are audited.
 */
export function registerSportsbookAdminRoutes(root: App, ctx: AppContext): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const target = (request: FastifyRequest) => book.traderTarget(ctx, root.server, request.log);

  app.get(
    '/admin/sportsbook/events',
    traded('Events with their state, live score, open stake and liability (filters: status, sport, league, day)', {
      querystring: TraderEventsQuery,
      response: { 200: envelope(TraderEventsAnswer) },
    }),
    async (req) => ok(await book.events(target(req), req.query)),
  );

  app.get(
    '/admin/sportsbook/events/:eventId',
    traded("An event with every market: odds, status, each selection's stake and liability", {
      params: TraderEventParams,
      response: { 200: envelope(TraderEventDetail) },
    }),
    async (req) => ok(await book.event(target(req), req.params.eventId)),
  );

  for (const action of ['suspend', 'resume'] as const) {
    app.post(
      `/admin/sportsbook/events/:eventId/${action}`,
      traded(
        `${action === 'suspend' ? 'Suspend' : 'Resume'} some markets of an event, or the whole event when none are named (audited)`,
        { params: TraderEventParams, body: TraderSuspendBody, response: { 200: envelope(TraderActionAnswer) } },
      ),
      async (req) =>
        ok(
          await audited(
            ctx,
            req,
            `sportsbook.${action}`,
            `sportsbook-event:${req.params.eventId}`,
            () => (action === 'suspend' ? book.suspend : book.resume)(target(req), req.params.eventId, req.body),
            (answer) => ({ markets: req.body.markets ?? 'all', reason: req.body.reason, after: eventState(answer) }),
          ),
        ),
    );
  }

  app.post(
    '/admin/sportsbook/events/:eventId/result',
    traded(
      "Enter an event's result, or correct one (correction: settled bets are settled again through the wallet API); audited with the result before and after",
      { params: TraderEventParams, body: TraderResultBody, response: { 200: envelope(TraderActionAnswer) } },
    ),
    async (req) => {
      const done = await audited(
        ctx,
        req,
        req.body.correction ? 'sportsbook.correction' : 'sportsbook.result',
        `sportsbook-event:${req.params.eventId}`,
        () => book.result(target(req), req.params.eventId, req.body),
        (r) => ({
          reason: req.body.reason,
          ...(req.body.beforeStart ? { beforeStart: req.body.beforeStart } : {}),
          before: r.before,
          after: r.answer.event.result,
          settled: r.answer.settled,
          resettled: r.answer.resettled,
        }),
      );
      return ok(done.answer);
    },
  );

  app.post(
    '/admin/sportsbook/events/:eventId/abandon',
    traded('Abandon an event: its open bets are void (audited)', {
      params: TraderEventParams,
      body: TraderAbandonBody,
      response: { 200: envelope(TraderActionAnswer) },
    }),
    async (req) =>
      ok(
        await audited(
          ctx,
          req,
          'sportsbook.abandon',
          `sportsbook-event:${req.params.eventId}`,
          () => book.abandon(target(req), req.params.eventId, req.body.reason),
          (answer) => ({ reason: req.body.reason, after: eventState(answer), settled: answer.settled }),
        ),
      ),
  );

  app.get(
    '/admin/sportsbook/margins',
    traded("The book's margin per sport and per league (parts per million), and each market type's factor", {
      response: { 200: envelope(TraderMargins) },
    }),
    async (req) => ok(await book.margins(target(req))),
  );

  app.put(
    '/admin/sportsbook/margins',
    traded('Set margins per sport, and per league (null removes a league override); audited', {
      body: TraderMarginsBody,
      response: { 200: envelope(TraderMargins) },
    }),
    async (req) => {
      const done = await audited(
        ctx,
        req,
        'sportsbook.margins',
        'sportsbook-margins',
        () => book.setMargins(target(req), req.body),
        (r) => {
          const changed = new Set(Object.keys(req.body.leagues ?? {}));
          const leagues = Object.fromEntries(
            r.before.leagues.filter((l) => changed.has(l.id)).map((l) => [l.id, l.marginPpm]),
          );
          return { before: { sports: r.before.sports, leagues }, after: req.body };
        },
      );
      return ok(done.after);
    },
  );

  app.get(
    '/admin/sportsbook/settings',
    traded("The book's limits: payout, stakes per market and event, liability per market, in-play delay, big bet", {
      response: { 200: envelope(TraderSettings) },
    }),
    async (req) => ok(await book.settings(target(req))),
  );

  app.put(
    '/admin/sportsbook/settings',
    traded("Change the book's limits (only the fields sent); audited", {
      body: TraderSettingsBody,
      response: { 200: envelope(TraderSettings) },
    }),
    async (req) => {
      const done = await audited(
        ctx,
        req,
        'sportsbook.settings',
        'sportsbook-settings',
        () => book.setSettings(target(req), req.body),
        (r) => ({ before: auditedSettings(r.before), after: auditedSettings(r.after) }),
      );
      return ok(done.after);
    },
  );

  app.get(
    '/admin/sportsbook/players',
    traded('Players whose stake factor is not the default, with their usernames', {
      response: { 200: envelope(AdminPlayerFactorList) },
    }),
    async (req) => ok(await book.playerFactors(ctx, target(req))),
  );

  app.get(
    '/admin/sportsbook/players/:username',
    traded("A member's stake factor (1,000,000 ppm = the book's limits; 0 = no bets)", {
      params: AdminSportsbookPlayerParams,
      response: { 200: envelope(AdminPlayerFactor) },
    }),
    async (req) => ok(await book.playerFactor(ctx, target(req), req.params.username)),
  );

  app.put(
    '/admin/sportsbook/players/:username',
    traded("Set a member's stake factor (by username, sent to the sportsbook as the player id); audited", {
      params: AdminSportsbookPlayerParams,
      body: TraderPlayerFactorBody,
      response: { 200: envelope(AdminPlayerFactor) },
    }),
    async (req) => {
      const done = await audited(
        ctx,
        req,
        'sportsbook.playerFactor',
        `member:${req.params.username}`,
        () => book.setPlayerFactor(ctx, target(req), req.params.username, req.body),
        (r) => ({ before: r.before.factorPpm, after: r.after.factorPpm, player: r.after.player }),
      );
      return ok(done.after);
    },
  );

  app.get(
    '/admin/sportsbook/risk-pushes',
    traded("Members' risk levels the sportsbook has not confirmed yet, with each one's failed tries and last error", {
      response: { 200: envelope(AdminRiskPushList) },
    }),
    async () => ok(await waitingPushes(ctx)),
  );

  app.post(
    '/admin/sportsbook/risk-pushes/retry',
    traded('Send the waiting risk levels on the next turn instead of after their back-off; audited', {
      response: { 200: envelope(AdminRiskPushRetry) },
    }),
    async (req) =>
      ok(
        await operatorAction(
          ctx,
          requestMetaOf(req),
          'sportsbook.riskPushRetry',
          'sportsbook:risk-pushes',
          () => retryWaitingPushes(ctx),
          (r) => ({ due: r.due }),
        ),
      ),
  );

  app.get(
    '/admin/sportsbook/bets',
    traded('The bets ticker: newest bets (after a cursor), big ones marked, with usernames', {
      querystring: TraderBetsQuery,
      response: { 200: envelope(AdminTraderBets) },
    }),
    async (req) => ok(await book.bets(ctx, target(req), req.query)),
  );

  app.get(
    '/admin/sportsbook/feed-rejects',
    traded("The feed messages the sportsbook rejected (newest first, with their reasons) and each source's count", {
      querystring: TraderFeedRejectsQuery,
      response: { 200: envelope(TraderFeedRejectsAnswer) },
    }),
    async (req) => ok(await book.feedRejects(target(req), req.query)),
  );

  app.get(
    '/admin/sportsbook/profit',
    traded("The book's profit by sport, league or market type over brand days (stake, payout, uncollected)", {
      querystring: TraderProfitQuery,
      response: { 200: envelope(TraderProfitAnswer) },
    }),
    async (req) => ok(await book.profit(target(req), req.query)),
  );
}

/**
 * The settings as the audit log keeps them: what the operator set. The simulator's catalogue of
 * leagues is what can be turned off, not a setting, and would add every league to each entry twice.
 */
function auditedSettings(s: TraderSettings) {
  if (!s.simulator) return s;
  const { leagues: _catalogue, ...plan } = s.simulator;
  return { ...s, simulator: plan };
}
