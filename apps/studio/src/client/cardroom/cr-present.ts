// What the card room page shows, as plain functions (no DOM): cards from their text form, amounts,
// the lobby's filter, the action buttons within the server's legal moves, and the hand's fair
// shuffle recomputed in the browser (WebCrypto) from the revealed seeds, in the engine's dealing
// order (apps/studio/src/cardroom/engine/deck.ts and hand-flow.ts).
import { floatsOf, hmacWith, sha256Hex } from '../fair-stream';

export type CardFace = { text: string; rank: string; suit: 's' | 'h' | 'd' | 'c'; red: boolean };

const RANKS = '23456789TJQKA';
const SUITS = 'shdc';

/** 'As' -> the ace of spades as the page draws it; T is written 10. */
export function cardFace(text: string): CardFace {
  const r = text[0] ?? '?';
  const suit = (SUITS.includes(text[1] ?? '') ? text[1] : 's') as CardFace['suit'];
  return { text, rank: r === 'T' ? '10' : r, suit, red: suit === 'h' || suit === 'd' };
}

/** Minor units as the player's locale writes money, two decimals. */
export function moneyText(minor: number, locale: string): string {
  return new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(minor / 100);
}

/** A count of tournament chips: whole chips, grouped (a sit-and-go's stacks, bets and pots are not money). */
export function chipsText(chips: number, locale: string): string {
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(chips);
}

/** Blinds as "1/2" (whole units when they are whole). */
export function stakesText(small: number, big: number, locale: string): string {
  const f = (m: number) =>
    new Intl.NumberFormat(locale, { minimumFractionDigits: m % 100 === 0 ? 0 : 2, maximumFractionDigits: 2 }).format(
      m / 100,
    );
  return `${f(small)}/${f(big)}`;
}

export type LobbyRow = {
  id: string;
  betting: 'no-limit' | 'pot-limit';
  seats: number;
  smallBlind: number;
  bigBlind: number;
  minBuyIn: number;
  maxBuyIn: number;
  currency: string;
  seated: number;
  open: number;
  handsPerHour: number;
  averagePot: number | null;
  waiting: number;
  you: { seated: boolean; waitingPosition: number | null; offerEndsAt: string | null };
};

export type LobbyFilter = { bigBlind: number | null; seats: number | null; freeSeat: boolean };

export function filterTables<T extends LobbyRow>(tables: readonly T[], f: LobbyFilter): T[] {
  return tables.filter(
    (t) =>
      (f.bigBlind === null || t.bigBlind === f.bigBlind) &&
      (f.seats === null || t.seats === f.seats) &&
      (!f.freeSeat || t.open > 0),
  );
}

/** The distinct values a filter offers, from the tables there are (sorted). */
export function choices(tables: readonly LobbyRow[], key: 'bigBlind' | 'seats'): number[] {
  return [...new Set(tables.map((t) => t[key]))].sort((a, b) => a - b);
}

export type Legal = {
  canCheck: boolean;
  callAmount: number;
  canRaise: boolean;
  minRaiseTo: number;
  maxRaiseTo: number;
  allInTo: number;
};

export type Move =
  | { type: 'fold' }
  | { type: 'check' }
  | { type: 'call'; amount: number }
  | { type: 'bet' | 'raise'; to: number }
  | { type: 'allIn'; to: number };

/** A raise-to held within the legal range (whole minor units). */
export function clampRaise(legal: Legal, to: number): number {
  const lo = Math.min(legal.minRaiseTo, legal.allInTo);
  const hi = Math.max(lo, legal.maxRaiseTo);
  if (!Number.isFinite(to)) return lo;
  return Math.min(hi, Math.max(lo, Math.round(to)));
}

/**
 * The moves the buttons offer: fold (unless checking is free), check or call, and a bet or raise to
 * the chosen amount (an all-in when it is the whole stack). `currentBet` 0 on the street: a bet.
 */
export function movesOf(legal: Legal, currentBet: number, raiseTo: number): Move[] {
  const moves: Move[] = [];
  if (!legal.canCheck) moves.push({ type: 'fold' });
  moves.push(legal.canCheck ? { type: 'check' } : { type: 'call', amount: legal.callAmount });
  if (legal.canRaise) {
    const to = clampRaise(legal, raiseTo);
    if (to >= legal.allInTo) moves.push({ type: 'allIn', to: legal.allInTo });
    else moves.push({ type: currentBet === 0 ? 'bet' : 'raise', to });
  }
  return moves;
}

/** The action a move sends (docs/pvp.md "Protocol"). */
export function actionOf(move: Move): { type: string; to?: number } {
  if (move.type === 'bet' || move.type === 'raise') return { type: move.type, to: move.to };
  return { type: move.type };
}

/** Seconds left until `endsAt` on the server's clock, given the server's now and when it was read. */
export function secondsLeft(endsAt: string | null, skewMs: number, nowMs: number): number | null {
  if (!endsAt) return null;
  return Math.max(0, Math.ceil((new Date(endsAt).getTime() - (nowMs + skewMs)) / 1000));
}

// ---- the fair shuffle, recomputed here ----

const orderedDeck = (): string[] => Array.from({ length: 52 }, (_, i) => `${RANKS[i >> 2]}${SUITS[i & 3]}`);

/** The hand's 52 cards in dealing order, from the seeds (the same Fisher-Yates as cardroom/engine/deck.ts). */
export async function deckFromSeeds(serverSeed: string, clientSeeds: readonly string[], nonce: number) {
  const hmac = await hmacWith(serverSeed);
  const clientSeed = clientSeeds.join(',');
  let cursor = 0;
  let floats = floatsOf(await hmac(`${clientSeed}:${nonce}:${cursor}`));
  let index = 0;
  const deck = orderedDeck();
  for (let i = deck.length - 1; i > 0; i--) {
    if (index === floats.length) {
      cursor++;
      floats = floatsOf(await hmac(`${clientSeed}:${nonce}:${cursor}`));
      index = 0;
    }
    const j = Math.floor(floats[index++]! * (i + 1));
    const swap = deck[i]!;
    deck[i] = deck[j]!;
    deck[j] = swap;
  }
  return deck;
}

/** Where each player's hole cards and the board come from in the deck (hand-flow.ts dealing order). */
export function dealtFrom(deck: readonly string[], dealtSeats: readonly number[], button: number, seatCount: number) {
  const after = (seat: number) => (seat - button + seatCount) % seatCount || seatCount;
  const order = [...dealtSeats].sort((a, b) => after(a) - after(b));
  const n = order.length;
  const hole = new Map(order.map((seat, i) => [seat, [deck[i]!, deck[i + n]!]]));
  const board = [deck[2 * n + 1]!, deck[2 * n + 2]!, deck[2 * n + 3]!, deck[2 * n + 5]!, deck[2 * n + 7]!];
  return { hole, board };
}

export type HandCheck = { hashMatches: boolean; cardsMatch: boolean };

/**
 * Checks a finished hand here: the revealed server seed against the hash shown before the hand, and
 * the cards the page saw (its own, any shown, the board) against the deck the seeds deal.
 */
export async function checkHand(p: {
  serverSeed: string;
  serverSeedHash: string;
  clientSeeds: readonly string[];
  nonce: number;
  button: number;
  seatCount: number;
  players: readonly { seat: number; cards: readonly string[] | null }[];
  board: readonly string[];
}): Promise<HandCheck> {
  const hashMatches = (await sha256Hex(p.serverSeed)) === p.serverSeedHash;
  const deck = await deckFromSeeds(p.serverSeed, p.clientSeeds, p.nonce);
  const dealt = dealtFrom(
    deck,
    p.players.map((x) => x.seat),
    p.button,
    p.seatCount,
  );
  const cardsMatch =
    p.board.every((c, i) => dealt.board[i] === c) &&
    p.players.every((x) => x.cards === null || x.cards.every((c, i) => dealt.hole.get(x.seat)?.[i] === c));
  return { hashMatches, cardsMatch };
}

/**
 * A finished hand's winners as the table says them: the player's own win with its own phrase
 * (`youWin`: "You win ₱10", as "{name} wins" would make "You wins"), anyone else's by name.
 */
export function winLines(
  phrases: { wins: string; youWin: string },
  seats: readonly ({ name: string; you: boolean } | null)[],
  winners: ReadonlyMap<number, number>,
  money: (minor: number) => string,
): string[] {
  const put = (text: string, values: Record<string, string>) =>
    text.replace(/\{(\w+)\}/g, (all, key: string) => values[key] ?? all);
  return [...winners].map(([seat, amount]) => {
    const s = seats[seat];
    if (s?.you) return put(phrases.youWin, { amount: money(amount) });
    return put(phrases.wins, { name: s?.name ?? String(seat + 1), amount: money(amount) });
  });
}
