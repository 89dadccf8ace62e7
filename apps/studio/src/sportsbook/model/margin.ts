import { MAX_ODDS, MIN_ODDS } from '../types';

// From a selection's probabilities to its odds with the book's margin. A margin m (parts per
// million of stake) means every selection is priced so that the player's expected return per unit
// staked is 1 / (1 + m): in a market without pushes the inverse odds then add up to 1 + m (the
// overround), and the book's expected hold is m / (1 + m) of what is staked on any selection.
// Odds are rounded down to the hundredth (a price shown in two decimals never gives the player
// more than the margin allows).

/** The chance of each way a selection can settle; they add up to 1 (void is priced as a push). */
export type OutcomeChances = {
  win: number;
  halfWin?: number;
  push?: number;
  halfLose?: number;
  lose: number;
};

/** The player's expected return per unit staked at this margin. */
export function returnToPlayer(marginPpm: number): number {
  return 1 / (1 + marginPpm / 1_000_000);
}

/**
 * Odds (thousandths) at which `chances` return 1 / (1 + margin) per unit staked, rounded down to
 * the hundredth; null when no odds of at least MIN_ODDS can (the selection is not offered).
 * Expected return of odds o: o (win + halfWin / 2) + halfWin / 2 + push + halfLose / 2.
 */
export function oddsFor(chances: OutcomeChances, marginPpm: number): number | null {
  const halfWin = chances.halfWin ?? 0;
  const returned = halfWin / 2 + (chances.push ?? 0) + (chances.halfLose ?? 0) / 2;
  const paying = chances.win + halfWin / 2;
  if (!(paying > 0)) return null;
  const odds = (returnToPlayer(marginPpm) - returned) / paying;
  if (!Number.isFinite(odds)) return null;
  const rounded = Math.floor(odds * 100 + 1e-9) * 10;
  if (rounded < MIN_ODDS) return null;
  return Math.min(rounded, MAX_ODDS);
}

/** Odds for a market whose selections can only win or lose (exactly one wins): 1 / (p (1 + m)). */
export function oddsForExclusive(probabilities: readonly number[], marginPpm: number): (number | null)[] {
  return probabilities.map((p) => oddsFor({ win: p, lose: 1 - p }, marginPpm));
}
