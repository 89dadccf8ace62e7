// What the Tongits table page knows and decides, without a DOM: the table as the socket last sent
// it, the cards the player picked, the move in flight and its number, the answers awaited, the hands
// dealt and the deck checks; how a card is named and sorted, what the status line, the timer and the
// moves say, what a click on a card or a move does to the page's state, and which sounds a new view
// plays. tongits-state.test.ts checks them.
import type { TongitsTableView } from '../../cardroom/room/tongits-view';
import { fill } from '../i18n';
import { HandEntropy } from './hand-entropy';
import type { TongitsWords } from './tongits-words';

const SUIT_SIGNS: Record<string, string> = { s: '♠', h: '♥', d: '♦', c: '♣' };
const RANK_ORDER = 'A23456789TJQK';
const SUIT_ORDER = 'shdc';

export type Deal = NonNullable<TongitsTableView['deal']>;
export type Answer = {
  type: string;
  id?: string;
  seq?: number;
  ok: boolean;
  error?: { code: string; message: string };
};

export const sortKey = (card: string) => SUIT_ORDER.indexOf(card[1]!) * 13 + RANK_ORDER.indexOf(card[0]!);
export const rankText = (card: string) => (card[0] === 'T' ? '10' : card[0]!);
export const suitSign = (card: string) => SUIT_SIGNS[card[1]!] ?? '';
export const isRed = (card: string) => card[1] === 'h' || card[1] === 'd';

export const cardLabel = (card: string) => `${rankText(card)}${suitSign(card)}`;

/** Cards in the order a hand shows them: by suit, then by rank from the ace. */
export const sortedCards = (cards: readonly string[]) => [...cards].sort((a, b) => sortKey(a) - sortKey(b));

/** Everything the page changes as the table and the player move; one per page. */
export type TongitsPageState = {
  view: TongitsTableView;
  /** The page's clock less the server's when the view came: the turn clock counts down from it. */
  skewMs: number;
  /** The cards of the player's hand picked for the next move. */
  selected: Set<string>;
  /** The sapaw button is down: the melds take the picked cards. */
  sapawing: boolean;
  /** The number of the player's last move. */
  seq: number;
  /** A move sent and not yet answered: resent with the same number after a reconnect. */
  pending: { seq: number; action: object } | null;
  requestId: number;
  /** The answers awaited, by the key of the message they answer (`sentKey`). */
  waiting: Map<string, (a: Answer) => void>;
  unsent: string[];
  /** The hand the player was dealt, per deal id: what the in-browser deck check compares. */
  dealtHands: Map<number, string[]>;
  checked: Map<number, boolean>;
  lastTurnSeen: string;
  ws: WebSocket | null;
  // The page's own part of each next deal's deck, sent once its seed is committed.
  entropy: HandEntropy;
};

export function initialTongitsState(
  view: TongitsTableView,
  entropy = new HandEntropy(),
  clock: () => number = Date.now,
): TongitsPageState {
  return {
    view,
    skewMs: skewOf(view, clock),
    selected: new Set<string>(),
    sapawing: false,
    seq: view.you.lastSeq,
    pending: null,
    requestId: 0,
    waiting: new Map<string, (a: Answer) => void>(),
    unsent: [],
    dealtHands: new Map<number, string[]>(),
    checked: new Map<number, boolean>(),
    lastTurnSeen: '',
    ws: null,
    entropy,
  };
}

/** A view older than the one shown is dropped. */
export const staleView = (shown: TongitsTableView, next: TongitsTableView) => next.version < shown.version;

export const myMove = (view: TongitsTableView, deal: Deal) =>
  !deal.over && view.you.seat !== null && deal.turn === view.you.seat;

export function nameOf(view: TongitsTableView, seat: number, w: TongitsWords): string {
  const s = view.seats[seat];
  return s?.you ? `${s.name} (${w.you})` : (s?.name ?? '');
}

/** The two other seats, in the order they follow the player's (seat 0's when not seated). */
export function opponentSeats(view: TongitsTableView): number[] {
  const mine = view.you.seat ?? 0;
  return [1, 2].map((k) => (mine + k) % 3);
}

/** The key an answer is matched by: a move's number, else the request's id. */
export const sentKey = (message: Record<string, unknown>) =>
  message.type === 'act' ? `act:${message.seq}` : String(message.id);

/** The key of the message an answer from the socket answers (see `sentKey`). */
export const answerKey = (msg: Answer) => (msg.type === 'act-result' ? `act:${msg.seq}` : String(msg.id));

/** The id of the next request that is not a move. */
export const nextRequestId = (state: TongitsPageState) => `r${++state.requestId}`;

/** The error an answer shows: none when it is ok. */
export const answerError = (answer: Answer) => (answer.ok ? null : (answer.error?.message ?? ''));

/**
 * A move to send, numbered and kept pending until answered, with the cards it used; null while
 * another move is unanswered.
 */
export function startMove(
  state: TongitsPageState,
  action: object,
): { message: { type: 'act'; seq: number; action: object }; used: Set<string> } | null {
  if (state.pending) return null;
  state.seq += 1;
  state.pending = { seq: state.seq, action };
  // The cards this move used. The table's push can arrive before the move's answer (a draw shows
  // the hand to play from at once), and a card picked in between stays picked.
  const used = new Set(state.selected);
  return { message: { type: 'act', seq: state.seq, action }, used };
}

/** A move's answer came: the cards it used are no longer picked and the sapaw button is up. */
export function moveAnswered(state: TongitsPageState, used: ReadonlySet<string>): void {
  state.pending = null;
  for (const card of used) state.selected.delete(card);
  state.sapawing = false;
}

/** A click on a card of the hand picks it, or puts it back. */
export function toggleCard(state: TongitsPageState, card: string): void {
  if (state.selected.has(card)) state.selected.delete(card);
  else state.selected.add(card);
}

export function toggleSapaw(state: TongitsPageState): void {
  state.sapawing = !state.sapawing;
}

/** The player's hand as shown (sorted), or null when they hold none to see. */
export function ownHand(view: TongitsTableView, deal: Deal | null): { cards: string[]; points: number } | null {
  const mine = view.you.seat === null ? null : deal?.players[view.you.seat];
  if (!mine?.cards) return null;
  return { cards: sortedCards(mine.cards), points: mine.points ?? 0 };
}

/** A card that left the hand (a new deal, a melded card) is no longer picked. */
export function keepHeldPicks(selected: Set<string>, cards: readonly string[]): void {
  for (const card of selected) if (!cards.includes(card)) selected.delete(card);
}

/** Remembers the hand the player was dealt, the first time a view shows it still whole. */
export function noteDealtHand(state: TongitsPageState): void {
  const deal = state.view.deal;
  // Only the player's own moves change their hand, so before their first one the hand is the
  // one dealt, however many moves of the others this view is the first to show.
  const seat = state.view.you.seat;
  if (
    deal &&
    seat !== null &&
    !state.dealtHands.has(deal.id) &&
    !deal.events.some((e) => (e as { seat?: number }).seat === seat)
  ) {
    const cards = deal.players[seat]?.cards;
    if (cards) state.dealtHands.set(deal.id, cards);
  }
}

/**
 * What the deck check of `deal` compares, once per deal the player was dealt into and saw dealt,
 * after its server seed is revealed; null when there is nothing (more) to check.
 */
export function deckCheckOf(
  state: TongitsPageState,
  deal: Deal,
): {
  fair: { serverSeed: string; serverSeedHash: string; clientSeeds: string[]; nonce: number };
  dealer: number;
  seat: number;
  hand: string[];
} | null {
  const f = deal.fairness;
  const hand = state.dealtHands.get(deal.id);
  if (!f.serverSeed || !hand || state.checked.has(deal.id) || state.view.you.seat === null) return null;
  return {
    fair: { serverSeed: f.serverSeed, serverSeedHash: f.serverSeedHash, clientSeeds: f.clientSeeds, nonce: f.nonce },
    dealer: deal.dealer,
    seat: state.view.you.seat,
    hand,
  };
}

/** The status line: whose turn it is, or what the table waits for. */
export function statusText(view: TongitsTableView, deal: Deal | null, w: TongitsWords): string {
  if (!deal || deal.over) {
    const seated = view.seats.filter((s) => s !== null).length;
    return seated < 3 ? w.waiting : w.nextDeal;
  }
  return myMove(view, deal) ? w.yourTurn : fill(w.theirTurn, { name: nameOf(view, deal.turn ?? 0, w) });
}

/** The page's clock less the server's, read as `view` arrives. */
export function skewOf(view: TongitsTableView, clock: () => number = Date.now): number {
  return clock() - new Date(view.serverNow).getTime();
}

/**
 * The turn's clock: the turn's seconds left, then the time bank's; empty when no turn runs. The
 * server's time now is the page's clock less the skew measured when the view came, so the seconds
 * count down between views.
 */
export function timerText(
  view: TongitsTableView,
  w: TongitsWords,
  skewMs: number,
  clock: () => number = Date.now,
): string {
  const deal = view.deal;
  if (!deal || deal.over || !deal.turnEndsAt) return '';
  const now = clock() - skewMs;
  const turnLeft = Math.ceil((new Date(deal.turnEndsAt).getTime() - now) / 1000);
  const bankLeft = deal.timeBankEndsAt ? Math.ceil((new Date(deal.timeBankEndsAt).getTime() - now) / 1000) : 0;
  return turnLeft > 0 ? fill(w.timeLeft, { s: turnLeft }) : fill(w.timeBank, { s: Math.max(0, bankLeft) });
}

/** How a deal ended, as the result says it after the winner. */
export function endWord(end: NonNullable<Deal['result']>['end'], w: TongitsWords): string {
  return end === 'tongits' ? w.endTongits : end === 'stock-out' ? w.endStockOut : w.endDraw;
}

/** A move button: its words, its test id, whether it can be pressed, and the move it sends. */
export type MoveButton = {
  label: string;
  testId: string;
  enabled: boolean;
  /** The move sent; 'toggle-sapaw' only arms the melds to take the picked cards. */
  action: object | 'toggle-sapaw';
};

/** The moves the player has now, and the hint above them; none when it is not their move. */
export function movesFor(
  view: TongitsTableView,
  deal: Deal | null,
  selected: ReadonlySet<string>,
  sapawing: boolean,
  w: TongitsWords,
): { hint: string; buttons: MoveButton[] } {
  const buttons: MoveButton[] = [];
  const button = (label: string, testId: string, action: MoveButton['action'], enabled = true) => ({
    label,
    testId,
    enabled,
    action,
  });
  let hint = '';
  if (deal && myMove(view, deal)) {
    const picked = [...selected];
    if (deal.phase === 'challenge') {
      hint = fill(w.hintAnswer, { name: nameOf(view, deal.challenge?.caller ?? 0, w) });
      buttons.push(button(w.fold, 'tg-fold', { type: 'fold' }));
      buttons.push(button(w.challenge, 'tg-challenge', { type: 'challenge' }));
    } else if (deal.phase === 'draw') {
      hint = w.hintDraw;
      buttons.push(button(w.draw, 'tg-draw', { type: 'drawStock' }));
      buttons.push(
        button(
          w.takeDiscard,
          'tg-take',
          { type: 'takeDiscard', cards: picked },
          picked.length >= 2 && deal.discards.length > 0,
        ),
      );
      if (view.you.canCallDraw) buttons.push(button(w.callDraw, 'tg-call', { type: 'callDraw' }));
    } else {
      hint = sapawing ? w.hintSapaw : w.hintPlay;
      buttons.push(button(w.meld, 'tg-meld', { type: 'meld', cards: picked }, picked.length >= 3));
      buttons.push(button(w.sapaw, 'tg-sapaw', 'toggle-sapaw', picked.length >= 1 && deal.melds.length > 0));
      buttons.push(button(w.discard, 'tg-discard', { type: 'discard', card: picked[0] }, picked.length === 1));
    }
  }
  return { hint, buttons };
}

/** The seats a player not seated can take. */
export const freeSeats = (view: TongitsTableView) =>
  view.seats.map((s, i) => (s === null ? i : -1)).filter((i) => i >= 0);

/** The chips a seated player can add: up to the maximum buy-in. */
export function topUpRoom(view: TongitsTableView, seat: number): number {
  return view.table.maxBuyIn - (view.seats[seat]?.stack ?? 0);
}

/** An amount typed in major units, in minor units. */
export const minorOf = (typed: string) => Math.round(Number(typed) * 100);

/**
 * What a new view sounds like: the player's turn once per turn, else a card when the discard pile
 * changed; the win when the deal the player won has just ended. `turnKey` is the turn now shown.
 */
export function viewTones(
  before: Deal | null,
  view: TongitsTableView,
  lastTurnSeen: string,
): { turnKey: string; tones: ('turn' | 'card' | 'win')[] } {
  const tones: ('turn' | 'card' | 'win')[] = [];
  const deal = view.deal;
  const turnKey = deal ? `${deal.id}:${deal.turn}:${deal.phase}` : '';
  if (deal && myMove(view, deal) && turnKey !== lastTurnSeen) tones.push('turn');
  else if (deal && before && deal.discards.length !== before.discards.length) tones.push('card');
  if (deal?.over && !before?.over && deal.result?.winner === view.you.seat) tones.push('win');
  return { turnKey, tones };
}
