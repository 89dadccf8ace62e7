// The fast Hold'em evaluator: the best five-card hand among 5 to 7 cards, as a score (hand-rank.ts).
// Each suit's ranks go into a 13-bit mask; the counts of each rank come out of bitwise operations on
// the four masks (a rank in all four is quads, in an odd number but at least two is trips, ...), and
// three 8,192-entry tables answer "highest straight in this mask" and "top five ranks of this mask".
// No sorting and no allocation per call, which is what a table server that settles every showdown
// and a simulation of millions of hands need.
import type { Card } from './cards';
import { FLUSH, FULL_HOUSE, HIGH_CARD, PAIR, QUADS, STRAIGHT, STRAIGHT_FLUSH, TRIPS, TWO_PAIR } from './hand-rank';

const MASKS = 1 << 13;
/** Highest rank of the best straight in a rank mask (3 for the wheel 5-4-3-2-A), or -1. */
const STRAIGHT_HIGH = new Int8Array(MASKS);
/** The mask's ranks, highest first, packed in 4-bit slots like a score's (at most five). */
const TOP_FIVE = new Int32Array(MASKS);
const BIT_COUNT = new Uint8Array(MASKS);

for (let mask = 0; mask < MASKS; mask++) {
  let high = -1;
  for (let top = 12; top >= 4 && high < 0; top--) {
    const run = 0b11111 << (top - 4);
    if ((mask & run) === run) high = top;
  }
  // The ace plays low in the wheel: 5, 4, 3, 2 and the ace.
  if (high < 0 && (mask & 0b1000000001111) === 0b1000000001111) high = 3;
  STRAIGHT_HIGH[mask] = high;
  let packed = 0;
  let taken = 0;
  let count = 0;
  for (let rank = 12; rank >= 0; rank--) {
    if (!(mask & (1 << rank))) continue;
    count++;
    if (taken < 5) {
      packed |= rank << (4 * (4 - taken));
      taken++;
    }
  }
  TOP_FIVE[mask] = packed;
  BIT_COUNT[mask] = count;
}

/** The top `k` ranks of a mask, packed as the first k slots of a score. */
function top(mask: number, k: number): number {
  return TOP_FIVE[mask]! >> (4 * (5 - k));
}

function highestRank(mask: number): number {
  return 31 - Math.clz32(mask);
}

/** Scores the best five-card hand among 5 to 7 distinct cards. */
export function evaluate(cards: readonly Card[]): number {
  let s = 0;
  let h = 0;
  let d = 0;
  let c = 0;
  for (let i = 0; i < cards.length; i++) {
    const card = cards[i]!;
    const bit = 1 << (card >> 2);
    switch (card & 3) {
      case 0:
        s |= bit;
        break;
      case 1:
        h |= bit;
        break;
      case 2:
        d |= bit;
        break;
      default:
        c |= bit;
    }
  }
  return evaluateMasks(s, h, d, c);
}

/** Scores a hand given as four suit masks (13 bits each, bit r for rank r). */
export function evaluateMasks(s: number, h: number, d: number, c: number): number {
  // With at most seven cards a flush excludes quads and a full house, so it is settled first.
  const flushMask =
    BIT_COUNT[s]! >= 5 ? s : BIT_COUNT[h]! >= 5 ? h : BIT_COUNT[d]! >= 5 ? d : BIT_COUNT[c]! >= 5 ? c : 0;
  if (flushMask) {
    const high = STRAIGHT_HIGH[flushMask]!;
    if (high >= 0) return (STRAIGHT_FLUSH << 20) | (high << 16);
    return (FLUSH << 20) | top(flushMask, 5);
  }
  const all = s | h | d | c;
  const quads = s & h & d & c;
  if (quads) {
    const rank = highestRank(quads);
    return (QUADS << 20) | (rank << 16) | (highestRank(all & ~(1 << rank)) << 12);
  }
  const odd = s ^ h ^ d ^ c;
  const twoOrMore = (s & h) | (s & d) | (s & c) | (h & d) | (h & c) | (d & c);
  const trips = twoOrMore & odd;
  const pairs = twoOrMore & ~odd;
  if (trips) {
    const tripRank = highestRank(trips);
    const rest = (trips & ~(1 << tripRank)) | pairs;
    if (rest) return (FULL_HOUSE << 20) | (tripRank << 16) | (highestRank(rest) << 12);
  }
  const straight = STRAIGHT_HIGH[all]!;
  if (straight >= 0) return (STRAIGHT << 20) | (straight << 16);
  if (trips) {
    const tripRank = highestRank(trips);
    return (TRIPS << 20) | (tripRank << 16) | (top(all & ~(1 << tripRank), 2) << 8);
  }
  if (BIT_COUNT[pairs]! >= 2) {
    const first = highestRank(pairs);
    const second = highestRank(pairs & ~(1 << first));
    const kicker = highestRank(all & ~(1 << first) & ~(1 << second));
    return (TWO_PAIR << 20) | (first << 16) | (second << 12) | (kicker << 8);
  }
  if (pairs) {
    const rank = highestRank(pairs);
    return (PAIR << 20) | (rank << 16) | (top(all & ~(1 << rank), 3) << 4);
  }
  return (HIGH_CARD << 20) | top(all, 5);
}
