import type { Rng } from '../../kit/fair/rng';
import { MAX_ODDS, type MarketQuote, type MatchState, type Score } from '../types';
import { type Distribution, handicapChances, totalChances } from './lines';
import { type OutcomeChances, oddsFor, oddsForExclusive } from './margin';
import { CORRECT_SCORE_MAX, MARGIN_FACTOR } from './markets';
import type { LeagueProfile, MatchStep, SportModel } from './sport-model';

// Football: each side's goals a Poisson process whose rate is its expected goals over 90 minutes,
// shaped to rise through each half (tired legs, chasing teams), moved by red cards (the side down
// a man scores less, the other more). Time is the match clock in seconds, one match minute per
// real minute; each half is 45 minutes and the stoppage time the fourth official announces at
// 45:00 and 90:00. Rates are constant within a minute of the clock, so the simulation draws exact
// exponential waiting times within each minute and the pricing integrates the very same rates.
//
// Pricing adds to the current score each side's goals still to come: independent Poissons with
// their expected counts over the rest of the match, mixed over where each side's next red card may
// fall (goalsLeft). Stoppage time not yet announced enters with its distribution through the mean
// (its spread, a few hundredths of a goal, is left out; the margin check measures what is left).

/** Each side's expected goals over 90 minutes of play, home advantage included. */
export type FootballParams = { homeXg: number; awayXg: number };

const HALF_SECONDS = 45 * 60;
const FULL_SECONDS = 90 * 60;
const HALF_TIME_MS = 15 * 60 * 1000;
/** A half's goal rate runs from 0.85 to 1.15 times the average, linearly over its 45 minutes (mean 1). */
const SHAPE_START = 0.85;
const SHAPE_RISE = 0.3;
/** Stoppage minutes play at the rate of a half's last minutes. */
const SHAPE_STOPPAGE = SHAPE_START + SHAPE_RISE;
/** Stoppage minutes announced: the chance of 1..5 in the first half, 2..7 in the second. */
const ADDED_H1: readonly [number, number][] = [
  [1, 0.25],
  [2, 0.3],
  [3, 0.25],
  [4, 0.15],
  [5, 0.05],
];
const ADDED_H2: readonly [number, number][] = [
  [2, 0.1],
  [3, 0.2],
  [4, 0.25],
  [5, 0.2],
  [6, 0.15],
  [7, 0.1],
];
/** Cards per side per 90 minutes. */
const REDS_PER_90 = 0.11;
const YELLOWS_PER_90 = 1.9;
/** A red card multiplies its side's goal rate by RED_OWN and the other side's by RED_OTHER. */
const RED_OWN = 0.7;
const RED_OTHER = 1.2;
/** A side with this many red cards gets no more (the match would be abandoned one card later). */
const MAX_REDS = 4;
/** Stretches of the play left in which pricing places a side's next red card. */
const RED_CHUNKS = 6;
/** Goals a side is still given in pricing; the chance of more is folded into this count. */
const MAX_MORE_GOALS = 10;
const GOAL_SUSPEND_MS = 60_000;
const RED_SUSPEND_MS = 45_000;
/** Handicap and total lines priced: the main line and this many quarters either side. */
const LINES_AROUND = 2;

const HOME_ADVANTAGE = 1.14;

// ---- the clock ----

type Half = 1 | 2;

/** Where play stands: the half to play, the clock's second and the announced stoppage; null once over. */
type Position = { half: Half; second: number; added: number | null };

function positionOf(state: MatchState): Position | null {
  if (state.status === 'scheduled') return { half: 1, second: 0, added: null };
  // At half time the whole second half is to play.
  if (state.status === 'break') return { half: 2, second: HALF_SECONDS, added: null };
  if (state.status !== 'live') return null;
  return { half: state.phase === '2H' ? 2 : 1, second: state.clock?.seconds ?? 0, added: announced(state) };
}

/** The clock's second at which a half's regulation time ends. */
const regulationEnd = (half: Half) => (half === 1 ? HALF_SECONDS : FULL_SECONDS);

/** The goal rate's shape in the clock's minute starting at `second` of `half` (stoppage from 45'). */
function shapeAt(half: Half, second: number): number {
  const minute = Math.floor((second - (half === 1 ? 0 : HALF_SECONDS)) / 60);
  if (minute >= 45) return SHAPE_STOPPAGE;
  return SHAPE_START + (SHAPE_RISE * (minute + 0.5)) / 45;
}

function detailNumber(state: MatchState, key: string): number {
  const v = state.detail?.[key];
  return typeof v === 'number' ? v : 0;
}

/** The announced stoppage minutes of the half under way, or null before the board goes up. */
function announced(state: MatchState): number | null {
  const v = state.detail?.added;
  return typeof v === 'number' ? v : null;
}

function drawAdded(rng: Rng, table: readonly [number, number][]): number {
  let u = rng.next();
  for (const [minutes, p] of table) {
    if (u < p) return minutes;
    u -= p;
  }
  return table[table.length - 1]![0];
}

// ---- rates ----

type EventKind = 'goal' | 'red_card' | 'yellow_card';

type Rates = { goalHome: number; goalAway: number; redHome: number; redAway: number; yellow: number };

/** Per-second rates in the minute starting at `second` with the red cards shown so far. */
function ratesAt(params: FootballParams, half: Half, second: number, redHome: number, redAway: number): Rates {
  const shape = shapeAt(half, second) / FULL_SECONDS;
  const red = REDS_PER_90 / FULL_SECONDS;
  return {
    goalHome: params.homeXg * shape * RED_OWN ** redHome * RED_OTHER ** redAway,
    goalAway: params.awayXg * shape * RED_OWN ** redAway * RED_OTHER ** redHome,
    redHome: redHome < MAX_REDS ? red : 0,
    redAway: redAway < MAX_REDS ? red : 0,
    yellow: YELLOWS_PER_90 / FULL_SECONDS,
  };
}

/** A stretch of the play still to come: the seconds expected to be played, and shape x those seconds. */
type Stretch = { played: number; weight: number };

/** The rest of the play, minute by minute of the clock (stoppage not yet announced by its chance of being played). */
function playLeft(position: Position, firstHalfOnly: boolean): Stretch[] {
  const out: Stretch[] = [];
  const add = (seconds: number, shape: number, chance: number) => {
    out.push({ played: seconds * chance, weight: shape * seconds * chance });
  };
  const playHalf = (h: Half, from: number, added: number | null) => {
    const end = regulationEnd(h);
    let s = from;
    while (s < end) {
      const next = Math.min(end, (Math.floor(s / 60) + 1) * 60);
      add(next - s, shapeAt(h, s), 1);
      s = next;
    }
    if (added !== null) {
      const stop = end + added * 60;
      if (s < stop) add(stop - s, SHAPE_STOPPAGE, 1);
      return;
    }
    // Not yet announced: the k-th stoppage minute is played when more than k are announced.
    const table = h === 1 ? ADDED_H1 : ADDED_H2;
    const longest = table[table.length - 1]![0];
    for (let k = 0; k < longest; k++) {
      const chance = table.filter(([m]) => m > k).reduce((sum, [, p]) => sum + p, 0);
      add(60, SHAPE_STOPPAGE, chance);
    }
  };
  if (position.half === 1) {
    playHalf(1, position.second, position.added);
    if (!firstHalfOnly) playHalf(2, HALF_SECONDS, null);
  } else if (!firstHalfOnly) {
    playHalf(2, position.second, position.added);
  }
  return out;
}

/** One way the rest of the match may go: its chance and each side's expected goals to come. */
export type GoalsLeft = { p: number; home: number; away: number };

/**
 * The goals still to come as a mixture of independent Poissons, one for each way each side's next
 * red card may fall: none, or in one of RED_CHUNKS equal stretches of the play left (taking
 * effect from the stretch's middle). A red card moves the rest of the match's rates, so the goals
 * are more spread than one Poisson with the same mean; the mixture keeps that spread. Later red
 * cards of a side already carded in the mixture are left out (a few in a thousand matches).
 */
export function goalsLeft(params: FootballParams, state: MatchState, firstHalfOnly = false): GoalsLeft[] {
  const position = positionOf(state);
  if (position === null) return [{ p: 1, home: 0, away: 0 }];
  const stretches = playLeft(position, firstHalfOnly);
  const totalPlayed = stretches.reduce((sum, x) => sum + x.played, 0);
  const chunks: Stretch[] = Array.from({ length: RED_CHUNKS }, () => ({ played: 0, weight: 0 }));
  let played = 0;
  for (const x of stretches) {
    const at = totalPlayed > 0 ? (played + x.played / 2) / totalPlayed : 0;
    const chunk = chunks[Math.min(RED_CHUNKS - 1, Math.floor(at * RED_CHUNKS))]!;
    chunk.played += x.played;
    chunk.weight += x.weight;
    played += x.played;
  }
  const redHome = detailNumber(state, 'redHome');
  const redAway = detailNumber(state, 'redAway');
  const baseHome = (params.homeXg / FULL_SECONDS) * RED_OWN ** redHome * RED_OTHER ** redAway;
  const baseAway = (params.awayXg / FULL_SECONDS) * RED_OWN ** redAway * RED_OTHER ** redHome;
  const rate = REDS_PER_90 / FULL_SECONDS;
  // A side's next red card: [chance, the stretch it falls in, or null for none].
  const nextRed = (reds: number): [number, number | null][] => {
    if (reds >= MAX_REDS) return [[1, null]];
    const out: [number, number | null][] = [];
    let none = 1;
    chunks.forEach((c, i) => {
      const here = none * (1 - Math.exp(-rate * c.played));
      if (here > 0) out.push([here, i]);
      none -= here;
    });
    out.push([none, null]);
    return out;
  };
  // The share of stretch i played after a red card in stretch `red`.
  const after = (i: number, red: number | null) => (red === null || i < red ? 0 : i === red ? 0.5 : 1);
  const out: GoalsLeft[] = [];
  for (const [pHome, atHome] of nextRed(redHome)) {
    for (const [pAway, atAway] of nextRed(redAway)) {
      let home = 0;
      let away = 0;
      chunks.forEach((c, i) => {
        const h = after(i, atHome);
        const a = after(i, atAway);
        home += c.weight * (1 - h * (1 - RED_OWN)) * (1 + a * (RED_OTHER - 1));
        away += c.weight * (1 - a * (1 - RED_OWN)) * (1 + h * (RED_OTHER - 1));
      });
      out.push({ p: pHome * pAway, home: baseHome * home, away: baseAway * away });
    }
  }
  return out;
}

/** Each side's expected goals over the rest of the match (or of the first half). */
export function expectedGoalsLeft(
  params: FootballParams,
  state: MatchState,
  firstHalfOnly = false,
): { home: number; away: number } {
  let home = 0;
  let away = 0;
  for (const g of goalsLeft(params, state, firstHalfOnly)) {
    home += g.p * g.home;
    away += g.p * g.away;
  }
  return { home, away };
}

function poissonUpTo(mean: number, max: number): number[] {
  const p: number[] = [];
  let term = Math.exp(-mean);
  let sum = 0;
  for (let k = 0; k < max; k++) {
    p.push(term);
    sum += term;
    term = (term * mean) / (k + 1);
  }
  p.push(Math.max(0, 1 - sum));
  return p;
}

/** The final score's distribution: the current score plus each side's goals to come (each side's beyond 10 folded into 10). */
export function finalScores(now: Score, left: readonly GoalsLeft[]): { home: number; away: number; p: number }[] {
  const size = MAX_MORE_GOALS + 1;
  const grid = new Float64Array(size * size);
  for (const g of left) {
    const ph = poissonUpTo(g.home, MAX_MORE_GOALS);
    const pa = poissonUpTo(g.away, MAX_MORE_GOALS);
    for (let i = 0; i < size; i++) {
      const x = g.p * ph[i]!;
      for (let j = 0; j < size; j++) grid[i * size + j]! += x * pa[j]!;
    }
  }
  const out: { home: number; away: number; p: number }[] = [];
  for (let i = 0; i < size; i++) {
    for (let j = 0; j < size; j++) out.push({ home: now.home + i, away: now.away + j, p: grid[i * size + j]! });
  }
  return out;
}

function scoreOf(state: MatchState): Score {
  return state.score.counted;
}

function withScore(score: Score) {
  return { decided: { ...score }, counted: { ...score } };
}

// ---- prices ----

type Quote = MarketQuote;

function quote(
  type: Quote['type'],
  period: Quote['period'],
  selections: [string, number | null][],
  line4?: number,
): Quote | null {
  // At MAX_ODDS the odds are capped below the fair price less the margin, so the selection would
  // return far less than the margin allows: a score that unlikely is not offered.
  const priced = selections
    .filter((s): s is [string, number] => s[1] !== null && s[1] < MAX_ODDS)
    .map(([key, odds1000]) => ({ key, odds1000 }));
  if (priced.length === 0) return null;
  return { type, period, ...(line4 === undefined ? {} : { line4 }), status: 'open', selections: priced };
}

function addTo(map: Map<number, number>, key: number, p: number) {
  map.set(key, (map.get(key) ?? 0) + p);
}

/** How far a line is from even for its first side: paying minus losing chance (0 at the fair even line). */
function imbalance(c: OutcomeChances): number {
  return c.win + (c.halfWin ?? 0) / 2 - c.lose - (c.halfLose ?? 0) / 2;
}

/**
 * The line (quarters) in [from, to] whose side is closest to even, for a side whose chances only
 * improve as the line rises (a bisection for where its imbalance turns from below zero).
 */
function mainLine(from: number, to: number, chances: (line4: number) => OutcomeChances): number {
  let lo = from;
  let hi = to;
  while (lo < hi) {
    const mid = Math.floor((lo + hi) / 2);
    if (imbalance(chances(mid)) < 0) lo = mid + 1;
    else hi = mid;
  }
  if (lo > from && Math.abs(imbalance(chances(lo - 1))) < Math.abs(imbalance(chances(lo)))) return lo - 1;
  return lo;
}

/** The markets of one period on a distribution of its final scores. */
function periodMarkets(
  period: Quote['period'],
  now: Score,
  scores: { home: number; away: number; p: number }[],
  marginPpm: number,
  full: boolean,
): Quote[] {
  let home = 0;
  let draw = 0;
  let away = 0;
  const difference = new Map<number, number>();
  const total = new Map<number, number>();
  for (const s of scores) {
    if (s.home > s.away) home += s.p;
    else if (s.home < s.away) away += s.p;
    else draw += s.p;
    addTo(difference, s.home - s.away, s.p);
    addTo(total, s.home + s.away, s.p);
  }
  const out: (Quote | null)[] = [];
  const m = (type: Quote['type']) => marginPpm * MARGIN_FACTOR[type];
  const [oHome, oDraw, oAway] = oddsForExclusive([home, draw, away], m('1x2'));
  out.push(
    quote('1x2', period, [
      ['home', oHome ?? null],
      ['draw', oDraw ?? null],
      ['away', oAway ?? null],
    ]),
  );
  if (full) {
    const [hd, ha, da] = oddsForExclusive([home + draw, home + away, draw + away], m('double_chance'));
    out.push(
      quote('double_chance', period, [
        ['home_draw', hd ?? null],
        ['home_away', ha ?? null],
        ['draw_away', da ?? null],
      ]),
    );
  }

  const diff: Distribution = difference;
  const nowDiff4 = (now.home - now.away) * 4;
  const mainHandicap = mainLine(-nowDiff4 - 48, -nowDiff4 + 48, (l) => handicapChances(diff, l).home);
  for (let line4 = mainHandicap - LINES_AROUND; line4 <= mainHandicap + LINES_AROUND; line4++) {
    const c = handicapChances(diff, line4);
    out.push(
      quote(
        'handicap',
        period,
        [
          ['home', oddsFor(c.home, m('handicap'))],
          ['away', oddsFor(c.away, m('handicap'))],
        ],
        line4,
      ),
    );
  }

  const tot: Distribution = total;
  const nowTotal4 = (now.home + now.away) * 4;
  const mainTotal = mainLine(Math.max(1, nowTotal4), nowTotal4 + 48, (l) => totalChances(tot, l).under);
  for (let line4 = Math.max(1, mainTotal - LINES_AROUND); line4 <= mainTotal + LINES_AROUND; line4++) {
    const c = totalChances(tot, line4);
    out.push(
      quote(
        'total',
        period,
        [
          ['over', oddsFor(c.over, m('total'))],
          ['under', oddsFor(c.under, m('total'))],
        ],
        line4,
      ),
    );
  }

  if (full) {
    const grid = new Map<string, number>();
    let other = 0;
    let bothScore = 0;
    for (const s of scores) {
      if (s.home > CORRECT_SCORE_MAX || s.away > CORRECT_SCORE_MAX) other += s.p;
      else grid.set(`${s.home}-${s.away}`, s.p);
      if (s.home > 0 && s.away > 0) bothScore += s.p;
    }
    const selections: [string, number | null][] = [];
    for (let h = 0; h <= CORRECT_SCORE_MAX; h++) {
      for (let a = 0; a <= CORRECT_SCORE_MAX; a++) {
        const key = `${h}-${a}`;
        selections.push([
          key,
          oddsFor({ win: grid.get(key) ?? 0, lose: 1 - (grid.get(key) ?? 0) }, m('correct_score')),
        ]);
      }
    }
    selections.push(['other', oddsFor({ win: other, lose: 1 - other }, m('correct_score'))]);
    out.push(quote('correct_score', period, selections));
    const [yes, no] = oddsForExclusive([bothScore, 1 - bothScore], m('btts'));
    out.push(
      quote('btts', period, [
        ['yes', yes ?? null],
        ['no', no ?? null],
      ]),
    );
  }
  return out.filter((q): q is Quote => q !== null);
}

// ---- the model ----

function nextState(state: MatchState, change: Partial<MatchState>): MatchState {
  return { ...state, ...change };
}

export const footballModel: SportModel<FootballParams> = {
  sport: 'football',

  /** Expected goals from the league's level (scoring) and spread (how far the sides differ), home advantage on top. */
  drawParams(rng: Rng, league: LeagueProfile): FootballParams {
    const base = 1.1 + 0.4 * league.level;
    // Triangular on [-0.9 spread, 0.9 spread]: most matches are near even, a few lopsided.
    const gap = 0.9 * league.spread * (rng.next() + rng.next() - 1);
    const round = (x: number) => Math.round(Math.min(5, Math.max(0.15, x)) * 1000) / 1000;
    return {
      homeXg: round(base * HOME_ADVANTAGE * Math.exp(gap)),
      awayXg: round((base / HOME_ADVANTAGE) * Math.exp(-gap)),
    };
  },

  initial(): MatchState {
    return {
      status: 'scheduled',
      phase: 'PRE',
      clock: { seconds: 0, running: false },
      score: withScore({ home: 0, away: 0 }),
      detail: { redHome: 0, redAway: 0, yellowHome: 0, yellowAway: 0 },
    };
  },

  step(params: FootballParams, state: MatchState, rng: Rng): MatchStep | null {
    if (state.status === 'ended' || state.status === 'abandoned') return null;
    if (state.status === 'scheduled' || state.status === 'break') {
      const second = state.status === 'scheduled' ? 0 : HALF_SECONDS;
      return {
        afterMs: state.status === 'scheduled' ? 0 : HALF_TIME_MS,
        state: nextState(state, {
          status: 'live',
          phase: state.status === 'scheduled' ? '1H' : '2H',
          clock: { seconds: second, running: true },
          last: { kind: 'kickoff', clockSeconds: second },
        }),
        event: { kind: 'kickoff' },
        suspendMs: 0,
      };
    }
    const half: Half = state.phase === '2H' ? 2 : 1;
    const s = state.clock?.seconds ?? 0;
    const added = announced(state);
    const end = added === null ? null : regulationEnd(half) + added * 60;
    if (end !== null && s >= end) return endOfHalf(state, half, 0);
    if (added === null && s >= regulationEnd(half)) {
      // An event fell on 45:00 or 90:00 itself: the board goes up now.
      return {
        afterMs: 0,
        state: nextState(state, {
          detail: { ...state.detail, added: drawAdded(rng, half === 1 ? ADDED_H1 : ADDED_H2) },
        }),
        suspendMs: 0,
      };
    }
    const boundary = Math.min(end ?? Number.POSITIVE_INFINITY, (Math.floor(s / 60) + 1) * 60);
    const redHome = detailNumber(state, 'redHome');
    const redAway = detailNumber(state, 'redAway');
    const r = ratesAt(params, half, s, redHome, redAway);
    const all = r.goalHome + r.goalAway + r.redHome + r.redAway + 2 * r.yellow;
    const wait = -Math.log(1 - rng.next()) / all;
    const pick = rng.next() * all;
    if (s + wait < boundary) {
      const at = Math.min(boundary, Math.max(s + 1, Math.ceil(s + wait)));
      const afterMs = (at - s) * 1000;
      const clock = { seconds: at, running: true };
      const detail = { ...state.detail };
      const events: [number, EventKind, 'home' | 'away'][] = [
        [r.goalHome, 'goal', 'home'],
        [r.goalAway, 'goal', 'away'],
        [r.redHome, 'red_card', 'home'],
        [r.redAway, 'red_card', 'away'],
        [r.yellow, 'yellow_card', 'home'],
        [r.yellow, 'yellow_card', 'away'],
      ];
      let rest = pick;
      let [, kind, side] = events[events.length - 1]!;
      for (const [rate, k, sd] of events) {
        if (rest < rate) {
          kind = k;
          side = sd;
          break;
        }
        rest -= rate;
      }
      let score = state.score;
      if (kind === 'goal') {
        const now = scoreOf(state);
        score = withScore({ home: now.home + (side === 'home' ? 1 : 0), away: now.away + (side === 'away' ? 1 : 0) });
      } else {
        const key = `${kind === 'red_card' ? 'red' : 'yellow'}${side === 'home' ? 'Home' : 'Away'}`;
        detail[key] = detailNumber(state, key) + 1;
      }
      return {
        afterMs,
        state: nextState(state, { clock, score, detail, last: { kind, side, clockSeconds: at } }),
        event: { kind, side },
        suspendMs: kind === 'goal' ? GOAL_SUSPEND_MS : kind === 'red_card' ? RED_SUSPEND_MS : 0,
      };
    }
    if (end !== null && boundary >= end) return endOfHalf(state, half, (end - s) * 1000);
    const detail = { ...state.detail };
    // At 45:00 and 90:00 the fourth official announces the stoppage time.
    if (boundary === regulationEnd(half) && added === null) {
      detail.added = drawAdded(rng, half === 1 ? ADDED_H1 : ADDED_H2);
    }
    return {
      afterMs: (boundary - s) * 1000,
      state: nextState(state, { clock: { seconds: boundary, running: true }, detail }),
      suspendMs: 0,
    };
  },

  price(params: FootballParams, state: MatchState, marginPpm: number): MarketQuote[] {
    if (state.status === 'ended' || state.status === 'abandoned') return [];
    const now = scoreOf(state);
    const quotes = periodMarkets('ft', now, finalScores(now, goalsLeft(params, state)), marginPpm, true);
    if (positionOf(state)?.half === 1) {
      // The first half is still being played (or yet to start).
      quotes.push(...periodMarkets('h1', now, finalScores(now, goalsLeft(params, state, true)), marginPpm, false));
    }
    return quotes;
  },

  result(state: MatchState) {
    const ft = withScore(scoreOf(state));
    const h1 = state.h1 ? withScore(state.h1.counted) : undefined;
    return h1 ? { ft, h1 } : { ft };
  },
};

function endOfHalf(state: MatchState, half: Half, afterMs: number): MatchStep {
  const { added: _, ...detail } = state.detail ?? {};
  const seconds = state.clock?.seconds ?? 0;
  if (half === 1) {
    return {
      afterMs,
      state: nextState(state, {
        status: 'break',
        phase: 'HT',
        clock: { seconds: HALF_SECONDS, running: false },
        h1: withScore(scoreOf(state)),
        detail,
        last: { kind: 'period_end', clockSeconds: seconds + afterMs / 1000 },
      }),
      event: { kind: 'period_end' },
      suspendMs: 0,
    };
  }
  return {
    afterMs,
    state: nextState(state, {
      status: 'ended',
      phase: 'FT',
      clock: { seconds: seconds + afterMs / 1000, running: false },
      detail,
      last: { kind: 'end', clockSeconds: seconds + afterMs / 1000 },
    }),
    event: { kind: 'end' },
    suspendMs: 0,
  };
}
