import { describe, expect, it } from 'vitest';
import type { MatchState } from '../types';
import {
  type BuilderLeg,
  builderLegAllowed,
  builderMarginPpm,
  jointChance,
  paramsFrom1x2,
  priceBuilder,
  scoresAt,
} from './builder';
import { builderCheck, oneXTwoOf } from './builder-check';
import { type FootballParams, footballModel } from './football';

const MARGIN = 50_000;
const params: FootballParams = { homeXg: 1.6, awayXg: 1.1 };

const leg = (type: BuilderLeg['type'], key: string, line4?: number): BuilderLeg => ({
  type,
  period: 'ft',
  line4: line4 ?? null,
  key,
});

const live: MatchState = {
  status: 'live',
  phase: '2H',
  clock: { seconds: 60 * 60, running: true },
  score: { decided: { home: 1, away: 0 }, counted: { home: 1, away: 0 } },
  detail: { redHome: 0, redAway: 0, yellowHome: 0, yellowAway: 0 },
};

describe('bet builder: which legs', () => {
  it('takes full-time selections that only win or lose, and refuses lines that can push', () => {
    expect(builderLegAllowed(leg('1x2', 'home'))).toBe(true);
    expect(builderLegAllowed(leg('total', 'over', 10))).toBe(true);
    expect(builderLegAllowed(leg('handicap', 'home', -6))).toBe(true);
    expect(builderLegAllowed(leg('total', 'over', 8))).toBe(false);
    expect(builderLegAllowed(leg('handicap', 'home', -3))).toBe(false);
    expect(builderLegAllowed({ ...leg('1x2', 'home'), period: 'h1' })).toBe(false);
    expect(builderLegAllowed(leg('winner', 'home'))).toBe(false);
  });

  it('refuses a size out of 2..6, an unsupported leg, a contradiction and a repeated leg', () => {
    const scores = scoresAt(params, null);
    expect(priceBuilder(scores, [leg('1x2', 'home')], MARGIN)).toEqual({ ok: false, code: 'SB_BUILDER_SIZE' });
    const seven = Array.from({ length: 7 }, (_, i) => leg('correct_score', `${i % 5}-0`));
    expect(priceBuilder(scores, seven, MARGIN)).toEqual({ ok: false, code: 'SB_BUILDER_SIZE' });
    expect(priceBuilder(scores, [leg('1x2', 'home'), leg('total', 'over', 9)], MARGIN)).toEqual({
      ok: false,
      code: 'SB_BUILDER_UNSUPPORTED',
    });
    expect(priceBuilder(scores, [leg('1x2', 'home'), leg('correct_score', '0-1')], MARGIN)).toEqual({
      ok: false,
      code: 'SB_BUILDER_IMPOSSIBLE',
    });
    expect(priceBuilder(scores, [leg('total', 'over', 10), leg('total', 'under', 10)], MARGIN).ok).toBe(false);
    expect(priceBuilder(scores, [leg('btts', 'yes'), leg('btts', 'yes')], MARGIN)).toEqual({
      ok: false,
      code: 'SB_BUILDER_IMPOSSIBLE',
    });
  });

  it('prices the joint chance, not the product: home and over 2.5 go together', () => {
    const scores = scoresAt(params, null);
    const home = jointChance(scores, [leg('1x2', 'home')]);
    const over = jointChance(scores, [leg('total', 'over', 10)]);
    const both = jointChance(scores, [leg('1x2', 'home'), leg('total', 'over', 10)]);
    expect(both).toBeGreaterThan(home * over);
    const price = priceBuilder(scores, [leg('1x2', 'home'), leg('total', 'over', 10)], MARGIN);
    expect(price.ok && price.odds1000).toBe(Math.floor(100 / (both * 1.05) + 1e-9) * 10);
    // Correct score carries three times the margin, and so does a builder with it.
    expect(builderMarginPpm(MARGIN, [leg('1x2', 'home'), leg('correct_score', '2-0')])).toBe(3 * MARGIN);
  });
});

describe("bet builder: the sides' strength from the 1X2", () => {
  it('reads the parameters back from the model’s own 1X2 before kick-off and in play', () => {
    for (const state of [footballModel.initial(params), live]) {
      const got = paramsFrom1x2(state, oneXTwoOf(footballModel.price(params, state, MARGIN)), MARGIN);
      expect(got).not.toBeNull();
      expect(got!.homeXg).toBeCloseTo(params.homeXg, 1);
      expect(got!.awayXg).toBeCloseTo(params.awayXg, 1);
    }
  });

  it('fits from two selections when the book left the third out, and refuses fewer', () => {
    const odds = oneXTwoOf(footballModel.price(params, footballModel.initial(params), MARGIN));
    expect(paramsFrom1x2(null, { draw: odds.draw, away: odds.away }, MARGIN)?.homeXg).toBeCloseTo(params.homeXg, 1);
    expect(paramsFrom1x2(null, { home: odds.home }, MARGIN)).toBeNull();
  });
});

/**
 * The joint price against the match process itself (builder-check.ts): each combination's realised
 * rate over N simulated matches against its fair chance as the book prices it, and the realised
 * margin 1 - rate x odds against the expected 1 - fair x odds.
 */
describe('bet builder: against simulated matches', () => {
  const N = 10_000;
  const combos: BuilderLeg[][] = [
    [leg('1x2', 'home'), leg('total', 'over', 10)],
    [leg('btts', 'yes'), leg('total', 'over', 10)],
    [leg('double_chance', 'home_draw'), leg('total', 'under', 10), leg('btts', 'no')],
    [leg('handicap', 'home', -6), leg('btts', 'no')],
    [leg('1x2', 'draw'), leg('btts', 'yes')],
    [leg('1x2', 'home'), leg('correct_score', '2-1'), leg('total', 'over', 10)],
  ];

  it(`realised chances and margins of ${combos.length} combinations are within their statistical tolerance`, () => {
    for (const r of builderCheck(params, combos, N, MARGIN)) {
      // The 1X2's rounding moves the strengths read back a little: the fair chance stays close.
      expect(Math.abs(r.fair - r.trueFair)).toBeLessThan(0.004);
      expect(Math.abs(r.z)).toBeLessThan(4);
      // Expected hold: m / (1 + m), plus what rounding the odds down to the hundredth adds.
      expect(r.expectedHold).toBeGreaterThanOrEqual(r.margin / (1 + r.margin) - 1e-9);
      expect(r.expectedHold).toBeLessThanOrEqual(r.margin / (1 + r.margin) + 0.01 * r.fair + 1e-9);
      expect(Math.abs(r.hold - r.expectedHold)).toBeLessThan(4 * r.holdSe);
    }
  });
});
