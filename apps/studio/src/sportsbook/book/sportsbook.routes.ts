import { addDays, brandDay } from '@gamehall/shared/calendar-day';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { StudioError } from '../../kit/errors';
import { engineKindOf, sportsbookCategoryOf } from '../../kit/game-map';
import { type StudioSession, sessionOf } from '../../kit/sessions';
import { attachSocketRoute, WS_OPEN } from '../../kit/socket-route';
import {
  AutoCashOutBody,
  CashOutBody,
  CashOutQuoteBody,
  type EventsAnswer,
  type EventView,
  type LobbyAnswer,
  type MyBetsAnswer,
  PlaceBody,
  PrefsBody,
  QuoteBody,
  type ResultsAnswer,
  type SearchAnswer,
  type TrackerAnswer,
} from '../api';
import { SPORT_CATEGORY, SPORTS } from '../types';
import type { Book, SbVerifyAnswer } from './book';
import { MAX_WATCHED } from './hub';
import { ownerOf } from './moves';
import { resultsOf, searchBook } from './results';
import { MAX_LEGS, readPrefs, readSettings, writePrefs } from './settings';
import { eventTracker } from './tracker';
import { eventDetail, listedEventCards, liveEventCards, playerBets, sportViewsOf } from './views';

// The pages' API types (api-types.ts) take the verifier's answer from its route.
export type { SbVerifyAnswer } from './book';

// The sportsbook page's API (api.ts: routes under /studio/api/sb, the socket /studio/ws/sb). Every
// call is a session of a sportsbook lobby game (SPORTS-000, ESPORTS-000, COCKFIGHT-000): it sees its
// category's sports, and its bets are rounds of its game code.

const Ident = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_.:-]+$/);
const Day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const EventsQuery = z.object({
  sport: z.enum(SPORTS).optional(),
  league: Ident.optional(),
  day: Day.optional(),
  live: z
    .enum(['true', 'false', '1', '0'])
    .transform((v) => v === 'true' || v === '1')
    .optional(),
});
// A real calendar day: 2026-02-30 is refused, not rolled over into March.
const CalendarDay = Day.refine((d) => {
  const at = Date.parse(`${d}T00:00:00Z`);
  return Number.isFinite(at) && new Date(at).toISOString().startsWith(d);
}, 'no such day');
const ResultsQuery = z.object({
  sport: z.enum(SPORTS).optional(),
  league: Ident.optional(),
  day: CalendarDay.optional(),
});
const SearchQuery = z.object({ q: z.string().trim().min(2).max(40) });
const EventParams = z.object({ eventId: Ident });
const BetParams = z.object({ betId: z.string().uuid() });
const MyBetsQuery = z.object({
  status: z.enum(['open', 'settled']).default('open'),
  cursor: z
    .string()
    .regex(/^[1-9][0-9]{0,15}$/)
    .optional(),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});
export const VerifyEventBody = z.object({ eventId: Ident });
// A longer list is cut to the first MAX_WATCHED (hub.ts) rather than refused: the page keeps its prices.
const WatchMessage = z.object({ type: z.literal('watch'), events: z.array(Ident).max(2 * MAX_WATCHED) });

/** The brand days the lobby offers (today and the next six). */
const DAYS = 7;

export function registerSportsbookRoutes(
  app: FastifyInstance,
  book: Book,
  tools: {
    session: (request: FastifyRequest) => Promise<{ session: StudioSession; token: string }>;
    parse: <T>(schema: z.ZodType<T>, input: unknown) => T;
  },
): void {
  const { parse } = tools;
  const db = book.deps.db;
  const categoryOf = (s: StudioSession) => {
    const category = sportsbookCategoryOf(s.gameCode);
    if (!category) throw new StudioError('STUDIO_NOT_SUPPORTED', undefined, (w) => w.notSportsbook);
    return category;
  };
  const sbSession = async (request: FastifyRequest) => {
    const found = await tools.session(request);
    const category = categoryOf(found.session);
    const sports = SPORTS.filter((s) => SPORT_CATEGORY[s] === category);
    return { ...found, category, sports };
  };

  app.get('/api/sb/lobby', { config: { auth: 'public' } }, async (request): Promise<LobbyAnswer> => {
    const { session: s, category, sports } = await sbSession(request);
    const now = book.deps.now();
    const settings = await readSettings(db);
    const sportViews = await sportViewsOf(db, sports, now);
    const live = await liveEventCards(db, sports);
    const today = brandDay(now, settings.timeZone);
    return {
      category,
      sports: sportViews,
      live,
      days: Array.from({ length: DAYS }, (_, i) => addDays(today, i)),
      timeZone: settings.timeZone,
      prefs: await readPrefs(db, s.owner),
      balance: await book.balanceOf(s),
      currency: s.currency,
      limits: { minStake: settings.minStake, maxPayout: settings.maxPayout, maxLegs: MAX_LEGS },
      mode: s.mode,
      language: s.language,
      lobbyUrl: s.lobbyUrl,
    };
  });

  app.get('/api/sb/events', { config: { auth: 'public' } }, async (request): Promise<EventsAnswer> => {
    const { sports } = await sbSession(request);
    const q = parse(EventsQuery, request.query);
    const now = book.deps.now();
    if (q.sport && !sports.includes(q.sport)) return { events: [] };
    const events = await listedEventCards(
      db,
      { sports: q.sport ? [q.sport] : sports, league: q.league, live: q.live, day: q.day },
      now,
    );
    return { events };
  });

  // Finished events of a brand day (today unless asked), newest first: public like the events list.
  app.get('/api/sb/results', { config: { auth: 'public' } }, async (request): Promise<ResultsAnswer> => {
    const { sports } = await sbSession(request);
    const q = parse(ResultsQuery, request.query);
    const shown = q.sport ? sports.filter((s) => s === q.sport) : sports;
    return resultsOf(db, { sports: shown, league: q.league, day: q.day }, book.deps.now());
  });

  app.get('/api/sb/search', { config: { auth: 'public' } }, async (request): Promise<SearchAnswer> => {
    const { sports } = await sbSession(request);
    const { q } = parse(SearchQuery, request.query);
    return searchBook(db, sports, q, book.deps.now());
  });

  app.get('/api/sb/events/:eventId', { config: { auth: 'public' } }, async (request): Promise<EventView> => {
    const { sports } = await sbSession(request);
    const { eventId } = parse(EventParams, request.params);
    const event = await eventDetail(db, eventId, sports);
    if (!event) throw new StudioError('SB_EVENT_NOT_FOUND');
    return event;
  });

  // The match tracker: a simulated match's latest events and statistics, a provider's event's state.
  app.get(
    '/api/sb/events/:eventId/tracker',
    { config: { auth: 'public' } },
    async (request): Promise<TrackerAnswer> => {
      const { sports } = await sbSession(request);
      const { eventId } = parse(EventParams, request.params);
      const tracker = await eventTracker(db, book.trackers, eventId, sports, book.deps.now().getTime());
      if (!tracker) throw new StudioError('SB_EVENT_NOT_FOUND');
      return tracker;
    },
  );

  app.post('/api/sb/quote', { config: { auth: 'public' } }, async (request) => {
    const { session: s } = await sbSession(request);
    const body = parse(QuoteBody, request.body);
    return book.quote(
      s,
      body.legs.map((l) => l.selectionId),
    );
  });

  app.post('/api/sb/bets', { config: { auth: 'public' } }, async (request) => {
    const { session: s, token } = await sbSession(request);
    return book.place(s, token, parse(PlaceBody, request.body));
  });

  app.get('/api/sb/bets', { config: { auth: 'public' } }, async (request): Promise<MyBetsAnswer> => {
    const { session: s } = await sbSession(request);
    return playerBets(db, s, parse(MyBetsQuery, request.query));
  });

  app.post('/api/sb/bets/:betId/cashout', { config: { auth: 'public' } }, async (request) => {
    const { session: s } = await sbSession(request);
    const { betId } = parse(BetParams, request.params);
    return book.cashOut(s, betId, parse(CashOutBody, request.body));
  });

  app.post('/api/sb/bets/:betId/cashout-quote', { config: { auth: 'public' } }, async (request) => {
    const { session: s } = await sbSession(request);
    const { betId } = parse(BetParams, request.params);
    return book.quoteCashOut(s, betId, parse(CashOutQuoteBody, request.body ?? {}));
  });

  app.put('/api/sb/bets/:betId/auto-cashout', { config: { auth: 'public' } }, async (request) => {
    const { session: s } = await sbSession(request);
    const { betId } = parse(BetParams, request.params);
    return book.setAutoCashOut(s, betId, parse(AutoCashOutBody, request.body));
  });

  app.get('/api/sb/prefs', { config: { auth: 'public' } }, async (request) => {
    const { session: s } = await sbSession(request);
    return readPrefs(db, s.owner);
  });

  app.put('/api/sb/prefs', { config: { auth: 'public' } }, async (request) => {
    const { session: s } = await sbSession(request);
    return writePrefs(db, s.owner, parse(PrefsBody, request.body));
  });

  // Public, like the studio's other verifier: anyone may check a finished match against its commit.
  app.post('/api/sb/verify', { config: { auth: 'public' } }, async (request): Promise<SbVerifyAnswer> => {
    const { eventId } = parse(VerifyEventBody, request.body);
    const answer = await book.verify(eventId);
    if (!answer) throw new StudioError('SB_EVENT_NOT_FOUND');
    return answer;
  });

  // The socket takes the game token in its query; the page says which events it shows.
  const sockets = new WeakMap<object, ReturnType<Book['hub']['add']>>();
  attachSocketRoute(
    app,
    '/ws/sb',
    {
      check: async (query) => {
        const s = await sessionOf(db, query.get('token') ?? undefined);
        if (engineKindOf(s) !== 'sportsbook') {
          throw new StudioError('STUDIO_NOT_SUPPORTED', undefined, (w) => w.notSportsbook);
        }
        return s;
      },
      onSocket: (ws, s) => {
        const client = book.hub.add(ownerOf(s), (text) => {
          if (ws.readyState === WS_OPEN) ws.send(text);
        });
        sockets.set(ws, client);
        return () => {
          sockets.delete(ws);
          book.hub.remove(client);
        };
      },
      onMessage: (ws, text) => {
        const client = sockets.get(ws);
        if (!client) return;
        let message: unknown;
        try {
          message = JSON.parse(text);
        } catch {
          return;
        }
        const watch = WatchMessage.safeParse(message);
        if (watch.success) book.hub.watch(client, watch.data.events);
      },
    },
    // A watch list of up to MAX_WATCHED event ids.
    { maxPayload: 16 * 1024 },
  );
}
