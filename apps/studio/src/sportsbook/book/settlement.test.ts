import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { CashOutAnswer, MyBet } from '../api';
import type { FeedSink, MarketQuote, Sport } from '../types';
import { recordResult } from './settlement';
import {
  abandon,
  type BookHarness,
  betOf,
  feed,
  footballMarkets,
  marketOf,
  marketQuote,
  newEvent,
  oddsIn,
  openPlayer,
  place,
  quote,
  result,
  resume,
  sbApi,
  scoreResult,
  sel,
  setOdds,
  setState,
  single,
  startBook,
  suspend,
  traderApi,
} from './test-fixture';

// Settlement through result messages on PGlite with the fake platform wallet: every market type
// (quarter lines' half outcomes included), multiples settling with their last leg, void on
// abandon, corrections up and down (a debit larger than the balance), the same messages replayed,
// and cash-out in full and in part.

// A feed source as the simulator and the importer are: started with the book as its sink.
const source = {
  name: 'stand-in',
  started: [] as string[],
  stopped: false,
  async start(sink: FeedSink & { marginOf: (sport: Sport, league: string) => number; timeZone: () => string }) {
    this.started.push(`${sink.marginOf('tennis', 'any')} ${sink.timeZone()}`);
    await sink.apply(this.name, {
      kind: 'fixture',
      seq: 1,
      at: new Date().toISOString(),
      fixture: {
        id: 'from-source',
        sport: 'tennis',
        league: { id: 'source-league', name: 'Source League' },
        home: { id: 'p1', name: 'Player One' },
        away: { id: 'p2', name: 'Player Two' },
        startsAt: new Date(Date.now() + 3_600_000).toISOString(),
        bestOf: 3,
      },
    });
  },
  async stop() {
    this.stopped = true;
  },
};

let h: BookHarness;
beforeAll(async () => {
  h = await startBook('sbsettle', { sources: (book) => [Object.assign(source, { book })] });
});
afterAll(() => h.close());

const moved = (betId: string) => h.wallet.moved.get(betId) ?? 0;

describe('settlement', () => {
  it('settles every market type on a result message, quarter lines by halves', async () => {
    const e = await newEvent(h);
    const p = await openPlayer(h, 1_000_000);
    // Full time 1-1, first half 1-0; each single stakes 100. The last figure is the valid bet the
    // closing win declares (the stake at risk), undefined when it is the whole stake.
    const cases: [MarketQuote, string, number, number?][] = [
      [marketOf('1x2'), 'draw', 340],
      [marketOf('1x2'), 'home', 0],
      [marketOf('double_chance'), 'home_draw', 130],
      [marketOf('double_chance'), 'home_away', 0],
      // Home -0.25 on a draw: half the stake lost, half pushed; away +0.25: half won.
      [marketOf('handicap', -1), 'home', 50, 50],
      [marketOf('handicap', -1), 'away', 145, 50],
      [marketOf('total', 10), 'under', 195],
      // 2.25 on two goals: over loses half, under wins half.
      [marketOf('total', 9), 'over', 50, 50],
      [marketOf('total', 9), 'under', 150, 50],
      [marketOf('correct_score'), '1-0', 0],
      [marketOf('correct_score'), 'other', 0],
      [marketOf('btts'), 'yes', 180],
      [marketOf('1x2', undefined, 'h1'), 'home', 280],
      // The winner market pushes a draw: the stake comes back, none of it at risk.
      [marketOf('winner'), 'home', 100, 0],
      [marketOf('draw'), 'yes', 800],
    ];
    const legs = cases.map(([m, key]) => ({
      selectionId: sel(e.id, m, key),
      odds1000: m.selections.find((s) => s.key === key)?.odds1000 ?? 0,
    }));
    const placed = await place(h, p.token, {
      legs,
      bets: legs.map((l) => ({ kind: 'single' as const, selectionId: l.selectionId, stake: 100 })),
      oddsChange: 'none',
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    await result(h, e.id, scoreResult(1, 1, [1, 0]));
    for (const [i, [, key, pays, validBet]] of cases.entries()) {
      const id = placed.body.bets[i]?.id ?? '';
      const bet = await betOf(h, p.token, id);
      expect([key, bet.payout], `${legs[i]?.selectionId}`).toEqual([key, pays]);
      expect(moved(id)).toBe(pays - 100);
      const win = h.wallet.calls.find((c) => c.path === 'win' && c.body.roundId === id);
      expect(win?.body).toMatchObject({ transactionId: `sb:${id}:win`, amount: pays, roundClosed: true });
      expect([key, win?.body.validBet]).toEqual([key, validBet]);
    }
    expect((await betOf(h, p.token, placed.body.bets[13]?.id ?? '')).status).toBe('void');
    expect((await betOf(h, p.token, placed.body.bets[1]?.id ?? '')).status).toBe('lost');
    // The same result again, and the fixture's quotes again: nothing moves.
    const calls = h.wallet.calls.length;
    await result(h, e.id, scoreResult(1, 1, [1, 0]));
    await h.runtime.book.tick();
    expect(h.wallet.calls.length).toBe(calls);
  });

  it('settles a multiple when its last leg settles, and voids an abandoned event\u2019s legs', async () => {
    const [a, b] = [await newEvent(h), await newEvent(h)];
    const p = await openPlayer(h, 100_000);
    const home = (id: string) => sel(id, marketOf('1x2'), 'home');
    const res = await place(h, p.token, {
      legs: [
        { selectionId: home(a.id), odds1000: oddsIn('1x2', 'home') },
        { selectionId: home(b.id), odds1000: oddsIn('1x2', 'home') },
      ],
      bets: [{ kind: 'multiple', stake: 1000 }],
      oddsChange: 'none',
    });
    const id = res.body.bets[0]?.id ?? '';
    await result(h, a.id, scoreResult(2, 0));
    const half = await betOf(h, p.token, id);
    expect(half.status).toBe('open');
    expect(half.legs.map((l) => l.outcome)).toEqual(['win', null]);
    await abandon(h, b.id);
    const done = await betOf(h, p.token, id);
    expect(done).toMatchObject({ status: 'won', payout: 2100 });
    expect(done.legs.map((l) => l.outcome)).toEqual(['win', 'void']);
    expect(moved(id)).toBe(1100);
    // The decided leg carried the whole stake: no valid bet declared (the whole stake counts).
    const win = h.wallet.calls.find((c) => c.path === 'win' && c.body.roundId === id);
    expect(win?.body).toMatchObject({ amount: 2100, roundClosed: true });
    expect(win?.body).not.toHaveProperty('validBet');
  });

  it('corrects a settled bet up and down through the resettle call, and records what was not collected', async () => {
    const e = await newEvent(h);
    const p = await openPlayer(h, 1000);
    const s = sel(e.id, marketOf('1x2'), 'home');
    const id = (await single(h, p.token, s, oddsIn('1x2', 'home'), 1000)).body.bets[0]?.id ?? '';
    await result(h, e.id, scoreResult(0, 1));
    expect((await betOf(h, p.token, id)).status).toBe('lost');
    expect(h.wallet.balances.get(p.player)).toBe(0);
    // Corrected to a home win: the difference is credited.
    await result(h, e.id, scoreResult(2, 1), true);
    let bet = await betOf(h, p.token, id);
    expect(bet).toMatchObject({ status: 'won', payout: 2100 });
    expect(h.wallet.balances.get(p.player)).toBe(2100);
    // The player spends most of it elsewhere, then the result is corrected back to a loss.
    h.wallet.balances.set(p.player, 600);
    await result(h, e.id, scoreResult(1, 1), true);
    bet = await betOf(h, p.token, id);
    // The bet shows what moved: 600 taken back, 1,500 still with the player.
    expect(bet).toMatchObject({ status: 'lost', payout: 1500 });
    expect(bet.corrections.map((c) => c.amount)).toEqual([2100, -600]);
    expect(h.wallet.balances.get(p.player)).toBe(0);
    const fixes = h.wallet.calls.filter((c) => c.path === 'resettle' && c.body.roundId === id);
    expect(fixes.map((c) => [c.body.transactionId, c.body.amount])).toEqual([
      [`sb:${id}:fix:1`, 2100],
      [`sb:${id}:fix:2`, -2100],
    ]);
    const rows = await h.runtime.db
      .selectFrom('studio_sb_moves')
      .select(['transaction_id', 'taken', 'uncollected'])
      .where('kind', '=', 'fix')
      .where('transaction_id', 'like', `sb:${id}:%`)
      .orderBy('id')
      .execute();
    expect(rows.map((r) => [r.taken, r.uncollected])).toEqual([
      [null, 0],
      [600, 1500],
    ]);
    // The correction replayed (a restarted feed) pays nothing again.
    await result(h, e.id, scoreResult(1, 1), true);
    expect(h.wallet.calls.filter((c) => c.path === 'resettle' && c.body.roundId === id)).toHaveLength(2);
    // Corrected back to a home win: the player kept 1,500 of the first 2,100, so 600 makes it whole;
    // the shortfall is no longer the house's loss.
    await result(h, e.id, scoreResult(3, 0), true);
    expect(moved(id)).toBe(2100 - 1000);
    const last = h.wallet.calls.filter((c) => c.path === 'resettle' && c.body.roundId === id).at(-1);
    expect(last?.body).toMatchObject({ transactionId: `sb:${id}:fix:3`, amount: 600 });
    expect(await betOf(h, p.token, id)).toMatchObject({ status: 'won', payout: 2100 });
    expect((await betOf(h, p.token, id)).corrections.map((c) => c.amount)).toEqual([2100, -600, 600]);
    const unc = await h.runtime.db
      .selectFrom('studio_sb_moves')
      .select((eb) => eb.fn.sum<number>('uncollected').as('n'))
      .where('transaction_id', 'like', `sb:${id}:%`)
      .executeTakeFirstOrThrow();
    expect(Number(unc.n)).toBe(0);
  });
});

describe('the match', () => {
  it('takes its fixtures from the feed sources it is given', async () => {
    expect(source.started).toEqual(['60000 Asia/Manila']);
    const row = await h.runtime.db
      .selectFrom('studio_sb_events')
      .select(['source', 'sport'])
      .where('id', '=', 'from-source')
      .executeTakeFirst();
    expect(row).toEqual({ source: 'stand-in', sport: 'tennis' });
  });

  it('closes an ended match’s markets, reveals the committed seed and verifies it', async () => {
    const seed = 'ab'.repeat(32);
    const seedHash = createHash('sha256').update(seed).digest('hex');
    const e = await newEvent(h);
    await feed(h, {
      kind: 'fixture',
      seq: 1,
      at: new Date(h.clock.now).toISOString(),
      fixture: {
        id: e.id,
        sport: 'football',
        league: { id: e.league, name: `${e.league} name` },
        home: { id: 'h', name: 'Home' },
        away: { id: 'a', name: 'Away' },
        startsAt: new Date(h.clock.now + 60_000).toISOString(),
        seedHash,
      },
    });
    const p = await openPlayer(h, 10_000);
    await setState(h, e.id, 'ended', 2, 0);
    expect(
      (await single(h, p.token, sel(e.id, marketOf('1x2'), 'home'), oddsIn('1x2', 'home'), 100)).body.error?.code,
    ).toBe('SB_EVENT_STARTED');
    // A seed that is not the commit's is not shown; the right one is.
    await feed(h, {
      kind: 'reveal',
      seq: 2,
      at: new Date(h.clock.now).toISOString(),
      eventId: e.id,
      seed: 'cd'.repeat(32),
    });
    await feed(h, { kind: 'reveal', seq: 3, at: new Date(h.clock.now).toISOString(), eventId: e.id, seed });
    await result(h, e.id, scoreResult(2, 0));
    const verified = await h.app.inject({ method: 'POST', url: '/studio/api/sb/verify', payload: { eventId: e.id } });
    expect(verified.json()).toMatchObject({
      eventId: e.id,
      seed,
      seedHash,
      hashMatches: true,
      recorded: scoreResult(2, 0),
    });
  });
});

// The platform's VendorRoundDetail limits (packages/shared/src/api/vendor.ts), which every detail
// the book sends must meet: a detail it refused would refuse the call that moves the money.
const Text = (max: number) => z.string().trim().min(1).max(max);
const Instant = z.iso.datetime({ offset: true });
const Score = z.strictObject({
  home: z.number().int().min(0).max(100_000),
  away: z.number().int().min(0).max(100_000),
});
const RoundDetail = z.strictObject({
  kind: z.literal('sportsbook'),
  betId: z.string().min(1).max(64),
  betType: z.enum(['single', 'multiple', 'system', 'builder']),
  system: z
    .string()
    .regex(/^\d{1,2}\/\d{1,2}$/)
    .nullable(),
  combinations: z.number().int().min(1).max(200_000),
  stake: z.number().int().min(0),
  odds1000: z.number().int().min(1000).nullable(),
  potentialPayout: z.number().int().min(0),
  status: z.enum(['open', 'won', 'lost', 'void', 'cashed_out']),
  payout: z.number().int().min(0),
  cashedOut: z.number().int().min(0),
  placedAt: Instant,
  settledAt: Instant.nullable(),
  legs: z
    .array(
      z.strictObject({
        eventId: z.string().min(1).max(64),
        sport: Text(32),
        league: Text(120).optional(),
        startsAt: Instant.optional(),
        home: Text(80),
        away: Text(80),
        marketType: z.enum(['1x2', 'double_chance', 'winner', 'draw', 'handicap', 'total', 'correct_score', 'btts']),
        period: z.enum(['ft', 'h1']),
        line4: z.number().int().min(-4000).max(4000).nullable(),
        selection: z.string().regex(/^(?:[a-z_]{2,16}|\d{1,3}-\d{1,3})$/),
        odds1000: z.number().int().min(1000).max(1_000_000),
        inPlay: z.boolean(),
        result: z.enum(['win', 'half_win', 'push', 'void', 'half_lose', 'lose']).nullable(),
        score: z.strictObject({ decided: Score, counted: Score }).nullable(),
      }),
    )
    .min(1)
    .max(20),
  corrections: z.array(z.strictObject({ at: Instant, amount: z.number().int(), reason: Text(200).optional() })).max(20),
});

describe('the round detail sent with the money', () => {
  it('describes the bet as placed, as settled and as corrected, within the platform’s limits', async () => {
    const [a, b] = [await newEvent(h), await newEvent(h)];
    const p = await openPlayer(h, 100_000);
    const handicap = marketOf('handicap', -1);
    const legs = [
      { selectionId: sel(a.id, handicap, 'away'), odds1000: oddsIn('handicap', 'away', -1) },
      { selectionId: sel(b.id, marketOf('total', 10), 'over'), odds1000: oddsIn('total', 'over', 10) },
    ];
    const id =
      (await place(h, p.token, { legs, bets: [{ kind: 'multiple', stake: 1000 }], oddsChange: 'none' })).body.bets[0]
        ?.id ?? '';
    const placed = RoundDetail.parse(
      h.wallet.calls.find((c) => c.path === 'bet' && c.body.roundId === id)?.body.detail,
    );
    expect(placed).toMatchObject({
      betId: id,
      betType: 'multiple',
      status: 'open',
      stake: 1000,
      payout: 0,
      odds1000: 3610,
    });
    // Codes and proper nouns only: the platform writes them in each member's language.
    expect(placed.legs.map((l) => [l.marketType, l.period, l.line4, l.selection, l.result, l.score])).toEqual([
      ['handicap', 'ft', -1, 'away', null, null],
      ['total', 'ft', 10, 'over', null, null],
    ]);
    expect([placed.legs[0]?.home, placed.legs[0]?.away]).toEqual([`Home ${a.id}`, `Away ${a.id}`]);
    await result(h, a.id, scoreResult(1, 1));
    await result(h, b.id, scoreResult(2, 1));
    const settled = RoundDetail.parse(h.wallet.details.get(id));
    // Away +0.25 on a draw wins half: (1 + 1.90) / 2 x 1.90 on the total.
    expect(settled).toMatchObject({ status: 'won', payout: 2755 });
    expect(settled.legs.map((l) => [l.result, l.score?.decided, l.score?.counted])).toEqual([
      ['half_win', { home: 1, away: 1 }, { home: 1, away: 1 }],
      ['win', { home: 2, away: 1 }, { home: 2, away: 1 }],
    ]);
    await result(h, b.id, scoreResult(1, 0), true);
    const corrected = RoundDetail.parse(h.wallet.details.get(id));
    expect(corrected).toMatchObject({ status: 'lost', payout: 0, corrections: [{ amount: -2755 }] });
    // The feed's correction has no words of its own: the player's page names it in their language.
    expect(corrected.corrections[0]).not.toHaveProperty('reason');
  });
});

describe('cash-out', () => {
  it('cashes out part of a bet at the current odds, then settles the rest', async () => {
    const e = await newEvent(h);
    const p = await openPlayer(h, 100_000);
    const m = marketOf('1x2');
    const id = (await single(h, p.token, sel(e.id, m, 'home'), 2100, 1000)).body.bets[0]?.id ?? '';
    await setOdds(h, e.id, m, { home: 1500, draw: 4000, away: 6500 });
    // Taken at 2.10, now 1.50: the open stake is 1000 x 2.10 / 1.50 = 1,400 at the current price,
    // which holds the book's 5% football margin: fair, 1,400 / 1.05 = 1,333; less the 5% cash-out
    // margin, 1,266.
    const offer = (await betOf(h, p.token, id)).cashOut;
    expect(offer).toBe(1266);
    // The page showed more than the book pays now: refused.
    const changed = await sbApi(h, p.token, 'POST', `/bets/${id}/cashout`, { expected: 1400 });
    expect(changed.json().error).toMatchObject({ code: 'SB_CASHOUT_CHANGED', detail: { value: 1266 } });
    // 400 of the 1,000: 560 / 1.05 x 0.95 = 506.
    const part = await sbApi(h, p.token, 'POST', `/bets/${id}/cashout`, { expected: 506, stake: 400 });
    expect(part.statusCode, part.body).toBe(200);
    const answer = part.json() as CashOutAnswer;
    expect(answer.paid).toBe(506);
    expect(answer.bet).toMatchObject({ status: 'open', openStake: 600, cashedOut: 506, potentialPayout: 1260 });
    const win = h.wallet.calls.find((c) => c.path === 'win' && c.body.roundId === id);
    expect(win?.body).toMatchObject({ transactionId: `sb:${id}:cash:1`, amount: 506, roundClosed: false });
    await result(h, e.id, scoreResult(1, 0));
    expect(await betOf(h, p.token, id)).toMatchObject({ status: 'won', payout: 1260, cashedOut: 506 });
    expect(moved(id)).toBe(-1000 + 506 + 1260);
  });

  it('cashes out a whole bet once, and refuses while a leg\u2019s market is suspended', async () => {
    const e = await newEvent(h);
    const p = await openPlayer(h, 100_000);
    const id = (await single(h, p.token, sel(e.id, marketOf('btts'), 'yes'), 1800, 1000)).body.bets[0]?.id ?? '';
    await suspend(h, e.id, ['btts:ft:-']);
    const refused = await sbApi(h, p.token, 'POST', `/bets/${id}/cashout`, { expected: 0 });
    expect(refused.json().error.code).toBe('SB_CASHOUT_UNAVAILABLE');
    expect((await betOf(h, p.token, id)).cashOut).toBeNull();
    await resume(h, e.id);
    // At the price it was taken, a cash-out returns the stake's fair value (1000 / 1.05, the book's
    // margin off the price) less the cash-out margin: 1000 / 1.05 x 0.95 = 904.
    expect((await betOf(h, p.token, id)).cashOut).toBe(904);
    const full = await sbApi(h, p.token, 'POST', `/bets/${id}/cashout`, { expected: 904 });
    expect(full.statusCode, full.body).toBe(200);
    expect((full.json() as CashOutAnswer).bet).toMatchObject({ status: 'cashed_out', openStake: 0, cashedOut: 904 });
    const again = await sbApi(h, p.token, 'POST', `/bets/${id}/cashout`, { expected: 0 });
    expect(again.json().error.code).toBe('SB_CASHOUT_UNAVAILABLE');
    await result(h, e.id, scoreResult(3, 3));
    expect(moved(id)).toBe(-1000 + 904);
    const bets = (await sbApi(h, p.token, 'GET', '/bets?status=settled')).json() as { bets: MyBet[] };
    expect(bets.bets.find((b) => b.id === id)?.status).toBe('cashed_out');
    expect(footballMarkets().length).toBeGreaterThan(0);
  });

  it('keeps one cash-out margin per bet right after placement: a single, a double, four legs, a system 2/4', async () => {
    const events = await Promise.all([newEvent(h), newEvent(h), newEvent(h), newEvent(h)]);
    const p = await openPlayer(h, 1_000_000);
    const legs = [
      { selectionId: sel(events[0]!.id, marketOf('1x2'), 'home'), odds1000: 2100 },
      { selectionId: sel(events[1]!.id, marketOf('btts'), 'yes'), odds1000: 1800 },
      { selectionId: sel(events[2]!.id, marketOf('total', 10), 'over'), odds1000: 1900 },
      { selectionId: sel(events[3]!.id, marketOf('handicap', -1), 'home'), odds1000: 1950 },
    ];
    const four = await place(h, p.token, {
      legs,
      bets: [
        { kind: 'single', selectionId: legs[0]!.selectionId, stake: 1000 },
        { kind: 'multiple', stake: 1000 },
        { kind: 'system', size: 2, stake: 500 },
      ],
      oddsChange: 'none',
    });
    expect(four.status, JSON.stringify(four.body)).toBe(200);
    const two = await place(h, p.token, {
      legs: legs.slice(0, 2),
      bets: [{ kind: 'multiple', stake: 1000 }],
      oddsChange: 'none',
    });
    expect(two.status, JSON.stringify(two.body)).toBe(200);
    const [singleBet, multiple, system] = four.body.bets;
    const double = two.body.bets[0];
    // The book's 5% football margin comes off each open leg's price, 5% cash-out margin once a bet.
    // The placement's answer offers what the bets' list offers.
    expect(four.body.bets.map((b) => b.cashOut)).toEqual([904, 781, 2580]);
    const offers = await Promise.all([singleBet, double, multiple, system].map((b) => betOf(h, p.token, b!.id)));
    // 10.00 single: 10 / 1.05 x 0.95 = 9.04 (90%); double 10 / 1.05^2 x 0.95 = 8.61 (86%); four legs
    // 10 / 1.05^4 x 0.95 = 7.81 (78%, offered 6.51 when the margin was kept twice a leg); 30.00 on a
    // system 2/4 (six pairs of 5.00): 6 x floor(5 / 1.05^2 x 0.95) = 25.80 (86%, offered 19.50).
    expect(offers.map((b) => [b.stake, b.cashOut])).toEqual([
      [1000, 904],
      [1000, 861],
      [1000, 781],
      [3000, 2580],
    ]);
    const paid = await sbApi(h, p.token, 'POST', `/bets/${multiple!.id}/cashout`, { expected: 781 });
    expect(paid.statusCode, paid.body).toBe(200);
    expect((paid.json() as CashOutAnswer).paid).toBe(781);
    expect(moved(multiple!.id)).toBe(-1000 + 781);
    const part = await sbApi(h, p.token, 'POST', `/bets/${system!.id}/cashout`, { expected: 1032, stake: 1200 });
    expect(part.statusCode, part.body).toBe(200);
    // 12.00 of its 30.00 is 2.00 on each pair: 6 x floor(2 / 1.05^2 x 0.95) = 6 x 1.72.
    expect((part.json() as CashOutAnswer).paid).toBe(1032);
  });

  it('takes the margin from the book, not from the prices a lopsided match leaves on offer', async () => {
    const e = await newEvent(h, { league: 'lopsided-league' });
    const p = await openPlayer(h, 100_000);
    const id = (await single(h, p.token, sel(e.id, marketOf('1x2'), 'draw'), 3400, 1000)).body.bets[0]?.id ?? '';
    await setState(h, e.id, 'live', 3, 0);
    // Home's price would be below 1.01: the book leaves it out, and draw 8.00 and away 40.00 add up
    // to 0.15, no overround to read a margin from.
    await quote(h, e.id, [
      marketQuote('1x2', [
        ['draw', 8000],
        ['away', 40_000],
      ]),
    ]);
    // 10.00 taken at 3.40, now 8.00: 4.25 at the price, fair 4.25 / 1.05 = 4.04, offered 4.04 x 0.95.
    expect((await betOf(h, p.token, id)).cashOut).toBe(384);
    try {
      // The trader's cash-out margin, 2%: 4.04 x 0.98.
      const set = await traderApi(h, 'PUT', '/trader/settings', { cashOutMarginPpm: 20_000 });
      expect(set.json()).toMatchObject({ cashOutMarginPpm: 20_000 });
      expect((await betOf(h, p.token, id)).cashOut).toBe(396);
      // The league's own margin, 10%: 4.25 / 1.10 x 0.98.
      expect(
        (await traderApi(h, 'PUT', '/trader/margins', { leagues: { 'lopsided-league': 100_000 } })).statusCode,
      ).toBe(200);
      expect((await betOf(h, p.token, id)).cashOut).toBe(378);
      const paid = await sbApi(h, p.token, 'POST', `/bets/${id}/cashout`, { expected: 378 });
      expect((paid.json() as CashOutAnswer).paid).toBe(378);
    } finally {
      await traderApi(h, 'PUT', '/trader/settings', { cashOutMarginPpm: 50_000 });
    }
    expect((await traderApi(h, 'PUT', '/trader/settings', { cashOutMarginPpm: 500_001 })).statusCode).toBe(400);
  });

  it('pays a bet whose result came in before its cash-out on the result, never as a cash-out', async () => {
    const e = await newEvent(h);
    const p = await openPlayer(h, 100_000);
    const id = (await single(h, p.token, sel(e.id, marketOf('1x2'), 'home'), 2100, 1000)).body.bets[0]?.id ?? '';
    expect((await betOf(h, p.token, id)).cashOut).toBe(904);
    // The result is written and its legs graded; the pass that settles the bets has not run yet.
    await recordResult(
      h.runtime.book.deps.db,
      e.id,
      scoreResult(2, 0),
      { correction: false, reason: 'test' },
      new Date(),
    );
    expect((await betOf(h, p.token, id)).cashOut).toBeNull();
    const late = await sbApi(h, p.token, 'POST', `/bets/${id}/cashout`, { expected: 0 });
    expect(late.json().error.code).toBe('SB_CASHOUT_UNAVAILABLE');
    await h.runtime.book.tick();
    expect(await betOf(h, p.token, id)).toMatchObject({ status: 'won', payout: 2100, cashedOut: 0 });
    expect(moved(id)).toBe(-1000 + 2100);
  });

  it('a cash-out and a result at once: the bet is paid by one of them, never both', async () => {
    for (let round = 0; round < 3; round++) {
      const e = await newEvent(h);
      const p = await openPlayer(h, 100_000);
      const id = (await single(h, p.token, sel(e.id, marketOf('1x2'), 'home'), 2100, 1000)).body.bets[0]?.id ?? '';
      await setState(h, e.id, 'live', 1, 0);
      const goal = { decided: { home: 1, away: 0 }, counted: { home: 1, away: 0 } };
      const [cash, settled] = await Promise.all([
        sbApi(h, p.token, 'POST', `/bets/${id}/cashout`, { expected: 904 }),
        traderApi(h, 'POST', `/trader/events/${e.id}/result`, { ft: goal, reason: 'final whistle' }),
      ]);
      expect(settled.statusCode, settled.body).toBe(200);
      const bet = await betOf(h, p.token, id);
      if (cash.statusCode === 200) {
        expect(bet).toMatchObject({ status: 'cashed_out', cashedOut: 904, payout: 0 });
        expect(moved(id)).toBe(-1000 + 904);
      } else {
        expect(cash.json().error.code).toBe('SB_CASHOUT_UNAVAILABLE');
        expect(bet).toMatchObject({ status: 'won', cashedOut: 0, payout: 2100 });
        expect(moved(id)).toBe(-1000 + 2100);
      }
    }
  });
});
