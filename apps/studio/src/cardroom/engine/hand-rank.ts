// What a hand score means, shared by the fast evaluator and the reference one. A score is
// category << 20 | five 4-bit ranks (the ranks that decide ties, most important first, 0..12 for
// 2..A, unused trailing slots 0), so comparing two scores as numbers compares the hands; equal scores
// split the pot.

export const CATEGORIES = [
  'high-card',
  'pair',
  'two-pair',
  'three-of-a-kind',
  'straight',
  'flush',
  'full-house',
  'four-of-a-kind',
  'straight-flush',
] as const;

export type Category = (typeof CATEGORIES)[number];

export const HIGH_CARD = 0;
export const PAIR = 1;
export const TWO_PAIR = 2;
export const TRIPS = 3;
export const STRAIGHT = 4;
export const FLUSH = 5;
export const FULL_HOUSE = 6;
export const QUADS = 7;
export const STRAIGHT_FLUSH = 8;

/** Builds a score from a category and up to five deciding ranks, most important first. */
export function score(category: number, ranks: readonly number[]): number {
  let value = category;
  for (let i = 0; i < 5; i++) value = (value << 4) | (ranks[i] ?? 0);
  return value;
}

export function categoryOf(handScore: number): Category {
  return CATEGORIES[handScore >> 20]!;
}

/** The deciding ranks of a score (five slots, most important first). */
export function ranksOf(handScore: number): number[] {
  return [16, 12, 8, 4, 0].map((shift) => (handScore >> shift) & 15);
}
