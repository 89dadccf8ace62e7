import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_ODDS, MIN_ODDS, OUTCOMES, type Outcome } from '../types';
import {
  cashOutValue,
  combinationCount,
  combinations,
  combinedOdds1000,
  legFactor,
  type OpenBetLeg,
  partialCashOut,
  payout,
  potentialPayout,
  type SettledLeg,
  stakeAtRisk,
  systemPayout,
} from './bets';

const odds = fc.integer({ min: MIN_ODDS / 10, max: 20_000 }).map((h) => h * 10);
const outcome = fc.constantFrom<Outcome>(...OUTCOMES);
const leg = fc.record({ odds1000: odds, outcome });
const stake = fc.bigInt({ min: 1n, max: 10n ** 11n });

/** floor(stake x product of the factors), the factors multiplied as exact fractions first. */
function reference(stakeAmount: bigint, legs: readonly SettledLeg[]): bigint {
  let num = stakeAmount;
  let den = 1n;
  for (const l of legs) {
    const f = legFactor(l.outcome, l.odds1000);
    num *= f.num;
    den *= f.den;
  }
  return num / den;
}

describe('slip arithmetic: worked examples', () => {
  it('pays each outcome its factor', () => {
    expect(payout(10_000, [{ odds1000: 1900, outcome: 'win' }])).toBe(19_000);
    expect(payout(10_000, [{ odds1000: 1900, outcome: 'half_win' }])).toBe(14_500);
    expect(payout(10_000, [{ odds1000: 1900, outcome: 'push' }])).toBe(10_000);
    expect(payout(10_000, [{ odds1000: 1900, outcome: 'void' }])).toBe(10_000);
    expect(payout(10_000, [{ odds1000: 1900, outcome: 'half_lose' }])).toBe(5_000);
    expect(payout(10_000, [{ odds1000: 1900, outcome: 'lose' }])).toBe(0);
    expect(payout(333n, [{ odds1000: 1010, outcome: 'half_lose' }])).toBe(166n);
  });

  it('multiplies a multiple’s factors and floors once', () => {
    // 100.00 on -0.75 @1.90 half won, over 2.5 @2.00 won, away @3.10 void: 1.45 x 2 x 1 = 2.9
    const legs: SettledLeg[] = [
      { odds1000: 1900, outcome: 'half_win' },
      { odds1000: 2000, outcome: 'win' },
      { odds1000: 3100, outcome: 'void' },
    ];
    expect(payout(10_000, legs)).toBe(29_000);
    // 1.01 x 1.01 x 1.01 on 0.99: each floor alone would give 0; the product gives 1 (1.0201...).
    expect(
      payout(
        1,
        Array.from({ length: 3 }, () => ({ odds1000: 1010, outcome: 'win' as const })),
      ),
    ).toBe(1);
    expect(combinedOdds1000([1900, 1950, 1850])).toBe(6854);
    expect(potentialPayout(10_000, [1900, 1950, 1850])).toBe(68_542);
  });

  it('pays a system bet as the sum of its combinations', () => {
    // 2/3 at 10.00 a combination: @2.00 won, @1.90 half won, @3.00 lost: only the first pair pays, 10 x 2 x 1.45
    const legs: SettledLeg[] = [
      { odds1000: 2000, outcome: 'win' },
      { odds1000: 1900, outcome: 'half_win' },
      { odds1000: 3000, outcome: 'lose' },
    ];
    expect(systemPayout(1_000, legs, 2)).toBe(2_900);
    expect(potentialPayout(1_000, [2000, 1900, 3000], 2)).toBe(1_000 * (3.8 + 6 + 5.7));
    expect(combinations(4, 2)).toEqual([
      [0, 1],
      [0, 2],
      [0, 3],
      [1, 2],
      [1, 3],
      [2, 3],
    ]);
    expect(combinationCount(10, 4)).toBe(210);
    expect(combinations(10, 4)).toHaveLength(210);
    expect(combinations(3, 4)).toEqual([]);
  });

  it('values an open bet from the taken and current odds, the market\u2019s margin taken off', () => {
    // 100.00 on @2.50, now 1.80 in a market priced at a 5% margin, cash-out margin 3%:
    // 100 x 2.50 / (1.80 x 1.05) x 0.97 = 128.30
    const single = {
      stake: 10_000,
      size: null,
      legs: [{ odds1000: 2500, outcome: null, currentOdds1000: 1800, marginPpm: 50_000 }],
    };
    expect(cashOutValue(single, 30_000)).toBe(12_830);
    // 50.00 on a double: first leg won @2.00, second taken @1.90 now 1.40: 50 x 2 x 1.9 / 1.4 = 135.71
    const double = {
      stake: 5_000,
      size: null,
      legs: [
        { odds1000: 2000, outcome: 'win' as const, currentOdds1000: null },
        { odds1000: 1900, outcome: null, currentOdds1000: 1400 },
      ],
    };
    expect(cashOutValue(double)).toBe(13_571);
    // Part of it: 20.00 cashed is 54.28; 30.00 keeps running for 30 x 2 x 1.9 = 114.00.
    expect(partialCashOut(double, 2_000)).toEqual({ value: 5_428, remainingStake: 3_000 });
    expect(potentialPayout(3_000, [2000, 1900])).toBe(11_400);
    // A lost leg makes it worthless; a suspended one makes it unpriced.
    expect(cashOutValue({ ...double, legs: [{ ...double.legs[0]!, outcome: 'lose' as const }, double.legs[1]!] })).toBe(
      0,
    );
    expect(
      cashOutValue({ ...double, legs: [double.legs[0]!, { ...double.legs[1]!, currentOdds1000: null }] }),
    ).toBeNull();
  });

  it('keeps one cash-out margin per bet, not one per leg', () => {
    // The demo's markets at 5% and a 5% cash-out margin, right after placement (every price as
    // taken): each open leg is worth 1 / 1.05 of itself, and the bet 0.95 of that.
    const open = (odds1000: number) => ({ odds1000, outcome: null, currentOdds1000: odds1000, marginPpm: 50_000 });
    const value = (legs: OpenBetLeg[], stake = 1_000, size: number | null = null) =>
      cashOutValue({ stake, size, legs }, 50_000);
    // 10.00 single: 10 / 1.05 x 0.95 = 9.04 (at least 90%).
    expect(value([open(1900)])).toBe(904);
    // 10.00 double: 10 / 1.05^2 x 0.95 = 8.61 (at least 85%).
    expect(value([open(1900), open(2100)])).toBe(861);
    // 10.00 four-leg multiple: 10 / 1.05^4 x 0.95 = 7.81 (at least 77%); keeping the margin twice a
    // leg, as the book did, offered 6.51 for it.
    const four = [open(1900), open(2100), open(1750), open(3400)];
    expect(value(four)).toBe(781);
    // 30.00 system 2/4, 5.00 a combination: 6 x floor(5 / 1.05^2 x 0.95) = 6 x 4.30 = 25.80 (86%).
    expect(value(four, 500, 2)).toBe(2_580);
    // Without a cash-out margin it is the bet's fair value: never less than the cash-out.
    expect(cashOutValue({ stake: 1_000, size: null, legs: four }, 0)).toBe(822);
  });

  it('takes the margin the book priced at, whatever the prices left on offer add up to', () => {
    // Late in a lopsided match the favourite is out of the 1X2: draw 8.00 and away 40.00 add up to
    // 0.15, no overround to read. 10.00 on the draw taken at 3.40 is worth 3.40 / (8.00 x 1.05) of
    // it, 4.04, and 3.84 with a 5% cash-out margin (at 8.00 as it stands, 4.25: 5% too much).
    const legs = [{ odds1000: 3400, outcome: null, currentOdds1000: 8000, marginPpm: 50_000 }];
    expect(cashOutValue({ stake: 1_000, size: null, legs }, 0)).toBe(404);
    expect(cashOutValue({ stake: 1_000, size: null, legs }, 50_000)).toBe(384);
  });

  it('offers nothing for a bet whose every leg has a result: the settlement pays it', () => {
    const legs = [
      { odds1000: 2000, outcome: 'win' as const, currentOdds1000: null },
      { odds1000: 1900, outcome: 'half_win' as const, currentOdds1000: null },
    ];
    expect(cashOutValue({ stake: 1_000, size: null, legs }, 50_000)).toBeNull();
    expect(cashOutValue({ stake: 1_000, size: 1, legs }, 0)).toBeNull();
  });

  it('refuses amounts and odds that are none', () => {
    expect(() => payout(1.5, [])).toThrow(RangeError);
    expect(() => payout(-1, [])).toThrow(RangeError);
    expect(() => legFactor('win', 999)).toThrow(RangeError);
    expect(() => partialCashOut({ stake: 100, size: null, legs: [] }, 101)).toThrow(RangeError);
  });
});

describe('slip arithmetic: properties', () => {
  it("a multiple pays stake x the product of its legs' factors, floored once", () => {
    fc.assert(
      fc.property(stake, fc.array(leg, { minLength: 1, maxLength: 12 }), (s, legs) => {
        expect(payout(s, legs)).toBe(reference(s, legs));
        // The number path agrees with the bigint path.
        if (s <= BigInt(Number.MAX_SAFE_INTEGER)) {
          const n = payout(Number(s), legs);
          if (BigInt(n) <= BigInt(Number.MAX_SAFE_INTEGER)) expect(BigInt(n)).toBe(reference(s, legs));
        }
      }),
    );
  });

  it('a void or pushed leg drops out', () => {
    fc.assert(
      fc.property(
        stake,
        fc.array(leg, { minLength: 1, maxLength: 8 }),
        fc.nat(),
        odds,
        fc.constantFrom<Outcome>('void', 'push'),
        (s, legs, at, o, dropped) => {
          const i = at % (legs.length + 1);
          const withLeg = [...legs.slice(0, i), { odds1000: o, outcome: dropped }, ...legs.slice(i)];
          expect(payout(s, withLeg)).toBe(payout(s, legs));
        },
      ),
    );
  });

  it('a system bet equals the sum of its combinations as multiples', () => {
    fc.assert(
      fc.property(stake, fc.array(leg, { minLength: 2, maxLength: 7 }), fc.nat(), (s, legs, k) => {
        const size = 1 + (k % legs.length);
        const sum = combinations(legs.length, size).reduce(
          (acc, combo) =>
            acc +
            payout(
              s,
              combo.map((i) => legs[i]!),
            ),
          0n,
        );
        expect(systemPayout(s, legs, size)).toBe(sum);
        expect(combinations(legs.length, size)).toHaveLength(combinationCount(legs.length, size));
      }),
    );
  });

  it('never pays more than stake x the product of the odds', () => {
    fc.assert(
      fc.property(stake, fc.array(leg, { minLength: 1, maxLength: 10 }), (s, legs) => {
        const top = potentialPayout(
          s,
          legs.map((l) => l.odds1000),
        );
        expect(payout(s, legs)).toBeLessThanOrEqual(top);
        expect(top).toBe(
          reference(
            s,
            legs.map((l) => ({ odds1000: l.odds1000, outcome: 'win' as const })),
          ),
        );
      }),
    );
  });

  it('a full cash-out never pays more than the potential payout, and parts never more than the whole', () => {
    const openLeg: fc.Arbitrary<OpenBetLeg> = fc.oneof(
      fc.record({ odds1000: odds, outcome, currentOdds1000: fc.constant(null) }),
      fc.record({
        odds1000: odds,
        outcome: fc.constant(null),
        currentOdds1000: fc.integer({ min: MIN_ODDS, max: MAX_ODDS }),
        marginPpm: fc.integer({ min: 0, max: 300_000 }),
      }),
    );
    fc.assert(
      fc.property(
        stake,
        fc.array(openLeg, { minLength: 1, maxLength: 8 }),
        fc.integer({ min: 0, max: 200_000 }),
        fc.option(fc.nat(), { nil: null }),
        fc.bigInt({ min: 1n, max: 10n ** 11n }),
        (s, legs, margin, k, p) => {
          const size = k === null || legs.length < 2 ? null : 1 + (k % (legs.length - 1));
          const bet = { stake: s, size, legs };
          const value = cashOutValue(bet, margin);
          const top = potentialPayout(
            s,
            legs.map((l) => l.odds1000),
            size ?? undefined,
          );
          if (legs.every((l) => l.outcome !== null)) {
            expect(value).toBeNull();
            return;
          }
          expect(value).not.toBeNull();
          expect(value!).toBeLessThanOrEqual(top);
          // Never more than the bet's fair value (no cash-out margin), and less by about the margin.
          const fair = cashOutValue(bet, 0)!;
          expect(value!).toBeLessThanOrEqual(fair);
          const combos = BigInt(size === null ? 1 : combinationCount(legs.length, size));
          expect(value!).toBeGreaterThanOrEqual((fair * BigInt(1_000_000 - margin)) / 1_000_000n - combos);
          const part = 1n + (p % s);
          const partial = partialCashOut(bet, part, margin)!;
          const rest = part === s ? 0n : cashOutValue({ ...bet, stake: partial.remainingStake }, margin)!;
          expect(partial.remainingStake).toBe(s - part);
          expect(partial.value + rest).toBeLessThanOrEqual(value!);
        },
      ),
    );
  });
});

describe("the stake at risk (a settled bet's valid bet)", () => {
  it('counts each single outcome as the industry does', () => {
    expect(stakeAtRisk(10_000, ['win'])).toBe(10_000);
    expect(stakeAtRisk(10_000, ['lose'])).toBe(10_000);
    expect(stakeAtRisk(10_000, ['half_win'])).toBe(5_000);
    expect(stakeAtRisk(10_000, ['half_lose'])).toBe(5_000);
    expect(stakeAtRisk(10_000, ['push'])).toBe(0);
    expect(stakeAtRisk(10_000, ['void'])).toBe(0);
    // The unrisked half is rounded down, as the half lost payout is: 333 pays back 166.
    expect(stakeAtRisk(333, ['half_lose'])).toBe(167);
  });

  it('counts a multiple whole while any leg was decided, and only what its half legs risked otherwise', () => {
    expect(stakeAtRisk(10_000, ['void', 'win'])).toBe(10_000);
    expect(stakeAtRisk(10_000, ['push', 'lose'])).toBe(10_000);
    expect(stakeAtRisk(10_000, ['void', 'push'])).toBe(0);
    expect(stakeAtRisk(10_000, ['void', 'half_lose'])).toBe(5_000);
    // Two half legs: a quarter of the stake rides on both pushed halves.
    expect(stakeAtRisk(10_000, ['half_win', 'half_lose'])).toBe(7_500);
  });

  it('sums a system bet over its combinations', () => {
    // 2/3 at 10.00 each: {void, void} unrisked, {void, win} and {void, win} at risk.
    expect(stakeAtRisk(1_000, ['void', 'void', 'win'], 2)).toBe(2_000);
    expect(stakeAtRisk(1_000, ['void', 'push', 'void'], 2)).toBe(0);
  });

  it('never returns unrisked more than the bet pays back', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10 ** 9 }), fc.array(leg, { minLength: 1, maxLength: 6 }), (s, legs) => {
        const valid = stakeAtRisk(
          s,
          legs.map((l) => l.outcome),
        );
        expect(valid).toBeGreaterThanOrEqual(0);
        expect(valid).toBeLessThanOrEqual(s);
        expect(s - valid).toBeLessThanOrEqual(payout(s, legs));
      }),
    );
  });
});
