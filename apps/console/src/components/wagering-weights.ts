import { GAME_TYPES, type GameType } from '@gamehall/shared/constants';

// The per-game-type wagering weights of a bonus (contribution percentages) as a console form holds
// them, shared by the mission and promotion forms.

/** Per game type, the percent (0-100) of a settled bet that counts, as the inputs hold it. */
export type Weights = Record<GameType, string>;

/** Why a weight input is refused: not a whole number from 0 to 100, or every game type at 0%. */
export type WeightError = 'range' | 'none';

/** A saved requirement's weights: `contributions` per game type, `otherPercent` for the rest. */
export type SavedWeights = { contributions?: Record<string, number>; otherPercent?: number } | null | undefined;

/** Every game type at 100%: a bet on any game counts in full (the API's default). */
export function fullWeights(): Weights {
  return Object.fromEntries(GAME_TYPES.map((g) => [g, '100'])) as Weights;
}

/** The inputs of a saved requirement: a game type without a contribution of its own shows the rest's share. */
export function weightsOf(saved: SavedWeights): { weights: Weights; otherPercent: number } {
  const otherPercent = saved?.otherPercent ?? 100;
  const weights = Object.fromEntries(
    GAME_TYPES.map((g) => [g, String(saved?.contributions?.[g] ?? otherPercent)]),
  ) as Weights;
  return { weights, otherPercent };
}

/** The weights' errors by game type (`none` is reported on the first type); empty when they are valid. */
export function weightErrors(weights: Weights): Partial<Record<GameType, WeightError>> {
  const errors: Partial<Record<GameType, WeightError>> = {};
  for (const g of GAME_TYPES) {
    const v = weights[g].trim();
    if (!/^\d{1,3}$/.test(v) || Number(v) > 100) errors[g] = 'range';
  }
  // A requirement no bet can count towards could never be met: the bonus would only be forfeited.
  if (Object.keys(errors).length === 0 && GAME_TYPES.every((g) => Number(weights[g]) === 0))
    errors[GAME_TYPES[0]] = 'none';
  return errors;
}

/**
 * The `contributions` of the request body. Game types weighted like the rest (`otherPercent`) are left
 * out, so the body is the same whether or not the operator touched the weights. Check the weights with
 * weightErrors first.
 */
export function contributionsOf(weights: Weights, otherPercent: number): Record<string, number> {
  const contributions: Record<string, number> = {};
  for (const g of GAME_TYPES) {
    const weight = Number(weights[g]);
    if (weight !== otherPercent) contributions[g] = weight;
  }
  return contributions;
}
