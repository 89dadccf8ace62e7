// Playing cards drawn from a shoe of `decks` full decks without replacement. Ranks 1 (ace) to 13
// (king), suits 0-3 (spades, hearts, diamonds, clubs). Drawing picks a uniform card among those left
// (a rank by its remaining count, then a suit), which is exactly a fresh shuffle dealt card by card.
import type { Rng } from '../../../kit/fair/rng';

export interface Card {
  rank: number;
  suit: number;
}

export const SUIT_GLYPHS = ['♠', '♥', '♦', '♣'] as const;
const RANK_NAMES = ['', 'A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];

export function cardLabel(card: Card): string {
  return `${RANK_NAMES[card.rank]}${SUIT_GLYPHS[card.suit]}`;
}

export class Shoe {
  private readonly rankCounts = new Int32Array(14);
  private readonly suitCounts = new Int32Array(14 * 4);
  private left: number;

  constructor(private readonly decks: number) {
    this.left = 52 * decks;
    for (let r = 1; r <= 13; r++) {
      this.rankCounts[r] = 4 * decks;
      for (let s = 0; s < 4; s++) this.suitCounts[r * 4 + s] = decks;
    }
  }

  /** Refills the shoe (reused between simulated rounds so they allocate nothing). */
  reset(): void {
    this.left = 52 * this.decks;
    for (let r = 1; r <= 13; r++) {
      this.rankCounts[r] = 4 * this.decks;
      for (let s = 0; s < 4; s++) this.suitCounts[r * 4 + s] = this.decks;
    }
  }

  draw(rng: Rng): Card {
    let k = rng.int(this.left);
    let rank = 1;
    while (k >= this.rankCounts[rank]!) {
      k -= this.rankCounts[rank]!;
      rank++;
    }
    let suit = 0;
    while (k >= this.suitCounts[rank * 4 + suit]!) {
      k -= this.suitCounts[rank * 4 + suit]!;
      suit++;
    }
    this.rankCounts[rank]!--;
    this.suitCounts[rank * 4 + suit]!--;
    this.left--;
    return { rank, suit };
  }
}
