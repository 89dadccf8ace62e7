import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineKindOf } from '../kit/game-map';
import type { StudioRuntime } from '../plugin';
import {
  crashPhaseEnd,
  gameApi,
  newestCrashRound,
  openTrial,
  startStudioAlone,
  throwawayDatabase,
  WebSocket,
  type WsClient,
} from '../standalone-fixture';
import { multiplierAt, timeToMultiplier } from './engines';

// Bets and cash-outs over the crash page's WebSocket (/studio/ws/crash?token=), through the real
// socket of the studio running alone, on the demo balance: the answers carry the HTTP API's bodies
// and error codes, a cash-out sent twice at once (and once more over HTTP) pays once, a malformed
// message changes nothing, and a socket opened with another game's session cannot play crash.
// On PGlite by default; on a throwaway database of TEST_DATABASE_URL's server when it is set (there
// the concurrent requests really run side by side).

let app: FastifyInstance;
let runtime: StudioRuntime;
let wsBase: string;
let httpBase: string;
let clock = Date.now();
let dropDatabase: (() => Promise<void>) | undefined;
const TIMING = { bettingMs: 1000, pauseMs: 500, tickMs: 0, chainLength: 50 };

beforeAll(async () => {
  const database = await throwawayDatabase('gh_crashws');
  dropDatabase = database.drop;
  const databaseUrl = database.url;
  let base: string;
  ({ app, runtime, base } = await startStudioAlone({ now: () => new Date(clock), crash: TIMING, databaseUrl }));
  httpBase = base;
  wsBase = base.replace('http', 'ws');
  // The loop runs rounds only while watched, as a page's socket does.
  runtime.crash.subscribe(() => undefined);
  await runtime.crash.tick();
});
afterAll(async () => {
  await app.close();
  await dropDatabase?.();
});

type Answer = {
  type: string;
  id: string | null;
  ok: boolean;
  error?: { code: string; message: string; detail: unknown };
  bet?: { betId: string; amount: number; cashout: number | null; win: number; status: string };
  balance?: number | null;
  winPending?: boolean;
};

/** A page's socket: `send` answers the next non-state message (the answer to what it sent). */
async function openSocket(token?: string, lang?: string) {
  const query = new URLSearchParams();
  if (token) query.set('token', token);
  if (lang !== undefined) query.set('lang', lang);
  const ws: WsClient = new WebSocket(`${wsBase}/studio/ws/crash${query.size ? `?${query}` : ''}`);
  const answers: Answer[] = [];
  const waiting: ((a: Answer) => void)[] = [];
  ws.on('message', (data) => {
    const msg = JSON.parse(String(data)) as Answer;
    if (msg.type === 'state') return;
    const next = waiting.shift();
    if (next) next(msg);
    else answers.push(msg);
  });
  await new Promise((resolve, reject) => {
    ws.on('open', resolve);
    ws.on('error', reject);
  });
  const next = () =>
    new Promise<Answer>((resolve, reject) => {
      const ready = answers.shift();
      if (ready) return resolve(ready);
      const timer = setTimeout(() => reject(new Error('no answer')), 5000);
      waiting.push((a) => {
        clearTimeout(timer);
        resolve(a);
      });
    });
  const raw = (text: string) => (ws as unknown as { send(data: string): void }).send(text);
  return {
    raw,
    next,
    send: (message: unknown) => {
      raw(JSON.stringify(message));
      return next();
    },
    close: () =>
      new Promise((resolve) => {
        ws.on('close', resolve);
        ws.close();
      }),
  };
}

const current = () => newestCrashRound(runtime);

/** Moves the clock to the end of the current phase and ticks. */
async function step() {
  clock = Math.max(clock, crashPhaseEnd(await current(), TIMING.pauseMs));
  await runtime.crash.tick();
}

/** Steps to a betting phase of a round that crashes at `min` or later. */
async function bettingRound(min = 100) {
  let r = await current();
  while (!(r.phase === 'betting' && r.crash_point >= min && clock < new Date(r.betting_ends_at).getTime())) {
    await step();
    r = await current();
  }
  return r;
}

const balanceOf = async (token: string) => (await gameApi(app, token, 'GET', '/api/crash')).json().balance as number;
const betCount = async () =>
  Number(
    (
      await runtime.db
        .selectFrom('studio_crash_bets')
        .select((e) => e.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('crash over the WebSocket', () => {
  it('places a bet: the answer is the HTTP body, the demo balance moves, a second bet is refused as over HTTP', async () => {
    await bettingRound();
    const token = await openTrial(app, 'CRASH-001');
    const start = await balanceOf(token);
    const page = await openSocket(token);
    const placed = await page.send({ type: 'bet', id: 'b1', amount: 500, autoCashout: 250 });
    expect(placed).toMatchObject({
      type: 'bet-result',
      id: 'b1',
      ok: true,
      bet: { amount: 500, autoCashout: 250, status: 'open' },
      balance: start - 500,
    });
    expect(await balanceOf(token)).toBe(start - 500);
    const mine = (await gameApi(app, token, 'GET', '/api/crash')).json().mine as { betId: string }[];
    expect(mine[0]?.betId).toBe(placed.bet?.betId);

    const again = await page.send({ type: 'bet', id: 'b2', amount: 500 });
    const overHttp = await gameApi(app, token, 'POST', '/api/crash/bet', { bet: { amount: 500 } });
    expect(again).toMatchObject({ type: 'bet-result', id: 'b2', ok: false });
    expect(again.error?.code).toBe(overHttp.json().error.code);
    expect(again.error?.code).toBe('STUDIO_CRASH_ALREADY_BET');
    // A cash-out before the multiplier rises: the HTTP API's refusal.
    expect((await page.send({ type: 'cashout', id: 'c0' })).error?.code).toBe('STUDIO_CRASH_NOT_RUNNING');
    expect(await balanceOf(token)).toBe(start - 500);
    await page.close();
  });

  it('cashes out during the rise: two cash-outs at once on the socket and one over HTTP pay once', {
    tags: ['postgres'],
  }, async () => {
    const round = await bettingRound(200);
    const token = await openTrial(app, 'CRASH-001');
    const start = await balanceOf(token);
    const page = await openSocket(token);
    const second = await openSocket(token);
    expect((await page.send({ type: 'bet', id: 'bet', amount: 1000 })).ok).toBe(true);
    await step();
    const running = await current();
    expect(running).toMatchObject({ id: round.id, phase: 'running' });
    const started = new Date(running.started_at ?? 0).getTime();
    clock = started + timeToMultiplier(150) + 1;
    const m = multiplierAt(clock - started);
    const win = Math.floor((1000 * m) / 100);

    // All four leave at once over loopback (the HTTP one too, not injected in-process, which would
    // finish before the socket frames arrive): the two frames of one socket reach the server in the
    // same tick, so their cash-outs both find the bet open.
    const [a, b, c, viaHttp] = await Promise.all([
      page.send({ type: 'cashout', id: 'x1' }),
      page.send({ type: 'cashout', id: 'x2' }),
      second.send({ type: 'cashout', id: 'x3' }),
      fetch(`${httpBase}/studio/api/crash/cashout`, { method: 'POST', headers: { 'x-game-token': token } }),
    ]);
    for (const answer of [a, b, c]) {
      expect(answer).toMatchObject({ type: 'cashout-result', ok: true, bet: { cashout: m, win }, winPending: false });
    }
    expect(new Set([a.id, b.id, c.id])).toEqual(new Set(['x1', 'x2', 'x3']));
    expect(await viaHttp.json()).toMatchObject({ bet: { cashout: m, win } });
    expect(await balanceOf(token)).toBe(start - 1000 + win);
    // Later repeats answer the same settled bet and pay nothing more.
    clock += 500;
    expect((await page.send({ type: 'cashout', id: 'x4' })).bet).toMatchObject({ cashout: m, win });
    expect(await balanceOf(token)).toBe(start - 1000 + win);
    await page.close();
    await second.close();
  });

  it('races a bet and a cash-out: the bet stands, the cash-out is refused, the balance moves once', {
    tags: ['postgres'],
  }, async () => {
    await bettingRound();
    const token = await openTrial(app, 'CRASH-001');
    const start = await balanceOf(token);
    const page = await openSocket(token);
    const [bet, cash] = await Promise.all([
      page.send({ type: 'bet', id: 'rb', amount: 300 }),
      page.send({ type: 'cashout', id: 'rc' }),
    ]);
    const byId = new Map([bet, cash].map((x) => [x.id, x]));
    expect(byId.get('rb')).toMatchObject({ type: 'bet-result', ok: true });
    expect(['STUDIO_CRASH_NO_BET', 'STUDIO_CRASH_NOT_RUNNING']).toContain(byId.get('rc')?.error?.code);
    expect(await balanceOf(token)).toBe(start - 300);
    await page.close();
  });

  it('answers a malformed message with an error and changes nothing', async () => {
    await bettingRound();
    const token = await openTrial(app, 'CRASH-001');
    const start = await balanceOf(token);
    const bets = await betCount();
    const page = await openSocket(token);
    page.raw('not json');
    expect(await page.next()).toMatchObject({
      type: 'error',
      id: null,
      ok: false,
      error: { code: 'STUDIO_BAD_REQUEST' },
    });
    expect(await page.send({ type: 'deposit', id: 'd1', amount: 100 })).toMatchObject({
      type: 'error',
      id: 'd1',
      ok: false,
      error: { code: 'STUDIO_BAD_REQUEST' },
    });
    expect(await page.send({ type: 'bet', amount: 100 })).toMatchObject({
      type: 'bet-result',
      id: null,
      ok: false,
      error: { code: 'STUDIO_BAD_REQUEST', detail: { fields: ['id'] } },
    });
    expect(await page.send({ type: 'cashout', id: 'x'.repeat(65) })).toMatchObject({
      type: 'cashout-result',
      id: null,
      error: { code: 'STUDIO_BAD_REQUEST' },
    });
    // The bet's own fields are the game's to check: the HTTP API's code.
    const bad = await page.send({ type: 'bet', id: 'm1', amount: 'lots' });
    const badHttp = await gameApi(app, token, 'POST', '/api/crash/bet', { bet: { amount: 'lots' } });
    expect(bad).toMatchObject({ type: 'bet-result', id: 'm1', ok: false, error: { code: 'STUDIO_BAD_BET' } });
    expect(badHttp.json().error.code).toBe('STUDIO_BAD_BET');
    expect(await page.send({ type: 'bet', id: 'm2', amount: 100, autoCashout: 100 })).toMatchObject({
      ok: false,
      error: { code: 'STUDIO_BAD_BET' },
    });
    expect(await balanceOf(token)).toBe(start);
    expect(await betCount()).toBe(bets);
    // The socket is still usable afterwards.
    expect((await page.send({ type: 'bet', id: 'ok', amount: 100 })).ok).toBe(true);
    await page.close();
  });

  it("refuses requests from a socket without a session or with a table's or a slot's session", async () => {
    await bettingRound();
    const bets = await betCount();
    let live = `LIVE-${100 + Math.floor(Math.random() * 1000) * 7}`;
    while (engineKindOf({ vendor: 'PT', gameCode: live }) !== 'baccarat') live = `LIVE-${Number(live.slice(5)) + 1}`;
    const table = await openTrial(app, live);
    const slot = await openTrial(app, 'SLOT-00001');
    for (const token of [table, slot]) {
      const start = (await gameApi(app, token, 'GET', '/api/session')).json().balance as number;
      const page = await openSocket(token);
      const bet = await page.send({ type: 'bet', id: 'n1', amount: 100 });
      expect(bet).toMatchObject({ type: 'bet-result', id: 'n1', ok: false, error: { code: 'STUDIO_NOT_SUPPORTED' } });
      expect((await page.send({ type: 'cashout', id: 'n2' })).error?.code).toBe('STUDIO_NOT_SUPPORTED');
      expect((await gameApi(app, token, 'GET', '/api/session')).json().balance).toBe(start);
      await page.close();
    }
    const anonymous = await openSocket();
    expect((await anonymous.send({ type: 'bet', id: 'a1', amount: 100 })).error?.code).toBe('STUDIO_SESSION_REQUIRED');
    await anonymous.close();
    const forged = await openSocket(randomBytes(32).toString('base64url'));
    expect((await forged.send({ type: 'cashout', id: 'f1' })).error?.code).toBe('STUDIO_SESSION_INVALID');
    await forged.close();
    expect(await betCount()).toBe(bets);
  });

  it("words its refusals in the session's language (Filipino for TY), the page's before that, the codes unchanged", async () => {
    await bettingRound();
    // The session's language wins over the socket's: a TY launch hears Filipino on an EN socket.
    const token = await openTrial(app, 'CRASH-001', 'PT', 'TY');
    const page = await openSocket(token, 'EN');
    expect((await page.send({ type: 'bet', id: 't1', amount: 100 })).ok).toBe(true);
    const again = await page.send({ type: 'bet', id: 't2', amount: 100 });
    expect(again.error).toMatchObject({ code: 'STUDIO_CRASH_ALREADY_BET', message: 'May taya ka na sa round na ito' });
    await page.close();
    const anonymous = await openSocket(undefined, 'TY');
    anonymous.raw('not json');
    expect((await anonymous.next()).error).toMatchObject({
      code: 'STUDIO_BAD_REQUEST',
      message: 'Hindi JSON ang mensahe',
    });
    expect((await anonymous.send({ type: 'bet', id: 'a1', amount: 100 })).error).toMatchObject({
      code: 'STUDIO_SESSION_REQUIRED',
      message: 'Walang session ng laro: buksan muli ang laro mula sa lobby',
    });
    await anonymous.close();
    const hostile = '<b>TY</b>';
    const probe = await openSocket(undefined, hostile);
    const refused = await probe.send({ type: 'bet', id: 'h1', amount: 100 });
    expect(refused.error).toMatchObject({
      code: 'STUDIO_SESSION_REQUIRED',
      message: 'The game session is missing: reopen the game from the lobby',
    });
    expect(JSON.stringify(refused)).not.toContain('<b>');
    await probe.close();
  });
});
