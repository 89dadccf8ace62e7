// The draws every game of the studio takes its randomness from: the casino's engines, the card
// rooms' shuffles and the sportsbook's simulated matches.

/** Uniform draws for one round, derived from the provably fair stream (fair-rng.ts). */
export interface Rng {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [0, n). */
  int(n: number): number;
}
