import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashServerSeed } from '../kit/fair';
import { engineKindOf } from '../kit/game-map';
import type { StudioRuntime } from '../plugin';
import { firstMessage, gameApi, openTrial, startStudioAlone, WebSocket } from '../standalone-fixture';
import { TABLE_MAX_BETS, TableHall, type TableState, tableOf } from './tables';

// Live tables with the studio running alone (as `npm run start:studio`), in trial mode on the demo
// balance: the schedule of the phases, late bets, two players in one round, the verifier, the lease,
// a restart mid-round, the idle rule and the WebSocket. Real-money rounds through the platform's
// wallet (and undeliverable wins) are tested in apps/server/src/studio-tables.test.ts.

let app: FastifyInstance;
let runtime: StudioRuntime;
let base: string;
let clock = Date.now();
const TIMING = { bettingMs: 1000, dealMs: 700, resultMs: 500, tickMs: 0, watchMs: 3000 };

beforeAll(async () => {
  ({ app, runtime, base } = await startStudioAlone({
    now: () => new Date(clock),
    crash: { tickMs: 0 },
    tables: TIMING,
  }));
});
afterAll(() => app.close());

/** A LIVE code of vendor PT that plays `kind` (a fresh table per call: no round of another test in it). */
let nextCode = 100 + Math.floor(Math.random() * 1000) * 7;
function liveCode(kind: 'baccarat' | 'roulette'): string {
  for (;;) {
    const code = `LIVE-${++nextCode}`;
    if (engineKindOf({ vendor: 'PT', gameCode: code }) === kind) return code;
  }
}

const trial = (gameCode: string) => openTrial(app, gameCode);

const api = (token: string, method: 'GET' | 'POST', url: string, payload?: unknown) =>
  gameApi(app, token, method, url, payload);

const tableState = async (token: string) =>
  (await api(token, 'GET', '/api/table')).json() as { state: TableState; balance: number; mine: { status: string }[] };

const rounds = (gameCode: string) =>
  runtime.db
    .selectFrom('studio_table_rounds')
    .selectAll()
    .where('table_key', '=', `PT:${gameCode}`)
    .orderBy('id', 'desc')
    .execute();
const current = async (gameCode: string) => (await rounds(gameCode))[0];

async function at(ms: number, hall: TableHall = runtime.tables) {
  clock = Math.max(clock, ms);
  await hall.tick();
}

/** A trial player opens the table `code` (a poll), the loop opens a round: the token, the round and the balance. */
async function openedTable(code: string) {
  const token = await trial(code);
  await tableState(token);
  await runtime.tables.tick();
  const r = await current(code);
  if (!r) throw new Error('no round');
  const start = (await tableState(token)).balance;
  return { token, r, start };
}

describe('live tables (studio alone, trial)', () => {
  it('runs the phases on the schedule and reveals the committed seed at the result', async () => {
    const code = liveCode('baccarat');
    const token = await trial(code);
    // Nobody at the table yet: no round. Opening the table (a poll) starts one on the next tick.
    await runtime.tables.tick();
    expect(await current(code)).toBeUndefined();
    expect((await tableState(token)).state.round).toBeNull();
    await runtime.tables.tick();
    const r = await current(code);
    expect(r).toMatchObject({ phase: 'betting', round_no: 0, client_seed: `PT:${code}` });
    if (!r) throw new Error('no round');
    const bettingEnds = new Date(r.betting_ends_at).getTime();
    expect(bettingEnds - clock).toBe(TIMING.bettingMs);
    let s = (await tableState(token)).state;
    expect(s.round).toMatchObject({ phase: 'betting', serverSeedHash: r.server_seed_hash, serverSeed: null });
    expect(s.round?.outcome).toMatchObject({ player: [], banker: [], result: null });

    await at(bettingEnds - 1);
    expect((await current(code))?.phase).toBe('betting');
    await at(bettingEnds);
    expect((await current(code))?.phase).toBe('dealing');
    // Cards come one by one: two thirds of the way through dealing, some but not all are shown.
    clock = bettingEnds + Math.floor((TIMING.dealMs * 2) / 3);
    s = (await tableState(token)).state;
    const o = s.round?.outcome as { player: unknown[]; banker: unknown[]; result: string | null };
    expect(o.result).toBeNull();
    expect(o.player.length + o.banker.length).toBeGreaterThan(0);
    expect(s.round?.serverSeed).toBeNull();

    await at(bettingEnds + TIMING.dealMs);
    const result = await current(code);
    expect(result?.phase).toBe('result');
    s = (await tableState(token)).state;
    expect(s.round?.serverSeed).toBeTruthy();
    expect(hashServerSeed(s.round?.serverSeed ?? '')).toBe(r.server_seed_hash);
    const shown = s.round?.outcome as { result: string } | undefined;
    expect(shown?.result).toMatch(/^(player|banker|tie)$/);
    expect(s.history[0]).toMatchObject({ no: 0, result: shown?.result });

    // After the result and pause: the next round, still watched.
    await at(bettingEnds + TIMING.dealMs + TIMING.resultMs);
    const next = await current(code);
    expect(next).toMatchObject({ phase: 'betting', round_no: 1 });
    expect(next?.server_seed_hash).not.toBe(r.server_seed_hash);
  });

  it('refuses late bets, bad bets and bets over the table limit, taking nothing', async () => {
    const code = liveCode('roulette');
    const { token, r, start } = await openedTable(code);
    const bad = await api(token, 'POST', '/api/table/bet', {
      bet: { bets: [{ type: 'split', numbers: [1, 5], amount: 100 }] },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('STUDIO_BAD_BET');
    // Several bets on different spots in one round, up to the limit.
    for (let i = 0; i < TABLE_MAX_BETS; i++) {
      const res = await api(token, 'POST', '/api/table/bet', {
        bet: { bets: [{ type: 'straight', numbers: [i], amount: 10 }] },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const over = await api(token, 'POST', '/api/table/bet', { bet: { bets: [{ type: 'red', amount: 10 }] } });
    expect(over.statusCode).toBe(409);
    expect(over.json().error.code).toBe('STUDIO_TABLE_LIMIT');
    expect((await tableState(token)).balance).toBe(start - TABLE_MAX_BETS * 10);

    const other = await trial(code);
    const before = (await tableState(other)).balance;
    await at(new Date(r.betting_ends_at).getTime());
    const late = await api(other, 'POST', '/api/table/bet', { bet: { bets: [{ type: 'red', amount: 100 }] } });
    expect(late.statusCode).toBe(409);
    expect(late.json().error.code).toBe('STUDIO_TABLE_BETTING_CLOSED');
    // Refused even before the loop noticed the end of betting.
    expect((await tableState(other)).balance).toBe(before);
  });

  it('settles two players of one round on the same outcome, which the verifier recomputes', async () => {
    const code = liveCode('baccarat');
    const a = await trial(code);
    const b = await trial(code);
    await tableState(a);
    await runtime.tables.tick();
    const r = await current(code);
    if (!r) throw new Error('no round');
    const startA = (await tableState(a)).balance;
    const startB = (await tableState(b)).balance;
    const betsA: Record<string, number>[] = [{ banker: 1000 }, { tie: 200, playerPair: 100 }];
    const betsB: Record<string, number>[] = [{ player: 500 }];
    for (const bet of betsA) expect((await api(a, 'POST', '/api/table/bet', { bet })).statusCode).toBe(200);
    for (const bet of betsB) expect((await api(b, 'POST', '/api/table/bet', { bet })).statusCode).toBe(200);
    // Every player at the table sees the bets of the round (masked).
    expect((await tableState(b)).state.bets).toHaveLength(3);

    await at(new Date(r.betting_ends_at).getTime());
    await at(new Date(r.reveal_at).getTime());
    const sa = (await tableState(a)).state;
    const sb = (await tableState(b)).state;
    expect(sa.round).toEqual(sb.round);
    const round = sa.round;
    if (!round?.serverSeed) throw new Error('seed not revealed');

    const verified = async (bet: unknown) => {
      const res = await app.inject({
        method: 'POST',
        url: '/studio/api/verify',
        payload: {
          serverSeed: round.serverSeed,
          clientSeed: round.clientSeed,
          nonce: round.nonce,
          gameCode: code,
          vendor: 'PT',
          bet,
          serverSeedHash: round.serverSeedHash,
        },
      });
      expect(res.statusCode, res.body).toBe(200);
      const v = res.json() as { hashMatches: boolean; win: number; steps: { outcome: Record<string, unknown> }[] };
      expect(v.hashMatches).toBe(true);
      // The verifier's outcome is the table's.
      const { returns: _r, natural: _n, ...shown } = v.steps[0]?.outcome ?? {};
      expect(shown).toEqual(round.outcome);
      return v.win;
    };
    let winA = 0;
    for (const bet of betsA) winA += await verified(bet);
    const winB = await verified(betsB[0]);
    const stakes = (bets: Record<string, number>[]) =>
      bets.reduce((t, x) => t + Object.values(x).reduce((u, v) => u + v, 0), 0);
    const after = async (token: string) => {
      const s = await tableState(token);
      expect(s.mine.every((m) => m.status === 'closed')).toBe(true);
      return s.balance;
    };
    expect(await after(a)).toBe(startA - stakes(betsA) + winA);
    expect(await after(b)).toBe(startB - stakes(betsB) + winB);
  });

  it('runs a table in one process only; another takes over a round left mid-way and settles it', async () => {
    const code = liveCode('roulette');
    const { token, r, start } = await openedTable(code);
    expect(
      (await api(token, 'POST', '/api/table/bet', { bet: { bets: [{ type: 'red', amount: 1000 }] } })).statusCode,
    ).toBe(200);

    // A second process: while the first holds the table's lease, it advances nothing.
    const second = new TableHall(runtime.deps, TIMING);
    await at(new Date(r.betting_ends_at).getTime(), second);
    expect((await current(code))?.phase).toBe('betting');
    // The first process stops mid-round (no clean stop: its lease lapses), the second resumes.
    clock += 6000;
    await tableState(token);
    for (let i = 0; i < 3; i++) await second.tick();
    const settled = (await rounds(code)).find((x) => x.id === r.id);
    expect(settled?.phase === 'result' || settled?.phase === 'done').toBe(true);
    const s = await tableState(token);
    expect(s.mine[0]?.status).toBe('closed');
    const n = (settled?.outcome as { number: number } | undefined)?.number ?? -1;
    const red = [1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36].includes(n);
    expect(s.balance).toBe(start - 1000 + (red ? 2000 : 0));
    await second.stop();
    // A clean stop lets its leases go at once: the first process leads again on its next tick.
    await runtime.tables.tick();
    const lease = await runtime.db
      .selectFrom('studio_leases')
      .select('lease_until')
      .where('name', '=', `table:PT:${code}`)
      .executeTakeFirstOrThrow();
    expect(new Date(lease.lease_until).getTime()).toBeGreaterThan(clock);
  });

  it('sends each phase to the pages before the deliveries run, even when the deliveries fail', async () => {
    const code = liveCode('baccarat');
    const table = tableOf({ vendor: 'PT', gameCode: code });
    if (!table) throw new Error('not a table');
    // A loop whose wallet deliveries fail outright (every tick ends in an error after the phases).
    const failing = new (class extends TableHall {
      override recover(): Promise<never> {
        return Promise.reject(new Error('wallet unreachable'));
      }
    })(runtime.deps, TIMING);
    const heard: string[] = [];
    const off = failing.subscribe(table, (message) => {
      const r = (JSON.parse(message) as { data: TableState }).data.round;
      if (r && heard.at(-1) !== `${r.no}:${r.phase}`) heard.push(`${r.no}:${r.phase}`);
    });
    const step = () => failing.tick().catch(() => undefined);
    try {
      await step();
      const r = await current(code);
      if (!r) throw new Error('no round');
      for (const t of [r.betting_ends_at, r.reveal_at, r.ends_at])
        await at(new Date(t).getTime(), failing).catch(() => undefined);
      await step();
      expect(heard).toEqual(['0:betting', '0:dealing', '0:result', '1:betting']);
    } finally {
      off();
      await failing.stop();
    }
  });

  it('idles a table nobody watches and starts a fresh round when someone comes back', async () => {
    const code = liveCode('baccarat');
    const token = await trial(code);
    await tableState(token);
    await runtime.tables.tick();
    const r = await current(code);
    if (!r) throw new Error('no round');
    // The watch lapses; the round in progress still finishes, then the table stops.
    await at(new Date(r.ends_at).getTime() + TIMING.watchMs);
    for (let i = 0; i < 4; i++) await runtime.tables.tick();
    expect((await rounds(code)).map((x) => x.phase)).toEqual(['done']);
    clock += 60_000;
    await runtime.tables.tick();
    expect(await rounds(code)).toHaveLength(1);
    // A watcher returns: a new round with a full betting phase.
    await tableState(token);
    await runtime.tables.tick();
    const next = await current(code);
    expect(next).toMatchObject({ phase: 'betting', round_no: 1 });
    expect(new Date(next?.betting_ends_at ?? 0).getTime()).toBe(clock + TIMING.bettingMs);
  });

  it('an idle timer-driven loop picks up a table opened on another process', async () => {
    const code = liveCode('roulette');
    const token = await trial(code);
    const timed = new TableHall(runtime.deps, { ...TIMING, tickMs: 20 });
    timed.start();
    try {
      // Nothing to run: the loop idles. The page opens the table through this app (another "process").
      await new Promise((r) => setTimeout(r, 200));
      await tableState(token);
      await expect.poll(async () => (await current(code))?.phase, { timeout: 3000, interval: 50 }).toBe('betting');
    } finally {
      await timed.stop();
    }
  });

  it('sends the table state over its WebSocket to a page with a game token', async () => {
    const code = liveCode('roulette');
    const token = await trial(code);
    const ws = new WebSocket(`${base.replace('http', 'ws')}/studio/ws/table?token=${token}`);
    const first = await firstMessage<{ type: string; data: TableState }>(ws);
    expect(first.type).toBe('state');
    expect(first.data.table).toMatchObject({ key: `PT:${code}`, engine: 'roulette' });
    // The socket counts as a watcher: the loop opens a round for the table.
    await runtime.tables.tick();
    expect((await current(code))?.phase).toBe('betting');
    ws.close();
    const plain = await app.inject({ method: 'GET', url: `/studio/ws/table?token=${token}` });
    expect(plain.statusCode).toBe(400);
    // A socket without a valid token is refused before the upgrade.
    const refused = new WebSocket(`${base.replace('http', 'ws')}/studio/ws/table?token=nope`);
    await new Promise<void>((resolve) => {
      refused.on('error', () => resolve());
      refused.on('close', () => resolve());
    });
    // A slot session has no table.
    const slot = randomBytes(32).toString('base64url');
    await app.inject({ method: 'GET', url: `/studio/play?token=${slot}&game=SLOT-00001&vendor=PT&mode=trial` });
    expect((await api(slot, 'GET', '/api/table')).json().error.code).toBe('STUDIO_NOT_SUPPORTED');
  });
});
