// The deliberately simple evaluator the fast one is tested against: it tries all C(n, 5) five-card
// subsets and ranks each the way a rule book describes it (group the ranks, sort the groups by size
// then rank, look for a flush and a straight). Slow and obvious on purpose; it shares nothing with
// evaluator.ts but the score format.
import { type Card, rankOf, suitOf } from './cards';
import {
  FLUSH,
  FULL_HOUSE,
  HIGH_CARD,
  PAIR,
  QUADS,
  STRAIGHT,
  STRAIGHT_FLUSH,
  score,
  TRIPS,
  TWO_PAIR,
} from './hand-rank';

export function referenceFiveCardScore(five: readonly Card[]): number {
  if (five.length !== 5) throw new Error('five cards expected');
  const ranks = five.map(rankOf).sort((a, b) => b - a);
  const flush = five.every((card) => suitOf(card) === suitOf(five[0]!));
  const distinct = [...new Set(ranks)];
  let straightHigh = -1;
  if (distinct.length === 5) {
    if (ranks[0]! - ranks[4]! === 4) straightHigh = ranks[0]!;
    else if (ranks.join(',') === '12,3,2,1,0') straightHigh = 3;
  }
  if (straightHigh >= 0 && flush) return score(STRAIGHT_FLUSH, [straightHigh]);
  // Groups of equal rank, biggest group first, then higher rank first.
  const groups = distinct
    .map((rank) => ({ rank, size: ranks.filter((r) => r === rank).length }))
    .sort((a, b) => b.size - a.size || b.rank - a.rank);
  const order = groups.map((g) => g.rank);
  const sizes = groups.map((g) => g.size).join('');
  if (sizes === '41') return score(QUADS, order);
  if (sizes === '32') return score(FULL_HOUSE, order);
  if (flush) return score(FLUSH, ranks);
  if (straightHigh >= 0) return score(STRAIGHT, [straightHigh]);
  if (sizes === '311') return score(TRIPS, order);
  if (sizes === '221') return score(TWO_PAIR, order);
  if (sizes === '2111') return score(PAIR, order);
  return score(HIGH_CARD, ranks);
}

/** Every 5-card subset of the cards (21 of them for seven), by five nested index loops. */
export function fiveCardSubsets(cards: readonly Card[]): Card[][] {
  const out: Card[][] = [];
  const n = cards.length;
  for (let a = 0; a < n; a++)
    for (let b = a + 1; b < n; b++)
      for (let c = b + 1; c < n; c++)
        for (let d = c + 1; d < n; d++)
          for (let e = d + 1; e < n; e++) out.push([cards[a]!, cards[b]!, cards[c]!, cards[d]!, cards[e]!]);
  return out;
}

export function referenceEvaluate(cards: readonly Card[]): number {
  return Math.max(...fiveCardSubsets(cards).map(referenceFiveCardScore));
}
