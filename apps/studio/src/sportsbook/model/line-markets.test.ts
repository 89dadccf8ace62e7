import { describe, expect, it } from 'vitest';
import {
  discreteNormal,
  handicapLinesAround,
  handicapQuote,
  normalCdf,
  totalLinesAround,
  totalQuote,
  winnerQuote,
} from './line-markets';
import { returnToPlayer } from './margin';

const M = 50_000;
const odds = (q: { selections: { key: string; odds1000: number }[] } | null, key: string) =>
  q?.selections.find((s) => s.key === key)?.odds1000 ?? Number.NaN;

describe('line markets', () => {
  it('discretises a normal that adds up to one with the right mean', () => {
    expect(normalCdf(0)).toBeCloseTo(0.5, 7);
    expect(normalCdf(1.96)).toBeCloseTo(0.975, 3);
    const d = discreteNormal(10.3, 4);
    const total = [...d.values()].reduce((a, b) => a + b, 0);
    const mean = [...d].reduce((s, [k, p]) => s + k * p, 0);
    expect(total).toBeCloseTo(1, 12);
    expect(mean).toBeCloseTo(10.3, 2);
    expect(discreteNormal(3.4, 0)).toEqual(new Map([[3, 1]]));
  });

  it('chooses the main lines at the median and spaces them a point apart', () => {
    const d = discreteNormal(-3.2, 6);
    const lines = handicapLinesAround(d, 5);
    expect(lines).toHaveLength(5);
    expect(lines.every((l) => Math.abs(l % 4) === 2)).toBe(true);
    // Home is 3.2 behind on average: the main line gives home about +3.5.
    expect(lines[2]).toBe(14);
    expect(totalLinesAround(discreteNormal(160.2, 12), 3)).toEqual([638, 642, 646]);
    // Never a total line below half a point.
    expect(
      totalLinesAround(
        new Map([
          [0, 0.6],
          [1, 0.4],
        ]),
        5,
      ).every((l) => l > 0),
    ).toBe(true);
  });

  it('prices a two-way line at the margin and a quarter line between its neighbours', () => {
    const d = discreteNormal(0.4, 1.3);
    const half = handicapQuote('ft', d, -2, M)!;
    const overround = 1000 / odds(half, 'home') + 1000 / odds(half, 'away');
    expect(overround).toBeGreaterThanOrEqual(1 + M / 1e6 - 1e-9);
    expect(overround).toBeLessThan(1 + M / 1e6 + 0.012);
    // -0.25 is half on 0 and half on -0.5: its home price lies between theirs.
    const whole = handicapQuote('ft', d, 0, M)!;
    const quarter = handicapQuote('ft', d, -1, M)!;
    expect(odds(quarter, 'home')).toBeGreaterThan(odds(whole, 'home'));
    expect(odds(quarter, 'home')).toBeLessThan(odds(half, 'home'));
    const t = discreteNormal(2.6, 1.5);
    const over = [9, 10, 11].map((l) => odds(totalQuote('ft', t, l, M), 'over'));
    expect(over[0]).toBeLessThan(over[1]!);
    expect(over[1]).toBeLessThan(over[2]!);
  });

  it('returns the stake on a draw in a winner market and leaves out what cannot be priced', () => {
    const q = winnerQuote('h1', { home: 0.45, away: 0.4, draw: 0.15 }, M)!;
    const home = odds(q, 'home') / 1000;
    const expected = 0.45 * home + 0.15;
    expect(expected).toBeLessThanOrEqual(returnToPlayer(M));
    expect(expected).toBeGreaterThan(returnToPlayer(M) - 0.0045);
    expect(winnerQuote('ft', { home: 1, away: 0 }, M)).toBeNull();
    expect(totalQuote('ft', new Map([[5, 1]]), 10, M)).toBeNull();
  });
});
