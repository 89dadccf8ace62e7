import type { Rng } from '../../kit/fair/rng';
import type { EventResult, MarketQuote, MatchState } from '../types';
import { addMass, differenceAndTotal, handicapQuote, offered, totalQuote, winnerQuote } from './line-markets';
import type { LeagueProfile, MatchStep, SportModel } from './sport-model';

// E-sports series: best of 1, 3 or 5 maps (7 allowed), each map a race to a target. Two invented
// titles: Tala Dominion, a lane-and-tower battle game whose map goes to the first team to 20
// takedowns, and Kidlat Strike, a round-based tactical shooter whose map goes to the first team to
// 13 rounds (two clear from 12-12 on). Each map has its own chance that home takes a round or a
// takedown (the teams' form on that map), drawn with the match, so the prices are those of the
// series really played. decided = counted = maps won.
//
// `detail`: map (the current map's number), roundsHome/roundsAway (Kidlat Strike) or
// killsHome/killsAway (Tala Dominion) on the current map, and map1.. ('13-9', home first) for the
// maps played. Prices are exact: the chance of each map from its score by recursion, and of each
// series score from the maps' chances.

export const ESPORTS_TITLES = {
  dominion: { name: 'Tala Dominion', unit: 'kills', target: 20, winBy: 1, unitMs: [20_000, 70_000] },
  kidlat: { name: 'Kidlat Strike', unit: 'rounds', target: 13, winBy: 2, unitMs: [70_000, 60_000] },
} as const;
export type EsportsTitleId = keyof typeof ESPORTS_TITLES;

/** A league's profile with the title its series are played in (the simulator's e-sports leagues set it). */
export type EsportsProfile = LeagueProfile & { title?: EsportsTitleId };

const MAP_BREAK_MS = 300_000;
/** Markets suspend this long after a map ends. */
export const MAP_SUSPEND_MS = 5000;

type Side = 'home' | 'away';

export type EsportsParams = {
  title: EsportsTitleId;
  bestOf: number;
  /** Per map, the chance home takes each round or takedown. */
  maps: number[];
};

function unitKeys(title: EsportsTitleId): [string, string] {
  return ESPORTS_TITLES[title].unit === 'rounds' ? ['roundsHome', 'roundsAway'] : ['killsHome', 'killsAway'];
}

type Detail = { map: number; home: number; away: number; played: string[] };

function readDetail(params: EsportsParams, state: MatchState): Detail {
  const d = state.detail ?? {};
  const [hk, ak] = unitKeys(params.title);
  const num = (k: string) => (typeof d[k] === 'number' ? (d[k] as number) : 0);
  const played: string[] = [];
  for (let i = 1; i <= params.bestOf; i++) {
    const m = d[`map${i}`];
    if (typeof m === 'string') played.push(m);
  }
  return { map: Math.max(1, num('map')), home: num(hk), away: num(ak), played };
}

function writeDetail(params: EsportsParams, d: Detail): NonNullable<MatchState['detail']> {
  const [hk, ak] = unitKeys(params.title);
  const out: NonNullable<MatchState['detail']> = { map: d.map, [hk]: d.home, [ak]: d.away };
  d.played.forEach((m, i) => {
    out[`map${i + 1}`] = m;
  });
  return out;
}

function mapWon(params: EsportsParams, a: number, b: number): boolean {
  const t = ESPORTS_TITLES[params.title];
  return a >= t.target && a - b >= t.winBy;
}

const memos = new WeakMap<EsportsParams, Map<string, number>>();

/** Home's chance of winning map `index` (0-based) from (h, a). */
function homeWinsMap(params: EsportsParams, index: number, h: number, a: number): number {
  if (mapWon(params, h, a)) return 1;
  if (mapWon(params, a, h)) return 0;
  const p = params.maps[index] ?? 0.5;
  const t = ESPORTS_TITLES[params.title];
  if (t.winBy === 2 && h >= t.target - 1 && a >= t.target - 1) {
    // Overtime: from level, two in a row wins.
    const level = (p * p) / (p * p + (1 - p) * (1 - p));
    if (h === a) return level;
    return h > a ? p + (1 - p) * level : p * level;
  }
  let memo = memos.get(params);
  if (!memo) {
    memo = new Map();
    memos.set(params, memo);
  }
  const key = `${index}:${h}:${a}`;
  let v = memo.get(key);
  if (v === undefined) {
    v = p * homeWinsMap(params, index, h + 1, a) + (1 - p) * homeWinsMap(params, index, h, a + 1);
    memo.set(key, v);
  }
  return v;
}

/** Chances of each final series score 'h:a', from maps (mh, ma) with the current map at (h, a). */
function seriesScores(params: EsportsParams, mh: number, ma: number, h: number, a: number): Map<string, number> {
  const need = (params.bestOf + 1) / 2;
  const out = new Map<string, number>();
  const walk = (sh: number, sa: number, p: number, current: number) => {
    if (sh === need || sa === need) {
      addMass(out, `${sh}:${sa}`, p);
      return;
    }
    const index = sh + sa;
    const w = current >= 0 ? current : homeWinsMap(params, index, 0, 0);
    walk(sh + 1, sa, p * w, -1);
    walk(sh, sa + 1, p * (1 - w), -1);
  };
  walk(mh, ma, 1, homeWinsMap(params, mh + ma, h, a));
  return out;
}

/** The handicap lines (home's, in quarters) and total lines a series of `bestOf` maps offers. */
function seriesLines(bestOf: number): { handicaps: number[]; totals: number[] } {
  const need = (bestOf + 1) / 2;
  const handicaps: number[] = [];
  const totals: number[] = [];
  for (let k = 1; k < need; k++) handicaps.push(-(4 * k + 2), 4 * k + 2);
  for (let t = need; t < bestOf; t++) totals.push(4 * t + 2);
  return { handicaps: handicaps.sort((x, y) => x - y), totals };
}

/** The e-sports model; its parameters take the league's title too. */
export const esportsModel: SportModel<EsportsParams> & {
  drawParams(rng: Rng, league: EsportsProfile): EsportsParams;
} = {
  sport: 'esports',

  drawParams(rng: Rng, league: EsportsProfile): EsportsParams {
    const title: EsportsTitleId = league.title ?? 'dominion';
    const bestOf = league.bestOf ?? 3;
    // One team is the better by an amount the league's spread allows; each map shifts it a little.
    const edge = (rng.next() * 2 - 1) * (0.02 + 0.08 * league.spread);
    const maps = Array.from({ length: bestOf }, () => {
      const p = 0.5 + edge + (rng.next() * 2 - 1) * 0.03;
      return Math.round(p * 10_000) / 10_000;
    });
    return { title, bestOf, maps };
  },

  initial(params: EsportsParams): MatchState {
    return {
      status: 'scheduled',
      phase: '',
      score: { decided: { home: 0, away: 0 }, counted: { home: 0, away: 0 } },
      detail: writeDetail(params, { map: 1, home: 0, away: 0, played: [] }),
    };
  },

  step(params: EsportsParams, state: MatchState, rng: Rng): MatchStep | null {
    if (state.status === 'ended' || state.status === 'abandoned') return null;
    const d = readDetail(params, state);
    if (state.status === 'scheduled' || state.status === 'break') {
      const map = state.status === 'scheduled' ? 1 : d.map + 1;
      return {
        afterMs: state.status === 'scheduled' ? 0 : MAP_BREAK_MS,
        suspendMs: 0,
        ...(map === 1 ? { event: { kind: 'kickoff' as const } } : {}),
        state: {
          ...state,
          status: 'live',
          phase: `M${map}`,
          detail: writeDetail(params, { ...d, map, home: 0, away: 0 }),
          ...(map === 1 ? { last: { kind: 'kickoff' as const } } : {}),
        },
      };
    }
    const title = ESPORTS_TITLES[params.title];
    const afterMs = title.unitMs[0] + rng.int(title.unitMs[1]);
    const side: Side = rng.next() < (params.maps[d.map - 1] ?? 0.5) ? 'home' : 'away';
    const next: Detail = { ...d, played: [...d.played] };
    if (side === 'home') next.home++;
    else next.away++;
    const unitKind = title.unit === 'rounds' ? 'round' : 'point';
    if (!mapWon(params, next.home, next.away) && !mapWon(params, next.away, next.home)) {
      return {
        afterMs,
        suspendMs: 0,
        event: { kind: unitKind, side },
        state: { ...state, detail: writeDetail(params, next), last: { kind: unitKind, side } },
      };
    }
    const maps = { ...state.score.decided };
    if (side === 'home') maps.home++;
    else maps.away++;
    next.played.push(`${next.home}-${next.away}`);
    const over = Math.max(maps.home, maps.away) === (params.bestOf + 1) / 2;
    const kind = over ? 'end' : 'map';
    return {
      afterMs,
      suspendMs: over ? 0 : MAP_SUSPEND_MS,
      event: { kind, side },
      state: {
        status: over ? 'ended' : 'break',
        phase: over ? 'END' : `M${d.map}`,
        score: { decided: maps, counted: { ...maps } },
        detail: writeDetail(params, next),
        last: { kind, side },
      },
    };
  },

  price(params: EsportsParams, state: MatchState, marginPpm: number): MarketQuote[] {
    if (state.status === 'ended' || state.status === 'abandoned') return [];
    const d = readDetail(params, state);
    const live = state.status === 'live';
    const m = state.score.decided;
    const series = seriesScores(params, m.home, m.away, live ? d.home : 0, live ? d.away : 0);
    const joint = [...series].map(([k, p]) => {
      const [h, a] = k.split(':').map(Number) as [number, number];
      return [h, a, p] as [number, number, number];
    });
    const pHome = joint.reduce((s, [h, a, p]) => s + (h > a ? p : 0), 0);
    const { difference, total } = differenceAndTotal(joint);
    const lines = seriesLines(params.bestOf);
    return offered([
      winnerQuote('ft', { home: pHome, away: 1 - pHome }, marginPpm),
      ...lines.handicaps.map((l) => handicapQuote('ft', difference, l, marginPpm)),
      ...lines.totals.map((l) => totalQuote('ft', total, l, marginPpm)),
    ]);
  },

  result(state: MatchState): EventResult {
    return { ft: { decided: { ...state.score.decided }, counted: { ...state.score.counted } } };
  },
};
