// Card values and meld shapes for Tongits. Cards are the studio's PVP cards (../cards.ts: rank 0..12
// for 2..A); Tongits plays the ace low, so a run is ordered A 2 3 ... K with no wrap (Q-K-A is no
// run) and the ace counts 1 point.
import { type Card, rankOf, suitOf } from '../cards';

/** Tongits order: A = 0, 2 = 1, ..., K = 12. */
export function lowRank(card: Card): number {
  return (rankOf(card) + 1) % 13;
}

/** A = 1, 2-10 their face value, J Q K = 10. */
export function cardPoints(card: Card): number {
  return Math.min(lowRank(card) + 1, 10);
}

export function handPoints(cards: readonly Card[]): number {
  let sum = 0;
  for (const card of cards) sum += cardPoints(card);
  return sum;
}

export type MeldKind = 'set' | 'run';

/** 3 or 4 cards of one rank. */
export function isSet(cards: readonly Card[]): boolean {
  if (cards.length < 3 || cards.length > 4) return false;
  const rank = rankOf(cards[0]!);
  return cards.every((card) => rankOf(card) === rank) && new Set(cards).size === cards.length;
}

/** 3 or more cards of one suit in consecutive order, ace low. */
export function isRun(cards: readonly Card[]): boolean {
  if (cards.length < 3) return false;
  const suit = suitOf(cards[0]!);
  if (!cards.every((card) => suitOf(card) === suit)) return false;
  const ranks = cards.map(lowRank).sort((a, b) => a - b);
  for (let i = 1; i < ranks.length; i++) if (ranks[i] !== ranks[i - 1]! + 1) return false;
  return true;
}

export function meldKind(cards: readonly Card[]): MeldKind | null {
  if (isSet(cards)) return 'set';
  if (isRun(cards)) return 'run';
  return null;
}

/** Cards of a meld in the order they are shown: runs ace low upwards, sets by suit. */
export function sortMeld(cards: readonly Card[]): Card[] {
  return [...cards].sort((a, b) => lowRank(a) - lowRank(b) || suitOf(a) - suitOf(b));
}

/**
 * The card a timed-out player throws: the most points; among equals the higher rank (K before Q
 * before J before 10), then the suit later in the order s h d c.
 */
export function highestCard(cards: readonly Card[]): Card {
  let best = cards[0]!;
  for (const card of cards) {
    const diff = cardPoints(card) - cardPoints(best) || lowRank(card) - lowRank(best) || suitOf(card) - suitOf(best);
    if (diff > 0) best = card;
  }
  return best;
}
