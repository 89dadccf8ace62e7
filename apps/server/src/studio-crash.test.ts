import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multiplierAt, timeToMultiplier } from '../../studio/src/casino/engines';
import type { StudioRuntime } from '../../studio/src/plugin';
import { verifyLedger } from './modules/ledger/ledger.service';
import type { TestApp } from './test/harness';
import { platformBalance as balanceOfMember, launchAs, mountStudio, studioApi, WebSocket } from './test/studio-fixture';

// The crash game of the house studio, mounted as `npm start` does, paying through the real signed
// vendor wallet API over loopback. The round loop runs on a clock the test moves (no timer), so every
// phase change and every cash-out happens at a known multiplier.

let t: TestApp;
let studio: StudioRuntime;
let base: string;
let clock = Date.now();
// Fault injection on the studio's wallet calls: run something while the platform answers (the
// round moves on), or lose the answer after the platform processed the call.
let calls: string[];
let whileAnswering: Map<string, () => Promise<void>>;
let dropAnswers: Set<string>;

const BETTING_MS = 1000;
const PAUSE_MS = 500;

beforeAll(async () => {
  ({ t, studio, base, calls, whileAnswering, dropAnswers } = await mountStudio({
    now: () => new Date(clock),
    crash: { bettingMs: BETTING_MS, pauseMs: PAUSE_MS, tickMs: 0, chainLength: 200 },
  }));
  // The loop runs rounds only while someone watches: the test watches as a page's socket would.
  studio.crash.subscribe(() => undefined);
});
afterAll(() => t.close());

/** A funded member who launched the crash tile from the lobby: their game token. */
async function launched(amount: number) {
  const game = await t.ctx.db
    .selectFrom('games')
    .select('node_id')
    .where('vendor_code', '=', 'PT')
    .where('game_code', '=', 'CRASH-001')
    .executeTakeFirstOrThrow();
  return launchAs(t, Number(game.node_id), amount, '/rng');
}

const api = (token: string, method: 'GET' | 'POST', url: string, payload?: unknown) =>
  studioApi(t, token, method, url, payload);
const platformBalance = (memberId: number) => balanceOfMember(t, memberId);

async function currentRound() {
  return studio.db.selectFrom('studio_crash_rounds').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
}

/** Runs the loop until a round in its betting phase has a crash point of at least `min` (hundredths). */
async function bettingRoundCrashingAbove(min: number) {
  for (let i = 0; i < 60; i++) {
    await studio.crash.tick();
    const r = await currentRound();
    if (r.phase === 'betting' && r.crash_point >= min && clock < new Date(r.betting_ends_at).getTime()) return r;
    if (r.phase === 'betting') clock = new Date(r.betting_ends_at).getTime();
    else if (r.phase === 'running') clock = new Date(r.crash_at ?? 0).getTime();
    else clock = new Date(r.crashed_at ?? 0).getTime() + PAUSE_MS;
  }
  throw new Error('no round with a high enough crash point');
}

async function walletRound(betId: string) {
  return t.ctx.db.selectFrom('vendor_rounds').selectAll().where('round_id', '=', betId).executeTakeFirst();
}

async function wins(betId: string) {
  return t.ctx.db
    .selectFrom('vendor_transactions')
    .select('amount')
    .where('round_id', '=', betId)
    .where('kind', '=', 'win')
    .execute();
}

describe('crash game of the house studio', () => {
  it('plays a round with three players: a cash-out paid once, an auto cash-out, a loss and a late cash-out', async () => {
    const a = await launched(100_000);
    const b = await launched(100_000);
    const c = await launched(100_000);
    const round = await bettingRoundCrashingAbove(200);

    const betA = await api(a.token, 'POST', '/api/crash/bet', { bet: { amount: 1000 } });
    expect(betA.statusCode, betA.body).toBe(200);
    expect(betA.json().balance).toBe(99_000);
    expect((await api(b.token, 'POST', '/api/crash/bet', { bet: { amount: 2000 } })).statusCode).toBe(200);
    expect((await api(c.token, 'POST', '/api/crash/bet', { bet: { amount: 1500, autoCashout: 150 } })).statusCode).toBe(
      200,
    );
    // One bet per player and round; bad bets are refused and take nothing.
    expect((await api(a.token, 'POST', '/api/crash/bet', { bet: { amount: 1000 } })).json().error.code).toBe(
      'STUDIO_CRASH_ALREADY_BET',
    );
    for (const bet of [{ amount: 0 }, { amount: 10, autoCashout: 100 }, { amount: 1.5 }, 'x']) {
      const res = await api(b.token, 'POST', '/api/crash/bet', { bet });
      expect(res.statusCode, JSON.stringify(bet)).toBe(400);
      expect(res.json().error.code).toBe('STUDIO_BAD_BET');
    }
    // Cash-out before the multiplier rises is refused.
    expect((await api(a.token, 'POST', '/api/crash/cashout')).json().error.code).toBe('STUDIO_CRASH_NOT_RUNNING');

    // The round starts; A cashes out at 1.25x (the server's receipt time decides the multiplier).
    clock = new Date(round.betting_ends_at).getTime();
    await studio.crash.tick();
    const running = await currentRound();
    expect(running.phase).toBe('running');
    const started = new Date(running.started_at ?? 0).getTime();
    clock = started + timeToMultiplier(125) + 3;
    const m = multiplierAt(clock - started);
    const out = await api(a.token, 'POST', '/api/crash/cashout');
    expect(out.statusCode, out.body).toBe(200);
    const paid = Math.floor((1000 * m) / 100);
    expect(out.json()).toMatchObject({ bet: { cashout: m, win: paid, status: 'closed' }, winPending: false });
    expect(out.json().balance).toBe(100_000 - 1000 + paid);
    // Pressing again answers the same cash-out and pays nothing more.
    const again = await api(a.token, 'POST', '/api/crash/cashout');
    expect(again.json().bet).toMatchObject({ cashout: m, win: paid });

    // Bets are closed while the multiplier rises.
    const late = await launched(10_000);
    expect((await api(late.token, 'POST', '/api/crash/bet', { bet: { amount: 100 } })).json().error.code).toBe(
      'STUDIO_CRASH_BETTING_CLOSED',
    );
    expect(await platformBalance(late.memberId)).toBe(10_000);

    // The loop passes 1.60x: C's auto cash-out pays at its own target, 1.50x.
    clock = started + timeToMultiplier(160);
    await studio.crash.tick();

    // B presses cash out after the crash time, before the loop noticed the crash: it loses.
    clock = new Date(running.crash_at ?? 0).getTime() + 1;
    const tooLate = await api(b.token, 'POST', '/api/crash/cashout');
    expect(tooLate.statusCode).toBe(409);
    expect(tooLate.json().error.code).toBe('STUDIO_CRASH_TOO_LATE');
    await studio.crash.tick();
    const crashed = await currentRound();
    expect(crashed).toMatchObject({ id: round.id, phase: 'crashed', crash_point: round.crash_point });

    const bets = await studio.db
      .selectFrom('studio_crash_bets')
      .select(['bet_id', 'player', 'amount', 'win', 'cashout', 'status'])
      .where('crash_round_id', '=', round.id)
      .execute();
    const of = (memberId: number) => {
      const found = bets.find((x) => x.player === String(memberId));
      if (!found) throw new Error(`no bet of ${memberId}`);
      return found;
    };
    expect(of(a.memberId)).toMatchObject({ win: paid, cashout: m, status: 'closed' });
    expect(of(b.memberId)).toMatchObject({ win: 0, cashout: null, status: 'closed' });
    expect(of(c.memberId)).toMatchObject({ win: 2250, cashout: 150, status: 'closed' });
    for (const [p, stake, win] of [
      [a, 1000, paid],
      [b, 2000, 0],
      [c, 1500, 2250],
    ] as const) {
      const bet = of(p.memberId);
      expect(await platformBalance(p.memberId)).toBe(100_000 - stake + win);
      expect(await walletRound(bet.bet_id)).toMatchObject({ status: 'closed', bet_amount: stake, win_amount: win });
      const w = await wins(bet.bet_id);
      expect(w).toHaveLength(1);
      expect(w[0]?.amount).toBe(win);
    }
    expect((await verifyLedger(t.ctx.db)).ok).toBe(true);

    // The page's view: the result with the round hash, which the verifier checks against the chain.
    const view = (await api(a.token, 'GET', '/api/crash')).json();
    expect(view.state.round).toMatchObject({ id: round.id, phase: 'crashed', crashPoint: round.crash_point });
    expect(view.state.round.hash).toBe(round.round_hash);
    expect(view.state.bets.map((x: { player: string }) => x.player)).not.toContain(String(a.memberId));
    expect(view.mine[0]).toMatchObject({ cashout: m, win: paid });
    const verify = await t.app.inject({
      method: 'POST',
      url: '/studio/api/crash/verify',
      payload: { hash: view.state.round.hash, previousHash: view.state.round.previousHash },
    });
    expect(verify.statusCode, verify.body).toBe(200);
    expect(verify.json()).toMatchObject({ crashPoint: round.crash_point, linkMatches: true });
    const forged = await t.app.inject({
      method: 'POST',
      url: '/studio/api/crash/verify',
      payload: { hash: view.state.round.previousHash, previousHash: view.state.round.hash },
    });
    expect(forged.json().linkMatches).toBe(false);
  });

  it('rolls back a bet whose wallet answer arrives after betting closed, and retries a lost win once', async () => {
    const p = await launched(50_000);
    let round = await bettingRoundCrashingAbove(101);
    // The platform takes the stake, but by the time its answer is back the round is running.
    whileAnswering.set('bet', async () => {
      clock = new Date(round.betting_ends_at).getTime();
      await studio.crash.tick();
    });
    const late = await api(p.token, 'POST', '/api/crash/bet', { bet: { amount: 3000 } });
    expect(late.statusCode).toBe(409);
    expect(late.json().error.code).toBe('STUDIO_CRASH_BETTING_CLOSED');
    const rolled = await studio.db
      .selectFrom('studio_crash_bets')
      .select(['bet_id', 'status'])
      .where('player', '=', String(p.memberId))
      .executeTakeFirstOrThrow();
    expect(rolled.status).toBe('rolled_back');
    expect((await walletRound(rolled.bet_id))?.status).toBe('rolled_back');
    expect(await platformBalance(p.memberId)).toBe(50_000);

    // A win whose answer is lost stays owed and is delivered by the retries, exactly once.
    round = await bettingRoundCrashingAbove(101);
    expect((await api(p.token, 'POST', '/api/crash/bet', { bet: { amount: 1000, autoCashout: 101 } })).statusCode).toBe(
      200,
    );
    clock = new Date(round.betting_ends_at).getTime();
    await studio.crash.tick();
    dropAnswers.add('win');
    try {
      clock = new Date((await currentRound()).crash_at ?? 0).getTime();
      await studio.crash.tick();
    } finally {
      dropAnswers.delete('win');
    }
    const owed = await studio.db
      .selectFrom('studio_crash_bets')
      .select(['bet_id', 'status', 'win', 'attempts'])
      .where('crash_round_id', '=', round.id)
      .where('player', '=', String(p.memberId))
      .executeTakeFirstOrThrow();
    expect(owed).toMatchObject({ status: 'settling', win: 1010 });
    expect(owed.attempts).toBeGreaterThan(0);
    clock += 60_000;
    expect((await studio.crash.recover()).delivered).toBeGreaterThanOrEqual(1);
    clock += 60_000;
    await studio.crash.recover();
    expect(await wins(owed.bet_id)).toHaveLength(1);
    expect(await platformBalance(p.memberId)).toBe(50_000 - 1000 + 1010);
    expect((await verifyLedger(t.ctx.db)).ok).toBe(true);
  });

  it('pushes the round state to pages over the WebSocket', async () => {
    const ws = new WebSocket(`${base.replace('http', 'ws')}/studio/ws/crash`);
    const messages: { type: string; data: { round: { id: number; phase: string } | null } }[] = [];
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no state message')), 5000);
      ws.on('error', (err) => reject(err as Error));
      ws.on('message', (data) => {
        messages.push(JSON.parse(String(data)));
        clearTimeout(timer);
        resolve();
      });
    });
    expect(messages[0]?.type).toBe('state');
    const before = messages.length;
    const r = await currentRound();
    clock = Math.max(clock, new Date(r.crashed_at ?? r.betting_ends_at).getTime() + PAUSE_MS);
    await studio.crash.tick();
    await studio.crash.tick();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(messages.length).toBeGreaterThan(before);
    expect(messages.at(-1)?.data.round).not.toBeNull();
    ws.close();
  });

  it('plays trial sessions on the demo balance without calling the wallet', async () => {
    const token = randomBytes(32).toString('base64url');
    const page = await t.app.inject({
      method: 'GET',
      url: `/studio/play?token=${token}&game=CRASH-001&vendor=PT&mode=trial`,
    });
    expect(page.statusCode, page.body).toBe(200);
    const before = calls.length;
    const round = await bettingRoundCrashingAbove(101);
    const start = (await api(token, 'GET', '/api/crash')).json().balance as number;
    const bet = await api(token, 'POST', '/api/crash/bet', { bet: { amount: 500, autoCashout: 101 } });
    expect(bet.statusCode, bet.body).toBe(200);
    expect(bet.json().balance).toBe(start - 500);
    clock = new Date(round.betting_ends_at).getTime();
    await studio.crash.tick();
    const running = await currentRound();
    clock = new Date(running.crash_at ?? 0).getTime();
    await studio.crash.tick();
    const after = (await api(token, 'GET', '/api/crash')).json();
    expect(after.mine[0]).toMatchObject({ cashout: 101, win: 505, status: 'closed' });
    expect(after.balance).toBe(start - 500 + 505);
    expect(calls.length).toBe(before);
  });
});
