import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { instantEngineFor } from '../../studio/src/casino/engine-registry';
import { createFairRng } from '../../studio/src/kit/fair/fair-rng';
import type { StudioRuntime } from '../../studio/src/plugin';
import { verifyLedger } from './modules/ledger/ledger.service';
import type { TestApp } from './test/harness';
import { platformBalance as balanceOfMember, launchAs, mountStudio, studioApi } from './test/studio-fixture';

// The house studio mounted in the platform as `npm start` does, talking to the real vendor wallet
// API over loopback HTTP (apps/studio never imports the server; this test, in the server, may).

let t: TestApp;
let studio: StudioRuntime;
let studioOffset = 0;
// Fault injection on the studio's outgoing wallet calls: the request reaches the platform, but the
// answer is "lost" for the kinds listed here.
let dropAnswers: Set<string>;
let calls: string[];

beforeAll(async () => {
  ({ t, studio, dropAnswers, calls } = await mountStudio({ now: () => new Date(Date.now() + studioOffset) }));
});
afterAll(() => t.close());

async function slotGame(vendor = 'PT', gameType = 'RNG') {
  const row = await t.ctx.db
    .selectFrom('games')
    .select(['node_id', 'game_code'])
    .where('game_type', '=', gameType)
    .where('vendor_code', '=', vendor)
    .where('status', '=', 'active')
    .orderBy('node_id')
    .limit(1)
    .executeTakeFirstOrThrow();
  return { nodeId: Number(row.node_id), gameCode: row.game_code };
}

/** A funded member who launched a slot: the studio URL and token, as the lobby would open them. */
async function launched(amount: number, vendor = 'PT', gameType = 'RNG') {
  const game = await slotGame(vendor, gameType);
  const p = await launchAs(t, game.nodeId, amount, '/rng');
  expect(p.page).toContain('/studio/assets/play.js');
  return { memberId: p.memberId, token: p.token, gameCode: game.gameCode };
}

const api = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  studioApi(t, token, method, url, payload);

/** The member's instant rounds in the studio. */
const roundsOf = (memberId: number) =>
  studio.db.selectFrom('studio_rounds').select('id').where('player', '=', String(memberId)).execute();

type Answer = {
  round: { roundId: string; stake: number; win: number; pendingSteps: number; status: string };
  balance: number;
  winPending: boolean;
};

/** Plays a paid round and every free spin it owes. */
async function playFull(token: string, bet: unknown): Promise<Answer> {
  const res = await api(token, 'POST', '/api/round', { bet });
  expect(res.statusCode, res.body).toBe(200);
  let answer = res.json() as Answer;
  while (answer.round.pendingSteps > 0) {
    const step = await api(token, 'POST', `/api/round/${answer.round.roundId}/step`);
    expect(step.statusCode, step.body).toBe(200);
    answer = step.json() as Answer;
  }
  return answer;
}

const platformBalance = (memberId: number) => balanceOfMember(t, memberId);

async function platformRound(roundId: string) {
  return t.ctx.db.selectFrom('vendor_rounds').selectAll().where('round_id', '=', roundId).executeTakeFirst();
}

async function winTransactions(roundId: string) {
  return t.ctx.db
    .selectFrom('vendor_transactions')
    .select(['kind', 'amount'])
    .where('round_id', '=', roundId)
    .where('kind', '=', 'win')
    .execute();
}

describe('house studio mounted under /studio', () => {
  it("keeps the studio's own routes out of the platform's API document, which still lists its own", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/docs/json' });
    const paths = Object.keys((res.json() as { paths: Record<string, unknown> }).paths);
    expect(paths).toContain('/wps/session/login');
    expect(paths.filter((p) => p.startsWith('/studio'))).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: '/studio/healthz' })).statusCode).toBe(200);
  });

  it('plays real rounds through the signed wallet API: the balance moves by each recorded net', async () => {
    const p = await launched(100_000);
    const session = await api(p.token, 'GET', '/api/session');
    expect(session.statusCode, session.body).toBe(200);
    const info = session.json();
    expect(info).toMatchObject({
      mode: 'real',
      engine: 'slot',
      gameCode: p.gameCode,
      currency: 'PHP',
      balance: 100_000,
    });
    expect(info.fairness.serverSeedHash).toMatch(/^[0-9a-f]{64}$/);

    let expected = 100_000;
    for (let i = 0; i < 12; i++) {
      const a = await playFull(p.token, { coin: 2 });
      expect(a.winPending).toBe(false);
      expect(a.round.status).toBe('closed');
      expected += a.round.win - a.round.stake;
      expect(a.balance).toBe(expected);
      const pr = await platformRound(a.round.roundId);
      expect(pr).toMatchObject({ status: 'closed', bet_amount: a.round.stake, win_amount: a.round.win });
    }
    expect(await platformBalance(p.memberId)).toBe(expected);

    const history = await api(p.token, 'GET', '/api/history?limit=50');
    expect(history.json().rounds).toHaveLength(12);
    expect((await verifyLedger(t.ctx.db)).ok).toBe(true);
  });

  it('refuses a bet above the balance with a clear error and records nothing', async () => {
    const p = await launched(5);
    const res = await api(p.token, 'POST', '/api/round', { bet: { coin: 1 } });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.code).toBe('STUDIO_INSUFFICIENT_FUNDS');
    expect(await roundsOf(p.memberId)).toHaveLength(0);
    expect(await platformBalance(p.memberId)).toBe(5);
  });

  it('refuses an instant round of a LIVE code (its table is the only way to play it): nothing is taken', async () => {
    const p = await launched(10_000, 'AG', 'LIVE');
    const info = (await api(p.token, 'GET', '/api/session')).json();
    expect(['baccarat', 'roulette']).toContain(info.engine);
    const before = calls.length;
    const res = await api(p.token, 'POST', '/api/round', { bet: info.defaultBet });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.code).toBe('STUDIO_LIVE_TABLE_ONLY');
    expect(calls.slice(before)).not.toContain('bet');
    expect(await roundsOf(p.memberId)).toHaveLength(0);
    expect(await platformBalance(p.memberId)).toBe(10_000);
  });

  it('refuses bad input: bets, tokens, launch links, seeds', async () => {
    const p = await launched(10_000);
    for (const bet of [{ coin: -1 }, { coin: 1.5 }, { coin: 'x' }, 'spin', null, { stake: 3 }]) {
      const res = await api(p.token, 'POST', '/api/round', { bet });
      expect(res.statusCode, JSON.stringify(bet)).toBe(400);
      expect(res.json().error.code).toBe('STUDIO_BAD_BET');
    }
    expect((await api('', 'GET', '/api/session')).json().error.code).toBe('STUDIO_SESSION_REQUIRED');
    expect((await api('x'.repeat(40), 'GET', '/api/session')).statusCode).toBe(401);
    const badLaunch = await t.app.inject({ method: 'GET', url: '/studio/play?token=short&game=SLOT-00001&vendor=PT' });
    expect(badLaunch.statusCode).toBe(400);
    const forged = await t.app.inject({
      method: 'GET',
      url: `/studio/play?token=${'a'.repeat(43)}&game=${p.gameCode}&vendor=PT&mode=real&lang=EN`,
    });
    expect(forged.statusCode).toBe(401);
    const seed = await api(p.token, 'PUT', '/api/seed/client', { clientSeed: 'has spaces <b>' });
    expect(seed.statusCode).toBe(400);
    expect(await platformBalance(p.memberId)).toBe(10_000);
  });

  it('plays trial sessions on a demo balance without ever calling the wallet', async () => {
    const token = randomBytes(32).toString('base64url');
    const before = calls.length;
    const page = await t.app.inject({
      method: 'GET',
      url: `/studio/play?token=${token}&game=FISH-001&vendor=AG&mode=trial&lang=EN&lobby=%2Ffish`,
    });
    expect(page.statusCode, page.body).toBe(200);
    const slotToken = randomBytes(32).toString('base64url');
    const slot = await t.app.inject({
      method: 'GET',
      url: `/studio/play?token=${slotToken}&game=SLOT-00002&vendor=AG&mode=trial`,
    });
    expect(slot.statusCode).toBe(200);
    const info = (await api(slotToken, 'GET', '/api/session')).json();
    expect(info.mode).toBe('trial');
    let balance = info.balance as number;
    for (let i = 0; i < 5; i++) {
      const a = await playFull(slotToken, { coin: 1 });
      balance += a.round.win - a.round.stake;
      expect(a.balance).toBe(balance);
    }
    expect(calls.length).toBe(before);
  });

  it('opens a playable game for every instant category (trial), with its page script bundled', async () => {
    const games: [string, string, string][] = [
      ['SLOT-00003', 'MG', 'slot'],
      ['JL-001', 'JILI', 'slot'],
      ['LIVE-001', 'AG', 'baccarat'],
      ['LIVE-005', 'AG', 'roulette'],
      ['FISH-002', 'CQ9', 'fish'],
      ['PVP-004', 'WS', 'duel'],
      ['SPORTS-001', 'BTI', 'match'],
      ['ESPORTS-001', 'TF', 'match'],
      ['COCKFIGHT-001', 'DS88', 'derby'],
    ];
    for (const [game, vendor, engine] of games) {
      const token = randomBytes(32).toString('base64url');
      const page = await t.app.inject({
        method: 'GET',
        url: `/studio/play?token=${token}&game=${game}&vendor=${vendor}&mode=trial`,
      });
      expect(page.statusCode, `${game} ${page.body}`).toBe(200);
      const info = (await api(token, 'GET', '/api/session')).json();
      expect(info.engine, game).toBe(engine);
      expect(info.game, game).not.toBeNull();
      if (engine === 'baccarat' || engine === 'roulette') {
        // A LIVE tile plays at its shared table: the default bet goes on the round in its betting phase.
        expect((await api(token, 'GET', '/api/table')).statusCode).toBe(200);
        await studio.tables.tick();
        const res = await api(token, 'POST', '/api/table/bet', { bet: info.defaultBet });
        expect(res.statusCode, `${game} ${res.body}`).toBe(200);
        const a = res.json() as { bet: { stake: number; status: string }; balance: number };
        expect(a.bet.status).toBe('open');
        expect(a.balance).toBe(info.balance - a.bet.stake);
        continue;
      }
      const res = await api(token, 'POST', '/api/round', { bet: info.defaultBet });
      expect(res.statusCode, `${game} ${res.body}`).toBe(200);
      const a = res.json() as Answer;
      expect(a.balance).toBe(info.balance - a.round.stake + (a.round.pendingSteps > 0 ? 0 : a.round.win));
    }
    for (const asset of ['play.js', 'fair.js', 'studio.css']) {
      const res = await t.app.inject({ method: 'GET', url: `/studio/assets/${asset}` });
      expect(res.statusCode, asset).toBe(200);
      expect(res.body.length).toBeGreaterThan(500);
    }
    // The page script loads each game kind's code as a chunk: every chunk it names is served, and the
    // shell alone is a fraction of the whole.
    const seen = new Set<string>();
    const queue = ['play.js'];
    let total = 0;
    let shell = 0;
    while (queue.length > 0) {
      const file = queue.shift() as string;
      if (seen.has(file)) continue;
      seen.add(file);
      const res = await t.app.inject({ method: 'GET', url: `/studio/assets/${file}` });
      expect(res.statusCode, file).toBe(200);
      total += res.body.length;
      if (file === 'play.js') shell = res.body.length;
      for (const m of res.body.matchAll(/["']\.\/(chunk-[A-Z0-9]+\.js)["']/g)) queue.push(m[1] as string);
    }
    expect(seen.size).toBeGreaterThan(5);
    expect(shell).toBeLessThan(total / 2);
    expect((await t.app.inject({ method: 'GET', url: '/studio/assets/chunk-NOPE.js' })).statusCode).toBe(404);
  });

  it('retries a win whose answer was lost until it is delivered, exactly once', async () => {
    const p = await launched(50_000);
    dropAnswers.add('win');
    const rounds: Answer[] = [];
    try {
      for (let i = 0; i < 40 && !rounds.some((r) => r.round.win > 0); i++)
        rounds.push(await playFull(p.token, { coin: 1 }));
    } finally {
      dropAnswers.delete('win');
    }
    expect(rounds.some((r) => r.round.win > 0)).toBe(true);
    for (const r of rounds) {
      expect(r.winPending).toBe(true);
      expect(r.round.status).toBe('settling');
    }
    // The platform did receive the wins (only the answers were lost); the retries must not pay twice.
    studioOffset += 10 * 60_000;
    const pass = await studio.recover();
    expect(pass.winsDelivered).toBe(rounds.length);
    studioOffset += 10 * 60_000;
    await studio.recover();
    let expected = 50_000;
    for (const r of rounds) {
      expected += r.round.win - r.round.stake;
      const wins = await winTransactions(r.round.roundId);
      expect(wins).toHaveLength(1);
      expect(wins[0]?.amount).toBe(r.round.win);
      const row = await studio.db
        .selectFrom('studio_rounds')
        .select('status')
        .where('round_id', '=', r.round.roundId)
        .executeTakeFirstOrThrow();
      expect(row.status).toBe('closed');
    }
    expect(await platformBalance(p.memberId)).toBe(expected);
  });

  it('rolls back a bet whose answer was lost', async () => {
    const p = await launched(20_000);
    dropAnswers.add('bet');
    let res: Awaited<ReturnType<typeof api>>;
    try {
      res = await api(p.token, 'POST', '/api/round', { bet: { coin: 3 } });
    } finally {
      dropAnswers.delete('bet');
    }
    expect(res.statusCode).toBe(503);
    expect(res.json().error.code).toBe('STUDIO_WALLET_UNAVAILABLE');
    expect(await platformBalance(p.memberId)).toBe(20_000);
    const row = await studio.db
      .selectFrom('studio_rounds')
      .select(['status', 'round_id'])
      .where('player', '=', String(p.memberId))
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('rolled_back');
    expect((await platformRound(row.round_id))?.status).toBe('rolled_back');
  });

  it('resumes free spins when the player returns, and auto-completes an abandoned round', async () => {
    const p = await launched(500_000);
    // Choose a client seed whose next round triggers free spins (the player picks client seeds; the
    // test reads the committed server seed from the studio's database to find one quickly).
    const owner = `PT:${p.memberId}`;
    await api(p.token, 'GET', '/api/session');
    const seed = await studio.db
      .selectFrom('studio_seeds')
      .select(['server_seed', 'nonce'])
      .where('owner', '=', owner)
      .where('active', '=', true)
      .executeTakeFirstOrThrow();
    const game = instantEngineFor({ vendor: 'PT', gameCode: p.gameCode });
    if (!game) throw new Error('no engine');
    let clientSeed = '';
    for (let i = 0; i < 20_000 && !clientSeed; i++) {
      const r = game.engine.play({ coin: 1 }, createFairRng(seed.server_seed, `fs${i}`, seed.nonce, 0));
      if (r.pendingSteps > 0) clientSeed = `fs${i}`;
    }
    expect(clientSeed).not.toBe('');
    expect((await api(p.token, 'PUT', '/api/seed/client', { clientSeed })).statusCode).toBe(200);

    const first = await api(p.token, 'POST', '/api/round', { bet: { coin: 1 } });
    const a = first.json() as Answer;
    expect(a.round.pendingSteps).toBeGreaterThan(0);
    expect(a.round.status).toBe('open');
    // The player comes back: the session shows the round and a new paid round is refused.
    const back = (await api(p.token, 'GET', '/api/session')).json();
    expect(back.openRound.roundId).toBe(a.round.roundId);
    expect((await api(p.token, 'POST', '/api/round', { bet: { coin: 1 } })).json().error.code).toBe(
      'STUDIO_ROUND_IN_PROGRESS',
    );
    // One free spin by hand, then the player leaves; the sweep completes the rest after the idle time.
    const step = await api(p.token, 'POST', `/api/round/${a.round.roundId}/step`);
    expect(step.statusCode, step.body).toBe(200);
    studioOffset += 2 * 60 * 60_000;
    const pass = await studio.recover();
    expect(pass.roundsCompleted).toBeGreaterThanOrEqual(1);
    const done = await studio.db
      .selectFrom('studio_rounds')
      .select(['status', 'win', 'stake', 'pending_steps'])
      .where('round_id', '=', a.round.roundId)
      .executeTakeFirstOrThrow();
    expect(done).toMatchObject({ status: 'closed', pending_steps: 0 });
    expect(await platformRound(a.round.roundId)).toMatchObject({ status: 'closed', win_amount: done.win });
    expect(await platformBalance(p.memberId)).toBe(500_000 - done.stake + done.win);
    // The verifier recomputes the whole round (paid spin and every free spin) once the seed is revealed.
    await api(p.token, 'POST', '/api/seed/rotate');
    const pub = (await t.app.inject({ method: 'GET', url: `/studio/api/rounds/${a.round.roundId}` })).json();
    expect(pub.serverSeed).toBe(seed.server_seed);
    const v = await t.app.inject({
      method: 'POST',
      url: '/studio/api/verify',
      payload: {
        serverSeed: pub.serverSeed,
        clientSeed: pub.clientSeed,
        nonce: pub.nonce,
        gameCode: pub.gameCode,
        vendor: 'PT',
        bet: pub.bet,
      },
    });
    expect(v.statusCode, v.body).toBe(200);
    expect(v.json().steps).toEqual(pub.steps);
    expect(v.json().win).toBe(done.win);
  });

  it('sells lottery tickets on the open draw, draws at drawsAt and settles through the wallet', async () => {
    const p = await launched(30_000, 'TCG_LOTTO_VN', 'LOTT');
    const info = (await api(p.token, 'GET', '/api/lottery')).json();
    expect(info.region).toBe('VN');
    expect(info.open.serverSeedHash).toMatch(/^[0-9a-f]{64}$/);
    const type = info.betTypes.find((b: { picks: number; digits: number }) => b.picks === 1 && b.digits === 2);
    expect(type).toBeDefined();
    const bad = await api(p.token, 'POST', '/api/lottery/ticket', {
      bet: { type: type.type, numbers: ['7'], amount: 100 },
    });
    expect(bad.statusCode).toBe(400);
    const bought: { ticketId: string }[] = [];
    for (const n of ['07', '27', '42', '88', '99']) {
      const res = await api(p.token, 'POST', '/api/lottery/ticket', {
        bet: { type: type.type, numbers: [n], amount: 1000 },
      });
      expect(res.statusCode, res.body).toBe(200);
      bought.push(res.json());
    }
    expect(await platformBalance(p.memberId)).toBe(30_000 - 5 * 1000);
    // After the draw time the recovery pass draws, settles and pays.
    studioOffset += 10 * 60_000;
    const pass = await studio.recover();
    expect(pass.lottery.drawn).toBeGreaterThanOrEqual(1);
    const after = (await api(p.token, 'GET', '/api/lottery')).json();
    const mine = after.tickets.filter((tk: { ticketId: string }) => bought.some((b) => b.ticketId === tk.ticketId));
    expect(mine).toHaveLength(5);
    let won = 0;
    for (const tk of mine) {
      expect(tk.status).toBe('closed');
      won += tk.win;
      expect(await platformRound(tk.ticketId)).toMatchObject({
        status: 'closed',
        bet_amount: 1000,
        win_amount: tk.win,
      });
    }
    expect(await platformBalance(p.memberId)).toBe(30_000 - 5000 + won);
    expect(after.results[0].serverSeed).toMatch(/^[0-9a-f]{64}$/);
  });
});
