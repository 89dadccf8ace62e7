import { createHash } from 'node:crypto';
import { addDays, brandDay, dayStart } from '@gamehall/shared/calendar-day';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import { StudioError } from '../../kit/errors';
import { engineKindOf, sportsbookCategoryOf } from '../../kit/game-map';
import { type StudioSession, sessionOf } from '../../kit/sessions';
import { attachSocketRoute, WS_OPEN } from '../../kit/socket-route';
import {
  CashOutBody,
  type EventsAnswer,
  type EventView,
  type LobbyAnswer,
  type MyBetsAnswer,
  PlaceBody,
  PrefsBody,
  QuoteBody,
  type SportView,
} from '../api';
import { type EventResult, type Fixture, SPORT_CATEGORY, SPORTS, type Sport } from '../types';
import type { Book } from './book';
import { MAX_WATCHED } from './hub';
import { ownerOf } from './moves';
import { MAX_LEGS, readPrefs, readSettings, writePrefs } from './settings';
import { BET_COLUMNS, type EventRow, eventCard, eventsQuery, eventView, marketsOf, myBets } from './views';

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
const LIST_LIMIT = 200;
const OPEN_STATUSES = ['betting', 'pending', 'open'] as const;
const SETTLED_STATUSES = ['settled', 'cashed_out', 'refused'] as const;

export type SbVerifyAnswer = {
  eventId: string;
  seedHash: string | null;
  seed: string | null;
  /** SHA-256 of the revealed seed is the hash published with the fixture. */
  hashMatches: boolean;
  recorded: EventResult | null;
  /** The match replayed from the seed, or null when no replay is available. */
  replayed: EventResult | null;
  matches: boolean;
};

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
  const cards = async (rows: EventRow[]) => {
    const markets = await marketsOf(
      db,
      rows.map((e) => e.id),
    );
    return rows.map((e) => eventCard(e, markets.get(e.id) ?? []));
  };

  app.get('/api/sb/lobby', { config: { auth: 'public' } }, async (request): Promise<LobbyAnswer> => {
    const { session: s, category, sports } = await sbSession(request);
    const now = book.deps.now();
    const settings = await readSettings(db);
    const counts = await db
      .selectFrom('studio_sb_events')
      .innerJoin('studio_sb_leagues', 'studio_sb_leagues.id', 'studio_sb_events.league_id')
      .select([
        'studio_sb_events.sport',
        'studio_sb_leagues.id',
        'studio_sb_leagues.name',
        'studio_sb_leagues.region',
        'studio_sb_leagues.title',
        sql<number>`count(*) filter (where studio_sb_events.status in ('live', 'break'))::int`.as('live'),
        sql<number>`count(*) filter (where studio_sb_events.status = 'scheduled' and studio_sb_events.starts_at > ${now})::int`.as(
          'upcoming',
        ),
      ])
      .where('studio_sb_events.sport', 'in', sports)
      .where('studio_sb_events.status', 'in', ['scheduled', 'live', 'break'])
      .groupBy([
        'studio_sb_events.sport',
        'studio_sb_leagues.id',
        'studio_sb_leagues.name',
        'studio_sb_leagues.region',
        'studio_sb_leagues.title',
      ])
      .orderBy('studio_sb_leagues.name')
      .execute();
    const sportViews: SportView[] = sports.map((sport) => {
      const leagues = counts
        .filter((c) => c.sport === sport && (c.live > 0 || c.upcoming > 0))
        .map((c) => ({
          id: c.id,
          name: c.name,
          region: c.region,
          title: c.title,
          live: Number(c.live),
          upcoming: Number(c.upcoming),
        }));
      return {
        sport,
        live: leagues.reduce((t, l) => t + l.live, 0),
        upcoming: leagues.reduce((t, l) => t + l.upcoming, 0),
        leagues,
      };
    });
    const live = await eventsQuery(db)
      .where('studio_sb_events.sport', 'in', sports)
      .where('studio_sb_events.status', 'in', ['live', 'break'])
      .orderBy('studio_sb_events.starts_at')
      .limit(LIST_LIMIT)
      .execute();
    const today = brandDay(now, settings.timeZone);
    return {
      category,
      sports: sportViews,
      live: await cards(live),
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
    let query = eventsQuery(db).where('studio_sb_events.sport', 'in', q.sport ? [q.sport] : sports);
    if (q.league) query = query.where('studio_sb_events.league_id', '=', q.league);
    if (q.live) {
      query = query.where('studio_sb_events.status', 'in', ['live', 'break']);
    } else if (q.day) {
      const timeZone = (await readSettings(db)).timeZone;
      query = query
        .where('studio_sb_events.status', 'in', ['scheduled', 'live', 'break'])
        .where('studio_sb_events.starts_at', '>=', dayStart(q.day, timeZone))
        .where('studio_sb_events.starts_at', '<', dayStart(addDays(q.day, 1), timeZone));
    } else {
      query = query.where((eb) =>
        eb.or([
          eb('studio_sb_events.status', 'in', ['live', 'break']),
          eb.and([eb('studio_sb_events.status', '=', 'scheduled'), eb('studio_sb_events.starts_at', '>', now)]),
        ]),
      );
    }
    const rows = await query
      .orderBy('studio_sb_events.starts_at')
      .orderBy('studio_sb_events.id')
      .limit(LIST_LIMIT)
      .execute();
    return { events: await cards(rows) };
  });

  app.get('/api/sb/events/:eventId', { config: { auth: 'public' } }, async (request): Promise<EventView> => {
    const { sports } = await sbSession(request);
    const { eventId } = parse(EventParams, request.params);
    const e = await eventsQuery(db).where('studio_sb_events.id', '=', eventId).executeTakeFirst();
    if (!e || !sports.includes(e.sport as Sport)) throw new StudioError('SB_EVENT_NOT_FOUND');
    const markets = await marketsOf(db, [e.id]);
    return eventView(e, markets.get(e.id) ?? []);
  });

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
    const q = parse(MyBetsQuery, request.query);
    let query = db
      .selectFrom('studio_sb_bets')
      .select(BET_COLUMNS)
      .where('vendor', '=', s.vendor)
      .where('player', '=', s.player)
      .where('mode', '=', s.mode)
      .where('game_code', '=', s.gameCode)
      .where('status', 'in', q.status === 'open' ? [...OPEN_STATUSES] : [...SETTLED_STATUSES]);
    if (q.cursor) query = query.where('id', '<', Number(q.cursor));
    const rows = await query
      .orderBy('id', 'desc')
      .limit(q.limit + 1)
      .execute();
    const page = rows.slice(0, q.limit);
    return {
      bets: await myBets(db, page),
      next: rows.length > q.limit ? String(page[page.length - 1]?.id) : null,
    };
  });

  app.post('/api/sb/bets/:betId/cashout', { config: { auth: 'public' } }, async (request) => {
    const { session: s } = await sbSession(request);
    const { betId } = parse(BetParams, request.params);
    return book.cashOut(s, betId, parse(CashOutBody, request.body));
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
    const e = await db
      .selectFrom('studio_sb_events')
      .select(['id', 'fixture', 'seed_hash', 'seed', 'result', 'status'])
      .where('id', '=', eventId)
      .executeTakeFirst();
    if (!e) throw new StudioError('SB_EVENT_NOT_FOUND');
    const recorded = (e.result as EventResult | null) ?? null;
    const hashMatches =
      e.seed !== null && e.seed_hash !== null && createHash('sha256').update(e.seed).digest('hex') === e.seed_hash;
    const replay = e.seed === null ? null : book.replayMatch(e.fixture as Fixture, e.seed);
    // A match replayed to its cancellation has no result, as the book recorded none for it.
    const replayed = replay?.result ?? null;
    return {
      eventId: e.id,
      seedHash: e.seed_hash,
      seed: e.seed,
      hashMatches,
      recorded,
      replayed,
      matches:
        hashMatches &&
        replay !== null &&
        (replayed === null ? e.status === 'abandoned' : JSON.stringify(replayed) === JSON.stringify(recorded)),
    };
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
