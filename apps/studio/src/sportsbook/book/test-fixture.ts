import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { StudioRuntime } from '../../plugin';
import { studioPlugin } from '../../plugin';
import { studioTestApp, throwawayDatabase } from '../../standalone-fixture';
import type { MyBet, PlaceAnswer, PlaceRequest } from '../api';
import type { EventResult, FeedMessage, FeedMessageInput, MarketQuote, MatchState, Sport } from '../types';
import { FeedMessage as FeedMessageSchema, marketKey } from '../types';
import type { BookOptions } from './book';
import { signTrader, traderSecret } from './trader.routes';

// The sportsbook book's tests: the studio on a real database (PGlite, or PostgreSQL under
// TEST_DATABASE_URL) with a fake platform wallet behind its wallet client, which answers like the
// real one (idempotent on transactionId, a refused bet remembered, a rollback of an unknown bet
// recorded, a closed round refusing wins, a resettle debit taking what the cash holds) and records
// every call so a test can add up what moved. Feed messages are written by hand (types.ts).

export const HOUSE = 'h'.repeat(40);
export const VENDOR = 'SBT';

type Round = { player: string; bet: number; status: 'open' | 'closed' | 'rolled_back'; wins: number };
type Known = { body: string; answer: object; http: number };
export type WalletCall = { path: string; body: Record<string, unknown> };

/**
 * What the fake wallet does with one call: answer; lose the answer (the call applied) or the request
 * (not applied); apply it and hold the answer until `hang` resolves (a studio that stopped waiting);
 * or hold the request until `hold` resolves and then lose it, never applied (a studio that stopped
 * after writing what it owed, before the call left).
 */
export type Fault = 'lose-answer' | 'lose-request' | { hang: Promise<void> } | { hold: Promise<void> } | undefined;

export class FakeWallet {
  readonly balances = new Map<string, number>();
  readonly tokens = new Map<string, string>();
  /** Per token: the launching device's hash, as the platform keeps it on the game session. */
  readonly #devices = new Map<string, string>();
  readonly calls: WalletCall[] = [];
  /** The latest round detail the platform kept per round (from an accepted bet, win or resettle). */
  readonly details = new Map<string, unknown>();
  /** Money moved per round (signed, for the player): bets negative, wins and credits positive. */
  readonly moved = new Map<string, number>();
  readonly #known = new Map<string, Known>();
  readonly #rounds = new Map<string, Round>();
  readonly #rolledBackUnknown = new Set<string>();
  fault: (path: string, body: Record<string, unknown>) => Fault = () => undefined;

  /** A launch of `id`'s game session; `deviceId`: the X-Device-Id it came with (answered hashed). */
  player(id: string, balance: number, deviceId?: string): string {
    const token = randomBytes(24).toString('base64url');
    this.tokens.set(token, id);
    this.balances.set(id, balance);
    if (deviceId !== undefined) this.#devices.set(token, createHash('sha256').update(deviceId).digest('hex'));
    return token;
  }

  fetch: typeof fetch = async (input, init) => {
    const path = String(input).split('/vendor/wallet/')[1] ?? '';
    const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
    this.calls.push({ path, body });
    const fault = this.fault(path, body);
    if (fault === 'lose-request') throw new TypeError('fetch failed');
    if (fault && typeof fault === 'object' && 'hold' in fault) {
      await fault.hold;
      throw new TypeError('fetch failed');
    }
    const { http, answer } = this.#answer(path, body);
    if (fault && typeof fault === 'object') await fault.hang;
    if (fault === 'lose-answer') throw new TypeError('fetch failed');
    return new Response(JSON.stringify({ requestId: body.requestId, currency: 'PHP', ...answer }), { status: http });
  };

  #move(round: string, amount: number, player: string) {
    this.moved.set(round, (this.moved.get(round) ?? 0) + amount);
    this.balances.set(player, (this.balances.get(player) ?? 0) + amount);
  }

  #answer(path: string, b: Record<string, unknown>): { http: number; answer: object } {
    const ok = (player: string, extra: object = {}) => ({
      http: 200,
      answer: { status: 'OK', balance: this.balances.get(player) ?? 0, ...extra },
    });
    const refuse = (status: string, player: string, http = 409) => ({
      http,
      answer: { status, balance: this.balances.get(player) ?? 0 },
    });
    if (path === 'balance') {
      // Like the platform: only a live session's token tells a balance, and a player named must be its.
      const player = typeof b.token === 'string' ? this.tokens.get(b.token) : undefined;
      if (!player || (b.player !== undefined && String(b.player) !== player))
        return refuse('ERROR_INVALID_TOKEN', '', 401);
      const device = this.#devices.get(String(b.token));
      return ok(player, { player, ...(device === undefined ? {} : { device }) });
    }
    const tx = String(b.transactionId);
    const player = String(b.player);
    const round = String(b.roundId);
    // Like the platform: the round's detail is not part of a call's identity.
    const { requestId: _r, detail: _d, ...details } = b;
    const key = JSON.stringify(details);
    const known = this.#known.get(tx);
    if (known) {
      if (known.body !== key) return refuse('ERROR_DUPLICATE_TRANSACTION', player);
      return { http: known.http, answer: known.answer };
    }
    const remember = (r: { http: number; answer: object }) => {
      this.#known.set(tx, { body: key, answer: r.answer, http: r.http });
      if (r.http === 200 && b.detail !== undefined) this.details.set(round, b.detail);
      return r;
    };
    const r = this.#rounds.get(round);
    const amount = Number(b.amount);
    switch (path) {
      case 'bet': {
        if (this.#rolledBackUnknown.has(tx)) return remember(refuse('ERROR_TRANSACTION_ROLLED_BACK', player));
        if ((this.balances.get(player) ?? 0) < amount) {
          return remember(refuse('ERROR_INSUFFICIENT_FUNDS', player, 422));
        }
        this.#rounds.set(round, { player, bet: amount, status: 'open', wins: 0 });
        this.#move(round, -amount, player);
        return remember(ok(player));
      }
      case 'win': {
        if (!r) return refuse('ERROR_TRANSACTION_NOT_FOUND', player);
        if (r.status === 'rolled_back') return refuse('ERROR_TRANSACTION_ROLLED_BACK', player);
        if (r.status === 'closed') return refuse('ERROR_ROUND_CLOSED', player);
        this.#move(round, amount, player);
        r.wins++;
        if (b.roundClosed) r.status = 'closed';
        return remember(ok(player));
      }
      case 'rollback': {
        const betTx = String(b.rollbackTransactionId);
        if (!r) {
          this.#rolledBackUnknown.add(betTx);
          return remember(ok(player));
        }
        if (r.wins > 0 || r.status === 'closed') return refuse('ERROR_BET_ALREADY_SETTLED', player);
        if (r.status !== 'rolled_back') {
          r.status = 'rolled_back';
          this.#move(round, r.bet, player);
        }
        return remember(ok(player));
      }
      case 'resettle': {
        if (r?.status !== 'closed') return refuse('ERROR_ROUND_NOT_CLOSED', player);
        if (amount >= 0) {
          this.#move(round, amount, player);
          return remember(ok(player, { taken: 0 }));
        }
        const taken = Math.min(this.balances.get(player) ?? 0, -amount);
        this.#move(round, -taken, player);
        return remember(ok(player, { taken }));
      }
      default:
        return { http: 404, answer: { status: 'ERROR_BAD_REQUEST', balance: 0 } };
    }
  }
}

export type BookHarness = {
  app: FastifyInstance;
  runtime: StudioRuntime;
  wallet: FakeWallet;
  clock: { now: number };
  close: () => Promise<void>;
};

export async function startBook(
  prefix: string,
  options: { sources?: BookOptions['sources'] } = {},
): Promise<BookHarness> {
  const wallet = new FakeWallet();
  const clock = { now: Date.now() };
  const database = await throwawayDatabase(prefix);
  const app = studioTestApp();
  let runtime: StudioRuntime | undefined;
  await app.register(studioPlugin, {
    prefix: '/studio',
    platformUrl: 'http://platform.test',
    houseSecret: HOUSE,
    dataDir: '',
    databaseUrl: database.url,
    retryIntervalMs: 0,
    fetch: wallet.fetch,
    now: () => new Date(clock.now),
    crash: { tickMs: 0 },
    tables: { tickMs: 0 },
    sportsbook: { tickMs: 0, ...(options.sources ? { sources: options.sources } : {}) },
    onStart: (r) => {
      runtime = r;
    },
  });
  await app.ready();
  if (!runtime) throw new Error('the studio did not start');
  return {
    app,
    runtime,
    wallet,
    clock,
    close: async () => {
      await app.close();
      await database.drop();
    },
  };
}

/** Opens a real session of a sportsbook lobby for a player with `balance`; answers the game token. */
export async function openPlayer(
  h: BookHarness,
  balance: number,
  game = 'SPORTS-000',
): Promise<{ token: string; player: string }> {
  const player = String(1000 + Math.floor(Math.random() * 1e9));
  const token = h.wallet.player(player, balance);
  const page = await h.app.inject({
    method: 'GET',
    url: `/studio/play?token=${token}&game=${game}&vendor=${VENDOR}&mode=real`,
  });
  expect(page.statusCode, page.body).toBe(200);
  return { token, player };
}

export async function openTrialPlayer(h: BookHarness, game = 'SPORTS-000'): Promise<string> {
  const token = randomBytes(24).toString('base64url');
  const page = await h.app.inject({
    method: 'GET',
    url: `/studio/play?token=${token}&game=${game}&vendor=${VENDOR}&mode=trial`,
  });
  expect(page.statusCode, page.body).toBe(200);
  return token;
}

export function sbApi(h: BookHarness, token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) {
  return h.app.inject({
    method,
    url: `/studio/api/sb${url}`,
    headers: { 'x-game-token': token },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

/** A signed trader call (time defaults to the studio's clock). */
export function traderApi(
  h: BookHarness,
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  payload?: unknown,
  options: { time?: number; secret?: string } = {},
) {
  const url = `/studio${path}`;
  const body = payload === undefined ? '' : JSON.stringify(payload);
  const time = String(options.time ?? h.clock.now);
  return h.app.inject({
    method,
    url,
    headers: {
      'x-trader-time': time,
      'x-trader-signature': signTrader(options.secret ?? traderSecret(HOUSE), time, method, url, body),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    ...(body ? { payload: body } : {}),
  });
}

// ---- feed messages written by hand ----

let seq = 0;
const at = (h: BookHarness) => new Date(h.clock.now).toISOString();

export async function feed(h: BookHarness, message: FeedMessageInput): Promise<void> {
  await h.runtime.book.apply('test', FeedMessageSchema.parse(message) as FeedMessage);
}

export type TestEvent = { id: string; sport: Sport; league: string };

/** A fixture starting in `startsInMs` (scheduled), with its markets quoted. */
export async function newEvent(
  h: BookHarness,
  options: { sport?: Sport; league?: string; startsInMs?: number; markets?: MarketQuote[] } = {},
): Promise<TestEvent> {
  const id = `ev-${randomUUID().slice(0, 8)}`;
  const sport = options.sport ?? 'football';
  const league = options.league ?? `${sport}-league`;
  await feed(h, {
    kind: 'fixture',
    seq: ++seq,
    at: at(h),
    fixture: {
      id,
      sport,
      league: { id: league, name: `${league} name`, region: 'Testland' },
      home: { id: `${id}-h`, name: `Home ${id}` },
      away: { id: `${id}-a`, name: `Away ${id}` },
      startsAt: new Date(h.clock.now + (options.startsInMs ?? 3_600_000)).toISOString(),
    },
  });
  await quote(h, id, options.markets ?? footballMarkets());
  return { id, sport, league };
}

/** An open full-time market with its selections' odds (×1000); `extra` sets a line or another period. */
export function marketQuote(
  type: MarketQuote['type'],
  selections: [string, number][],
  extra: Partial<MarketQuote> = {},
): MarketQuote {
  return {
    type,
    period: 'ft',
    status: 'open',
    selections: selections.map(([key, odds1000]) => ({ key, odds1000 })),
    ...extra,
  } as MarketQuote;
}

export function footballMarkets(): MarketQuote[] {
  const q = marketQuote;
  return [
    q('1x2', [
      ['home', 2100],
      ['draw', 3400],
      ['away', 3500],
    ]),
    q('double_chance', [
      ['home_draw', 1300],
      ['home_away', 1350],
      ['draw_away', 1700],
    ]),
    q(
      'handicap',
      [
        ['home', 1950],
        ['away', 1900],
      ],
      { line4: -1 },
    ),
    q(
      'total',
      [
        ['over', 1900],
        ['under', 1950],
      ],
      { line4: 10 },
    ),
    q(
      'total',
      [
        ['over', 1850],
        ['under', 2000],
      ],
      { line4: 9 },
    ),
    q('correct_score', [
      ['1-0', 7000],
      ['2-1', 9000],
      ['0-0', 9500],
      ['other', 4000],
    ]),
    q('btts', [
      ['yes', 1800],
      ['no', 2000],
    ]),
    q(
      '1x2',
      [
        ['home', 2800],
        ['draw', 2100],
        ['away', 4200],
      ],
      { period: 'h1' },
    ),
    q('winner', [
      ['home', 1500],
      ['away', 2600],
    ]),
    q('draw', [['yes', 8000]]),
  ];
}

export async function quote(h: BookHarness, eventId: string, markets: MarketQuote[]): Promise<void> {
  await feed(h, { kind: 'markets', seq: ++seq, at: at(h), eventId, markets });
}

export async function setOdds(
  h: BookHarness,
  eventId: string,
  market: MarketQuote,
  odds: Record<string, number>,
): Promise<void> {
  await quote(h, eventId, [
    { ...market, selections: market.selections.map((s) => ({ key: s.key, odds1000: odds[s.key] ?? s.odds1000 })) },
  ]);
}

export async function suspend(h: BookHarness, eventId: string, markets?: string[]): Promise<void> {
  await feed(h, { kind: 'suspend', seq: ++seq, at: at(h), eventId, reason: 'goal', ...(markets ? { markets } : {}) });
}
export async function resume(h: BookHarness, eventId: string, markets?: string[]): Promise<void> {
  await feed(h, { kind: 'resume', seq: ++seq, at: at(h), eventId, ...(markets ? { markets } : {}) });
}

export async function setState(h: BookHarness, eventId: string, status: MatchState['status'], home = 0, away = 0) {
  const score = { home, away };
  await feed(h, {
    kind: 'state',
    seq: ++seq,
    at: at(h),
    eventId,
    state: { status, phase: status === 'live' ? '1H' : 'FT', score: { decided: score, counted: score } },
  });
}

export function scoreResult(home: number, away: number, h1?: [number, number]): EventResult {
  const s = (a: number, b: number) => ({ decided: { home: a, away: b }, counted: { home: a, away: b } });
  return { ft: s(home, away), ...(h1 ? { h1: s(h1[0], h1[1]) } : {}) };
}

export async function result(h: BookHarness, eventId: string, r: EventResult, correction = false): Promise<void> {
  await feed(h, { kind: 'result', seq: ++seq, at: at(h), eventId, result: r, correction });
}

export async function abandon(h: BookHarness, eventId: string): Promise<void> {
  await feed(h, { kind: 'abandon', seq: ++seq, at: at(h), eventId, reason: 'weather' });
}

export const sel = (eventId: string, m: Pick<MarketQuote, 'type' | 'period' | 'line4'>, key: string) =>
  `${eventId}/${marketKey({ type: m.type, period: m.period ?? 'ft', line4: m.line4 })}/${key}`;

/** The market quote of a type (and line) from footballMarkets(). */
export function marketOf(type: MarketQuote['type'], line4?: number, period: 'ft' | 'h1' = 'ft'): MarketQuote {
  const m = footballMarkets().find(
    (q) => q.type === type && q.period === period && (line4 === undefined || q.line4 === line4),
  );
  if (!m) throw new Error(`no ${type} market`);
  return m;
}

/** The odds footballMarkets() gives a selection. */
export function oddsIn(type: MarketQuote['type'], key: string, line4?: number, period: 'ft' | 'h1' = 'ft'): number {
  const s = marketOf(type, line4, period).selections.find((x) => x.key === key);
  if (!s) throw new Error(`no ${key}`);
  return s.odds1000;
}

/** Places a slip; answers the parsed answer and the HTTP status. */
export async function place(
  h: BookHarness,
  token: string,
  slip: Omit<PlaceRequest, 'requestId'> & { requestId?: string },
) {
  const res = await sbApi(h, token, 'POST', '/bets', { requestId: randomUUID(), ...slip });
  return { status: res.statusCode, body: res.json() as PlaceAnswer & { error?: { code: string; detail: unknown } } };
}

export async function single(h: BookHarness, token: string, selectionId: string, odds1000: number, stake: number) {
  return place(h, token, {
    legs: [{ selectionId, odds1000 }],
    bets: [{ kind: 'single', selectionId, stake }],
    oddsChange: 'none',
  });
}

export async function betOf(h: BookHarness, token: string, id: string): Promise<MyBet> {
  for (const status of ['open', 'settled'] as const) {
    const res = await sbApi(h, token, 'GET', `/bets?status=${status}&limit=50`);
    const found = (res.json() as { bets: MyBet[] }).bets.find((b) => b.id === id);
    if (found) return found;
  }
  throw new Error(`bet ${id} not listed`);
}
