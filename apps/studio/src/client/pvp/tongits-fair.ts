// A Tongits deal's deck recomputed in the player's browser (WebCrypto), so checking a deal does not
// mean trusting the server: the same shuffle as cardroom/engine/deck.ts (Fisher-Yates from the last position
// down, j = floor(float * (i + 1)), the floats of the fair stream with the players' client seeds
// joined by commas) and the same deal as cardroom/engine/tongits/game.ts (one card at a time from the dealer
// round the table twelve times, then a thirteenth to the dealer).
import { fairMessage, floatsOf, hmacWith, sha256Hex } from '../fair-stream';

const RANKS = '23456789TJQKA';
const SUITS = 'shdc';

/** The 52 cards in dealing order, as text ('As'). */
export async function tongitsDeck(
  serverSeed: string,
  clientSeeds: readonly string[],
  nonce: number,
): Promise<string[]> {
  const hmac = await hmacWith(serverSeed);
  const clientSeed = clientSeeds.join(',');
  const floats: number[] = [];
  for (let cursor = 0; floats.length < 51; cursor++) {
    floats.push(...floatsOf(await hmac(fairMessage(clientSeed, nonce, cursor))));
  }
  const deck = Array.from({ length: 52 }, (_, card) => `${RANKS[card >> 2]}${SUITS[card & 3]}`);
  let k = 0;
  for (let i = 51; i > 0; i--) {
    const j = Math.floor(floats[k++]! * (i + 1));
    [deck[i], deck[j]] = [deck[j]!, deck[i]!];
  }
  return deck;
}

/** The hand `seat` was dealt from `deck` by `dealer`. */
export function dealtHand(deck: readonly string[], dealer: number, seat: number): string[] {
  const hand: string[] = [];
  for (let top = 0; top < 36; top++) if ((dealer + top) % 3 === seat) hand.push(deck[top]!);
  if (seat === dealer) hand.push(deck[36]!);
  return hand;
}

/** The seed matches the hash shown before the deal, and the deck deals the hand the player got. */
export async function checkDeal(
  fair: { serverSeed: string; serverSeedHash: string; clientSeeds: string[]; nonce: number },
  dealer: number,
  seat: number,
  hand: readonly string[],
): Promise<boolean> {
  if ((await sha256Hex(fair.serverSeed)) !== fair.serverSeedHash) return false;
  const dealt = dealtHand(await tongitsDeck(fair.serverSeed, fair.clientSeeds, fair.nonce), dealer, seat);
  return [...dealt].sort().join() === [...hand].sort().join();
}
