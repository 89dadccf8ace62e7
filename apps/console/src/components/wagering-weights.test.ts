import { GAME_TYPES } from '@gamehall/shared/constants';
import { describe, expect, it } from 'vitest';
import core from '../locales/en/core.json';
import { contributionsOf, fullWeights, weightErrors, weightsOf } from './wagering-weights';

// The wagering weights shared by the mission and promotion forms: refused out of 0-100 or all zero,
// saved weights come back into the inputs, and only the game types differing from the rest are sent.

describe('wagering weights', () => {
  it('refuses weights that are not whole numbers from 0 to 100, and all game types at 0', () => {
    const weights = fullWeights();
    expect(weightErrors(weights)).toEqual({});
    expect(weightErrors({ ...weights, LIVE: '101', RNG: '-1', JL: '2.5', FISH: '', PVP: 'x' })).toEqual({
      LIVE: 'range',
      RNG: 'range',
      JL: 'range',
      FISH: 'range',
      PVP: 'range',
    });
    const zero = Object.fromEntries(GAME_TYPES.map((g) => [g, '0'])) as typeof weights;
    expect(weightErrors(zero)).toEqual({ [GAME_TYPES[0]]: 'none' });
    expect(weightErrors({ ...zero, COCKFIGHT: '1' })).toEqual({});
  });

  it('prefills saved weights (the rest at otherPercent) and sends back only those differing from it', () => {
    const { weights, otherPercent } = weightsOf({ contributions: { LIVE: 20, PVP: 100 }, otherPercent: 50 });
    expect(otherPercent).toBe(50);
    expect(weights.LIVE).toBe('20');
    expect(weights.PVP).toBe('100');
    expect(weights.RNG).toBe('50');
    expect(contributionsOf(weights, otherPercent)).toEqual({ LIVE: 20, PVP: 100 });
    expect(contributionsOf({ ...weights, FISH: ' 7 ' }, otherPercent)).toEqual({ LIVE: 20, PVP: 100, FISH: 7 });

    const none = weightsOf(undefined);
    expect(none.otherPercent).toBe(100);
    expect(none.weights).toEqual(fullWeights());
    expect(contributionsOf(none.weights, 100)).toEqual({});
  });

  it('names every game type and weight error in the console’s strings', () => {
    const labels = core.weights.gameTypes as Record<string, string>;
    expect(GAME_TYPES.filter((g) => !labels[g]?.trim())).toEqual([]);
    expect(core.weights.range.trim()).not.toBe('');
    expect(core.weights.none.trim()).not.toBe('');
  });
});
