import type { Rng } from '../../kit/fair/rng';
import type { EventResult, MarketQuote, MatchState, Period, Score } from '../types';
import {
  addMass,
  discreteNormal,
  handicapLinesAround,
  handicapQuote,
  offered,
  signChances,
  totalLinesAround,
  totalQuote,
  winnerQuote,
} from './line-markets';
import type { LeagueProfile, MatchStep, SportModel } from './sport-model';

// Basketball as a possession process. Four 10-minute quarters (the FIBA length: a game with its
// breaks fits in about an hour of real time) and 5-minute overtimes until the tie is broken, so the
// match winner never draws. The teams have the ball in turn; a possession lasts 5 to 25 seconds of
// game time and scores 0, 1, 2 or 3 points with the team's own chances. The game clock runs at the
// speed of the real one while the ball is live.
//
// The clock (MatchState.clock.seconds) counts game seconds from the tip-off: quarter n ends at
// 600n, overtime k at 2400 + 300k. Phases are Q1..Q4, OT, OT2...; in a break the phase names the
// period just played, except half-time, which is HT (the first half's score is kept from then on).
//
// Pricing takes the same parameters. With many possessions left, their number (its mean and
// variance exact for the time left in each period, since a possession that would cross a period's
// end is not played) is taken as normal, and each team's points given that number as a normal with
// the points' skew (a possession's 0, 1, 2 or 3 points are skewed right, and a symmetric normal
// priced the middle over too likely); the final scores are those discretised, mixed over the
// possession count (three Gauss-Hermite nodes, so the common pace correlates the two teams'
// points). With 40 or fewer left (the last quarter, an overtime) the scores are exact: each split of
// the possessions by its chance, each team's points the exact sum. A tie at the end of regulation
// is followed by the overtimes' distribution. The tests check the prices against the process.

export const QUARTER_SECONDS = 600;
export const OVERTIME_SECONDS = 300;
const REGULATION_SECONDS = 4 * QUARTER_SECONDS;

/** A possession takes POSSESSION_MIN + int(POSSESSION_SPAN) seconds: 5..25, mean 15. */
const POSSESSION_MIN = 5;
const POSSESSION_SPAN = 21;

const SHORT_BREAK_MS = 120_000;
const HALF_TIME_MS = 600_000;

/** Points per possession a home side gains over its usual (about 2.4 points a game). */
const HOME_EDGE = 0.015;

type Side = 'home' | 'away';

/** A team's chances of scoring 1, 2 or 3 points on a possession (else none). */
export type ScoringProfile = { p1: number; p2: number; p3: number };
export type BasketballParams = { home: ScoringProfile; away: ScoringProfile };

const other = (side: Side): Side => (side === 'home' ? 'away' : 'home');
const round4 = (x: number) => Math.round(x * 10_000) / 10_000;

function profileFor(pointsPerPossession: number, rng: Rng): ScoringProfile {
  const p3 = 0.08 + 0.04 * rng.next();
  const p1 = 0.05;
  const p2 = (pointsPerPossession - p1 - 3 * p3) / 2;
  return { p1, p2: round4(p2), p3: round4(p3) };
}

/** A possession's points: mean, variance and third central moment. */
function moments(p: ScoringProfile): { mean: number; variance: number; third: number } {
  const mean = p.p1 + 2 * p.p2 + 3 * p.p3;
  const second = p.p1 + 4 * p.p2 + 9 * p.p3;
  const third = p.p1 + 8 * p.p2 + 27 * p.p3 - 3 * mean * second + 2 * mean ** 3;
  return { mean, variance: second - mean * mean, third };
}

/** The skewness of the sum of n possessions' points (cumulants add: n third / (n variance)^1.5). */
const skewOf = (n: number, m: { variance: number; third: number }) =>
  n > 0 && m.variance > 0 ? m.third / (m.variance * Math.sqrt(n * m.variance)) : 0;

function possessionPoints(p: ScoringProfile, rng: Rng): number {
  const u = rng.next();
  if (u < p.p3) return 3;
  if (u < p.p3 + p.p2) return 2;
  if (u < p.p3 + p.p2 + p.p1) return 1;
  return 0;
}

/** 1..4 for the quarters, 5 for the first overtime, 6 for the second... */
function periodIndex(phase: string): number {
  if (phase === 'HT') return 2;
  if (phase.startsWith('Q')) return Number(phase.slice(1));
  if (phase === 'OT') return 5;
  if (phase.startsWith('OT')) return 4 + Number(phase.slice(2));
  return 0;
}

function phaseOf(index: number): string {
  if (index <= 4) return `Q${index}`;
  return index === 5 ? 'OT' : `OT${index - 4}`;
}

function periodEnd(index: number): number {
  return index <= 4 ? index * QUARTER_SECONDS : REGULATION_SECONDS + (index - 4) * OVERTIME_SECONDS;
}

const addPoints = (score: Score, side: Side, points: number): Score =>
  side === 'home' ? { home: score.home + points, away: score.away } : { home: score.home, away: score.away + points };

function scores(score: Score): MatchState['score'] {
  return { decided: { ...score }, counted: { ...score } };
}

function possessionOf(state: MatchState): Side | undefined {
  const p = state.detail?.possession;
  return p === 'home' || p === 'away' ? p : undefined;
}

// ---- pricing ----

type Final = {
  difference: Map<number, number>;
  total: Map<number, number>;
  /** The mass of each total at which the two scores are level. */
  tiedTotals: Map<number, number>;
};

/**
 * The mean and variance of the number of possessions played in `seconds` of a period: a possession
 * counts when it ends before the period does (the one that would cross the end is not played).
 * Exact, by recursion over whole seconds; the same for every game, so computed once.
 */
const possessionCounts: { mean: number; variance: number }[] = [];

function possessionsIn(seconds: number): { mean: number; variance: number } {
  const s = Math.max(0, Math.floor(seconds));
  for (let r = possessionCounts.length; r <= s; r++) {
    let m1 = 0;
    let m2 = 0;
    for (let k = 0; k < POSSESSION_SPAN; k++) {
      const d = POSSESSION_MIN + k;
      if (d >= r) break;
      const rest = possessionCounts[r - d]!;
      const restM2 = rest.variance + rest.mean * rest.mean;
      m1 += (1 + rest.mean) / POSSESSION_SPAN;
      m2 += (1 + 2 * rest.mean + restM2) / POSSESSION_SPAN;
    }
    possessionCounts.push({ mean: m1, variance: Math.max(0, m2 - m1 * m1) });
  }
  return possessionCounts[s]!;
}

/** The exact distribution of the number of possessions played in `seconds` of a period. */
const countDistributions: Float64Array[] = [];

function countsIn(seconds: number): Float64Array {
  const s = Math.max(0, Math.floor(seconds));
  for (let r = countDistributions.length; r <= s; r++) {
    const out = new Float64Array(Math.floor(r / POSSESSION_MIN) + 1);
    for (let k = 0; k < POSSESSION_SPAN; k++) {
      const d = POSSESSION_MIN + k;
      if (d >= r) {
        out[0]! += 1 / POSSESSION_SPAN;
        continue;
      }
      const rest = countDistributions[r - d]!;
      for (let n = 0; n < rest.length; n++) out[n + 1]! += rest[n]! / POSSESSION_SPAN;
    }
    countDistributions.push(out);
  }
  return countDistributions[s]!;
}

/** Points `from` + i with chance `mass[i]`. */
type Dense = { from: number; mass: Float64Array };

/** Mass below this is left out of a team's points (it adds up to under 1e-10 of a price). */
const TRIM = 1e-13;

function trimmed(mass: Float64Array, from: number): Dense {
  let lo = 0;
  let hi = mass.length - 1;
  while (lo < hi && mass[lo]! < TRIM) lo++;
  while (hi > lo && mass[hi]! < TRIM) hi--;
  return { from: from + lo, mass: mass.subarray(lo, hi + 1) };
}

/** A team's points over n possessions, exactly: the n-fold convolution of a possession's. */
const pointPowers = new WeakMap<ScoringProfile, { full: Float64Array[]; dense: Dense[] }>();

function pointsOver(profile: ScoringProfile, n: number): Dense {
  let powers = pointPowers.get(profile);
  if (!powers) {
    powers = { full: [Float64Array.of(1)], dense: [{ from: 0, mass: Float64Array.of(1) }] };
    pointPowers.set(profile, powers);
  }
  const one = [1 - profile.p1 - profile.p2 - profile.p3, profile.p1, profile.p2, profile.p3];
  while (powers.full.length <= n) {
    const last = powers.full[powers.full.length - 1]!;
    const next = new Float64Array(last.length + 3);
    for (let x = 0; x < last.length; x++) for (let q = 0; q < 4; q++) next[x + q]! += last[x]! * one[q]!;
    powers.full.push(next);
    powers.dense.push(trimmed(next, 0));
  }
  return powers.dense[n]!;
}

/** Below this many possessions to play the scores are computed exactly (a few thousand cells). */
const EXACT_POSSESSIONS = 40;

type Component = { weight: number; home: Dense; away: Dense };

/**
 * Exact components: one per (home's, away's) possession counts, each count's chance from the
 * periods' possession counts, the teams alternating from whoever has the ball (a coin for a period
 * not yet started), each team's points the exact sum over its possessions.
 */
function exactComponents(
  params: BasketballParams,
  score: Score,
  periods: number[],
  ball: Side | undefined,
): Component[] {
  const KEY = 1024;
  let pairs = new Map<number, number>([[0, 1]]);
  periods.forEach((seconds, i) => {
    const counts = countsIn(seconds);
    const homeStarts = i === 0 && ball ? (ball === 'home' ? 1 : 0) : 0.5;
    const next = new Map<number, number>();
    for (const [key, p] of pairs) {
      for (let n = 0; n < counts.length; n++) {
        const c = p * counts[n]!;
        if (c < 1e-12) continue;
        const first = Math.ceil(n / 2);
        if (homeStarts > 0) addMass(next, key + first * KEY + (n - first), c * homeStarts);
        if (homeStarts < 1) addMass(next, key + (n - first) * KEY + first, c * (1 - homeStarts));
      }
    }
    pairs = next;
  });
  return [...pairs].map(([key, weight]) => {
    const home = pointsOver(params.home, Math.floor(key / KEY));
    const away = pointsOver(params.away, key % KEY);
    return {
      weight,
      home: { from: score.home + home.from, mass: home.mass },
      away: { from: score.away + away.from, mass: away.mass },
    };
  });
}

/** The distribution of the sum of two independent totals, summed in arrays (Map updates are slow). */
function addUp(a: ReadonlyMap<number, number>, b: ReadonlyMap<number, number>): Map<number, number> {
  if (a.size === 0 || b.size === 0) return new Map();
  const x = denseOf(a);
  const y = denseOf(b);
  const sum = new Float64Array(x.mass.length + y.mass.length - 1);
  for (let i = 0; i < x.mass.length; i++) {
    const p = x.mass[i]!;
    if (p === 0) continue;
    for (let j = 0; j < y.mass.length; j++) sum[i + j]! += p * y.mass[j]!;
  }
  const out = new Map<number, number>();
  sum.forEach((p, i) => {
    if (p > 0) out.set(x.from + y.from + i, p);
  });
  return out;
}

function denseOf(dist: ReadonlyMap<number, number>): Dense {
  const keys = [...dist.keys()];
  const from = Math.min(...keys);
  const mass = new Float64Array(Math.max(...keys) - from + 1);
  for (const [k, p] of dist) mass[k - from] = p;
  return { from, mass };
}

/**
 * Final scores after the remaining `periods` (seconds left in each, the current one first) from
 * `score`, `ball` having the next possession. Exact when few possessions remain; otherwise the
 * possession count is taken as normal (three Gauss-Hermite nodes) and each team's points given it
 * as a skewed normal, which the exact sums match to within a few hundredths of a point of chance
 * on a total line at a fraction of the cost.
 */
function finalScores(params: BasketballParams, score: Score, periods: number[], ball: Side | undefined): Final {
  const h = moments(params.home);
  const a = moments(params.away);
  let meanCount = 0;
  let varianceCount = 0;
  for (const seconds of periods) {
    const c = possessionsIn(seconds);
    meanCount += c.mean;
    varianceCount += c.variance;
  }
  const sdCount = Math.sqrt(varianceCount);
  const lead = ball === 'home' ? 0.25 : ball === 'away' ? -0.25 : 0;
  const nodes: Component[] =
    meanCount <= EXACT_POSSESSIONS
      ? exactComponents(params, score, periods, ball)
      : (
          [
            [meanCount - Math.sqrt(3) * sdCount, 1 / 6],
            [meanCount, 2 / 3],
            [meanCount + Math.sqrt(3) * sdCount, 1 / 6],
          ] as const
        ).map(([count, weight]) => {
          const n = Math.max(0, count);
          const nh = n > 0 ? Math.max(0, n / 2 + lead) : 0;
          const na = n > 0 ? Math.max(0, n / 2 - lead) : 0;
          return {
            weight,
            home: denseOf(discreteNormal(score.home + nh * h.mean, Math.sqrt(nh * h.variance), skewOf(nh, h))),
            away: denseOf(discreteNormal(score.away + na * a.mean, Math.sqrt(na * a.variance), skewOf(na, a))),
          };
        });
  // Dense arrays while accumulating (a Map update per cell is several times slower).
  let most = 0;
  let lowDifference = 0;
  for (const { home, away } of nodes) {
    const awayMost = away.from + away.mass.length - 1;
    most = Math.max(most, home.from + home.mass.length - 1 + awayMost);
    lowDifference = Math.min(lowDifference, home.from - awayMost);
  }
  const difference = new Float64Array(most - lowDifference + 1);
  const total = new Float64Array(most + 1);
  const tied = new Float64Array(most + 1);
  for (const { weight, home, away } of nodes) {
    for (let i = 0; i < home.mass.length; i++) {
      const wp = weight * home.mass[i]!;
      const x = home.from + i;
      for (let j = 0; j < away.mass.length; j++) {
        const mass = wp * away.mass[j]!;
        const y = away.from + j;
        difference[x - y - lowDifference]! += mass;
        total[x + y]! += mass;
        if (x === y) tied[x + y]! += mass;
      }
    }
  }
  const final: Final = { difference: new Map(), total: new Map(), tiedTotals: new Map() };
  difference.forEach((p, i) => {
    if (p > 0) final.difference.set(i + lowDifference, p);
  });
  total.forEach((p, t) => {
    if (p > 0) final.total.set(t, p);
  });
  tied.forEach((p, t) => {
    if (p > 0) final.tiedTotals.set(t, p);
  });
  return final;
}

/**
 * The overtimes' difference (never level: a tie plays another) and points, per parameters. Every
 * overtime starts level, so the deciding one's difference is one overtime's given it is not tied;
 * the points add up the tied overtimes before it (up to three, past which the mass is below 1e-4).
 */
const overtimeMemo = new WeakMap<BasketballParams, { difference: Map<number, number>; total: Map<number, number> }>();

function overtime(params: BasketballParams) {
  let memo = overtimeMemo.get(params);
  if (!memo) {
    const f = finalScores(params, { home: 0, away: 0 }, [OVERTIME_SECONDS], undefined);
    const tied = f.difference.get(0) ?? 0;
    const difference = new Map<number, number>();
    for (const [d, p] of f.difference) if (d !== 0) difference.set(d, p / (1 - tied));
    const decisive = new Map<number, number>();
    for (const [t, p] of f.total) {
      const untied = p - (f.tiedTotals.get(t) ?? 0);
      if (untied > 0) decisive.set(t, untied);
    }
    const total = new Map(decisive);
    let before: Map<number, number> = new Map(f.tiedTotals);
    for (let extra = 1; extra <= 3; extra++) {
      for (const [t, p] of addUp(before, decisive)) addMass(total, t, p);
      before = addUp(before, f.tiedTotals);
    }
    let mass = 0;
    for (const p of total.values()) mass += p;
    for (const [t, p] of total) total.set(t, p / mass);
    memo = { difference, total };
    overtimeMemo.set(params, memo);
  }
  return memo;
}

/** The match's final scores, overtime included: a tie at the end of the period is played off. */
function withOvertime(params: BasketballParams, f: Final): Final {
  const tied = f.difference.get(0) ?? 0;
  if (tied === 0) return f;
  const ot = overtime(params);
  const difference = new Map(f.difference);
  difference.delete(0);
  for (const [d, p] of ot.difference) addMass(difference, d, tied * p);
  const total = new Map(f.total);
  for (const [t, p] of f.tiedTotals) {
    const left = (total.get(t) ?? 0) - p;
    if (left > 1e-15) total.set(t, left);
    else total.delete(t);
  }
  for (const [t, p] of addUp(f.tiedTotals, ot.total)) addMass(total, t, p);
  return { difference, total, tiedTotals: new Map() };
}

/**
 * The distribution of the score's difference and total at the end of `period` (the match with its
 * overtimes, or the first half) from a live or scheduled `state`: what the prices are made of.
 */
export function finalDistribution(
  params: BasketballParams,
  state: MatchState,
  period: Period,
): { difference: ReadonlyMap<number, number>; total: ReadonlyMap<number, number> } {
  const index = state.status === 'scheduled' ? 1 : periodIndex(state.phase);
  const clock = state.clock?.seconds ?? 0;
  const ball = state.status === 'live' ? possessionOf(state) : undefined;
  const score = state.score.counted;
  // Seconds left in the current period, then the full periods to come.
  const left = Math.max(0, periodEnd(Math.max(1, index)) - clock);
  const quarters = (last: number) => [
    left,
    ...Array.from({ length: Math.max(0, last - index) }, () => QUARTER_SECONDS),
  ];
  if (period === 'h1') return finalScores(params, score, quarters(2), ball);
  return withOvertime(params, finalScores(params, score, index <= 4 ? quarters(4) : [left], ball));
}

function periodQuotes(
  period: Period,
  f: { difference: ReadonlyMap<number, number>; total: ReadonlyMap<number, number> },
  lines: number,
  marginPpm: number,
): (MarketQuote | null)[] {
  const s = signChances(f.difference);
  return [
    winnerQuote(period, { home: s.above, away: s.below, draw: s.zero }, marginPpm),
    ...handicapLinesAround(f.difference, lines).map((l) => handicapQuote(period, f.difference, l, marginPpm)),
    ...totalLinesAround(f.total, lines).map((l) => totalQuote(period, f.total, l, marginPpm)),
  ];
}

export const basketballModel: SportModel<BasketballParams> = {
  sport: 'basketball',

  drawParams(rng: Rng, league: LeagueProfile): BasketballParams {
    const base = 0.98 + 0.1 * league.level;
    const rating = () => (rng.next() * 2 - 1) * (0.03 + 0.09 * league.spread);
    const home = base + rating() + HOME_EDGE;
    const away = base + rating() - HOME_EDGE;
    return { home: profileFor(home, rng), away: profileFor(away, rng) };
  },

  initial(): MatchState {
    return { status: 'scheduled', phase: '', score: scores({ home: 0, away: 0 }) };
  },

  step(params: BasketballParams, state: MatchState, rng: Rng): MatchStep | null {
    if (state.status === 'ended' || state.status === 'abandoned') return null;
    const score = state.score.counted;
    const coin = (): Side => (rng.int(2) === 0 ? 'home' : 'away');
    if (state.status === 'scheduled') {
      return {
        afterMs: 0,
        suspendMs: 0,
        event: { kind: 'kickoff' },
        state: {
          status: 'live',
          phase: 'Q1',
          clock: { seconds: 0, running: true },
          score: scores(score),
          detail: { possession: coin() },
          last: { kind: 'kickoff', clockSeconds: 0 },
        },
      };
    }
    const index = periodIndex(state.phase);
    const clock = state.clock?.seconds ?? 0;
    if (state.status === 'break') {
      const next = index + 1;
      return {
        afterMs: index === 2 ? HALF_TIME_MS : SHORT_BREAK_MS,
        suspendMs: 0,
        state: {
          ...state,
          status: 'live',
          phase: phaseOf(next),
          clock: { seconds: periodEnd(index), running: true },
          detail: { possession: coin() },
        },
      };
    }
    const end = periodEnd(index);
    let at = clock;
    let side = possessionOf(state) ?? coin();
    for (;;) {
      const duration = POSSESSION_MIN + rng.int(POSSESSION_SPAN);
      if (at + duration >= end) return periodEndStep(state, index, end, (end - clock) * 1000);
      at += duration;
      const points = possessionPoints(params[side], rng);
      const scorer = side;
      side = other(side);
      if (points > 0) {
        return {
          afterMs: (at - clock) * 1000,
          suspendMs: 0,
          event: { kind: 'point', side: scorer },
          state: {
            ...state,
            clock: { seconds: at, running: true },
            score: scores(addPoints(score, scorer, points)),
            detail: { possession: side },
            last: { kind: 'point', side: scorer, clockSeconds: at },
          },
        };
      }
    }
  },

  price(params: BasketballParams, state: MatchState, marginPpm: number): MarketQuote[] {
    if (state.status === 'ended' || state.status === 'abandoned') return [];
    const quotes = periodQuotes('ft', finalDistribution(params, state, 'ft'), 5, marginPpm);
    if (state.h1 === undefined && (state.status === 'scheduled' || periodIndex(state.phase) <= 2)) {
      quotes.push(...periodQuotes('h1', finalDistribution(params, state, 'h1'), 3, marginPpm));
    }
    return offered(quotes);
  },

  result(state: MatchState): EventResult {
    return {
      ft: { decided: { ...state.score.decided }, counted: { ...state.score.counted } },
      ...(state.h1 ? { h1: state.h1 } : {}),
    };
  },
};

function periodEndStep(state: MatchState, index: number, end: number, afterMs: number): MatchStep {
  const score = state.score.counted;
  const level = score.home === score.away;
  const over = index >= 4 && !level;
  const next: MatchState = {
    ...state,
    status: over ? 'ended' : 'break',
    phase: over ? 'END' : index === 2 ? 'HT' : state.phase,
    clock: { seconds: end, running: false },
    detail: {},
    last: { kind: over ? 'end' : 'period_end', clockSeconds: end },
  };
  if (index === 2) next.h1 = scores(score);
  return { afterMs, suspendMs: 0, event: { kind: over ? 'end' : 'period_end' }, state: next };
}
