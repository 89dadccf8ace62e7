import {
  TRADER_SIGNATURE_HEADER,
  TRADER_TIME_HEADER,
  type TraderActionAnswer,
  type TraderBet,
  type TraderEventDetail,
  type TraderMargins,
  type TraderSettings,
} from '@gamehall/shared/api/sportsbook-trader';
import Fastify, { type FastifyInstance } from 'fastify';
import { deriveTraderSecret, traderSignatureMatches } from '../modules/sportsbook/sportsbook-signature';

// A sportsbook's trader API as the tests' stand-in for the house studio: a small Fastify app on a
// loopback port under /studio that refuses any request whose X-Trader-Signature is not the
// platform's (the house secret's trader secret, over time, method, path with query and raw body,
// time within 60 s), keeps a little book in memory and answers the shapes of
// packages/shared/src/api/sportsbook-trader.ts. Every signed request is kept, for the tests to read.

export type FakeTrader = {
  url: string;
  requests: { method: string; url: string; body: unknown }[];
  state: {
    event: TraderEventDetail;
    margins: TraderMargins;
    settings: TraderSettings;
    factors: Map<string, number>;
    bets: TraderBet[];
  };
  /** The next request answers this instead (status and body), once. */
  failNext: (status: number, body: unknown) => void;
  close: () => Promise<void>;
};

export function sampleEvent(): TraderEventDetail {
  const market = (key: string, type: string, selections: string[]) => ({
    key,
    type,
    period: 'ft',
    line4: null,
    status: 'open' as const,
    suspendedBy: null,
    selections: selections.map((s, i) => ({
      key: s,
      odds1000: 1_800 + 100 * i,
      liability: 5_000 * (i + 1),
      stake: 2_000,
      bets: 3,
    })),
    liability: 15_000,
  });
  return {
    id: 'ev-1',
    sport: 'football',
    league: { id: 'lg-coastal', name: 'Coastal Premier' },
    home: 'Harbour City',
    away: 'Northgate Rovers',
    startsAt: '2026-03-01T15:00:00.000Z',
    status: 'live',
    score: { decided: { home: 1, away: 0 }, counted: { home: 1, away: 0 } },
    phase: "37'",
    suspended: false,
    marginPpm: 50_000,
    stake: 12_000,
    liability: 15_000,
    bets: 9,
    result: null,
    corrections: 0,
    source: 'simulator',
    markets: [market('1x2:ft:-', '1x2', ['home', 'draw', 'away']), market('btts:ft:-', 'btts', ['yes', 'no'])],
  };
}

export async function startFakeTrader(houseSecret: string, options: { secret?: string } = {}): Promise<FakeTrader> {
  const secret = options.secret ?? deriveTraderSecret(houseSecret);
  const requests: FakeTrader['requests'] = [];
  let failure: { status: number; body: unknown } | undefined;
  const state: FakeTrader['state'] = {
    event: sampleEvent(),
    margins: {
      sports: { football: 50_000, basketball: 45_000 },
      leagues: [{ id: 'lg-coastal', name: 'Coastal Premier', sport: 'football', marginPpm: null }],
      marketFactors: { '1x2': 1, correct_score: 3 },
    },
    settings: {
      maxPayout: 10_000_000,
      maxStakePerMarket: 1_000_000,
      maxStakePerEvent: 2_000_000,
      maxLiabilityPerMarket: 5_000_000,
      minStake: 100,
      inPlayDelayMs: 5_000,
      bigBet: 100_000,
      timeZone: 'Asia/Manila',
      cashOutMarginPpm: 50_000,
      currency: 'PHP',
    },
    factors: new Map(),
    bets: [],
  };

  const app: FastifyInstance = Fastify({ logger: false });
  // The raw body is what the signature covers.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => done(null, body));
  app.addHook('preHandler', async (request, reply) => {
    const raw = typeof request.body === 'string' ? request.body : '';
    const header = (name: string) => {
      const v = request.headers[name];
      return typeof v === 'string' ? v : undefined;
    };
    const signed = traderSignatureMatches(
      secret,
      {
        time: header(TRADER_TIME_HEADER),
        signature: header(TRADER_SIGNATURE_HEADER),
        method: request.method,
        path: request.url,
        body: raw,
      },
      Date.now(),
    );
    if (!signed)
      return reply.status(401).send({ error: { code: 'STUDIO_TRADER_SIGNATURE', message: 'bad signature' } });
    const body = raw ? JSON.parse(raw) : undefined;
    requests.push({ method: request.method, url: request.url, body });
    (request as { parsed?: unknown }).parsed = body;
    if (failure) {
      const f = failure;
      failure = undefined;
      return reply.status(f.status).send(f.body);
    }
  });
  const bodyOf = <T>(request: unknown) => (request as { parsed?: T }).parsed as T;
  const eventOr404 = (id: string) => (id === state.event.id ? state.event : undefined);
  const notFound = { error: { code: 'SB_EVENT_NOT_FOUND', message: 'no such event' } };
  const action = (settled = 0, resettled = 0): TraderActionAnswer => ({ event: state.event, settled, resettled });

  app.get('/studio/trader/events', async () => ({ list: [state.event], totalRow: 1, pageNo: 1, pageSize: 50 }));
  app.get<{ Params: { id: string } }>(
    '/studio/trader/events/:id',
    async (req, reply) => eventOr404(req.params.id) ?? reply.status(404).send(notFound),
  );
  for (const verb of ['suspend', 'resume'] as const) {
    app.post<{ Params: { id: string } }>(`/studio/trader/events/:id/${verb}`, async (req, reply) => {
      if (!eventOr404(req.params.id)) return reply.status(404).send(notFound);
      const { markets } = bodyOf<{ markets?: string[] }>(req);
      const status = verb === 'suspend' ? 'suspended' : 'open';
      if (!markets) state.event.suspended = verb === 'suspend';
      state.event.markets = state.event.markets.map((m) =>
        !markets || markets.includes(m.key)
          ? { ...m, status, suspendedBy: verb === 'suspend' ? ('trader' as const) : null }
          : m,
      );
      return action();
    });
  }
  app.post<{ Params: { id: string } }>('/studio/trader/events/:id/result', async (req, reply) => {
    if (!eventOr404(req.params.id)) return reply.status(404).send(notFound);
    const body = bodyOf<{ ft: TraderEventDetail['score']; correction: boolean }>(req);
    if (state.event.result && !body.correction)
      return reply.status(409).send({ error: { code: 'SB_RESULT_EXISTS', message: 'correct it instead' } });
    const corrected = state.event.result !== null;
    state.event = {
      ...state.event,
      status: 'ended',
      result: { ft: body.ft as NonNullable<TraderEventDetail['score']> },
      corrections: state.event.corrections + (corrected ? 1 : 0),
    };
    return action(corrected ? 0 : 9, corrected ? 4 : 0);
  });
  app.post<{ Params: { id: string } }>('/studio/trader/events/:id/abandon', async (req, reply) => {
    if (!eventOr404(req.params.id)) return reply.status(404).send(notFound);
    state.event = { ...state.event, status: 'abandoned' };
    return action(9);
  });
  app.get('/studio/trader/margins', async () => state.margins);
  app.put('/studio/trader/margins', async (req) => {
    const body = bodyOf<{ sports?: Record<string, number>; leagues?: Record<string, number | null> }>(req);
    state.margins = {
      ...state.margins,
      sports: { ...state.margins.sports, ...body.sports },
      leagues: state.margins.leagues.map((l) =>
        body.leagues && l.id in body.leagues ? { ...l, marginPpm: body.leagues[l.id] ?? null } : l,
      ),
    };
    return state.margins;
  });
  app.get('/studio/trader/settings', async () => state.settings);
  app.put('/studio/trader/settings', async (req) => {
    state.settings = { ...state.settings, ...bodyOf<Partial<TraderSettings>>(req) };
    return state.settings;
  });
  // The trader's factor only: this stand-in is never sent a risk factor.
  const factorOf = (player: string, factorPpm: number) => ({
    player,
    factorPpm,
    riskLevel: null,
    riskFactorPpm: 1_000_000,
    effectivePpm: factorPpm,
  });
  app.get('/studio/trader/players', async () => ({
    list: [...state.factors].map(([player, factorPpm]) => factorOf(player, factorPpm)),
  }));
  app.get<{ Params: { player: string } }>('/studio/trader/players/:player', async (req) =>
    factorOf(req.params.player, state.factors.get(req.params.player) ?? 1_000_000),
  );
  app.put<{ Params: { player: string } }>('/studio/trader/players/:player', async (req) => {
    const { factorPpm } = bodyOf<{ factorPpm: number }>(req);
    if (factorPpm === 1_000_000) state.factors.delete(req.params.player);
    else state.factors.set(req.params.player, factorPpm);
    return factorOf(req.params.player, factorPpm);
  });
  app.get('/studio/trader/bets', async () => ({ list: state.bets, next: state.bets.at(-1)?.id ?? null }));
  app.get<{ Querystring: { by: string } }>('/studio/trader/profit', async (req) => {
    const row = (key: string, label: string) => ({
      key,
      label,
      bets: 9,
      stake: 12_000,
      payout: 9_000,
      profit: 3_000,
      uncollected: 200,
    });
    return { rows: [row('football', 'Football')], total: row('total', req.query.by), timeZone: 'Asia/Manila' };
  });

  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    url: `${url}/studio`,
    requests,
    state,
    failNext: (status, body) => {
      failure = { status, body };
    },
    close: () => app.close(),
  };
}
