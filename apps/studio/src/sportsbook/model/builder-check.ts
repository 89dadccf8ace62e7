import { createSimRng } from '../../kit/fair/sim-rng';
import type { MarketQuote, Score } from '../types';
import { type BuilderLeg, builderMarginPpm, jointChance, legWinsAt, quoteBuilder, scoresAt } from './builder';
import { type FootballParams, footballModel } from './football';

// Does the builder's joint price hold against the match process itself? Plays matches with the
// football model's own steps, prices each combination as the book does (the sides' strengths read
// back from the 1X2 on offer before kick-off), and compares the realised rate with the fair chance
// and the realised hold, 1 - rate x odds, with the expected 1 - fair x odds. The test runs a few
// thousand matches; bench/sportsbook-builder.ts runs many more.

export type BuilderCheckRow = {
  legs: BuilderLeg[];
  odds1000: number;
  /** The chance priced (strengths read from the 1X2), and the chance at the true strengths. */
  fair: number;
  trueFair: number;
  rate: number;
  /** (rate - fair) / its standard error. */
  z: number;
  hold: number;
  expectedHold: number;
  holdSe: number;
  /** The builder's margin as a fraction (m). */
  margin: number;
};

/** The 1X2's odds of a set of quotes. */
export function oneXTwoOf(quotes: MarketQuote[]) {
  const q = quotes.find((m) => m.type === '1x2' && m.period === 'ft');
  const odds = (k: string) => q?.selections.find((s) => s.key === k)?.odds1000;
  return { home: odds('home'), draw: odds('draw'), away: odds('away') };
}

/** A match played to its end with the model's own steps: its final score. */
export function playFootball(params: FootballParams, seed: number): Score {
  const rng = createSimRng(seed);
  let state = footballModel.initial(params);
  for (let step = footballModel.step(params, state, rng); step; step = footballModel.step(params, state, rng)) {
    state = step.state;
  }
  return state.score.counted;
}

export function builderCheck(
  params: FootballParams,
  combos: readonly BuilderLeg[][],
  matches: number,
  marginPpm: number,
  seed = 1,
): BuilderCheckRow[] {
  const finals = Array.from({ length: matches }, (_, i) => playFootball(params, seed * 1_000_003 + i));
  const pre = footballModel.initial(params);
  const odds = oneXTwoOf(footballModel.price(params, pre, marginPpm));
  return combos.map((legs) => {
    const price = quoteBuilder(pre, odds, legs, marginPpm);
    if (!price.ok) throw new Error(`builder not priced: ${price.code}`);
    const hits = finals.filter((s) => legs.every((l) => legWinsAt(l, s))).length;
    const rate = hits / matches;
    const se = Math.sqrt((price.fair * (1 - price.fair)) / matches);
    const o = price.odds1000 / 1000;
    return {
      legs,
      odds1000: price.odds1000,
      fair: price.fair,
      trueFair: jointChance(scoresAt(params, pre), legs),
      rate,
      z: (rate - price.fair) / se,
      hold: 1 - rate * o,
      expectedHold: 1 - price.fair * o,
      holdSe: o * se,
      margin: builderMarginPpm(marginPpm, legs) / 1_000_000,
    };
  });
}
