import { createSimRng } from '../../kit/fair/sim-rng';
import type { MarketType, MatchState, Sport } from '../types';
import { MARGIN_FACTOR, selectionKeys, settleSelection } from './markets';
import type { LeagueProfile, SportModel } from './sport-model';

// Does a sport's model keep the book's margin? Simulates matches with the model's own match process
// and bets one unit on every selection it prices (before kick-off, or at one in-play moment drawn
// per match), settles each bet on the match's result, and compares the realised hold with the
// expected one, per market type and overall.
//
// Expected hold: every selection returns 1 / (1 + m) per unit at its unrounded odds u (margin.ts),
// so m / (1 + m), with m the league's margin times the market type's factor. Odds are rounded down
// to the hundredth, and a bet's return falls by (u - o) times its paying weight (1 for a win, 1/2
// for a half win): the residual u - o of prices drawn from continuous parameters is uniform on
// [0, 0.01), so the rounding adds 0.005 x the paying weight per bet on average. The paying weight
// is taken from the bet's settlement, whose expectation given the price is the selection's chance.
//
// z = (realised - expected) / standard error, the error from the spread of the matches' returns
// (the bets of one match are settled by one result, so the match is the unit of independence).
// A market type's selections together hold their overround whatever the model's chances (an error
// that favours one side costs the other), so the rows per selection key are what catch a model
// whose chances are wrong: its home side held too little and its away side too much.

export type MarginMoment = 'pre' | 'live';

export type MarginCheckOptions = {
  matches: number;
  /** The league's margin, parts per million of stake. */
  marginPpm: number;
  seed?: number;
  /** Leagues the matches are drawn from, in turn; default a spread of levels and spreads. */
  profiles?: readonly LeagueProfile[];
  /** 'pre': bets before kick-off; 'live': bets at one in-play state per match, its k-th step with k drawn before it is played. */
  moment?: MarginMoment;
};

export type HoldRow = {
  type: MarketType | 'all';
  /** One selection key's bets of the type (a market type with few keys); absent: all its selections. */
  key?: string;
  /** Unit bets placed. */
  bets: number;
  voids: number;
  /** Realised hold: 1 - returned / staked. */
  hold: number;
  /** m / (1 + m) for the market type (over all types, weighted by the bets). */
  expected: number;
  /** The expected extra from rounding odds down. */
  rounding: number;
  se: number;
  z: number;
};

export type MarginReport = {
  sport: Sport;
  matches: number;
  marginPpm: number;
  moment: MarginMoment;
  rows: HoldRow[];
  ms: number;
};

export const DEFAULT_PROFILES: readonly LeagueProfile[] = [
  { level: 0.2, spread: 0.3, bestOf: 3 },
  { level: 0.5, spread: 0.5, bestOf: 3 },
  { level: 0.8, spread: 0.7, bestOf: 5 },
  { level: 0.4, spread: 0.9, bestOf: 1 },
  { level: 0.9, spread: 0.2, bestOf: 5 },
];

/** Per market type: per match's bets, their stake and return; the sums for the hold and its error. */
class Tally {
  bets = 0;
  voids = 0;
  staked = 0;
  returned = 0;
  rounding = 0;
  expectedSum = 0;
  /** Per match: [staked, returned]. */
  readonly perMatch: [number, number][] = [];
  private match: [number, number] = [0, 0];

  add(returned: number, paying: number, expectedHold: number, voided: boolean) {
    this.bets += 1;
    if (voided) this.voids += 1;
    this.staked += 1;
    this.returned += returned;
    this.rounding += 0.005 * paying;
    this.expectedSum += expectedHold;
    this.match[0] += 1;
    this.match[1] += returned;
  }

  endMatch() {
    if (this.match[0] > 0) this.perMatch.push(this.match);
    this.match = [0, 0];
  }

  row(type: HoldRow['type'], key?: string): HoldRow {
    const ratio = this.returned / this.staked;
    let sq = 0;
    for (const [s, r] of this.perMatch) sq += (r - ratio * s) ** 2;
    const se = Math.sqrt(sq) / this.staked;
    const hold = 1 - ratio;
    const expected = this.expectedSum / this.staked;
    const rounding = this.rounding / this.staked;
    return {
      type,
      ...(key === undefined ? {} : { key }),
      bets: this.bets,
      voids: this.voids,
      hold,
      expected,
      rounding,
      se,
      z: (hold - expected - rounding) / se,
    };
  }
}

const PAYING: Record<string, number> = { win: 1, half_win: 0.5 };
/** Market types with at most this many keys get a row per key. */
const PER_KEY_UP_TO = 3;

/** Simulates `options.matches` matches of `model`, betting a unit on every priced selection, and reports the hold per market type and overall. */
export function marginCheck<P>(model: SportModel<P>, options: MarginCheckOptions): MarginReport {
  const started = performance.now();
  const profiles = options.profiles ?? DEFAULT_PROFILES;
  const moment = options.moment ?? 'pre';
  const rng = createSimRng(options.seed ?? 1);
  const byType = new Map<MarketType, Tally>();
  const byKey = new Map<string, Tally>();
  const all = new Tally();
  // In play, the bet falls on the k-th in-play step, k uniform below the mean step count of the
  // matches before: a moment drawn knowing the match's own length would favour quiet matches (fewer
  // steps, so each more likely) and find fewer goals to come than the prices expect. A match
  // shorter than its k gets no bet.
  let stepsSeen = 0;
  for (let i = 0; i < options.matches; i++) {
    const params = model.drawParams(rng, profiles[i % profiles.length]!);
    const k = i === 0 ? -1 : Math.floor(rng.next() * (stepsSeen / i));
    let state = model.initial(params);
    let priceAt: MatchState | undefined = moment === 'pre' ? state : undefined;
    let inPlay = 0;
    for (;;) {
      const next = model.step(params, state, rng);
      if (next === null) break;
      state = next.state;
      if (state.status === 'live' || state.status === 'break') {
        if (inPlay === k && moment === 'live') priceAt = state;
        inPlay += 1;
      }
    }
    stepsSeen += inPlay;
    const result = model.result(state);
    if (priceAt === undefined) continue;
    for (const quote of model.price(params, priceAt, options.marginPpm)) {
      const m = (options.marginPpm * MARGIN_FACTOR[quote.type]) / 1_000_000;
      const expectedHold = m / (1 + m);
      let tally = byType.get(quote.type);
      if (!tally) {
        tally = new Tally();
        byType.set(quote.type, tally);
      }
      for (const s of quote.selections) {
        const outcome = settleSelection(quote, s.key, result);
        const odds = s.odds1000 / 1000;
        const returned =
          outcome === 'win'
            ? odds
            : outcome === 'half_win'
              ? (1 + odds) / 2
              : outcome === 'push' || outcome === 'void'
                ? 1
                : outcome === 'half_lose'
                  ? 0.5
                  : 0;
        const paying = PAYING[outcome] ?? 0;
        const voided = outcome === 'void';
        tally.add(returned, paying, expectedHold, voided);
        all.add(returned, paying, expectedHold, voided);
        if (selectionKeys(quote.type).length <= PER_KEY_UP_TO) {
          const id = `${quote.type}\t${s.key}`;
          let keyTally = byKey.get(id);
          if (!keyTally) {
            keyTally = new Tally();
            byKey.set(id, keyTally);
          }
          keyTally.add(returned, paying, expectedHold, voided);
        }
      }
    }
    for (const t of byType.values()) t.endMatch();
    for (const t of byKey.values()) t.endMatch();
    all.endMatch();
  }
  const rows: HoldRow[] = [];
  for (const [type, t] of byType) {
    rows.push(t.row(type));
    for (const [id, k] of byKey) {
      const [keyType, key] = id.split('\t') as [MarketType, string];
      if (keyType === type) rows.push(k.row(type, key));
    }
  }
  rows.push(all.row('all'));
  return {
    sport: model.sport,
    matches: options.matches,
    marginPpm: options.marginPpm,
    moment,
    rows,
    ms: performance.now() - started,
  };
}
