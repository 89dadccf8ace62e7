import { MAX_ODDS, type MarketType, type MatchState, type Outcome, type Period, type Score } from '../types';
import { type FootballParams, finalScores, footballModel, type GoalsLeft, goalsLeft } from './football';
import { oddsFor } from './margin';
import { MARGIN_FACTOR, settleSelection } from './markets';

// The bet builder: several selections of one football match in one bet, priced at the chance that
// they all win together on the match model's distribution of final scores, not at the product of
// their prices (home win and over 2.5 win together more often than apart).
//
// Only selections that settle on the full-time score and can only win or lose are taken: a leg
// that can push or half win (a whole or quarter line) would give the joint bet a return that is not
// one price, so such lines are refused rather than priced by an approximation. The model needs each
// side's strength, which a provider's feed does not send: it is read back from the match's own 1X2
// prices (the model's chances that reproduce them at the book's margin), so the builder is priced
// from what the book offers on the match now, whoever priced it.

/** A builder leg: a selection of a full-time market of the match. */
export type BuilderLeg = { type: MarketType; period: Period; line4?: number | null | undefined; key: string };

export const BUILDER_MIN_LEGS = 2;
export const BUILDER_MAX_LEGS = 6;

/** Why a builder is refused: its size, a leg it cannot take, a combination that cannot win, or no price. */
export type BuilderRefusal =
  | 'SB_BUILDER_SIZE'
  | 'SB_BUILDER_UNSUPPORTED'
  | 'SB_BUILDER_IMPOSSIBLE'
  | 'SB_BUILDER_UNPRICED';

const BUILDER_TYPES: ReadonlySet<MarketType> = new Set([
  '1x2',
  'double_chance',
  'btts',
  'correct_score',
  'handicap',
  'total',
]);

/** A joint chance below this is a combination that cannot win (the grid's sums leave float dust). */
const IMPOSSIBLE_BELOW = 1e-9;

/** Whether a leg can be in a builder: a full-time selection that only wins or loses on the final score. */
export function builderLegAllowed(leg: BuilderLeg): boolean {
  if (leg.period !== 'ft' || !BUILDER_TYPES.has(leg.type)) return false;
  if (leg.type === 'handicap' || leg.type === 'total') {
    // Half lines only: line4 = 2 mod 4 (whole lines push, quarter lines split the stake).
    return typeof leg.line4 === 'number' && ((leg.line4 % 4) + 4) % 4 === 2;
  }
  return leg.line4 === null || leg.line4 === undefined;
}

/** Whether a leg wins at a final score (allowed legs only win or lose). */
export function legWinsAt(leg: BuilderLeg, score: Score): boolean {
  const ft = { decided: score, counted: score };
  const market = { type: leg.type, period: leg.period, line4: leg.line4 ?? undefined };
  return settleSelection(market, leg.key, { ft }) === 'win';
}

/** The chance that every leg wins: the sum over final scores of p(score) where all of them do. */
export function jointChance(scores: readonly { home: number; away: number; p: number }[], legs: readonly BuilderLeg[]) {
  let p = 0;
  for (const s of scores) {
    if (s.p > 0 && legs.every((l) => legWinsAt(l, s))) p += s.p;
  }
  return Math.min(1, p);
}

/** The builder's margin: the league's times the highest factor among its legs' market types (correct score 3). */
export function builderMarginPpm(leagueMarginPpm: number, legs: readonly BuilderLeg[]): number {
  return leagueMarginPpm * Math.max(1, ...legs.map((l) => MARGIN_FACTOR[l.type]));
}

export type BuilderPrice = { ok: true; odds1000: number; fair: number } | { ok: false; code: BuilderRefusal };

/**
 * The builder's price on a final-score distribution: 1 / (p (1 + m)) rounded down to the hundredth
 * and capped at MAX_ODDS like every other price (margin.ts oddsFor), m from builderMarginPpm.
 */
export function priceBuilder(
  scores: readonly { home: number; away: number; p: number }[],
  legs: readonly BuilderLeg[],
  leagueMarginPpm: number,
): BuilderPrice {
  if (legs.length < BUILDER_MIN_LEGS || legs.length > BUILDER_MAX_LEGS) return { ok: false, code: 'SB_BUILDER_SIZE' };
  if (!legs.every(builderLegAllowed)) return { ok: false, code: 'SB_BUILDER_UNSUPPORTED' };
  const seen = new Set(legs.map((l) => `${l.type}:${l.line4 ?? '-'}:${l.key}`));
  if (seen.size !== legs.length) return { ok: false, code: 'SB_BUILDER_IMPOSSIBLE' };
  const fair = jointChance(scores, legs);
  if (fair < IMPOSSIBLE_BELOW) return { ok: false, code: 'SB_BUILDER_IMPOSSIBLE' };
  const odds1000 = oddsFor({ win: fair, lose: 1 - fair }, builderMarginPpm(leagueMarginPpm, legs));
  if (odds1000 === null) return { ok: false, code: 'SB_BUILDER_UNPRICED' };
  return { ok: true, odds1000: Math.min(odds1000, MAX_ODDS), fair };
}

// ---- reading the sides' strength back from the 1X2 ----

/** The 1X2's odds (thousandths) on offer; a selection the book left out is absent. */
export type OneXTwo = { home?: number | undefined; draw?: number | undefined; away?: number | undefined };

function outcomeChances(
  scores: readonly { home: number; away: number; p: number }[],
): Record<'home' | 'draw' | 'away', number> {
  const c = { home: 0, draw: 0, away: 0 };
  for (const s of scores) {
    if (s.home > s.away) c.home += s.p;
    else if (s.home < s.away) c.away += s.p;
    else c.draw += s.p;
  }
  return c;
}

/** The goals to come with each side's expected goals scaled to `params` (goalsLeft is linear in them). */
function scaled(unit: readonly GoalsLeft[], params: FootballParams): GoalsLeft[] {
  return unit.map((g) => ({ p: g.p, home: g.home * params.homeXg, away: g.away * params.awayXg }));
}

function stateOf(state: MatchState | null): MatchState {
  return state ?? footballModel.initial({ homeXg: 1, awayXg: 1 });
}

/**
 * The chance a selection of the 1X2 priced at `odds1000` has at margin m: its odds are
 * floor(100 / (p (1 + m))) / 100, so 1 / (p (1 + m)) lies in [odds, odds + 0.01); its middle is taken.
 */
function chanceOf(odds1000: number, marginPpm: number): number {
  return 1 / (((odds1000 + 5) / 1000) * (1 + marginPpm / 1_000_000));
}

/**
 * The football parameters whose model reproduces the 1X2 on offer at `state` with the book's 1X2
 * margin: the sides' two strengths fitted to its chances by least squares (Gauss-Newton in log
 * space). All three chances are used when all are offered, so the rounding of each price partly
 * cancels out; two are enough when the book left one out. Null with fewer than two, or when the fit
 * does not come near them (the builder is then not priced).
 */
export function paramsFrom1x2(state: MatchState | null, odds: OneXTwo, marginPpm: number): FootballParams | null {
  const s = stateOf(state);
  const now = s.score.counted;
  const unit = goalsLeft({ homeXg: 1, awayXg: 1 }, s);
  const offered = (['home', 'draw', 'away'] as const).filter((k) => typeof odds[k] === 'number');
  if (offered.length < 2) return null;
  const target = offered.map((k) => chanceOf(odds[k] as number, marginPpm));
  const residuals = (x: readonly [number, number]) => {
    const c = outcomeChances(finalScores(now, scaled(unit, { homeXg: Math.exp(x[0]), awayXg: Math.exp(x[1]) })));
    return offered.map((k, i) => c[k] - target[i]!);
  };
  let x: [number, number] = [Math.log(1.4), Math.log(1.1)];
  const h = 1e-4;
  for (let i = 0; i < 40; i++) {
    const r = residuals(x);
    const ra = residuals([x[0] + h, x[1]]);
    const rb = residuals([x[0], x[1] + h]);
    // Normal equations of the 2-parameter fit: (J'J) step = J'r.
    let aa = 0;
    let ab = 0;
    let bb = 0;
    let ar = 0;
    let br = 0;
    r.forEach((ri, k) => {
      const ja = (ra[k]! - ri) / h;
      const jb = (rb[k]! - ri) / h;
      aa += ja * ja;
      ab += ja * jb;
      bb += jb * jb;
      ar += ja * ri;
      br += jb * ri;
    });
    const det = aa * bb - ab * ab;
    if (!(Math.abs(det) > 1e-18)) return null;
    // Steps are bounded so a far start never jumps to a strength the model cannot price.
    const da = Math.max(-1, Math.min(1, (bb * ar - ab * br) / det));
    const db = Math.max(-1, Math.min(1, (aa * br - ab * ar) / det));
    x = [Math.max(-6, Math.min(3, x[0] - da)), Math.max(-6, Math.min(3, x[1] - db))];
    if (Math.abs(da) < 1e-9 && Math.abs(db) < 1e-9) break;
  }
  if (residuals(x).some((ri) => Math.abs(ri) > 0.01)) return null;
  return { homeXg: Math.exp(x[0]), awayXg: Math.exp(x[1]) };
}

/** The final-score distribution of a football match at `state` with `params` (the pricing's own). */
export function scoresAt(params: FootballParams, state: MatchState | null) {
  const s = stateOf(state);
  return finalScores(s.score.counted, goalsLeft(params, s));
}

/**
 * A builder's price on a football match from its state and its 1X2 on offer: the sides' strengths
 * read back from the 1X2 (at the league's margin, which the 1X2 carries), then the joint price.
 */
export function quoteBuilder(
  state: MatchState | null,
  oneXTwo: OneXTwo,
  legs: readonly BuilderLeg[],
  leagueMarginPpm: number,
): BuilderPrice {
  if (legs.length < BUILDER_MIN_LEGS || legs.length > BUILDER_MAX_LEGS) return { ok: false, code: 'SB_BUILDER_SIZE' };
  if (!legs.every(builderLegAllowed)) return { ok: false, code: 'SB_BUILDER_UNSUPPORTED' };
  const params = paramsFrom1x2(state, oneXTwo, leagueMarginPpm * MARGIN_FACTOR['1x2']);
  if (params === null) return { ok: false, code: 'SB_BUILDER_UNPRICED' };
  return priceBuilder(scoresAt(params, state), legs, leagueMarginPpm);
}

// ---- the bet in the book ----

/**
 * Whether a bet is a builder: the book keeps one as a multiple whose legs are all of one event,
 * which a plain multiple never is (it refuses two legs of one event).
 */
export function isBuilderBet(kind: string, legs: readonly { event_id: string }[]): boolean {
  const first = legs[0]?.event_id;
  return kind === 'multiple' && legs.length >= 2 && legs.every((l) => l.event_id === first);
}

/**
 * What a builder's open stake pays on its legs' outcomes (null: still open, counted as won): nothing
 * once a leg lost, its potential payout while every leg won or is open, else (a void leg and none
 * lost) the stake back. The joint price has no part that stands without the void leg, so the bet is
 * void; in football every leg of a match is graded on the one result, so a void leg is an abandon.
 */
export function builderPayout(openStake: number, potential: number, outcomes: readonly (Outcome | null)[]): number {
  if (outcomes.some((o) => o === 'lose' || o === 'half_lose')) return 0;
  if (outcomes.every((o) => o === null || o === 'win')) return potential;
  return openStake;
}
