import type { MarketQuote, Period } from '../types';
import { type Distribution, handicapChances, totalChances } from './lines';
import { oddsFor } from './margin';

// The quotes the sports other than football share: a two-way winner (with a push on a draw when a
// draw is possible), handicaps on the counted difference and totals on the counted total, each from
// a distribution of the final score. A market one of whose selections cannot be priced (its outcome
// is already decided, or nearly) is left out: the book does not offer a certainty.

/** Mass below this is dropped when a distribution is built (the remaining mass is renormalised). */
const NEGLIGIBLE = 1e-12;

/** Standard normal CDF (Abramowitz and Stegun 7.1.26 on erf; absolute error under 1.5e-7). */
export function normalCdf(x: number): number {
  const z = Math.abs(x) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * z);
  const poly = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
  const erf = 1 - poly * Math.exp(-z * z);
  return x >= 0 ? (1 + erf) / 2 : (1 - erf) / 2;
}

/**
 * N(mean, sd^2) on the integers: value k takes the mass of [k - 0.5, k + 0.5). With `skew` (the
 * third standardised moment) the CDF is the first Edgeworth term's, Phi(z) - phi(z) skew (z^2 - 1) / 6:
 * a sum of a few dozen right-skewed values (a team's points over its possessions) has its median
 * below its mean, which the symmetric normal misses by enough to misprice a total's over and under.
 * A mass the expansion makes negative (far in a tail, or a very skewed value) counts as none.
 */
export function discreteNormal(mean: number, sd: number, skew = 0): Map<number, number> {
  const dist = new Map<number, number>();
  if (!(sd > 1e-9)) {
    dist.set(Math.round(mean), 1);
    return dist;
  }
  const cdf = (x: number) => {
    const z = (x - mean) / sd;
    if (skew === 0) return normalCdf(z);
    return normalCdf(z) - (Math.exp((-z * z) / 2) / Math.sqrt(2 * Math.PI)) * (skew / 6) * (z * z - 1);
  };
  const lo = Math.floor(mean - 7 * sd);
  const hi = Math.ceil(mean + 7 * sd);
  let total = 0;
  let below = cdf(lo - 0.5);
  for (let k = lo; k <= hi; k++) {
    const upTo = cdf(k + 0.5);
    const p = upTo - below;
    below = upTo;
    if (p > NEGLIGIBLE) {
      dist.set(k, p);
      total += p;
    }
  }
  for (const [k, p] of dist) dist.set(k, p / total);
  return dist;
}

/** Adds `p` to `value`'s mass. */
export function addMass<K>(dist: Map<K, number>, value: K, p: number): void {
  dist.set(value, (dist.get(value) ?? 0) + p);
}

/** The distribution of the sum of two independent values. */
export function convolve(a: Distribution, b: Distribution): Map<number, number> {
  const out = new Map<number, number>();
  for (const [x, p] of a) for (const [y, q] of b) addMass(out, x + y, p * q);
  return out;
}

/** P(value > 0), P(value = 0), P(value < 0). */
export function signChances(dist: Distribution): { above: number; zero: number; below: number } {
  let above = 0;
  let zero = 0;
  let below = 0;
  for (const [v, p] of dist) {
    if (v > 0) above += p;
    else if (v < 0) below += p;
    else zero += p;
  }
  return { above, zero, below };
}

/** The value v of the distribution at which P(value >= v) is closest to one half. */
function evenSplit(dist: Distribution): number {
  const values = [...dist.keys()].sort((x, y) => x - y);
  let atLeast = 1;
  let best = values[0] ?? 0;
  let bestGap = Number.POSITIVE_INFINITY;
  for (const v of values) {
    const gap = Math.abs(atLeast - 0.5);
    if (gap < bestGap) {
      bestGap = gap;
      best = v;
    }
    atLeast -= dist.get(v) ?? 0;
  }
  return best;
}

/**
 * Home's half-point handicap lines (line4, 2 mod 4) around the main line, the one that makes home's
 * cover closest to even: `count` lines one point apart.
 */
export function handicapLinesAround(difference: Distribution, count: number): number[] {
  // Home covers -(v - 0.5) exactly when the difference is at least v.
  return linesAround(-(evenSplit(difference) * 4 - 2), count);
}

/** Half-point total lines around the main line (the one closest to an even over and under). */
export function totalLinesAround(total: Distribution, count: number): number[] {
  // Over v - 0.5 wins exactly when the total is at least v; a total line is never below 0.5.
  const main4 = Math.max(2, evenSplit(total) * 4 - 2);
  return linesAround(main4, count).filter((l) => l > 0);
}

function linesAround(main4: number, count: number): number[] {
  const lines: number[] = [];
  const first = main4 - Math.floor(count / 2) * 4;
  for (let i = 0; i < count; i++) lines.push(first + i * 4);
  return lines;
}

/** A quote whose selections are all priced, or null (left out). */
function quote(
  type: MarketQuote['type'],
  period: Period,
  line4: number | undefined,
  selections: [string, number | null][],
): MarketQuote | null {
  if (selections.some(([, odds]) => odds === null)) return null;
  return {
    type,
    period,
    ...(line4 === undefined ? {} : { line4 }),
    status: 'open',
    selections: selections.map(([key, odds]) => ({ key, odds1000: odds as number })),
  };
}

/** Home / away on the deciding score; a draw (pDraw > 0) returns the stake. */
export function winnerQuote(
  period: Period,
  chances: { home: number; away: number; draw?: number },
  marginPpm: number,
): MarketQuote | null {
  const push = chances.draw ?? 0;
  return quote('winner', period, undefined, [
    ['home', oddsFor({ win: chances.home, push, lose: chances.away }, marginPpm)],
    ['away', oddsFor({ win: chances.away, push, lose: chances.home }, marginPpm)],
  ]);
}

export function handicapQuote(
  period: Period,
  difference: Distribution,
  line4: number,
  marginPpm: number,
): MarketQuote | null {
  const c = handicapChances(difference, line4);
  return quote('handicap', period, line4, [
    ['home', oddsFor(c.home, marginPpm)],
    ['away', oddsFor(c.away, marginPpm)],
  ]);
}

export function totalQuote(period: Period, total: Distribution, line4: number, marginPpm: number): MarketQuote | null {
  const c = totalChances(total, line4);
  return quote('total', period, line4, [
    ['over', oddsFor(c.over, marginPpm)],
    ['under', oddsFor(c.under, marginPpm)],
  ]);
}

/** The quotes that could be priced, in order. */
export function offered(quotes: (MarketQuote | null)[]): MarketQuote[] {
  return quotes.filter((q): q is MarketQuote => q !== null);
}

/** The distributions of (home - away) and (home + away) from a joint distribution of final scores. */
export function differenceAndTotal(joint: Iterable<[number, number, number]>): {
  difference: Map<number, number>;
  total: Map<number, number>;
} {
  const difference = new Map<number, number>();
  const total = new Map<number, number>();
  for (const [h, a, p] of joint) {
    addMass(difference, h - a, p);
    addMass(total, h + a, p);
  }
  return { difference, total };
}
