import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { type StudioRuntime, studioPlugin } from '../../plugin';
import { FakeWallet, HOUSE } from '../../sportsbook/book/test-fixture';
import { studioTestApp, WebSocket, type WsClient } from '../../standalone-fixture';

// The card room tests' studio (room.test.ts, tongits-room.test.ts): one studio on PGlite for a test
// file, with the fake platform wallet (idempotent on transaction ids) behind the signed wallet
// client and the tables' clock driven by hand; studios a test starts of its own (the crash tests')
// and sockets it left open are closed after it. Members launch the PVP game; a page is a table's
// socket with the latest view and the answers to its requests in order.

export const VENDOR = 'KX';
export const GAME = 'PVP-001';
export const TIMING = {
  tickMs: 0,
  turnMs: 1000,
  timeBankMs: 2000,
  graceMs: 20_000,
  presenceMs: 3000,
  betweenHandsMs: 500,
};

/** A 6-max no-limit Hold'em table of blinds 50/100, buy-ins 2,000 to 10,000 and a 5% rake capped at 300. */
export function testTableSettings(id: string, seats = 6) {
  return {
    id,
    name: 'Test 6-max',
    betting: 'no-limit' as const,
    seats,
    smallBlind: 50,
    bigBlind: 100,
    minBuyIn: 2_000,
    maxBuyIn: 10_000,
    rake: { basisPoints: 500, cap: 300 },
    currency: 'PHP',
  };
}

export type Harness = {
  app: FastifyInstance;
  runtime: StudioRuntime;
  wallet: FakeWallet;
  clock: { now: number };
  wsBase: string;
};

const running: Harness[] = [];
/** Sockets a test left open (it failed before closing them): closed after it, so the studio can stop. */
const openSockets = new Set<WsClient>();
/** Data folders of the studios a test started on disk, removed after it. */
const dirs: string[] = [];

export async function startStudio(
  wallet = new FakeWallet(),
  clock = { now: Date.now() },
  dataDir = '',
  /** A PostgreSQL database (throwawayDatabase), for the tests the PostgreSQL run takes. */
  databaseUrl?: string,
): Promise<Harness> {
  const app = studioTestApp();
  let runtime: StudioRuntime | undefined;
  await app.register(studioPlugin, {
    prefix: '/studio',
    platformUrl: 'http://platform.test',
    houseSecret: HOUSE,
    dataDir,
    ...(databaseUrl ? { databaseUrl } : {}),
    retryIntervalMs: 0,
    fetch: wallet.fetch,
    now: () => new Date(clock.now),
    crash: { tickMs: 0 },
    tables: { tickMs: 0 },
    sportsbook: { tickMs: 0 },
    pvp: TIMING,
    onStart: (r) => {
      runtime = r;
    },
  });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  if (!runtime) throw new Error('the studio did not start');
  const h = { app, runtime, wallet, clock, wsBase: base.replace('http', 'ws') };
  running.push(h);
  return h;
}

/**
 * A studio on a data folder of its own (removed after the test), with a wallet and a clock that
 * `start` hands to each studio it starts there: a second start opens the first one's database.
 */
export function studioOnDisk(prefix: string) {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  dirs.push(dir);
  const wallet = new FakeWallet();
  const clock = { now: Date.now() };
  return { clock, start: () => startStudio(wallet, clock, dir) };
}

/** A studio stopped by the test itself (a crash test's first one): no longer closed after it. */
export function stopped(h: Harness): void {
  running.splice(running.indexOf(h), 1);
}

/** The test file's one studio (starting one is most of a short test's time), and the clean-up after each test. */
export function useSharedStudio(): () => Harness {
  let shared: Harness | undefined;
  beforeAll(async () => {
    shared = await startStudio();
    stopped(shared);
  });
  afterAll(async () => {
    await shared?.app.close();
  });
  afterEach(async () => {
    for (const ws of openSockets) ws.close();
    openSockets.clear();
    for (const h of running.splice(0)) await h.app.close();
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });
  return () => {
    if (!shared) throw new Error('the shared studio has not started');
    return shared;
  };
}

let nextPlayer = 7000;

/** A member with `balance` at the fake wallet, launched into the PVP game (a real-money session). */
export async function member(h: Harness, balance: number, deviceId?: string) {
  const player = String(nextPlayer++);
  const token = h.wallet.player(player, balance, deviceId);
  const page = await h.app.inject({
    method: 'GET',
    url: `/studio/play?token=${token}&game=${GAME}&vendor=${VENDOR}&mode=real`,
  });
  expect(page.statusCode, page.body).toBe(200);
  return { player, token };
}

export type Answer = {
  type: string;
  id?: string;
  seq?: number;
  ok: boolean;
  applied?: boolean;
  queued?: boolean;
  error?: { code: string; detail: unknown };
};

/** A player's page: the latest table view it got, and its requests answered in order. */
export class TablePage<V extends { version: number }> {
  view: V | null = null;
  readonly #answers: Answer[] = [];
  readonly #waiting: ((a: Answer) => void)[] = [];
  #seq = 0;
  private constructor(readonly ws: WsClient) {}

  /** `path`: the socket's address below the studio with its query (/ws/pvp?token=&table=). */
  static async open<V extends { version: number }>(h: Harness, path: string): Promise<TablePage<V>> {
    const ws: WsClient = new WebSocket(`${h.wsBase}/studio${path}`);
    const page = new TablePage<V>(ws);
    openSockets.add(ws);
    ws.on('close', () => openSockets.delete(ws));
    ws.on('message', (data) => {
      const msg = JSON.parse(String(data)) as { type: string; data?: V };
      if (msg.type === 'table') {
        if (!page.view || (msg.data && msg.data.version >= page.view.version)) page.view = msg.data ?? null;
        return;
      }
      const next = page.#waiting.shift();
      if (next) next(msg as Answer);
      else page.#answers.push(msg as Answer);
    });
    await new Promise((resolve, reject) => {
      ws.on('open', resolve);
      ws.on('error', reject);
    });
    return page;
  }

  send(message: object): Promise<Answer> {
    (this.ws as unknown as { send(d: string): void }).send(JSON.stringify(message));
    return new Promise<Answer>((resolve, reject) => {
      const ready = this.#answers.shift();
      if (ready) return resolve(ready);
      const timer = setTimeout(() => reject(new Error('no answer')), 5000);
      this.#waiting.push((a) => {
        clearTimeout(timer);
        resolve(a);
      });
    });
  }

  act(action: object, seq = ++this.#seq): Promise<Answer> {
    this.#seq = Math.max(this.#seq, seq);
    return this.send({ type: 'act', seq, action });
  }

  close(): Promise<void> {
    return new Promise((resolve) => {
      this.ws.on('close', () => resolve());
      this.ws.close();
    });
  }
}

/** The members' balances at the fake wallet, summed. */
export function balances(h: Harness, players: string[]): number {
  return players.reduce((sum, p) => sum + (h.wallet.balances.get(p) ?? 0), 0);
}

/** Chips the wallet moved to a table (bets) less what went back (cash-outs and returns). */
export async function netIn(h: Harness, tableId: string): Promise<number> {
  const rows = await h.runtime.db
    .selectFrom('studio_pvp_transfers as t')
    .innerJoin('studio_pvp_seats as s', 's.id', 't.seat_id')
    .select(['t.kind', 't.amount'])
    .where('t.status', '=', 'ok')
    .where('s.table_id', '=', tableId)
    .execute();
  return rows.reduce((sum, t) => sum + (t.kind === 'buy_in' || t.kind === 'top_up' ? 1 : -1) * Number(t.amount), 0);
}

/** The rake of a table's hands (or deals) that are over. */
export async function totalRake(h: Harness, tableId: string): Promise<number> {
  const rows = await h.runtime.db
    .selectFrom('studio_pvp_hands')
    .select('rake')
    .where('status', '=', 'over')
    .where('table_id', '=', tableId)
    .execute();
  return rows.reduce((sum, r) => sum + Number(r.rake), 0);
}

/** A player's calls to the table API below `base` (/studio/api/pvp, /studio/api/pvp/tongits), from `ip` when given. */
export function tableApi(base: string) {
  return (h: Harness, token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, ip?: string) =>
    h.app.inject({
      method,
      url: `${base}${url}`,
      headers: { 'x-game-token': token },
      ...(ip ? { remoteAddress: ip } : {}),
      ...(payload === undefined ? {} : { payload }),
    });
}

/** A table's stored state (its row of studio_pvp_tables), as the game's service keeps it. */
export async function storedState<S>(h: Harness, tableId: string): Promise<S> {
  const row = await h.runtime.db
    .selectFrom('studio_pvp_tables')
    .select('state')
    .where('id', '=', tableId)
    .executeTakeFirstOrThrow();
  return row.state as S;
}

/**
 * Everything settled (a restarted studio's end): no seat left open, no transfer owed, and the members
 * hold what they had `before` less the table's rake.
 */
export async function expectAllSettled(h: Harness, tableId: string, players: string[], before: number) {
  const open = await h.runtime.db
    .selectFrom('studio_pvp_seats')
    .select('status')
    .where('status', '!=', 'closed')
    .execute();
  expect(open).toEqual([]);
  expect(balances(h, players)).toBe(before - (await totalRake(h, tableId)));
  const owed = await h.runtime.db
    .selectFrom('studio_pvp_transfers')
    .select('status')
    .where('status', 'in', ['pending', 'rolling_back'])
    .execute();
  expect(owed).toEqual([]);
}
