// The Tongits engine: a pure state machine for one deal at a three-player table. startGame deals
// from a 52-card deck (../deck.ts makes it from the provably fair stream); act applies one player's
// action and returns a new state. The state passed in is never changed, also when the action is
// refused with a TongitsError: act works on a copy and hands it back only when the whole action
// checked out. There is no clock and no randomness: the table's timer sends { type: 'timeout' }.
// The rules are written out in docs/pvp.md ("Tongits").
import type { Card } from '../cards';
import { refuse } from './errors';
import { cardPoints, handPoints, highestCard, isSet, meldKind, sortMeld } from './rules';
import type {
  Action,
  EndKind,
  GameEvent,
  GameResult,
  LoserBill,
  RakeRule,
  Seat,
  TongitsConfig,
  TongitsState,
} from './types';

export const SEATS = 3;
const PLAYER_CARDS = 12;
/** Each loser's bill is a handful of stakes (aces and fours are at most 4 + 13); this keeps it exact. */
const MAX_STAKE = Math.floor(Number.MAX_SAFE_INTEGER / 1000);
const ACTIONS = new Set([
  'drawStock',
  'takeDiscard',
  'meld',
  'sapaw',
  'discard',
  'callDraw',
  'fold',
  'challenge',
  'timeout',
]);

const next = (seat: Seat): Seat => ((seat + 1) % SEATS) as Seat;
const isSeat = (value: unknown): value is Seat => value === 0 || value === 1 || value === 2;

function checkConfig(config: TongitsConfig): void {
  const stake = config?.stake;
  if (!Number.isSafeInteger(stake) || stake <= 0 || stake > MAX_STAKE) refuse('TONGITS_BAD_CONFIG');
}

/**
 * Deals one game: one card at a time from the top of the deck, starting with the dealer and going
 * round the table (dealer, dealer + 1, dealer + 2) twelve times, then a thirteenth card to the
 * dealer; the other 15 cards are the stock. The dealer moves first, without drawing.
 */
export function startGame(config: TongitsConfig, deck: readonly Card[], dealer: Seat): TongitsState {
  checkConfig(config);
  if (!isSeat(dealer)) refuse('TONGITS_BAD_SEAT');
  const distinct = new Set(deck);
  const ok =
    Array.isArray(deck) &&
    deck.length === 52 &&
    distinct.size === 52 &&
    deck.every((card) => Number.isInteger(card) && card >= 0 && card < 52);
  if (!ok) refuse('TONGITS_BAD_DECK');
  const hands: [Card[], Card[], Card[]] = [[], [], []];
  let top = 0;
  for (let round = 0; round < PLAYER_CARDS; round++) {
    for (let k = 0; k < SEATS; k++) hands[(dealer + k) % SEATS]!.push(deck[top++]!);
  }
  // The dealer's thirteenth card.
  hands[dealer].push(deck[top++]!);
  return {
    config: { stake: config.stake },
    dealer,
    hands,
    stock: deck.slice(top),
    discards: [],
    melds: [],
    turn: dealer,
    phase: 'play',
    sapawed: [false, false, false],
    acesLaid: [0, 0, 0],
    foursLaid: [0, 0, 0],
    challenge: null,
    events: [{ type: 'deal', dealer }],
    result: null,
  };
}

function copy(state: TongitsState): TongitsState {
  return {
    ...state,
    hands: [state.hands[0].slice(), state.hands[1].slice(), state.hands[2].slice()],
    stock: state.stock.slice(),
    discards: state.discards.slice(),
    melds: state.melds.map((meld) => ({ ...meld, cards: meld.cards.slice() })),
    sapawed: [...state.sapawed],
    acesLaid: [...state.acesLaid],
    foursLaid: [...state.foursLaid],
    challenge: state.challenge && { ...state.challenge, answers: [...state.challenge.answers] },
    events: state.events.slice(),
  };
}

/** Whether `seat` may call a draw now: at the start of the turn, with an exposed meld, not sapawed. */
export function canCallDraw(state: TongitsState, seat: Seat): boolean {
  return drawRefusal(state, seat) === null;
}

function drawRefusal(state: TongitsState, seat: Seat): string | null {
  if (state.phase !== 'draw' || state.turn !== seat) return 'only at the start of the turn, before drawing';
  if (!state.melds.some((meld) => meld.owner === seat)) return 'no exposed meld';
  if (state.sapawed[seat]) return 'a meld was laid off on since the last turn';
  return null;
}

/** Every card of the game, wherever it is (the tests check the 52 are all there at every step). */
export function allCards(state: TongitsState): Card[] {
  return [...state.hands.flat(), ...state.melds.flatMap((meld) => meld.cards), ...state.stock, ...state.discards];
}

/** The given cards, checked to be distinct cards of this hand. */
function fromHand(hand: readonly Card[], cards: unknown, min: number): Card[] {
  if (!Array.isArray(cards) || cards.length < min) refuse('TONGITS_INVALID_MELD', 'too few cards');
  if (new Set(cards).size !== cards.length) refuse('TONGITS_DUPLICATE_CARD');
  for (const card of cards) if (!hand.includes(card)) refuse('TONGITS_CARD_NOT_IN_HAND');
  return cards as Card[];
}

function removeFromHand(state: TongitsState, seat: Seat, cards: readonly Card[]): void {
  state.hands[seat] = state.hands[seat].filter((card) => !cards.includes(card));
}

const aces = (cards: readonly Card[]): number => cards.filter((card) => cardPoints(card) === 1).length;

export function act(state: TongitsState, seat: Seat, action: Action): TongitsState {
  if (state.phase === 'over') refuse('TONGITS_GAME_OVER');
  if (!isSeat(seat)) refuse('TONGITS_BAD_SEAT');
  if (!action || typeof action !== 'object' || !ACTIONS.has(action.type)) refuse('TONGITS_UNKNOWN_ACTION');
  if (seat !== state.turn) refuse('TONGITS_NOT_YOUR_TURN');
  const s = copy(state);
  if (s.phase === 'challenge') {
    if (action.type === 'fold' || action.type === 'timeout') answer(s, seat, 'fold', action.type === 'timeout');
    else if (action.type === 'challenge') answer(s, seat, 'challenge', false);
    else refuse('TONGITS_CHALLENGE_PENDING');
    return s;
  }
  switch (action.type) {
    case 'fold':
    case 'challenge':
      refuse('TONGITS_NO_CHALLENGE');
      break;
    case 'drawStock':
      if (s.phase !== 'draw') refuse('TONGITS_ALREADY_DREW');
      drawStock(s, seat, false);
      break;
    case 'takeDiscard':
      takeDiscard(s, seat, action.cards);
      break;
    case 'meld':
      meld(s, seat, action.cards);
      break;
    case 'sapaw':
      sapaw(s, seat, action.meldId, action.cards);
      break;
    case 'discard':
      if (s.phase !== 'play') refuse('TONGITS_MUST_DRAW_FIRST');
      if (!s.hands[seat].includes(action.card)) refuse('TONGITS_CARD_NOT_IN_HAND');
      discard(s, seat, action.card, false);
      break;
    case 'callDraw': {
      const why = drawRefusal(s, seat);
      if (why !== null) refuse('TONGITS_CANNOT_CALL_DRAW', why);
      s.phase = 'challenge';
      s.challenge = { caller: seat, answers: [null, null, null] };
      s.events.push({ type: 'callDraw', seat });
      s.turn = next(seat);
      break;
    }
    case 'timeout':
      // Draws from the stock if the player has not drawn yet, then throws the card with the most
      // points: the least a player who has left the table can lose by it.
      if (s.phase === 'draw') drawStock(s, seat, true);
      discard(s, seat, highestCard(s.hands[seat]), true);
      break;
  }
  return s;
}

function drawStock(s: TongitsState, seat: Seat, timeout: boolean): void {
  // The stock is never empty in the draw phase: the game ends after the turn that drew its last card.
  const card = s.stock.shift()!;
  s.hands[seat].push(card);
  s.phase = 'play';
  s.events.push({ type: 'drawStock', seat, timeout });
}

function takeDiscard(s: TongitsState, seat: Seat, cards: unknown): void {
  if (s.phase !== 'draw') refuse('TONGITS_ALREADY_DREW');
  const top = s.discards[s.discards.length - 1];
  if (top === undefined) refuse('TONGITS_NO_DISCARD');
  const own = fromHand(s.hands[seat], cards, 2);
  const meldCards = [...own, top];
  const kind = meldKind(meldCards);
  if (kind === null) refuse('TONGITS_INVALID_MELD');
  s.discards.pop();
  removeFromHand(s, seat, own);
  const meldId = s.melds.length;
  s.melds.push({ id: meldId, owner: seat, kind, cards: sortMeld(meldCards) });
  s.acesLaid[seat] += aces(meldCards);
  s.phase = 'play';
  s.events.push({ type: 'takeDiscard', seat, card: top, meldId });
  s.events.push({ type: 'meld', seat, meldId, cards: sortMeld(meldCards) });
  if (s.hands[seat].length === 0) finish(s, 'tongits', seat, [seat]);
}

function meld(s: TongitsState, seat: Seat, cards: unknown): void {
  if (s.phase !== 'play') refuse('TONGITS_MUST_DRAW_FIRST');
  const own = fromHand(s.hands[seat], cards, 3);
  const kind = meldKind(own);
  if (kind === null) refuse('TONGITS_INVALID_MELD');
  removeFromHand(s, seat, own);
  const meldId = s.melds.length;
  s.melds.push({ id: meldId, owner: seat, kind, cards: sortMeld(own) });
  s.acesLaid[seat] += aces(own);
  if (own.length === 4 && isSet(own)) s.foursLaid[seat] += 1;
  s.events.push({ type: 'meld', seat, meldId, cards: sortMeld(own) });
  if (s.hands[seat].length === 0) finish(s, 'tongits', seat, [seat]);
}

function sapaw(s: TongitsState, seat: Seat, meldId: unknown, cards: unknown): void {
  if (s.phase !== 'play') refuse('TONGITS_MUST_DRAW_FIRST');
  const target = typeof meldId === 'number' ? s.melds[meldId] : undefined;
  if (target === undefined) refuse('TONGITS_NO_SUCH_MELD');
  if (!Array.isArray(cards) || cards.length < 1) refuse('TONGITS_INVALID_SAPAW', 'no cards');
  const own = fromHand(s.hands[seat], cards, 1);
  const combined = [...target.cards, ...own];
  if (meldKind(combined) !== target.kind) refuse('TONGITS_INVALID_SAPAW');
  removeFromHand(s, seat, own);
  target.cards = sortMeld(combined);
  s.acesLaid[seat] += aces(own);
  if (target.owner !== seat) s.sapawed[target.owner] = true;
  s.events.push({ type: 'sapaw', seat, meldId: target.id, cards: sortMeld(own) });
  if (s.hands[seat].length === 0) finish(s, 'tongits', seat, [seat]);
}

function discard(s: TongitsState, seat: Seat, card: Card, timeout: boolean): void {
  removeFromHand(s, seat, [card]);
  s.discards.push(card);
  s.events.push({ type: 'discard', seat, card, timeout });
  if (s.hands[seat].length === 0) finish(s, 'tongits', seat, [seat]);
  else if (s.stock.length === 0) stockOut(s, seat);
  else {
    s.sapawed[seat] = false;
    s.turn = next(seat);
    s.phase = 'draw';
  }
}

/**
 * Lowest points among `contenders`; equal points go to the contender first in turn order counting
 * from `from` (the caller of a draw, or the player who drew the last card of the stock).
 */
function lowest(s: TongitsState, contenders: readonly Seat[], from: Seat): Seat {
  let best: Seat | null = null;
  for (let k = 0; k < SEATS; k++) {
    const seat = ((from + k) % SEATS) as Seat;
    if (!contenders.includes(seat)) continue;
    if (best === null || handPoints(s.hands[seat]) < handPoints(s.hands[best])) best = seat;
  }
  return best!;
}

/** A player with no exposed meld is burned and cannot win at stock-out, unless all three are. */
function stockOut(s: TongitsState, last: Seat): void {
  const all: Seat[] = [0, 1, 2];
  const withMelds = all.filter((seat) => s.melds.some((meld) => meld.owner === seat));
  const contenders = withMelds.length > 0 ? withMelds : all;
  finish(s, 'stock-out', lowest(s, contenders, last), contenders);
}

function answer(s: TongitsState, seat: Seat, choice: 'fold' | 'challenge', timeout: boolean): void {
  const challenge = s.challenge!;
  if (choice === 'challenge' && !s.melds.some((meld) => meld.owner === seat)) refuse('TONGITS_CANNOT_CHALLENGE');
  challenge.answers[seat] = choice;
  const event: GameEvent = choice === 'fold' ? { type: 'fold', seat, timeout } : { type: 'challenge', seat };
  s.events.push(event);
  const other = next(seat);
  if (other !== challenge.caller && challenge.answers[other] === null) {
    s.turn = other;
    return;
  }
  const contenders = ([0, 1, 2] as Seat[]).filter(
    (p) => p === challenge.caller || challenge.answers[p] === 'challenge',
  );
  finish(s, 'draw', lowest(s, contenders, challenge.caller), contenders);
}

function finish(s: TongitsState, end: EndKind, winner: Seat, contenders: Seat[]): void {
  const stake = s.config.stake;
  const bills: LoserBill[] = [];
  const transfers: [number, number, number] = [0, 0, 0];
  for (const seat of [0, 1, 2] as Seat[]) {
    if (seat === winner) continue;
    const tongits = end === 'tongits' ? 1 : 0;
    const challenge = end === 'draw' && s.challenge?.answers[seat] === 'challenge' ? 1 : 0;
    const fours = s.foursLaid[winner];
    const aceCount = s.acesLaid[winner];
    const stakes = 1 + tongits + challenge + fours + aceCount;
    const amount = stakes * stake;
    bills.push({ seat, base: 1, tongits, challenge, fours, aces: aceCount, stakes, amount });
    transfers[seat] -= amount;
    transfers[winner] += amount;
  }
  const result: GameResult = {
    end,
    winner,
    points: [handPoints(s.hands[0]), handPoints(s.hands[1]), handPoints(s.hands[2])],
    contenders,
    bills,
    transfers,
    collection: transfers[winner],
  };
  s.result = result;
  s.phase = 'over';
  s.turn = winner;
}

/** The house's share of a game: a percentage of the winner's collection, rounded down, capped. */
export function rakeFor(collection: number, rule: RakeRule): number {
  const ok =
    Number.isSafeInteger(collection) &&
    collection >= 0 &&
    Number.isInteger(rule?.basisPoints) &&
    rule.basisPoints >= 0 &&
    rule.basisPoints <= 10_000 &&
    Number.isSafeInteger(rule.cap) &&
    rule.cap >= 0;
  if (!ok) refuse('TONGITS_BAD_CONFIG');
  const share = Number((BigInt(collection) * BigInt(rule.basisPoints)) / 10_000n);
  return Math.min(share, rule.cap);
}
