// postgres: two registrations for the last seat at once, each on its own connection
import { describe, expect, it } from 'vitest';
import { HOUSE } from '../../sportsbook/book/test-fixture';
import { signTrader, traderSecret } from '../../sportsbook/book/trader.routes';
import { throwawayDatabase } from '../../standalone-fixture';
import type { TableState } from '../engine/types';
import { openDemoSngs, type SngView } from './sng';
import {
  balances,
  type Harness,
  member,
  startStudio,
  stopped,
  storedState,
  studioOnDisk,
  TIMING,
  tableApi,
  useSharedStudio,
} from './test-harness';
import type { PvpTableView } from './view';

// Sit-and-gos through the studio's HTTP API on PGlite with the fake platform wallet: the operator's
// definition (every bad field refused, nothing written), registering and unregistering through the
// wallet, the start when the last seat is taken, the blinds rising on the clock, players knocked out
// with their places, the prizes paid once (also after a lost answer), the wallet keeping exactly the
// fees, two registrations for the last seat, and a studio stopped mid-tournament that carries on.

const shared = useSharedStudio();
const api = tableApi('/studio/api/pvp');
let defs = 0;

type Member = { player: string; token: string };

function trader(h: Harness, method: 'GET' | 'POST', path: string, payload?: object) {
  const url = `/studio${path}`;
  const body = payload === undefined ? '' : JSON.stringify(payload);
  const time = String(h.clock.now);
  return h.app.inject({
    method,
    url,
    headers: {
      'x-trader-time': time,
      'x-trader-signature': signTrader(traderSecret(HOUSE), time, method, url, body),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    ...(body ? { payload: body } : {}),
  });
}

const LEVELS = [
  { smallBlind: 10, bigBlind: 20, minutes: 2 },
  { smallBlind: 20, bigBlind: 40, minutes: 2 },
  { smallBlind: 50, bigBlind: 100, minutes: 2 },
];

function settings(over: Record<string, unknown> = {}) {
  return {
    id: `sng-test-${++defs}`,
    name: 'Test sit & go',
    seats: 3,
    buyIn: 1_000,
    fee: 100,
    startingChips: 1_500,
    levels: LEVELS,
    shares: [7_000, 3_000],
    currency: 'PHP',
    ...over,
  };
}

/** A new sit-and-go through the operator's route; answers its first run's id. */
async function define(h: Harness, over: Record<string, unknown> = {}): Promise<string> {
  const res = await trader(h, 'POST', '/trader/pvp/tournaments', settings(over));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().runId as string;
}

async function register(h: Harness, m: Member, runId: string, ip: string): Promise<SngView> {
  const res = await api(h, m.token, 'POST', `/sngs/${runId}/register`, {}, ip);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as SngView;
}

const runOf = async (h: Harness, m: Member, runId: string) =>
  (await api(h, m.token, 'GET', `/sngs/${runId}`)).json() as SngView;

/**
 * Plays the run to its end: every player to act goes all-in (or calls, or checks), the clock deals
 * the next hand. Answers the hands' blinds in order.
 */
async function playOut(h: Harness, runId: string, ms: Member[]): Promise<number[]> {
  const seq = new Map<string, number>();
  const bigBlinds: number[] = [];
  for (let i = 0; i < 300; i++) {
    const view = await h.runtime.pvp.view(runId, null);
    const hand = view.hand;
    if (!hand || hand.over) {
      if ((await runOf(h, ms[0]!, runId)).status === 'finished') return bigBlinds;
      h.clock.now += TIMING.betweenHandsMs + 1;
      await h.runtime.pvp.tick();
      const dealt = (await storedState<TableState>(h, runId)).hand;
      if (dealt && dealt.number !== hand?.number)
        bigBlinds.push((await storedState<TableState>(h, runId)).config.bigBlind);
      continue;
    }
    for (const m of ms) {
      const mine = (await api(h, m.token, 'GET', `/tables/${runId}`)).json() as PvpTableView;
      const legal = mine.you.legal;
      if (!legal) continue;
      const action = legal.canRaise ? { type: 'allIn' } : legal.callAmount > 0 ? { type: 'call' } : { type: 'check' };
      const n = (seq.get(m.player) ?? 0) + 1;
      seq.set(m.player, n);
      const res = await api(h, m.token, 'POST', `/tables/${runId}/act`, { seq: n, action });
      expect(res.statusCode, res.body).toBe(200);
      break;
    }
  }
  throw new Error('the sit-and-go did not end');
}

async function owed(h: Harness): Promise<unknown[]> {
  return h.runtime.db
    .selectFrom('studio_pvp_transfers')
    .select(['tx', 'status'])
    .where('status', 'in', ['pending', 'rolling_back'])
    .execute();
}

describe('sit-and-go tournaments', () => {
  it('refuses a bad definition field by field and writes nothing', async () => {
    const h = shared();
    const bad = await trader(h, 'POST', '/trader/pvp/tournaments', {
      ...settings(),
      id: 'Bad Id',
      seats: 10,
      buyIn: 0,
      fee: -1,
      startingChips: 0,
      levels: [
        { smallBlind: 20, bigBlind: 40, minutes: 2 },
        { smallBlind: 10, bigBlind: 20, minutes: 2 },
      ],
      shares: [3_000, 7_000],
      currency: 'php',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatchObject({
      code: 'STUDIO_BAD_REQUEST',
      detail: { fields: ['id', 'seats', 'buyIn', 'fee', 'levels', 'startingChips', 'shares', 'currency'] },
    });
    // Shares that do not add up to the pool, more places paid than seats, a stack under ten big blinds.
    for (const [over, field] of [
      [{ shares: [5_000, 3_000] }, 'shares'],
      [{ seats: 2, shares: [5_000, 3_000, 2_000] }, 'shares'],
      [{ startingChips: 199 }, 'startingChips'],
      [{ levels: [] }, 'levels'],
      [{ levels: [{ smallBlind: 10, bigBlind: 20, minutes: 0 }] }, 'levels'],
      [{ name: '' }, 'name'],
    ] as const) {
      const res = await trader(h, 'POST', '/trader/pvp/tournaments', settings(over));
      expect(res.json().error.detail.fields, JSON.stringify(over)).toEqual([field]);
    }
    const unsigned = await h.app.inject({ method: 'POST', url: '/studio/trader/pvp/tournaments', payload: settings() });
    expect(unsigned.statusCode).toBe(401);
    const listed = (await trader(h, 'GET', '/trader/pvp/tournaments')).json().tournaments as { id: string }[];
    expect(listed.filter((t) => t.id.startsWith('sng-test-'))).toEqual([]);
    // The same id twice: the second is refused.
    const first = settings();
    expect((await trader(h, 'POST', '/trader/pvp/tournaments', first)).statusCode).toBe(201);
    const again = await trader(h, 'POST', '/trader/pvp/tournaments', first);
    expect(again.json().error).toMatchObject({ detail: { fields: ['id'], reason: 'PVP_TOURNAMENT_EXISTS' } });
  });

  it('takes the buy-in and fee on registering, refunds both on unregistering, and refuses what a sit-and-go does not allow', async () => {
    const h = shared();
    const runId = await define(h);
    const a = await member(h, 5_000);
    const b = await member(h, 5_000);
    const view = await register(h, a, runId, '10.1.0.1');
    expect(view).toMatchObject({ status: 'registering', registered: 1, seats: 3, buyIn: 1_000, fee: 100 });
    expect(view.you).toMatchObject({ registered: true, seat: 0 });
    expect(h.wallet.balances.get(a.player)).toBe(3_900);
    // Registered once; a sit-and-go's table is not sat at, its chips not topped up, nobody sits out.
    const twice = await api(h, a.token, 'POST', `/sngs/${runId}/register`, {}, '10.1.0.1');
    expect(twice.json().error).toMatchObject({
      code: 'STUDIO_PVP_REFUSED',
      detail: { reason: 'PVP_ALREADY_REGISTERED' },
    });
    const sit = await api(h, b.token, 'POST', `/tables/${runId}/sit`, { seat: 1, buyIn: 1_500 }, '10.1.0.2');
    expect(sit.json().error).toMatchObject({ detail: { reason: 'PVP_TOURNAMENT_TABLE' } });
    const topUp = await api(h, a.token, 'POST', `/tables/${runId}/top-up`, { amount: 100 });
    expect(topUp.json().error).toMatchObject({ detail: { reason: 'PVP_TOURNAMENT_CHIPS' } });
    const sitOut = await api(h, a.token, 'POST', `/tables/${runId}/sit-out`);
    expect(sitOut.json().error).toMatchObject({ detail: { reason: 'PVP_TOURNAMENT_SIT_OUT' } });
    // Not enough money: refused by the wallet, nothing kept, no seat held.
    const poor = await member(h, 500);
    const broke = await api(h, poor.token, 'POST', `/sngs/${runId}/register`, {}, '10.1.0.3');
    expect(broke.json().error.code).toBe('STUDIO_INSUFFICIENT_FUNDS');
    expect(h.wallet.balances.get(poor.player)).toBe(500);
    // A registration whose answer was lost is rolled back at once.
    h.wallet.fault = (path) => (path === 'bet' ? 'lose-answer' : undefined);
    const lost = await api(h, b.token, 'POST', `/sngs/${runId}/register`, {}, '10.1.0.2');
    h.wallet.fault = () => undefined;
    expect(lost.json().error.code).toBe('STUDIO_WALLET_UNAVAILABLE');
    expect(h.wallet.balances.get(b.player)).toBe(5_000);
    expect((await runOf(h, a, runId)).registered).toBe(1);
    // Unregistering before the start gives back the buy-in and the fee through the wallet.
    const out = await api(h, a.token, 'POST', `/sngs/${runId}/unregister`);
    expect(out.statusCode, out.body).toBe(200);
    expect(out.json()).toMatchObject({ registered: 0, you: { registered: false } });
    expect(h.wallet.balances.get(a.player)).toBe(5_000);
    expect(await owed(h)).toEqual([]);
    // And registering again takes them again.
    await register(h, a, runId, '10.1.0.1');
    expect(h.wallet.balances.get(a.player)).toBe(3_900);
  });

  it('starts when full, raises the blinds on the clock, knocks players out in order and pays the prizes once', async () => {
    const h = shared();
    const runId = await define(h);
    const ms = [await member(h, 10_000), await member(h, 10_000), await member(h, 10_000)];
    const players = ms.map((m) => m.player);
    const before = balances(h, players);
    for (const [i, m] of ms.entries()) await register(h, m, runId, `10.2.0.${i + 1}`);
    const started = await runOf(h, ms[0]!, runId);
    expect(started).toMatchObject({ status: 'running', registered: 3, playersLeft: 3, prizes: [2_100, 900] });
    expect(started.level).toMatchObject({ number: 1, smallBlind: 10, bigBlind: 20 });
    // The next run of the same sit-and-go takes registrations at once.
    const lobby = (await api(h, ms[0]!.token, 'GET', '/sngs')).json().sngs as SngView[];
    const next = lobby.find((r) => r.tournamentId === started.tournamentId && r.status === 'registering');
    expect(next?.number).toBe(2);
    // Unregistering once it runs is refused; the first hand waits for the start's pause.
    const late = await api(h, ms[0]!.token, 'POST', `/sngs/${runId}/unregister`);
    expect(late.statusCode).toBe(409);
    expect(late.json().error.code).toBe('STUDIO_PVP_SNG_STARTED');
    await h.runtime.pvp.tick();
    expect((await h.runtime.pvp.view(runId, null)).hand).toBeNull();
    h.clock.now += 5_000;
    await h.runtime.pvp.tick();
    const first = await storedState<TableState>(h, runId);
    expect(first.config).toMatchObject({ smallBlind: 10, bigBlind: 20 });
    expect(first.hand?.players.length).toBe(3);
    // The first hand is folded round to the big blind; two minutes on, the next hand is dealt at level 2.
    for (let i = 0; i < 2; i++) {
      const seat = (await h.runtime.pvp.view(runId, null)).hand!.toAct!;
      const m = ms.find((x) => x.player === `${first.seats[seat]?.playerId}`.split(':')[1])!;
      await api(h, m.token, 'POST', `/tables/${runId}/act`, { seq: 100 + i, action: { type: 'fold' } });
    }
    h.clock.now += 2 * 60_000;
    await h.runtime.pvp.tick();
    expect((await storedState<TableState>(h, runId)).config).toMatchObject({ smallBlind: 20, bigBlind: 40 });
    expect((await runOf(h, ms[0]!, runId)).level).toMatchObject({ number: 2, bigBlind: 40 });
    // Everyone all-in until one player holds every chip.
    const blinds = await playOut(h, runId, ms);
    expect(blinds.every((b) => b >= 40)).toBe(true);
    const done = await runOf(h, ms[0]!, runId);
    expect(done.status).toBe('finished');
    // Three places (two players out in one hand with equal stacks share second).
    expect(done.places.length).toBe(3);
    expect(done.places.filter((p) => p.place === 1).length).toBe(1);
    expect(done.places.map((p) => p.prize).reduce((a, b) => a + b, 0)).toBe(3_000);
    const winner = done.places.find((p) => p.place === 1)!;
    expect(winner.prize).toBeGreaterThanOrEqual(2_100);
    // Each player's own view: their place and prize.
    for (const m of ms) {
      const mine = (await runOf(h, m, runId)).you;
      expect(mine.place).not.toBeNull();
      expect(h.wallet.balances.get(m.player)).toBe(10_000 - 1_100 + (mine.prize ?? 0));
    }
    // The money: the wallet kept the fees and nothing else; every prize was paid, once.
    expect(balances(h, players)).toBe(before - 3 * 100);
    expect(await owed(h)).toEqual([]);
    const seats = await h.runtime.db
      .selectFrom('studio_pvp_seats')
      .select('status')
      .where('table_id', '=', runId)
      .execute();
    expect(seats.every((s) => s.status === 'closed')).toBe(true);
    // No rake, no pot in the cash tables' rake report.
    const hands = await h.runtime.db
      .selectFrom('studio_pvp_hands')
      .select('rake')
      .where('table_id', '=', runId)
      .execute();
    expect(hands.every((x) => Number(x.rake) === 0)).toBe(true);
  });

  it('deals an absent player in and folds them on the clock, never sitting them out or cashing them out', async () => {
    const h = shared();
    const runId = await define(h);
    const ms = [await member(h, 5_000), await member(h, 5_000), await member(h, 5_000)];
    for (const [i, m] of ms.entries()) await register(h, m, runId, `10.6.0.${i + 1}`);
    // Nobody opens the table: every turn runs out, past the grace period too.
    h.clock.now += 5_000;
    for (let i = 0; i < 12; i++) {
      await h.runtime.pvp.tick();
      h.clock.now += TIMING.turnMs + TIMING.timeBankMs + 1;
    }
    h.clock.now += TIMING.graceMs + 1;
    await h.runtime.pvp.tick();
    const state = await storedState<TableState>(h, runId);
    expect(state.handsPlayed).toBeGreaterThanOrEqual(2);
    // Every hand dealt all three in (blinds posted), and nobody is sat out.
    expect(state.seats.every((s) => s && !s.sittingOut)).toBe(true);
    const dealt = await h.runtime.db
      .selectFrom('studio_pvp_hand_players as p')
      .innerJoin('studio_pvp_hands as x', 'x.id', 'p.hand_id')
      .select(['p.hand_id'])
      .where('x.table_id', '=', runId)
      .execute();
    expect(dealt.length).toBe(3 * new Set(dealt.map((d) => d.hand_id)).size);
    // The hands over were ended by the clock's moves (a timed-out player checks or folds).
    const over = await h.runtime.db
      .selectFrom('studio_pvp_hands')
      .select('state')
      .where('table_id', '=', runId)
      .where('status', '=', 'over')
      .execute();
    expect(over.length).toBeGreaterThanOrEqual(1);
    for (const o of over) expect(JSON.stringify((o.state as TableState).hand?.events)).toContain('"timeout":true');
    // Seats are held: no cash-out of tournament chips, nothing owed.
    const seats = await h.runtime.db
      .selectFrom('studio_pvp_seats')
      .select('status')
      .where('table_id', '=', runId)
      .execute();
    expect(seats.map((s) => s.status)).toEqual(['seated', 'seated', 'seated']);
    expect(await owed(h)).toEqual([]);
    expect(
      balances(
        h,
        ms.map((m) => m.player),
      ),
    ).toBe(3 * 5_000 - 3 * 1_100);
  });

  it('opens the demo sit-and-gos once, each taking registrations', async () => {
    const h = shared();
    await openDemoSngs(h.runtime.db, 'PHP');
    await openDemoSngs(h.runtime.db, 'PHP');
    const m = await member(h, 1_000);
    const runs = ((await api(h, m.token, 'GET', '/sngs')).json().sngs as SngView[]).filter((r) =>
      ['sng-3-turbo', 'sng-6'].includes(r.tournamentId),
    );
    expect(runs.map((r) => [r.id, r.status, r.seats, r.prizes])).toEqual([
      ['sng-3-turbo-1', 'registering', 3, [3_000]],
      ['sng-6-1', 'registering', 6, [19_500, 10_500]],
    ]);
  });

  it('pays a prize whose answer was lost once, and seats only one of two registrations for the last seat', async () => {
    const h = shared();
    const runId = await define(h, { seats: 2, shares: [10_000] });
    const a = await member(h, 5_000);
    const b = await member(h, 5_000);
    const c = await member(h, 5_000);
    await register(h, a, runId, '10.3.0.1');
    const [rb, rc] = await Promise.all([
      api(h, b.token, 'POST', `/sngs/${runId}/register`, {}, '10.3.0.2'),
      api(h, c.token, 'POST', `/sngs/${runId}/register`, {}, '10.3.0.3'),
    ]);
    const ok = [rb, rc].filter((r) => r.statusCode === 200);
    const refused = [rb, rc].filter((r) => r.statusCode !== 200);
    expect(ok.length).toBe(1);
    expect(refused.length).toBe(1);
    expect(['STUDIO_PVP_SNG_FULL', 'STUDIO_PVP_SNG_STARTED']).toContain(refused[0]!.json().error.code);
    // A third registration once it runs: refused with nothing taken.
    const d = await member(h, 5_000);
    const late = await api(h, d.token, 'POST', `/sngs/${runId}/register`, {}, '10.3.0.4');
    expect(late.json().error.code).toBe('STUDIO_PVP_SNG_STARTED');
    expect(h.wallet.balances.get(d.player)).toBe(5_000);
    const [seatedM, refusedM] = rb.statusCode === 200 ? [b, c] : [c, b];
    // The refused registration took nothing.
    expect(h.wallet.balances.get(refusedM.player)).toBe(5_000);
    expect((await runOf(h, a, runId)).status).toBe('running');
    // Heads-up all-in until the end; the winner's prize answer is lost on the first try.
    h.wallet.fault = (path) => (path === 'win' ? 'lose-answer' : undefined);
    h.clock.now += 5_000;
    await h.runtime.pvp.tick();
    await playOut(h, runId, [a, seatedM]);
    h.wallet.fault = () => undefined;
    const done = await runOf(h, a, runId);
    const winnerName = done.places.find((p) => p.place === 1)!;
    expect(winnerName.prize).toBe(2_000);
    // Paid by the lost call already (the wallet applied it); the retry after the backoff pays nothing more.
    h.clock.now += 31_000;
    await h.runtime.pvp.tick();
    await h.runtime.pvp.tick();
    expect(balances(h, [a.player, seatedM.player])).toBe(10_000 - 200);
    expect(await owed(h)).toEqual([]);
  });

  it('seats one of two registrations sent at once for the last seat, taking nothing from the other', {
    tags: ['postgres'],
    timeout: 60_000,
  }, async () => {
    const database = await throwawayDatabase('gh_sng');
    const h = await startStudio(undefined, undefined, '', database.url);
    stopped(h);
    try {
      const runId = await define(h, { seats: 3 });
      const ms = [await member(h, 5_000), await member(h, 5_000), await member(h, 5_000), await member(h, 5_000)];
      await register(h, ms[0]!, runId, '10.5.0.1');
      await register(h, ms[1]!, runId, '10.5.0.2');
      const answers = await Promise.all(
        ms.slice(2).map((m, i) => api(h, m.token, 'POST', `/sngs/${runId}/register`, {}, `10.5.0.${i + 3}`)),
      );
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
      const refused = answers.find((a) => a.statusCode === 409)!;
      expect(['STUDIO_PVP_SNG_FULL', 'STUDIO_PVP_SNG_STARTED']).toContain(refused.json().error.code);
      // Three entries took buy-in + fee; the fourth member has all of it.
      expect(
        balances(
          h,
          ms.map((m) => m.player),
        ),
      ).toBe(4 * 5_000 - 3 * 1_100);
      const run = await runOf(h, ms[0]!, runId);
      expect(run).toMatchObject({ status: 'running', registered: 3 });
    } finally {
      await h.app.close();
      await database.drop();
    }
  });

  it('carries on after the studio stops mid-tournament and pays every prize', async () => {
    const disk = studioOnDisk('gh-sng-');
    const h1 = await disk.start();
    const runId = await define(h1);
    const ms = [await member(h1, 10_000), await member(h1, 10_000), await member(h1, 10_000)];
    const players = ms.map((m) => m.player);
    const before = balances(h1, players);
    for (const [i, m] of ms.entries()) await register(h1, m, runId, `10.4.0.${i + 1}`);
    disk.clock.now += 5_000;
    await h1.runtime.pvp.tick();
    const dealt = await storedState<TableState>(h1, runId);
    expect(dealt.hand?.result).toBeNull();
    await h1.app.close();
    stopped(h1);

    const h2 = await disk.start();
    await playOut(h2, runId, ms);
    const done = await runOf(h2, ms[0]!, runId);
    expect(done.status).toBe('finished');
    expect(balances(h2, players)).toBe(before - 300);
    expect(await owed(h2)).toEqual([]);
  }, 60_000);
});
