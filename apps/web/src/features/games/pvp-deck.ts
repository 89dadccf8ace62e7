// The card room's fair shuffle recomputed in the member's browser (docs/pvp.md "Fair shuffle"): the
// server seed's SHA-256 against the hash committed before the deal, then the deck: a Fisher-Yates
// shuffle of 2s 2h 2d 2c 3s ... Ac driven by the fair stream HMAC-SHA256(key = server seed, message =
// "<client seeds joined by commas>:<nonce>:<cursor>"), 4 bytes big-endian / 2^32 a float, j =
// floor(float * (i + 1)). Dealt one card at a time from the left of the button, then burn and three,
// burn and one, burn and one: every card the member can see must be where the deck puts it.

const RANKS = '23456789TJQKA';
const SUITS = 'shdc';
const text = (card: number) => `${RANKS[card >> 2]}${SUITS[card & 3]}`;
const hex = (bytes: ArrayBuffer) => [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, '0')).join('');

export type DeckInput = {
  serverSeed: string;
  serverSeedHash: string;
  clientSeeds: string[];
  nonce: number;
  button: number | null;
  players: { seat: number; cards: string[] | null }[];
  board: string[];
};

/** The 52 cards of the hand in dealing order, as text. */
export async function handDeck(serverSeed: string, clientSeeds: string[], nonce: number): Promise<string[]> {
  const encoder = new TextEncoder();
  const key = await crypto.subtle.importKey(
    'raw',
    encoder.encode(serverSeed),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const client = clientSeeds.join(',');
  let cursor = 0;
  let block = new DataView(await crypto.subtle.sign('HMAC', key, encoder.encode(`${client}:${nonce}:${cursor}`)));
  let index = 0;
  const next = async () => {
    if (index === 8) {
      cursor++;
      block = new DataView(await crypto.subtle.sign('HMAC', key, encoder.encode(`${client}:${nonce}:${cursor}`)));
      index = 0;
    }
    return block.getUint32(4 * index++) / 4294967296;
  };
  const deck = Array.from({ length: 52 }, (_, i) => i);
  for (let i = 51; i > 0; i--) {
    const j = Math.floor((await next()) * (i + 1));
    [deck[i], deck[j]] = [deck[j] as number, deck[i] as number];
  }
  return deck.map(text);
}

/** True when the seed matches its hash and deals every card shown in the hand where it was dealt. */
export async function checkHandDeck(input: DeckInput): Promise<boolean> {
  const digest = hex(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(input.serverSeed)));
  if (digest !== input.serverSeedHash.toLowerCase()) return false;
  const deck = await handDeck(input.serverSeed, input.clientSeeds, input.nonce);
  const seats = input.players.map((p) => p.seat).sort((a, b) => a - b);
  const button = input.button ?? -1;
  const first = seats.findIndex((s) => s > button);
  const order = first < 0 ? seats : [...seats.slice(first), ...seats.slice(0, first)];
  const n = order.length;
  for (const p of input.players) {
    if (!p.cards) continue;
    const i = order.indexOf(p.seat);
    if (p.cards[0] !== deck[i] || p.cards[1] !== deck[i + n]) return false;
  }
  const boardAt = [1, 2, 3, 5, 7].map((offset) => deck[2 * n + offset]);
  return input.board.every((card, i) => card === boardAt[i]);
}
