import type { Rng } from '../../engines/types';
import type { EventResult, MarketQuote, MatchState, Period, Score } from '../types';
import {
  addMass,
  convolve,
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
// Pricing takes the same parameters: the number of possessions left (its mean and variance exact
// for the time left in each period, since a possession that would cross a period's end is not
// played) is taken as normal, and each team's points given that number as normal too; the final
// scores are those normals discretised, mixed over the possession count (three Gauss-Hermite
// nodes, so the common pace correlates the two teams' points), and a tie at the end of regulation
// is followed by an overtime's distribution. The tests check the prices against the process.

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

function moments(p: ScoringProfile): { mean: number; variance: number } {
  const mean = p.p1 + 2 * p.p2 + 3 * p.p3;
  return { mean, variance: p.p1 + 4 * p.p2 + 9 * p.p3 - mean * mean };
}

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

/**
 * Final scores after the remaining `periods` (seconds left in each, the current one first) from
 * `score`, `ball` having the next possession.
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
  const nodes = (
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
      home: [...discreteNormal(score.home + nh * h.mean, Math.sqrt(nh * h.variance))],
      away: [...discreteNormal(score.away + na * a.mean, Math.sqrt(na * a.variance))],
    };
  });
  // Dense arrays while accumulating (a Map update per cell is several times slower).
  let most = 0;
  let lowDifference = 0;
  for (const node of nodes) {
    const homeMost = Math.max(...node.home.map(([x]) => x));
    const awayMost = Math.max(...node.away.map(([y]) => y));
    most = Math.max(most, homeMost + awayMost);
    lowDifference = Math.min(lowDifference, Math.min(...node.home.map(([x]) => x)) - awayMost);
  }
  const difference = new Float64Array(most - lowDifference + 1);
  const total = new Float64Array(most + 1);
  const tied = new Float64Array(most + 1);
  for (const { weight, home, away } of nodes) {
    for (const [x, p] of home) {
      const wp = weight * p;
      for (const [y, q] of away) {
        const mass = wp * q;
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

/** An overtime's difference (never level: a tie plays another) and points, per parameters. */
const overtimeMemo = new WeakMap<BasketballParams, { difference: Map<number, number>; total: Map<number, number> }>();

function overtime(params: BasketballParams) {
  let memo = overtimeMemo.get(params);
  if (!memo) {
    const f = finalScores(params, { home: 0, away: 0 }, [OVERTIME_SECONDS], undefined);
    const tied = f.difference.get(0) ?? 0;
    const difference = new Map<number, number>();
    for (const [d, p] of f.difference) if (d !== 0) difference.set(d, p / (1 - tied));
    const total = new Map<number, number>();
    for (const [t, p] of f.total) {
      const untied = p - (f.tiedTotals.get(t) ?? 0);
      if (untied > 0) total.set(t, untied / (1 - tied));
    }
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
  for (const [t, p] of convolve(f.tiedTotals, ot.total)) addMass(total, t, p);
  return { difference, total, tiedTotals: new Map() };
}

function periodQuotes(period: Period, f: Final, lines: number, marginPpm: number): (MarketQuote | null)[] {
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
    const ft = withOvertime(params, finalScores(params, score, index <= 4 ? quarters(4) : [left], ball));
    const quotes = periodQuotes('ft', ft, 5, marginPpm);
    if (state.h1 === undefined && index <= 2) {
      const h1 = finalScores(params, score, quarters(2), ball);
      quotes.push(...periodQuotes('h1', h1, 3, marginPpm));
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
