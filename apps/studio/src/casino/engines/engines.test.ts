import { describe, expect, it } from 'vitest';
import { createFairRng } from '../../kit/fair/fair-rng';
import { createSimRng } from '../../kit/fair/sim-rng';
import { createDerbyEngine, derbyFight } from './arcade/derby';
import { createDuelEngine, handStrength } from './arcade/duel';
import { createFishEngine, FISH_KINDS, FISH_RTP } from './arcade/fish';
import { createMatchEngine, matchFixture } from './arcade/match';
import {
  CRASH_DEFAULT_SALT,
  cashoutAt,
  crashPoint,
  crashPointFromUniform,
  crashUniform,
  createHashChain,
  multiplierAt,
  parseCrashBet,
  settleCrashBet,
  timeToMultiplier,
  verifyChainLink,
} from './crash/crash-engine';
import { generateDraw, type LotteryDraw, parseLotteryBet, settleLotteryBet } from './lottery/lottery-engine';
import { gameRefForCatalogue, instantEngineFor } from './registry';
import { baccaratProbabilities, baccaratRtps, bankerDraws, createBaccaratEngine } from './tables/baccarat';
import { createRouletteEngine } from './tables/roulette';
import type { InstantEngine } from './types';

// biome-ignore lint/suspicious/noExplicitAny: any engine
type Any = InstantEngine<any, any, any>;

const ENGINES: [string, Any, unknown, unknown[]][] = [
  [
    'baccarat',
    createBaccaratEngine(),
    { banker: 100, tie: 10 },
    [null, {}, { banker: 0 }, { banker: -5 }, { dragon: 10 }, { player: 1.5 }, { player: '100' }],
  ],
  [
    'roulette',
    createRouletteEngine(),
    {
      bets: [
        { type: 'straight', numbers: [7], amount: 10 },
        { type: 'red', amount: 20 },
      ],
    },
    [
      { bets: [] },
      { bets: [{ type: 'straight', numbers: [37], amount: 10 }] },
      { bets: [{ type: 'split', numbers: [1, 5], amount: 10 }] },
      { bets: [{ type: 'corner', numbers: [3, 4, 6, 7], amount: 10 }] },
      { bets: [{ type: 'street', numbers: [2, 3, 4], amount: 10 }] },
      { bets: [{ type: 'red', amount: 0 }] },
      { bets: [{ type: 'purple', amount: 10 }] },
    ],
  ],
  [
    'fish',
    createFishEngine(),
    { shots: 5, shotValue: 10, target: 'shark' },
    [
      { shots: 0, shotValue: 10 },
      { shots: 101, shotValue: 10 },
      { shots: 5, shotValue: 0 },
      { shots: 5, shotValue: 10, target: 'cat' },
    ],
  ],
  ['duel', createDuelEngine(), { amount: 100 }, [{ amount: 0 }, { amount: 'x' }, {}]],
  [
    'football',
    createMatchEngine('football', 'SPORTS-001'),
    { fixtureId: 'F1', market: '1x2', selection: 'draw', amount: 100 },
    [
      { fixtureId: 'F1', market: '1x2', selection: 'over', amount: 100 },
      { fixtureId: '', market: '1x2', selection: 'home', amount: 100 },
      { fixtureId: 'F1', market: 'corners', selection: 'home', amount: 100 },
    ],
  ],
  [
    'esports',
    createMatchEngine('esports', 'ESPORTS-001'),
    { fixtureId: 'F1', market: 'winner', selection: 'away', amount: 100 },
    [{ fixtureId: 'F1', market: 'winner', selection: 'draw', amount: 100 }],
  ],
  [
    'derby',
    createDerbyEngine('COCKFIGHT-001'),
    { fightId: 'D1', side: 'meron', amount: 100 },
    [
      { fightId: 'D1', side: 'rooster', amount: 100 },
      { fightId: 'D1', side: 'wala', amount: -1 },
    ],
  ],
];

describe('instant engines', () => {
  for (const [name, engine, good, bad] of ENGINES) {
    it(`${name}: parses a good bet, rejects bad ones, and plays deterministically from the fair stream`, () => {
      const bet = engine.parseBet(good);
      expect(engine.stake(bet)).toBeGreaterThan(0);
      for (const b of bad) expect(() => engine.parseBet(b), JSON.stringify(b)).toThrow('INVALID_BET');
      const round = (nonce: number) => engine.play(bet, createFairRng('seed', 'client', nonce));
      expect(round(1)).toEqual(round(1));
      const outcomes = new Set(Array.from({ length: 30 }, (_, n) => JSON.stringify(round(n).outcome)));
      expect(outcomes.size).toBeGreaterThan(1);
      const r = round(3);
      expect(Number.isInteger(r.win)).toBe(true);
      expect(r.pendingSteps).toBe(0);
      expect(engine.info.declaredRtp).toBeGreaterThan(0.85);
      expect(engine.info.declaredRtp).toBeLessThan(1);
    });
  }

  it('maps every playable catalogue category to an engine', () => {
    expect(gameRefForCatalogue('RNG', 'SLOT-00001')).toEqual({ kind: 'slot', gameCode: 'SLOT-00001' });
    expect(gameRefForCatalogue('LIVE', 'LIVE-001', { title: 'Roulette' })).toEqual({ kind: 'roulette' });
    expect(gameRefForCatalogue('LIVE', 'LIVE-002', { title: 'Speed Baccarat' })).toEqual({ kind: 'baccarat' });
    for (const type of ['RNG', 'JL', 'LIVE', 'FISH', 'PVP', 'SPORTS', 'ESPORTS', 'COCKFIGHT']) {
      const ref = gameRefForCatalogue(type, `${type}-001`);
      expect(ref).not.toBeNull();
      expect(instantEngineFor(ref!).info.kind).toBeTruthy();
    }
    expect(gameRefForCatalogue('LOTT', 'LOTT-001')).toBeNull();
  });
});

describe('baccarat', () => {
  it('exact 8-deck probabilities match the published figures', () => {
    const p = baccaratProbabilities();
    expect(p.banker).toBeCloseTo(0.458597, 6);
    expect(p.player).toBeCloseTo(0.446247, 6);
    expect(p.tie).toBeCloseTo(0.095156, 6);
    expect(p.banker + p.player + p.tie).toBeCloseTo(1, 10);
    const rtps = baccaratRtps();
    expect(rtps.banker).toBeCloseTo(0.98942, 5);
    expect(rtps.player).toBeCloseTo(0.98765, 5);
    expect(rtps.tie).toBeCloseTo(0.8564, 5);
  });

  it('follows the third-card rules', () => {
    expect(bankerDraws(3, 8)).toBe(false);
    expect(bankerDraws(3, 9)).toBe(true);
    expect(bankerDraws(4, 1)).toBe(false);
    expect(bankerDraws(4, 2)).toBe(true);
    expect(bankerDraws(5, 4)).toBe(true);
    expect(bankerDraws(5, 3)).toBe(false);
    expect(bankerDraws(6, 6)).toBe(true);
    expect(bankerDraws(6, null)).toBe(false);
    expect(bankerDraws(5, null)).toBe(true);
    expect(bankerDraws(7, 6)).toBe(false);
    const engine = createBaccaratEngine();
    const rng = createSimRng(1);
    for (let i = 0; i < 2000; i++) {
      const { outcome: o } = engine.play({ banker: 100 }, rng);
      const pt2 = o.player.slice(0, 2).reduce((s, c) => s + (c.rank >= 10 ? 0 : c.rank), 0) % 10;
      const bt2 = o.banker.slice(0, 2).reduce((s, c) => s + (c.rank >= 10 ? 0 : c.rank), 0) % 10;
      if (pt2 >= 8 || bt2 >= 8) {
        expect(o.player.length + o.banker.length).toBe(4);
        continue;
      }
      expect(o.player.length).toBe(pt2 <= 5 ? 3 : 2);
      const third = o.player[2] ? (o.player[2].rank >= 10 ? 0 : o.player[2].rank) : null;
      expect(o.banker.length).toBe(bankerDraws(bt2, third) ? 3 : 2);
      if (o.result === 'banker') expect(o.returns.banker).toBe(195);
      if (o.result === 'tie') expect(o.returns.banker).toBe(100);
    }
  });
});

describe('roulette', () => {
  it('pays 36/k of the stake on a bet covering k numbers', () => {
    const engine = createRouletteEngine();
    const bet = engine.parseBet({
      bets: [
        { type: 'straight', numbers: [0], amount: 10 },
        { type: 'corner', numbers: [0, 1, 2, 3], amount: 10 },
        { type: 'dozen1', amount: 10 },
        { type: 'black', amount: 10 },
      ],
    });
    const rng = createSimRng(4);
    for (let i = 0; i < 3000; i++) {
      const { outcome, win } = engine.play(bet, rng);
      const n = outcome.number;
      expect(outcome.returns[0]).toBe(n === 0 ? 360 : 0);
      expect(outcome.returns[1]).toBe(n <= 3 ? 90 : 0);
      expect(outcome.returns[2]).toBe(n >= 1 && n <= 12 ? 30 : 0);
      expect(outcome.returns[3]).toBe(outcome.color === 'black' ? 20 : 0);
      expect(win).toBe(outcome.returns.reduce((a, b) => a + b, 0));
    }
  });
});

describe('crash', () => {
  it('builds a verifiable chain backwards from the seed', () => {
    const chain = createHashChain('seed', 100);
    expect(chain.rounds).toHaveLength(100);
    expect(verifyChainLink(chain.rounds[0]!, chain.terminatingHash)).toBe(true);
    for (let i = 1; i < 100; i++) expect(verifyChainLink(chain.rounds[i]!, chain.rounds[i - 1]!)).toBe(true);
    expect(verifyChainLink(chain.rounds[5]!, chain.rounds[3]!)).toBe(false);
    // A longer chain from the same seed ends in the same rounds: rounds are fixed by the seed.
    expect(createHashChain('seed', 120).rounds.slice(20)).toEqual(chain.rounds);
    expect(crashPoint(chain.rounds[0]!)).toBe(crashPoint(chain.rounds[0]!, CRASH_DEFAULT_SALT));
  });

  it('draws a uniform X from the round hashes of a real chain, in its high and low bits', () => {
    // Pearson's chi-square over 100 equal bins for 10^5 rounds of one chain (99 degrees of freedom:
    // mean 99, sd 14; 170 is beyond p = 10^-5). The high bins test X itself; the low bins test the
    // last 32 of its 52 bits (the second word of the HMAC), which a cut to fewer bits would empty.
    const N = 100_000;
    const BINS = 100;
    const high = new Array<number>(BINS).fill(0);
    const low = new Array<number>(BINS).fill(0);
    for (const hash of createHashChain('chi-square chain seed', N).rounds) {
      const x = crashUniform(hash);
      if (!(x >= 0 && x < 1)) throw new Error(`X out of [0, 1): ${x}`);
      high[Math.floor(x * BINS)]! += 1;
      const lowWord = (x * 2 ** 52) % 2 ** 32;
      low[Math.floor((lowWord / 2 ** 32) * BINS)]! += 1;
    }
    const chiSquare = (counts: number[]) => counts.reduce((sum, n) => sum + (n - N / BINS) ** 2 / (N / BINS), 0);
    expect(chiSquare(high)).toBeLessThan(170);
    expect(chiSquare(low)).toBeLessThan(170);
    // The round hash is the HMAC key and the salt the message: another salt draws another X.
    const hash = createHashChain('chi-square chain seed', 1).rounds[0]!;
    expect(crashUniform(hash, 'other-salt')).not.toBe(crashUniform(hash));
  });

  it('P(crash >= m) = 0.99 / m and the curve matches the crash time', () => {
    expect(crashPointFromUniform(0)).toBe(100);
    expect(crashPointFromUniform(0.5)).toBe(198);
    expect(crashPointFromUniform(1 - 0.99 / 2)).toBe(200);
    expect(multiplierAt(0)).toBe(100);
    for (const m of [101, 150, 200, 1000, 5000]) {
      expect(multiplierAt(timeToMultiplier(m))).toBeGreaterThanOrEqual(m);
      expect(multiplierAt(timeToMultiplier(m) - 1)).toBeLessThan(m);
    }
    expect(cashoutAt(timeToMultiplier(150), 149)).toBeNull();
    expect(cashoutAt(timeToMultiplier(150), 150)).toBeGreaterThanOrEqual(150);
  });

  it('settles auto and manual cash-outs', () => {
    const bet = parseCrashBet({ amount: 1000, autoCashout: 200 });
    expect(settleCrashBet(bet, 250)).toEqual({ cashedOutAt: 200, win: 2000 });
    expect(settleCrashBet(bet, 199)).toEqual({ cashedOutAt: null, win: 0 });
    expect(settleCrashBet(bet, 250, 150)).toEqual({ cashedOutAt: 150, win: 1500 });
    expect(settleCrashBet(parseCrashBet({ amount: 1000 }), 300)).toEqual({ cashedOutAt: null, win: 0 });
    expect(settleCrashBet(parseCrashBet({ amount: 333 }), 300, 123)).toEqual({ cashedOutAt: 123, win: 409 });
    for (const bad of [{ amount: 0 }, { amount: 10, autoCashout: 100 }, { amount: 10, autoCashout: 1.5 }, null]) {
      expect(() => parseCrashBet(bad)).toThrow('INVALID_BET');
    }
  });
});

describe('lottery', () => {
  it('draws VN (27 prizes) and SEA (23 distinct 4D numbers) deterministically from the seed', () => {
    const vn = generateDraw('VN', 'VN-1', 'seed');
    expect(generateDraw('VN', 'VN-1', 'seed')).toEqual(vn);
    expect(generateDraw('VN', 'VN-2', 'seed')).not.toEqual(vn);
    expect(vn.prizes.flatMap((p) => p.numbers)).toHaveLength(27);
    expect(vn.prizes[0]).toMatchObject({ tier: 'special' });
    expect(vn.prizes[0]!.numbers[0]).toMatch(/^\d{5}$/);
    expect(vn.prizes.at(-1)!.numbers.every((n) => /^\d{2}$/.test(n))).toBe(true);
    const sea = generateDraw('SEA', 'SEA-1', 'seed');
    const all = sea.prizes.flatMap((p) => p.numbers);
    expect(all).toHaveLength(23);
    expect(new Set(all).size).toBe(23);
  });

  it('settles tickets against a draw', () => {
    const draw: LotteryDraw = {
      region: 'VN',
      drawId: 'x',
      prizes: [
        { tier: 'special', numbers: ['12345'] },
        { tier: 'first', numbers: ['00045'] },
        { tier: 'seventh', numbers: ['45', '07'] },
      ],
    };
    const settle = (input: unknown) => settleLotteryBet(parseLotteryBet('VN', input), draw);
    expect(settle({ type: 'lo2', numbers: ['45'], amount: 100 })).toEqual({ hits: 3, win: 1050 });
    expect(settle({ type: 'lo3', numbers: ['045'], amount: 100 })).toEqual({ hits: 1, win: 4100 });
    expect(settle({ type: 'de', numbers: ['45'], amount: 100 })).toEqual({ hits: 1, win: 9500 });
    expect(settle({ type: 'de3', numbers: ['345'], amount: 100 })).toEqual({ hits: 1, win: 96000 });
    expect(settle({ type: 'dau', numbers: ['4'], amount: 100 })).toEqual({ hits: 1, win: 950 });
    expect(settle({ type: 'duoi', numbers: ['4'], amount: 100 })).toEqual({ hits: 0, win: 0 });
    expect(settle({ type: 'xien2', numbers: ['45', '07'], amount: 100 })).toEqual({ hits: 1, win: 1700 });
    expect(settle({ type: 'xien2', numbers: ['45', '08'], amount: 100 })).toEqual({ hits: 0, win: 0 });
    const sea: LotteryDraw = {
      region: 'SEA',
      drawId: 'y',
      prizes: [
        { tier: 'first', numbers: ['1234'] },
        { tier: 'second', numbers: ['5678'] },
        { tier: 'third', numbers: ['9999'] },
        { tier: 'starter', numbers: ['0001'] },
        { tier: 'consolation', numbers: ['0002'] },
      ],
    };
    const s = (input: unknown) => settleLotteryBet(parseLotteryBet('SEA', input), sea);
    expect(s({ type: 'big', numbers: ['0001'], amount: 100 }).win).toBe(20_000);
    expect(s({ type: 'small', numbers: ['0001'], amount: 100 }).win).toBe(0);
    expect(s({ type: 'small', numbers: ['5678'], amount: 100 }).win).toBe(250_000);
    expect(s({ type: 'straight', numbers: ['1234'], amount: 100 }).win).toBe(950_000);
    expect(s({ type: 'last2', numbers: ['34'], amount: 100 }).win).toBe(9_500);
    for (const bad of [
      { type: 'lo2', numbers: ['5'], amount: 100 },
      { type: 'lo2', numbers: ['05', '06'], amount: 100 },
      { type: 'xien2', numbers: ['05', '05'], amount: 100 },
      { type: 'big', numbers: ['0001'], amount: 100 },
      { type: 'de', numbers: ['05'], amount: 0 },
    ]) {
      expect(() => parseLotteryBet('VN', bad)).toThrow('INVALID_BET');
    }
    expect(() => settleLotteryBet(parseLotteryBet('VN', { type: 'de', numbers: ['05'], amount: 1 }), sea)).toThrow();
  });
});

describe('arcade games', () => {
  it('fish: every kind returns FISH_RTP per shot by construction', () => {
    for (const k of FISH_KINDS) expect((FISH_RTP / k.multiplier) * k.multiplier).toBeCloseTo(FISH_RTP, 12);
  });

  it('duel: three-card hands rank as in three-card poker', () => {
    const h = (...cards: [number, number][]) => handStrength(cards.map(([rank, suit]) => ({ rank, suit })));
    const straightFlush = h([12, 0], [13, 0], [1, 0]);
    const trips = h([5, 0], [5, 1], [5, 2]);
    const straight = h([1, 0], [2, 1], [3, 2]);
    const flush = h([2, 0], [9, 0], [13, 0]);
    const pair = h([9, 1], [9, 2], [4, 0]);
    const high = h([1, 0], [10, 1], [7, 2]);
    expect(straightFlush.hand).toBe('straight flush');
    expect(straight.hand).toBe('straight');
    const order = [high, pair, flush, straight, trips, straightFlush].map((x) => x.strength);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(h([1, 0], [13, 1], [12, 2]).strength).toBeGreaterThan(h([2, 0], [3, 1], [4, 2]).strength);
  });

  it('match and derby: odds are known before the bet and no selection returns more than the margin', () => {
    for (let f = 0; f < 200; f++) {
      for (const sport of ['football', 'esports'] as const) {
        const fixture = matchFixture(sport, 'G', `F${f}`);
        expect(fixture.home).not.toBe(fixture.away);
        for (const s of fixture.selections) {
          expect(s.rtp).toBeLessThanOrEqual(0.95 + 1e-12);
          expect(s.rtp).toBeGreaterThan(0.94);
        }
      }
      const fight = derbyFight('C', `D${f}`);
      for (const side of ['meron', 'wala', 'draw'] as const) {
        expect(fight.rtp[side]).toBeLessThanOrEqual(0.95 + 1e-12);
        expect(fight.rtp[side]).toBeGreaterThan(0.94);
      }
    }
  });
});
