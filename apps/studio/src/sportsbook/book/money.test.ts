// postgres: two identical slips and two cash-outs at once race on row locks and a unique index, and recovery runs beside an unanswered wallet call
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CashOutAnswer, PlaceAnswer } from '../api';
import { settleSelection } from '../model/markets';
import type { EventResult, MarketType, Outcome, Period } from '../types';
import { betPayout, recordResult } from './settlement';
import {
  abandon,
  type BookHarness,
  betOf,
  footballMarkets,
  marketOf,
  newEvent,
  oddsIn,
  openPlayer,
  place,
  result,
  sbApi,
  scoreResult,
  sel,
  setOdds,
  single,
  startBook,
} from './test-fixture';

// What must hold for money whatever happens around it, through HTTP on a real database (PGlite,
// and PostgreSQL in the suite's second run): a slip sent twice at once places once; two cash-outs
// at once pay once; a stake the wallet took but the studio never recorded is rolled back by
// recovery; a win the wallet did not answer is delivered later; and, over random sequences of
// settlements, corrections, abandons, cash-outs, lost answers and replays, every bet is paid
// exactly its correct final amount (the wallet's calls add up to it less the stake).

let h: BookHarness;
beforeAll(async () => {
  h = await startBook('sbmoney');
});
afterAll(() => h.close());

const moved = (betId: string) => h.wallet.moved.get(betId) ?? 0;
const HOME = oddsIn('1x2', 'home');
const home = (eventId: string) => sel(eventId, marketOf('1x2'), 'home');

/** Runs the loop until no wallet move is due (the clock moved past every backoff). */
async function drain(): Promise<void> {
  for (let i = 0; i < 30; i++) {
    h.clock.now += 6 * 60_000;
    await h.runtime.book.tick();
    const due = await h.runtime.db
      .selectFrom('studio_sb_moves')
      .select('id')
      .where('status', '=', 'due')
      .executeTakeFirst();
    const open = await h.runtime.db
      .selectFrom('studio_sb_bets')
      .select('id')
      .where('status', 'in', ['betting', 'pending'])
      .executeTakeFirst();
    if (!due && !open) return;
  }
  throw new Error('moves still due after draining');
}

describe('money under races and stops', () => {
  it('places a slip sent twice at once only once', { tags: ['postgres'] }, async () => {
    const e = await newEvent(h);
    const p = await openPlayer(h, 100_000);
    const slip = {
      requestId: randomUUID(),
      legs: [{ selectionId: home(e.id), odds1000: HOME }],
      bets: [{ kind: 'single' as const, selectionId: home(e.id), stake: 1000 }],
      oddsChange: 'none' as const,
    };
    const [a, b] = await Promise.all([
      sbApi(h, p.token, 'POST', '/bets', slip),
      sbApi(h, p.token, 'POST', '/bets', slip),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const ids = [(a.json() as PlaceAnswer).bets[0]?.id, (b.json() as PlaceAnswer).bets[0]?.id];
    expect(ids[0]).toBeTruthy();
    expect(ids[1]).toBe(ids[0]);
    expect(h.wallet.balances.get(p.player)).toBe(99_000);
    expect(h.wallet.calls.filter((c) => c.path === 'bet' && c.body.player === p.player)).toHaveLength(1);
  });

  it('pays two cash-outs of one bet at once only once', { tags: ['postgres'] }, async () => {
    const e = await newEvent(h);
    const p = await openPlayer(h, 100_000);
    const id = (await single(h, p.token, home(e.id), HOME, 1000)).body.bets[0]?.id ?? '';
    const both = await Promise.all([
      sbApi(h, p.token, 'POST', `/bets/${id}/cashout`, { expected: 1 }),
      sbApi(h, p.token, 'POST', `/bets/${id}/cashout`, { expected: 1 }),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(h.wallet.calls.filter((c) => c.path === 'win' && c.body.roundId === id)).toHaveLength(1);
    const paid = (both.find((r) => r.statusCode === 200)!.json() as CashOutAnswer).paid;
    // At the taken price a cash-out is worth less than the stake: the book keeps its margin on it.
    expect(paid).toBeGreaterThan(0);
    expect(paid).toBeLessThan(1000);
    expect(moved(id)).toBe(-1000 + paid);
  });

  it('rolls back a stake the wallet took while the studio stopped waiting for its answer', {
    tags: ['postgres'],
  }, async () => {
    const e = await newEvent(h);
    const p = await openPlayer(h, 10_000);
    let release!: () => void;
    const hang = new Promise<void>((resolve) => {
      release = resolve;
    });
    h.wallet.fault = (path, body) => (path === 'bet' && body.player === p.player ? { hang } : undefined);
    const placing = single(h, p.token, home(e.id), HOME, 4000);
    while (!h.wallet.calls.some((c) => c.path === 'bet' && c.body.player === p.player)) {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    // The wallet took the stake; the studio has only its 'betting' row (as after a crash).
    expect(h.wallet.balances.get(p.player)).toBe(6000);
    h.clock.now += 31_000;
    await h.runtime.book.tick();
    expect(h.wallet.balances.get(p.player)).toBe(10_000);
    h.wallet.fault = () => undefined;
    release();
    const answer = await placing;
    expect(answer.body.bets[0]?.status).toBe('refused');
    const id = answer.body.bets[0]?.id ?? '';
    expect(moved(id)).toBe(0);
    // The event's result later pays nothing on it.
    await result(h, e.id, scoreResult(1, 0));
    expect(moved(id)).toBe(0);
  });

  it('refuses and rolls back a stake the wallet took when the result came before its acceptance', {
    tags: ['postgres'],
  }, async () => {
    const e = await newEvent(h);
    const p = await openPlayer(h, 10_000);
    let release!: () => void;
    const hang = new Promise<void>((resolve) => {
      release = resolve;
    });
    h.wallet.fault = (path, body) => (path === 'bet' && body.player === p.player ? { hang } : undefined);
    const placing = single(h, p.token, home(e.id), HOME, 2500);
    while (!h.wallet.calls.some((c) => c.path === 'bet' && c.body.player === p.player)) {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    // The wallet took the stake and its answer is on the way while the event's result settles the market.
    await result(h, e.id, scoreResult(1, 0));
    h.wallet.fault = () => undefined;
    release();
    const answer = await placing;
    expect(answer.body.bets[0]).toMatchObject({ status: 'refused', refusal: 'SB_MARKET_CLOSED' });
    await drain();
    expect(moved(answer.body.bets[0]?.id ?? '')).toBe(0);
    expect(h.wallet.balances.get(p.player)).toBe(10_000);
  });

  it('rolls back at once a stake whose answer was lost, and refuses the slip', async () => {
    const e = await newEvent(h);
    const p = await openPlayer(h, 10_000);
    h.wallet.fault = (path, body) => (path === 'bet' && body.player === p.player ? 'lose-answer' : undefined);
    const res = await single(h, p.token, home(e.id), HOME, 3000);
    h.wallet.fault = () => undefined;
    expect(res.status).toBe(503);
    expect(res.body.error?.code).toBe('STUDIO_WALLET_UNAVAILABLE');
    expect(h.wallet.balances.get(p.player)).toBe(10_000);
  });

  it('delivers a win the wallet did not answer, and finishes a settlement a stop interrupted', async () => {
    const [a, b] = [await newEvent(h), await newEvent(h)];
    const p = await openPlayer(h, 10_000);
    const first = (await single(h, p.token, home(a.id), HOME, 1000)).body.bets[0]?.id ?? '';
    const second = (await single(h, p.token, home(b.id), HOME, 1000)).body.bets[0]?.id ?? '';
    h.wallet.fault = (path) => (path === 'win' ? 'lose-request' : undefined);
    await result(h, a.id, scoreResult(1, 0));
    expect(moved(first)).toBe(-1000);
    expect((await betOf(h, p.token, first)).status).toBe('won');
    h.wallet.fault = () => undefined;
    // The result recorded, then the studio stopped before settling the bets: the loop settles them.
    expect(
      await recordResult(
        h.runtime.db,
        b.id,
        scoreResult(2, 0),
        { correction: false, reason: 'result' },
        new Date(h.clock.now),
      ),
    ).toBe('changed');
    await drain();
    expect([moved(first), moved(second)]).toEqual([1100, 1100]);
  });
});

// ---- the property: random sequences never pay a bet more (or less) than its correct final amount ----

/** A small seeded generator (mulberry32), so a failing sequence can be replayed from its seed. */
function rng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (n: number) => Math.floor(next() * n),
    pick: <T>(xs: T[]) => xs[Math.floor(next() * xs.length)] as T,
  };
}

describe('the property', () => {
  it('pays every bet its correct final amount over random settle, resettle, abandon, cash-out, lost answers and replays', async () => {
    const TRIALS = 24;
    let shortfalls = 0;
    for (let trial = 0; trial < TRIALS; trial++) {
      const seed = 1000 + trial;
      const r = rng(seed);
      const events = [await newEvent(h), await newEvent(h), await newEvent(h)];
      const p = await openPlayer(h, 1_000_000_000);
      const markets = footballMarkets();
      const legs = events.slice(0, 1 + r.int(3)).map((e) => {
        const m = r.pick(markets);
        const s = r.pick(m.selections);
        return { selectionId: sel(e.id, m, s.key), odds1000: s.odds1000 };
      });
      const kind = legs.length === 1 ? 'single' : legs.length === 3 && r.next() < 0.5 ? 'system' : 'multiple';
      const stake = (1 + r.int(50)) * 300;
      // Lost answers and lost requests on every kind of call, at random: each is retried with its ids.
      h.wallet.fault = (path) => {
        if (path === 'balance') return undefined;
        const x = r.next();
        return x < 0.15 ? 'lose-answer' : x < 0.25 ? 'lose-request' : undefined;
      };
      const requestId = randomUUID();
      await place(h, p.token, {
        requestId,
        legs,
        bets: [
          kind === 'single'
            ? { kind, selectionId: legs[0]?.selectionId ?? '', stake }
            : kind === 'system'
              ? { kind, size: 2, stake }
              : { kind, stake },
        ],
        oddsChange: 'any',
      });
      // A slip whose stake's answer was lost is refused (its row stays, to check it moved nothing).
      const betId = (
        await h.runtime.db
          .selectFrom('studio_sb_bets')
          .select('bet_id')
          .where('request_id', '=', requestId)
          .executeTakeFirst()
      )?.bet_id;
      const results = new Map<string, EventResult | 'void'>();
      const steps = 3 + r.int(6);
      for (let s = 0; betId && s < steps; s++) {
        const e = r.pick(events);
        const op = r.int(6);
        if (op === 0 || op === 1) {
          const res = scoreResult(r.int(4), r.int(4), [r.int(2), r.int(2)]);
          await result(h, e.id, res, results.has(e.id));
          results.set(e.id, res);
        } else if (op === 2 && r.next() < 0.4) {
          await abandon(h, e.id);
          results.set(e.id, 'void');
        } else if (op === 3) {
          const bet = await betOf(h, p.token, betId);
          if (bet.status === 'open' && bet.cashOut !== null) {
            const unit = kind === 'system' ? 3 : 1;
            const part = r.next() < 0.5 ? undefined : unit * Math.max(1, Math.floor(bet.openStake / unit / 2));
            await sbApi(h, p.token, 'POST', `/bets/${betId}/cashout`, {
              expected: 0,
              ...(part ? { stake: part } : {}),
            });
          }
        } else if (op === 2) {
          // The player spends their balance elsewhere: a later debit finds less cash than it asks.
          h.wallet.balances.set(p.player, r.int(2000));
        } else if (op === 4) {
          const m = marketOf('1x2');
          await setOdds(h, e.id, m, { home: 1500 + r.int(2000), draw: 2500 + r.int(2000), away: 1500 + r.int(3000) });
        } else {
          // A delivery pass after the backoff: retries, and replays of answers already given.
          h.clock.now += 6 * 60_000;
          await h.runtime.book.tick();
        }
      }
      h.wallet.fault = () => undefined;
      // Every event gets its final result, so the bet ends; then everything owed is delivered.
      for (const e of events) {
        if (!results.has(e.id)) {
          const res = scoreResult(r.int(3), r.int(3), [0, 0]);
          await result(h, e.id, res);
          results.set(e.id, res);
        }
      }
      await drain();
      // Now and then the player spends their winnings and a result is then corrected once more.
      if (r.next() < 0.6) {
        h.wallet.balances.set(p.player, r.int(1000));
        const e = r.pick(events);
        const res = scoreResult(r.int(4), r.int(4), [r.int(2), r.int(2)]);
        await result(h, e.id, res, true);
        // (An abandoned event given a result is settled on it: a correction of the abandon.)
        results.set(e.id, res);
        await drain();
      }
      if (!betId) continue;
      const row = await h.runtime.db
        .selectFrom('studio_sb_bets')
        .select(['id', 'kind', 'size', 'combinations', 'stake', 'open_stake', 'status', 'payout', 'cashed_out'])
        .where('bet_id', '=', betId)
        .executeTakeFirstOrThrow();
      const label = `seed ${seed}: ${kind} ${row.status}`;
      if (row.status === 'refused') {
        expect(moved(betId), label).toBe(0);
        continue;
      }
      expect(['settled', 'cashed_out'], label).toContain(row.status);
      // The correct payout, computed here from the final results alone.
      const stored = await h.runtime.db
        .selectFrom('studio_sb_legs')
        .innerJoin('studio_sb_markets', 'studio_sb_markets.id', 'studio_sb_legs.market_id')
        .select([
          'studio_sb_legs.event_id',
          'studio_sb_legs.selection',
          'studio_sb_legs.odds1000',
          'studio_sb_markets.type',
          'studio_sb_markets.period',
          'studio_sb_markets.line4',
        ])
        .where('studio_sb_legs.bet_id', '=', row.id)
        .orderBy('studio_sb_legs.leg_no')
        .execute();
      const outcomes = stored.map((l) => {
        const final = results.get(l.event_id);
        const outcome: Outcome =
          final === 'void' || final === undefined
            ? 'void'
            : settleSelection(
                { type: l.type as MarketType, period: l.period as Period, line4: l.line4 ?? undefined },
                l.selection,
                final,
              );
        return { odds1000: l.odds1000, outcome, event_id: l.event_id };
      });
      const correct = row.status === 'cashed_out' ? 0 : betPayout(row, outcomes);
      expect(row.payout, label).toBe(correct);
      // What a debit could not take stays the house's loss, recorded; nothing is ever paid beyond
      // the correct amount, and every unit is accounted for.
      const unc = await h.runtime.db
        .selectFrom('studio_sb_moves')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('uncollected'), eb.lit(0)).as('n'))
        .where('bet_id', '=', row.id)
        .executeTakeFirstOrThrow();
      const uncollected = Number(unc.n);
      expect(uncollected, label).toBeGreaterThanOrEqual(0);
      expect(moved(betId), label).toBe(row.cashed_out + correct - row.stake + uncollected);
      if (uncollected > 0) shortfalls++;
      // Each transaction id reached the wallet's books once, however often it was sent.
      const txs = h.wallet.calls.filter((c) => c.body.roundId === betId && c.path !== 'balance');
      const ids = new Set(txs.map((c) => String(c.body.transactionId)));
      expect(ids.size, label).toBeLessThanOrEqual(txs.length);
    }
    // Some sequences did leave a debit short (the case the netting is for).
    expect(shortfalls).toBeGreaterThan(0);
  });
});
