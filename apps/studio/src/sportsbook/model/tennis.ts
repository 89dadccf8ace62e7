import type { Rng } from '../../kit/fair/rng';
import type { EventResult, MarketQuote, MatchState, Score } from '../types';
import {
  addMass,
  differenceAndTotal,
  handicapLinesAround,
  handicapQuote,
  offered,
  totalLinesAround,
  totalQuote,
  winnerQuote,
} from './line-markets';
import type { LeagueProfile, MatchStep, SportModel } from './sport-model';

// Tennis point by point: each player wins a point on their own serve with their own chance. Games
// to four points (two clear, deuce then advantage), sets to six games (two clear) with a
// seven-point tiebreak at 6-6 in every set, best of 3 or 5 sets. The server changes every game;
// in a tiebreak the player whose turn it was serves one point, then each serves two; the player who
// received first in a set's tiebreak serves first in the next set (so a set's first server follows
// from the games played, the tiebreak counting as one).
//
// decided = sets, counted = games (all sets'). `detail` carries what the state needs to be priced
// and shown: server, pointsHome/pointsAway (the current game's points, or the tiebreak's),
// gamesHome/gamesAway (the current set's), tiebreak (1 in a tiebreak), set1..set5 ('6-4', home
// first) for the sets played.
//
// Prices are exact: the chances of every final score from the current state by a Markov recursion
// over points, games and sets (memoised per parameters), not a simulation.

/** Sets suspend for this long when a player has a break point (the receiver is a point from the game). */
export const BREAK_POINT_SUSPEND_MS = 4000;
/** Real time between points, plus a changeover after odd games and a pause between sets. */
const POINT_MS = { min: 18_000, span: 25_000, changeover: 60_000, setBreak: 120_000 };

type Side = 'home' | 'away';
const other = (side: Side): Side => (side === 'home' ? 'away' : 'home');

export type TennisParams = {
  /** The chance home wins a point on home's serve. */
  serveHome: number;
  serveAway: number;
  bestOf: 3 | 5;
  firstServer: Side;
};

type Detail = {
  server: Side;
  pointsHome: number;
  pointsAway: number;
  gamesHome: number;
  gamesAway: number;
  tiebreak: boolean;
  sets: string[];
};

function readDetail(state: MatchState, params: TennisParams): Detail {
  const d = state.detail ?? {};
  const num = (k: string) => (typeof d[k] === 'number' ? (d[k] as number) : 0);
  const sets: string[] = [];
  for (let i = 1; i <= 5; i++) {
    const s = d[`set${i}`];
    if (typeof s === 'string') sets.push(s);
  }
  return {
    server: d.server === 'home' || d.server === 'away' ? d.server : params.firstServer,
    pointsHome: num('pointsHome'),
    pointsAway: num('pointsAway'),
    gamesHome: num('gamesHome'),
    gamesAway: num('gamesAway'),
    tiebreak: num('tiebreak') === 1,
    sets,
  };
}

function writeDetail(d: Detail): NonNullable<MatchState['detail']> {
  const out: NonNullable<MatchState['detail']> = {
    server: d.server,
    pointsHome: d.pointsHome,
    pointsAway: d.pointsAway,
    gamesHome: d.gamesHome,
    gamesAway: d.gamesAway,
    tiebreak: d.tiebreak ? 1 : 0,
  };
  d.sets.forEach((s, i) => {
    out[`set${i + 1}`] = s;
  });
  return out;
}

/** The server of tiebreak point k (0-based) when `first` served the first. */
function tiebreakServer(first: Side, k: number): Side {
  return ((k + 1) >> 1) % 2 === 0 ? first : other(first);
}

/** Who served the first point of a tiebreak in which `server` serves point k. */
function tiebreakFirst(server: Side, k: number): Side {
  return ((k + 1) >> 1) % 2 === 0 ? server : other(server);
}

const gameWon = (a: number, b: number) => a >= 4 && a - b >= 2;
const tiebreakWon = (a: number, b: number) => a >= 7 && a - b >= 2;
const setWon = (a: number, b: number) => (a >= 6 && a - b >= 2) || a === 7;

// ---- exact pricing ----

/** A final outcome from a state on: games still to be won by each, and whether home wins the match. */
type Outcome = { home: number; away: number; homeWins: boolean; p: number };

type Memo = {
  game: Map<string, number>;
  tiebreak: Map<string, number>;
  set: Map<string, Map<string, number>>;
  match: Map<string, Outcome[]>;
};
const memos = new WeakMap<TennisParams, Memo>();

function memoOf(params: TennisParams): Memo {
  let memo = memos.get(params);
  if (!memo) {
    memo = { game: new Map(), tiebreak: new Map(), set: new Map(), match: new Map() };
    memos.set(params, memo);
  }
  return memo;
}

/** The chance the server wins a game from (s, r) points, winning each point with p. */
function serverHolds(memo: Memo, p: number, s: number, r: number): number {
  if (gameWon(s, r)) return 1;
  if (gameWon(r, s)) return 0;
  if (s >= 3 && r >= 3) {
    const deuce = (p * p) / (p * p + (1 - p) * (1 - p));
    if (s === r) return deuce;
    return s > r ? p + (1 - p) * deuce : p * deuce;
  }
  const key = `${p}:${s}:${r}`;
  let v = memo.game.get(key);
  if (v === undefined) {
    v = p * serverHolds(memo, p, s + 1, r) + (1 - p) * serverHolds(memo, p, s, r + 1);
    memo.game.set(key, v);
  }
  return v;
}

/** Home's chance of winning a game from (home, away) points with `server` serving. */
function homeWinsGame(params: TennisParams, memo: Memo, server: Side, home: number, away: number): number {
  return server === 'home'
    ? serverHolds(memo, params.serveHome, home, away)
    : 1 - serverHolds(memo, params.serveAway, away, home);
}

/** Home's chance of winning a point served by `server`. */
function homePoint(params: TennisParams, server: Side): number {
  return server === 'home' ? params.serveHome : 1 - params.serveAway;
}

/** Home's chance of winning a tiebreak from (h, a) points, `first` having served its first point. */
function homeWinsTiebreak(params: TennisParams, memo: Memo, first: Side, h: number, a: number): number {
  if (tiebreakWon(h, a)) return 1;
  if (tiebreakWon(a, h)) return 0;
  if (h >= 6 && a >= 6) {
    // Level at 6-6 or beyond after an even number of points: each serves one of the next two.
    const both = params.serveHome * (1 - params.serveAway);
    const neither = (1 - params.serveHome) * params.serveAway;
    const level = both / (both + neither);
    if (h === a) return level;
    // One point up after an odd number of points: the next point's server decides the odds.
    const q = homePoint(params, tiebreakServer(first, h + a));
    return h > a ? q + (1 - q) * level : q * level;
  }
  const key = `${first}:${h}:${a}`;
  let v = memo.tiebreak.get(key);
  if (v === undefined) {
    const q = homePoint(params, tiebreakServer(first, h + a));
    v = q * homeWinsTiebreak(params, memo, first, h + 1, a) + (1 - q) * homeWinsTiebreak(params, memo, first, h, a + 1);
    memo.tiebreak.set(key, v);
  }
  return v;
}

/** The set's final score ('h-a') chances from the start of a game at (gh, ga) with `server` to serve. */
function setScores(params: TennisParams, memo: Memo, gh: number, ga: number, server: Side): Map<string, number> {
  if (setWon(gh, ga) || setWon(ga, gh)) return new Map([[`${gh}-${ga}`, 1]]);
  const key = `${gh}:${ga}:${server}`;
  let dist = memo.set.get(key);
  if (!dist) {
    dist = new Map();
    if (gh === 6 && ga === 6) {
      const p = homeWinsTiebreak(params, memo, server, 0, 0);
      dist.set('7-6', p);
      dist.set('6-7', 1 - p);
    } else {
      const p = homeWinsGame(params, memo, server, 0, 0);
      for (const [s, q] of setScores(params, memo, gh + 1, ga, other(server))) addMass(dist, s, p * q);
      for (const [s, q] of setScores(params, memo, gh, ga + 1, other(server))) addMass(dist, s, (1 - p) * q);
    }
    memo.set.set(key, dist);
  }
  return dist;
}

/** The server of the next set's first game after a set `first` opened ended `h`-`a` (a tiebreak counts as a game). */
function nextSetServer(first: Side, h: number, a: number): Side {
  const games = h === 7 && a === 6 ? 13 : a === 7 && h === 6 ? 13 : h + a;
  return games % 2 === 0 ? first : other(first);
}

/** The rest of the match from the start of a set with sets (sh, sa), `first` serving its first game. */
function matchFrom(params: TennisParams, memo: Memo, sh: number, sa: number, first: Side): Outcome[] {
  const need = (params.bestOf + 1) / 2;
  if (sh === need) return [{ home: 0, away: 0, homeWins: true, p: 1 }];
  if (sa === need) return [{ home: 0, away: 0, homeWins: false, p: 1 }];
  const key = `${sh}:${sa}:${first}`;
  let out = memo.match.get(key);
  if (!out) {
    out = afterSet(params, memo, sh, sa, first, setScores(params, memo, 0, 0, first));
    memo.match.set(key, out);
  }
  return out;
}

/** Outcomes after the current set, given its final score chances (games counted from the set's start). */
function afterSet(
  params: TennisParams,
  memo: Memo,
  sh: number,
  sa: number,
  setFirst: Side,
  set: Map<string, number>,
): Outcome[] {
  const merged = new Map<string, Outcome>();
  for (const [score, p] of set) {
    const [h, a] = score.split('-').map(Number) as [number, number];
    const rest = matchFrom(params, memo, sh + (h > a ? 1 : 0), sa + (a > h ? 1 : 0), nextSetServer(setFirst, h, a));
    for (const r of rest) {
      const o = { home: h + r.home, away: a + r.away, homeWins: r.homeWins, p: p * r.p };
      const k = `${o.home}:${o.away}:${o.homeWins}`;
      const seen = merged.get(k);
      if (seen) seen.p += o.p;
      else merged.set(k, o);
    }
  }
  return [...merged.values()];
}

/** Every final outcome from `state`: games from the current set's start on, and the match winner. */
function outcomes(params: TennisParams, state: MatchState): Outcome[] {
  const memo = memoOf(params);
  const d = readDetail(state, params);
  const sh = state.score.decided.home;
  const sa = state.score.decided.away;
  if (state.status === 'scheduled') return matchFrom(params, memo, 0, 0, params.firstServer);
  const played = d.gamesHome + d.gamesAway;
  // The set's first server, from who serves now.
  const setFirst = d.tiebreak
    ? tiebreakFirst(d.server, d.pointsHome + d.pointsAway)
    : played % 2 === 0
      ? d.server
      : other(d.server);
  const set = new Map<string, number>();
  if (d.tiebreak) {
    const p = homeWinsTiebreak(params, memo, setFirst, d.pointsHome, d.pointsAway);
    set.set('7-6', p);
    set.set('6-7', 1 - p);
  } else {
    const p = homeWinsGame(params, memo, d.server, d.pointsHome, d.pointsAway);
    const next = other(d.server);
    for (const [s, q] of setScores(params, memo, d.gamesHome + 1, d.gamesAway, next)) addMass(set, s, p * q);
    for (const [s, q] of setScores(params, memo, d.gamesHome, d.gamesAway + 1, next)) addMass(set, s, (1 - p) * q);
  }
  return afterSet(params, memo, sh, sa, setFirst, set);
}

export const tennisModel: SportModel<TennisParams> = {
  sport: 'tennis',

  drawParams(rng: Rng, league: LeagueProfile): TennisParams {
    // Stronger tours hold serve more often; the spread sets how far two players' serves may differ.
    const base = 0.56 + 0.09 * league.level;
    const gap = (rng.next() * 2 - 1) * (0.02 + 0.1 * league.spread);
    const own = () => (rng.next() * 2 - 1) * 0.02;
    const clamp = (p: number) => Math.round(Math.min(0.8, Math.max(0.45, p)) * 10_000) / 10_000;
    return {
      serveHome: clamp(base + gap / 2 + own()),
      serveAway: clamp(base - gap / 2 + own()),
      bestOf: league.bestOf === 5 ? 5 : 3,
      firstServer: rng.int(2) === 0 ? 'home' : 'away',
    };
  },

  initial(params: TennisParams): MatchState {
    return {
      status: 'scheduled',
      phase: '',
      score: { decided: { home: 0, away: 0 }, counted: { home: 0, away: 0 } },
      detail: writeDetail({
        server: params.firstServer,
        pointsHome: 0,
        pointsAway: 0,
        gamesHome: 0,
        gamesAway: 0,
        tiebreak: false,
        sets: [],
      }),
    };
  },

  step(params: TennisParams, state: MatchState, rng: Rng): MatchStep | null {
    if (state.status === 'ended' || state.status === 'abandoned') return null;
    if (state.status === 'scheduled') {
      return {
        afterMs: 0,
        suspendMs: 0,
        event: { kind: 'kickoff' },
        state: { ...state, status: 'live', phase: 'S1', last: { kind: 'kickoff' } },
      };
    }
    const d = readDetail(state, params);
    const fresh = d.pointsHome === 0 && d.pointsAway === 0;
    let afterMs = POINT_MS.min + rng.int(POINT_MS.span);
    if (fresh && d.gamesHome === 0 && d.gamesAway === 0 && d.sets.length > 0) afterMs += POINT_MS.setBreak;
    else if (fresh && (d.gamesHome + d.gamesAway) % 2 === 1) afterMs += POINT_MS.changeover;

    const winner: Side = rng.next() < homePoint(params, d.server) ? 'home' : 'away';
    const sets = { ...state.score.decided };
    const games = { ...state.score.counted };
    const next: Detail = { ...d, sets: [...d.sets] };
    if (winner === 'home') next.pointsHome++;
    else next.pointsAway++;
    let kind: 'point' | 'game' | 'set' | 'end' | 'break_point' = 'point';
    let side: Side = winner;

    const won = d.tiebreak
      ? tiebreakWon(next.pointsHome, next.pointsAway) || tiebreakWon(next.pointsAway, next.pointsHome)
      : gameWon(next.pointsHome, next.pointsAway) || gameWon(next.pointsAway, next.pointsHome);
    if (!won) {
      if (d.tiebreak) {
        const first = tiebreakFirst(d.server, d.pointsHome + d.pointsAway);
        next.server = tiebreakServer(first, next.pointsHome + next.pointsAway);
      } else {
        const receiver = other(d.server);
        const r = receiver === 'home' ? next.pointsHome : next.pointsAway;
        const s = receiver === 'home' ? next.pointsAway : next.pointsHome;
        if (r >= 3 && r > s) {
          kind = 'break_point';
          side = receiver;
        }
      }
    } else {
      const tiebreakFirstServer = d.tiebreak ? tiebreakFirst(d.server, d.pointsHome + d.pointsAway) : undefined;
      if (winner === 'home') {
        next.gamesHome++;
        games.home++;
      } else {
        next.gamesAway++;
        games.away++;
      }
      next.pointsHome = 0;
      next.pointsAway = 0;
      next.server = tiebreakFirstServer ? other(tiebreakFirstServer) : other(d.server);
      kind = 'game';
      if (setWon(next.gamesHome, next.gamesAway) || setWon(next.gamesAway, next.gamesHome)) {
        kind = 'set';
        next.sets.push(`${next.gamesHome}-${next.gamesAway}`);
        if (winner === 'home') sets.home++;
        else sets.away++;
        next.gamesHome = 0;
        next.gamesAway = 0;
        next.tiebreak = false;
        if (Math.max(sets.home, sets.away) === (params.bestOf + 1) / 2) kind = 'end';
      } else {
        next.tiebreak = next.gamesHome === 6 && next.gamesAway === 6;
      }
    }
    const ended = kind === 'end';
    return {
      afterMs,
      suspendMs: kind === 'break_point' ? BREAK_POINT_SUSPEND_MS : 0,
      event: { kind, side },
      state: {
        status: ended ? 'ended' : 'live',
        phase: ended ? 'END' : `S${next.sets.length + 1}`,
        score: { decided: sets, counted: games },
        detail: writeDetail(next),
        last: { kind, side },
      },
    };
  },

  price(params: TennisParams, state: MatchState, marginPpm: number): MarketQuote[] {
    if (state.status === 'ended' || state.status === 'abandoned') return [];
    const d = readDetail(state, params);
    const all = outcomes(params, state);
    // Games already won before the current set.
    const before: Score = {
      home: state.score.counted.home - (state.status === 'scheduled' ? 0 : d.gamesHome),
      away: state.score.counted.away - (state.status === 'scheduled' ? 0 : d.gamesAway),
    };
    const pHome = all.reduce((s, o) => s + (o.homeWins ? o.p : 0), 0);
    const { difference, total } = differenceAndTotal(all.map((o) => [before.home + o.home, before.away + o.away, o.p]));
    return offered([
      winnerQuote('ft', { home: pHome, away: 1 - pHome }, marginPpm),
      ...handicapLinesAround(difference, 5).map((l) => handicapQuote('ft', difference, l, marginPpm)),
      ...totalLinesAround(total, 5).map((l) => totalQuote('ft', total, l, marginPpm)),
    ]);
  },

  result(state: MatchState): EventResult {
    return { ft: { decided: { ...state.score.decided }, counted: { ...state.score.counted } } };
  },
};

/** Home's exact chance of winning the match from `state` (what the winner market prices). */
export function tennisHomeWins(params: TennisParams, state: MatchState): number {
  return outcomes(params, state).reduce((s, o) => s + (o.homeWins ? o.p : 0), 0);
}
