// Hold'em cards as small integers: card = rank * 4 + suit, rank 0..12 for 2..A (so a higher number
// is a higher rank, which is what the evaluator's bit masks need), suit 0..3 for s, h, d, c.
// A text form ('As', 'Td', '2c') is for tests, hand histories and the verifier.

export type Card = number;

export const RANK_CHARS = '23456789TJQKA';
export const SUIT_CHARS = 'shdc';
export const DECK_SIZE = 52;

export function rankOf(card: Card): number {
  return card >> 2;
}

export function suitOf(card: Card): number {
  return card & 3;
}

export function makeCard(rank: number, suit: number): Card {
  return rank * 4 + suit;
}

export function cardText(card: Card): string {
  return `${RANK_CHARS[rankOf(card)]}${SUIT_CHARS[suitOf(card)]}`;
}

export function parseCard(text: string): Card {
  const rank = RANK_CHARS.indexOf(text[0] ?? '');
  const suit = SUIT_CHARS.indexOf(text[1] ?? '');
  if (text.length !== 2 || rank < 0 || suit < 0) throw new Error(`PVP_BAD_CARD: ${text}`);
  return makeCard(rank, suit);
}

/** 'As Kd 7c' -> cards (space separated). */
export function parseCards(text: string): Card[] {
  return text.trim().split(/\s+/).filter(Boolean).map(parseCard);
}

/** The 52 cards in their fixed starting order (2s 2h 2d 2c 3s ... Ac), before any shuffle. */
export function orderedDeck(): Card[] {
  return Array.from({ length: DECK_SIZE }, (_, i) => i);
}
