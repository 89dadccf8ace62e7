import { createHmac, timingSafeEqual } from 'node:crypto';
import { PvpTimeZone } from '@gamehall/shared/api/pvp-records';
import {
  TraderAbandonBody,
  type TraderActionAnswer,
  TraderBetsQuery,
  TraderEventParams,
  TraderEventsQuery,
  TraderFeedRejectsQuery,
  TraderMarginsBody,
  TraderPlayerFactorBody,
  TraderPlayerParams,
  TraderProfitQuery,
  TraderResultBody,
  TraderRiskFactorsBody,
  type TraderSettings,
  TraderSettingsBody,
  TraderSuspendBody,
} from '@gamehall/shared/api/sportsbook-trader';
import { addDays, dayStart } from '@gamehall/shared/calendar-day';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { StudioError } from '../../kit/errors';
import { checkDays, validTimeZone } from '../../kit/report-days';
import { SIM_LEAGUES } from '../feed/leagues';
import type { Book } from './book';
import { feedRejects } from './feed-rejects';
import {
  planChangesAt,
  playerFactors,
  readSettings,
  readSimulatorPlan,
  type SettingsChange,
  setPlayerFactor,
  setRiskFactors,
  writeMargins,
  writeSettings,
} from './settings';
import { recordResult } from './settlement';
import {
  traderBets,
  traderEventDetail,
  traderEvents,
  traderMargins,
  traderPlayers,
  traderProfit,
  traderSuspend,
} from './trader';

// The trader API (/studio/trader/..., packages/shared/src/api/sportsbook-trader.ts), which the
// operator's back office calls. Signed like the vendor wallet API, but over the method, the path
// with its query and the raw body, with the time: X-Trader-Time (epoch ms, within 60 s of the
// studio's clock) and X-Trader-Signature = hex(HMAC-SHA256(traderSecret, time \n method \n path \n
// body)). Paths:
//   GET  /trader/events                      TraderEventsQuery -> TraderEventsAnswer
//   GET  /trader/events/:eventId             -> TraderEventDetail
//   POST /trader/events/:eventId/suspend     TraderSuspendBody -> TraderActionAnswer
//   POST /trader/events/:eventId/resume      TraderSuspendBody -> TraderActionAnswer
//   POST /trader/events/:eventId/result      TraderResultBody -> TraderActionAnswer
//   POST /trader/events/:eventId/abandon     TraderAbandonBody -> TraderActionAnswer
//   GET  /trader/margins, PUT /trader/margins              TraderMarginsBody -> TraderMargins
//   GET  /trader/settings, PUT /trader/settings            TraderSettingsBody -> TraderSettings
//                                            (with the simulator's plan: density, leagues off)
//   GET  /trader/players                     -> { list: TraderPlayerFactor[] } (trader or risk factor not 1.0)
//   GET  /trader/players/:player, PUT /trader/players/:player   TraderPlayerFactorBody -> TraderPlayerFactor
//   POST /trader/risk-factors                TraderRiskFactorsBody -> TraderRiskFactorsAnswer (by version)
//   GET  /trader/bets                        TraderBetsQuery -> TraderBetsAnswer (newest first)
//   GET  /trader/profit                      TraderProfitQuery -> TraderProfitAnswer
//   GET  /trader/feed-rejects                TraderFeedRejectsQuery -> TraderFeedRejectsAnswer (newest first)
//   GET  /trader/pvp/rake?from=&to=          the card room's rake per table and day (docs/pvp.md)

const MAX_SKEW_MS = 60_000;

/** The trader API's secret, derived from the house secret like every vendor's. */
export function traderSecret(houseSecret: string): string {
  return createHmac('sha256', houseSecret).update('trader').digest('hex');
}

/** The signature of one trader request. */
export function signTrader(secret: string, time: string, method: string, path: string, body: string): string {
  return createHmac('sha256', secret).update(`${time}\n${method}\n${path}\n${body}`).digest('hex');
}

const rawBodies = new WeakMap<FastifyRequest, string>();

export async function registerTraderRoutes(
  app: FastifyInstance,
  book: Book,
  options: {
    houseSecret: string;
    currency: string;
    parse: <T>(schema: z.ZodType<T>, input: unknown) => T;
    /** The card room's rake per table and day (UTC) of the hands ended in [from, to). */
    pvpRake?: (from: Date, to: Date, timeZone: string) => Promise<unknown>;
    /** More routes behind the same signature (the card room's records: cardroom/room/operator-routes.ts). */
    signedRoutes?: (trader: FastifyInstance) => void;
  },
): Promise<void> {
  const secret = traderSecret(options.houseSecret);
  const { parse } = options;
  const db = book.deps.db;
  await app.register(async (trader) => {
    // The signature covers the body as sent: keep its text before parsing it.
    trader.removeAllContentTypeParsers();
    trader.addContentTypeParser('*', { parseAs: 'string' }, (request, body, done) => {
      const text = typeof body === 'string' ? body : body.toString('utf8');
      rawBodies.set(request, text);
      if (text.length === 0) return done(null, undefined);
      try {
        done(null, JSON.parse(text));
      } catch {
        done(new StudioError('STUDIO_BAD_REQUEST'), undefined);
      }
    });
    trader.addHook('preHandler', async (request) => {
      const time = request.headers['x-trader-time'];
      const signature = request.headers['x-trader-signature'];
      if (typeof time !== 'string' || typeof signature !== 'string' || !/^[0-9]{1,16}$/.test(time)) {
        throw new StudioError('SB_TRADER_SIGNATURE');
      }
      if (Math.abs(book.deps.now().getTime() - Number(time)) > MAX_SKEW_MS) {
        throw new StudioError('SB_TRADER_SIGNATURE', { reason: 'time' });
      }
      const expected = Buffer.from(
        signTrader(secret, time, request.method, request.url, rawBodies.get(request) ?? ''),
        'hex',
      );
      const given = Buffer.from(signature, 'hex');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        throw new StudioError('SB_TRADER_SIGNATURE');
      }
    });
    const config = { auth: 'public' } as const;

    const detail = async (eventId: string) => {
      const event = await traderEventDetail(book, eventId);
      if (!event) throw new StudioError('SB_EVENT_NOT_FOUND');
      return event;
    };
    const action = async (eventId: string, counts = { settled: 0, resettled: 0 }): Promise<TraderActionAnswer> => ({
      event: await detail(eventId),
      settled: counts.settled,
      resettled: counts.resettled,
    });
    const settings = async (): Promise<TraderSettings> => {
      const read = await readSettings(db);
      const simulator = {
        ...read.simulator,
        leagues: SIM_LEAGUES.map((l) => ({ id: l.id, name: l.name, sport: l.sport })),
        changesAt: planChangesAt(await readSimulatorPlan(db)),
      };
      return { ...read, currency: options.currency, simulator };
    };

    trader.get('/trader/events', { config }, async (request) =>
      traderEvents(book, parse(TraderEventsQuery, request.query)),
    );
    trader.get('/trader/events/:eventId', { config }, async (request) =>
      detail(parse(TraderEventParams, request.params).eventId),
    );
    for (const verb of ['suspend', 'resume'] as const) {
      trader.post(`/trader/events/:eventId/${verb}`, { config }, async (request) => {
        const { eventId } = parse(TraderEventParams, request.params);
        const body = parse(TraderSuspendBody, request.body);
        if (!(await traderSuspend(book, eventId, verb === 'suspend', body.markets))) {
          throw new StudioError('SB_EVENT_NOT_FOUND');
        }
        return action(eventId);
      });
    }
    trader.post('/trader/events/:eventId/result', { config }, async (request) => {
      const { eventId } = parse(TraderEventParams, request.params);
      const body = parse(TraderResultBody, request.body);
      const result = { ft: body.ft, ...(body.h1 ? { h1: body.h1 } : {}) };
      const recorded = await recordResult(
        db,
        eventId,
        result,
        { correction: body.correction, reason: body.reason, trader: { beforeStart: body.beforeStart } },
        book.deps.now(),
      );
      if (recorded === 'unknown') throw new StudioError('SB_EVENT_NOT_FOUND');
      if (recorded === 'exists') throw new StudioError('SB_RESULT_EXISTS');
      if (recorded === 'not_started') throw new StudioError('SB_EVENT_NOT_STARTED');
      const counts = recorded === 'changed' ? await book.settle(eventId, body.reason) : undefined;
      return action(eventId, counts);
    });
    trader.post('/trader/events/:eventId/abandon', { config }, async (request) => {
      const { eventId } = parse(TraderEventParams, request.params);
      const body = parse(TraderAbandonBody, request.body);
      const reason = `abandoned: ${body.reason}`;
      const recorded = await recordResult(db, eventId, 'void', { correction: true, reason }, book.deps.now());
      if (recorded === 'unknown') throw new StudioError('SB_EVENT_NOT_FOUND');
      const counts = recorded === 'changed' ? await book.settle(eventId, reason) : undefined;
      return action(eventId, counts);
    });
    trader.get('/trader/margins', { config }, async () => traderMargins(db));
    trader.put('/trader/margins', { config }, async (request) => {
      await writeMargins(db, parse(TraderMarginsBody, request.body));
      await book.refresh();
      return traderMargins(db);
    });
    trader.get('/trader/settings', { config }, settings);
    trader.put('/trader/settings', { config }, async (request) => {
      const change = parse(TraderSettingsBody, request.body);
      if (change.timeZone !== undefined && !validTimeZone(change.timeZone)) {
        throw new StudioError('STUDIO_BAD_REQUEST', { fields: ['timeZone'] }, (w) => w.invalidFields(['timeZone']));
      }
      // Only the simulator's own leagues can be turned off: an unknown id is refused, nothing saved.
      const unknown = (change.simulator?.leaguesOff ?? []).filter((id) => !SIM_LEAGUES.some((l) => l.id === id));
      if (unknown.length > 0) {
        throw new StudioError('STUDIO_BAD_REQUEST', { fields: ['simulator.leaguesOff'], leagues: unknown }, (w) =>
          w.invalidFields(['simulator.leaguesOff']),
        );
      }
      const given = Object.fromEntries(Object.entries(change).filter(([, v]) => v !== undefined)) as SettingsChange;
      await writeSettings(db, given, book.deps.now());
      await book.refresh();
      return settings();
    });
    trader.get('/trader/players', { config }, async () => traderPlayers(db));
    trader.get('/trader/players/:player', { config }, async (request) => {
      const { player } = parse(TraderPlayerParams, request.params);
      return playerFactors(db, player);
    });
    trader.put('/trader/players/:player', { config }, async (request) => {
      const { player } = parse(TraderPlayerParams, request.params);
      const { factorPpm } = parse(TraderPlayerFactorBody, request.body);
      await setPlayerFactor(db, player, factorPpm);
      return playerFactors(db, player);
    });
    trader.post('/trader/risk-factors', { config }, async (request) => {
      const { list } = parse(TraderRiskFactorsBody, request.body);
      return { applied: await setRiskFactors(db, list) };
    });
    trader.get('/trader/bets', { config }, async (request) => traderBets(book, parse(TraderBetsQuery, request.query)));
    trader.get('/trader/feed-rejects', { config }, async (request) =>
      feedRejects(db, parse(TraderFeedRejectsQuery, request.query).limit),
    );
    trader.get('/trader/profit', { config }, async (request) => {
      const q = parse(TraderProfitQuery, request.query);
      checkDays(q);
      return traderProfit(book, q);
    });
    const pvpRake = options.pvpRake;
    if (pvpRake) {
      // The house's PVP revenue, from and to whole days of the brand's zone (`tz`; UTC without), both included.
      trader.get('/trader/pvp/rake', { config }, async (request) => {
        const q = parse(PvpRakeQuery, request.query);
        checkDays(q);
        const tz = q.tz ?? 'UTC';
        return { rows: await pvpRake(dayStart(q.from, tz), dayStart(addDays(q.to, 1), tz), tz) };
      });
    }
    options.signedRoutes?.(trader);
  });
}

const PvpRakeQuery = z.object({
  from: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  to: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  tz: PvpTimeZone.optional(),
});
