// A hand's deck from the provably fair stream (kit/fair/fair-rng.ts): the table commits to a server seed
// (its SHA-256 is shown before the hand), every player dealt in brings a client seed, and the deck is
// a Fisher-Yates shuffle of the ordered deck driven by createFairRng(serverSeed, clientSeed, nonce),
// where clientSeed is the players' client seeds in seat order joined by commas and the nonce is the
// hand's number under that server seed. No single party, the house included, chooses the order:
// the house is bound by its commitment and cannot know the players' seeds in advance. After the
// hand the server seed is revealed and verifyHandDeck recomputes the deck.
import { createFairRng } from '../../kit/fair/fair-rng';
import { checkServerSeed, hashServerSeed } from '../../kit/fair/seeds';
import { type Card, cardText, DECK_SIZE, orderedDeck } from './cards';

/** Client seeds carry no commas (the separator) and stay short enough to show in a hand history. */
const CLIENT_SEED = /^[A-Za-z0-9_-]{1,64}$/;

export interface HandSeeds {
  serverSeed: string;
  /** Client seeds of the players dealt in, in seat order. */
  clientSeeds: readonly string[];
  nonce: number;
}

/** The client seed text the fair stream is keyed with: the players' seeds joined by commas. */
export function combinedClientSeed(clientSeeds: readonly string[]): string {
  if (clientSeeds.length < 2 || clientSeeds.length > 9) throw new Error('PVP_BAD_CLIENT_SEEDS');
  for (const seed of clientSeeds) if (!CLIENT_SEED.test(seed)) throw new Error('PVP_BAD_CLIENT_SEED');
  return clientSeeds.join(',');
}

/** The hand's 52 cards in dealing order. */
export function dealDeck(seeds: HandSeeds): Card[] {
  const rng = createFairRng(seeds.serverSeed, combinedClientSeed(seeds.clientSeeds), seeds.nonce);
  const deck = orderedDeck();
  for (let i = DECK_SIZE - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    const swap = deck[i]!;
    deck[i] = deck[j]!;
    deck[j] = swap;
  }
  return deck;
}

export interface VerifiedDeck {
  serverSeedHash: string;
  /** True/false when the hash shown before the hand is given, null otherwise. */
  hashMatches: boolean | null;
  clientSeed: string;
  deck: Card[];
  /** The deck as text ('As', 'Td', ...), dealing order. */
  cards: string[];
}

/** Recomputes a hand's deck from its revealed server seed, the players' client seeds and the nonce. */
export function verifyHandDeck(seeds: HandSeeds & { serverSeedHash?: string }): VerifiedDeck {
  const deck = dealDeck(seeds);
  return {
    serverSeedHash: hashServerSeed(seeds.serverSeed),
    hashMatches: seeds.serverSeedHash === undefined ? null : checkServerSeed(seeds.serverSeed, seeds.serverSeedHash),
    clientSeed: combinedClientSeed(seeds.clientSeeds),
    deck,
    cards: deck.map(cardText),
  };
}
