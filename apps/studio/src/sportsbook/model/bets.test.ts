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

  it('values an open bet from the taken and current odds', () => {
    // 100.00 on @2.50, now 1.80, cash-out margin 3%: 100 x 2.5 / 1.8 x 0.97 = 134.72
    const single = { stake: 10_000, size: null, legs: [{ odds1000: 2500, outcome: null, currentOdds1000: 1800 }] };
    expect(cashOutValue(single, 30_000)).toBe(13_472);
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
          expect(value).not.toBeNull();
          expect(value!).toBeLessThanOrEqual(top);
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
