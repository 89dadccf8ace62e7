import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RoundDeps } from '../kit/deps';
import { maskPlayer } from '../kit/players';
import type { StudioRuntime } from '../plugin';
import {
  crashPhaseEnd,
  firstMessage,
  gameApi,
  newestCrashRound,
  openTrial,
  startStudioAlone,
  WebSocket,
} from '../standalone-fixture';
import { CrashGame, verifyCrash } from './crash';
import { multiplierAt, timeToMultiplier, verifyChainLink } from './engines';

// The crash game with the studio running alone (as `npm run start:studio`): its own WebSocket
// upgrade, trial play on the demo balance, the loop's lease and the chain. Real-money rounds through
// the platform's wallet are tested in apps/server/src/studio-crash.test.ts.

let app: FastifyInstance;
let runtime: StudioRuntime;
let base: string;
let clock = Date.now();
// The loop runs rounds only while watched: the test watches as a page's socket would (the idle test
// lets go of it).
let stopWatching = () => {};
const TIMING = { bettingMs: 1000, pauseMs: 500, tickMs: 0, chainLength: 30 };

beforeAll(async () => {
  ({ app, runtime, base } = await startStudioAlone({ now: () => new Date(clock), crash: TIMING }));
  stopWatching = runtime.crash.subscribe(() => undefined);
});
afterAll(() => app.close());

const trial = () => openTrial(app, 'CRASH-001');
const api = (token: string, method: 'GET' | 'POST', url: string, payload?: unknown) =>
  gameApi(app, token, method, url, payload);

const current = () => newestCrashRound(runtime);

/** Moves the clock to the end of the current phase and ticks. */
async function step() {
  clock = Math.max(clock, crashPhaseEnd(await current(), TIMING.pauseMs));
  await runtime.crash.tick();
}

describe('crash game (studio alone)', () => {
  it('serves the WebSocket itself when no other plugin handles upgrades', async () => {
    await runtime.crash.tick();
    const ws = new WebSocket(`${base.replace('http', 'ws')}/studio/ws/crash`);
    const first = await firstMessage<{ type: string; data: { round: { phase: string } | null } }>(ws);
    expect(first.type).toBe('state');
    expect(first.data.round?.phase).toBe('betting');
    await new Promise((resolve) => {
      ws.on('close', resolve);
      ws.close();
    });
    const plain = await app.inject({ method: 'GET', url: '/studio/ws/crash' });
    expect(plain.statusCode).toBe(400);
  });

  it('cashes out by hand at the multiplier of the receipt time, on the demo balance', async () => {
    const token = await trial();
    let r = await current();
    while (!(r.phase === 'betting' && r.crash_point >= 150)) {
      await step();
      r = await current();
    }
    const start = (await api(token, 'GET', '/api/crash')).json().balance as number;
    expect((await api(token, 'POST', '/api/crash/bet', { bet: { amount: 1000 } })).json().balance).toBe(start - 1000);
    await step();
    const running = await current();
    const started = new Date(running.started_at ?? 0).getTime();
    clock = started + timeToMultiplier(140) + 1;
    const m = multiplierAt(clock - started);
    const out = await api(token, 'POST', '/api/crash/cashout');
    expect(out.statusCode, out.body).toBe(200);
    expect(out.json()).toMatchObject({ bet: { cashout: m, win: Math.floor((1000 * m) / 100) }, winPending: false });
    expect(out.json().balance).toBe(start - 1000 + Math.floor((1000 * m) / 100));
    // A bet on the running round is refused and takes nothing.
    const other = await trial();
    const refused = await api(other, 'POST', '/api/crash/bet', { bet: { amount: 100 } });
    expect(refused.json().error.code).toBe('STUDIO_CRASH_BETTING_CLOSED');
    expect((await api(other, 'GET', '/api/crash')).json().balance).toBe(start);
    // A slot session cannot use the crash API.
    const slot = randomBytes(32).toString('base64url');
    await app.inject({ method: 'GET', url: `/studio/play?token=${slot}&game=SLOT-00001&vendor=PT&mode=trial` });
    expect((await api(slot, 'GET', '/api/crash')).json().error.code).toBe('STUDIO_NOT_SUPPORTED');
  });

  it('runs the phases in one process only: a second loop waits for the lease to lapse', async () => {
    const second = new CrashGame(runtime.deps, TIMING);
    second.subscribe(() => undefined);
    const before = await current();
    await runtime.crash.tick();
    clock += 100;
    for (let i = 0; i < 5; i++) await second.tick();
    // The second loop never advanced anything while the first held the lease.
    const r = await current();
    expect(r.id).toBe(before.id);
    // The first stops ticking: after the lease the second takes over and runs the phases.
    clock += 6000;
    await second.tick();
    const phaseOf = async () => {
      const c = await current();
      return `${c.id}:${c.phase}`;
    };
    const seen = new Set([await phaseOf()]);
    for (let i = 0; i < 3; i++) {
      clock = Math.max(clock, crashPhaseEnd(await current(), TIMING.pauseMs));
      await second.tick();
      seen.add(await phaseOf());
    }
    expect(seen.size).toBeGreaterThan(2);
    await second.stop();
    clock += 6000;
    await runtime.crash.tick();
  });

  it('sends each phase to the pages before the deliveries run, even when the deliveries fail', async () => {
    // A loop whose wallet deliveries fail outright; it takes the phases over once the lease lapses.
    const failing = new (class extends CrashGame {
      override recover(): Promise<never> {
        return Promise.reject(new Error('wallet unreachable'));
      }
    })(runtime.deps, TIMING);
    const heard: string[] = [];
    const off = failing.subscribe((message) => {
      const r = (JSON.parse(message) as { data: { round: { id: number; phase: string } | null } }).data.round;
      if (r && heard.at(-1) !== `${r.id}:${r.phase}`) heard.push(`${r.id}:${r.phase}`);
    });
    try {
      clock += 6000;
      await failing.tick().catch(() => undefined);
      const steps: string[] = [];
      for (let i = 0; i < 4; i++) {
        const r = await current();
        steps.push(`${r.id}:${r.phase}`);
        clock = Math.max(clock, crashPhaseEnd(r, TIMING.pauseMs));
        await failing.tick().catch(() => undefined);
      }
      const last = await current();
      steps.push(`${last.id}:${last.phase}`);
      expect(heard.slice(-steps.length)).toEqual(steps);
      expect(steps.some((x) => x.endsWith(':crashed'))).toBe(true);
    } finally {
      off();
      await failing.stop();
      clock += 6000;
      await runtime.crash.tick();
    }
  });

  it('takes rounds down the chain: each hash links to the previous one and gives its crash point', async () => {
    for (let i = 0; i < 12; i++) await step();
    const rounds = await runtime.db
      .selectFrom('studio_crash_rounds')
      .selectAll()
      .where('phase', '=', 'crashed')
      .orderBy('id')
      .execute();
    expect(rounds.length).toBeGreaterThan(3);
    const chain = await runtime.db
      .selectFrom('studio_crash_chains')
      .selectAll()
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const first = rounds.find((r) => r.chain_index === 0);
    expect(first && verifyChainLink(first.round_hash, chain.terminating_hash)).toBe(true);
    for (const r of rounds) {
      expect(verifyChainLink(r.round_hash, r.previous_hash)).toBe(true);
      expect(verifyCrash({ hash: r.round_hash }).crashPoint).toBe(r.crash_point);
    }
    const res = await app.inject({ method: 'POST', url: '/studio/api/crash/verify', payload: { hash: 'zz' } });
    expect(res.statusCode).toBe(400);
    // A name tag, never digits of the member number such as '2***'.
    expect(maskPlayer('23')).toMatch(/^Player [A-Z2-9]{4}$/);
    expect(maskPlayer('23')).toBe(maskPlayer('23'));
    expect(maskPlayer('23')).not.toBe(maskPlayer('24'));
    expect(maskPlayer('123456')).not.toMatch(/[0-9]{2}|\*/);
    expect(maskPlayer('trial:abcdef')).toMatch(/^Guest [A-Z2-9]{4}$/);
  });

  it('idles while nobody watches and no round is under way, and resumes when someone watches', async () => {
    stopWatching();
    try {
      // The round under way still finishes without a watcher; then no new round starts.
      for (let i = 0; i < 4 && (await current()).phase !== 'crashed'; i++) await step();
      const last = await current();
      expect(last.phase).toBe('crashed');
      for (let i = 0; i < 3; i++) {
        clock += 60_000;
        await runtime.crash.tick();
      }
      expect((await current()).id).toBe(last.id);
      // A timer-driven loop (another process) with nobody watching looks for work only every
      // idlePollMs: one pass's few queries in 400 ms instead of one pass every 10 ms. The idle poll
      // is a minute here, so a round that starts within the next seconds can only be the wake's
      // doing, however slow the machine is.
      const counted = countingDeps(runtime.deps);
      const timed = new CrashGame(counted.deps, { ...TIMING, tickMs: 10, idlePollMs: 60_000 });
      timed.start();
      try {
        await new Promise((resolve) => setTimeout(resolve, 400));
        expect(counted.queries()).toBeGreaterThan(0);
        expect(counted.queries()).toBeLessThan(10);
        expect((await current()).id).toBe(last.id);
        // A page polls on that process: the loop wakes at once (its next idle look is a minute
        // away) and starts a round with a full betting phase.
        timed.watch();
        await expect.poll(async () => (await current()).id, { timeout: 5000, interval: 10 }).not.toBe(last.id);
        const next = await current();
        expect(next.phase).toBe('betting');
        expect(new Date(next.betting_ends_at).getTime()).toBe(clock + TIMING.bettingMs);
      } finally {
        await timed.stop();
      }
    } finally {
      stopWatching = runtime.crash.subscribe(() => undefined);
    }
    // This process's watcher is back: its loop (the lease let go by the stopped one) runs the round on.
    const r = await current();
    clock = Math.max(clock, new Date(r.betting_ends_at).getTime());
    await runtime.crash.tick();
    expect(await current()).toMatchObject({ id: r.id, phase: 'running' });
  });
});

/** The deps with a database that counts the queries started through it. */
function countingDeps(deps: RoundDeps) {
  let queries = 0;
  const counted = new Set(['selectFrom', 'updateTable', 'insertInto', 'deleteFrom', 'transaction']);
  const db = new Proxy(deps.db, {
    get(target, prop) {
      if (typeof prop === 'string' && counted.has(prop)) queries++;
      const value = Reflect.get(target, prop, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return { deps: { ...deps, db }, queries: () => queries };
}
