// The Hold'em table engine's public face: a pure state machine. Every function takes a table state
// and returns a new one (the one passed in is never changed, also when an input is refused with a
// PvpError; states share the parts that never change, so callers treat them as read-only); there is
// no clock, no I/O and no randomness inside: the deck comes from deck.ts and a
// turn timer outside sends the 'timeout' action, which checks when checking is allowed and folds
// otherwise.

import { applyAction, type LegalActions, legalActions as legalFor } from './betting';
import type { Card } from './cards';
import { refuse } from './errors';
import { advance, dealHand } from './hand-flow';
import { type HandPlan, planHand } from './positions';
import type { Action, Seat, TableConfig, TableState } from './types';

const isAmount = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value > 0;

export function createTable(config: TableConfig): TableState {
  const ok =
    Number.isInteger(config.seats) &&
    config.seats >= 2 &&
    config.seats <= 9 &&
    (config.betting === 'no-limit' || config.betting === 'pot-limit') &&
    isAmount(config.smallBlind) &&
    isAmount(config.bigBlind) &&
    config.smallBlind <= config.bigBlind &&
    isAmount(config.minBuyIn) &&
    isAmount(config.maxBuyIn) &&
    config.minBuyIn >= config.bigBlind &&
    config.minBuyIn <= config.maxBuyIn &&
    Number.isInteger(config.rake.basisPoints) &&
    config.rake.basisPoints >= 0 &&
    config.rake.basisPoints <= 10_000 &&
    Number.isSafeInteger(config.rake.cap) &&
    config.rake.cap >= 0;
  if (!ok) refuse('PVP_BAD_CONFIG');
  return {
    config: { ...config, rake: { ...config.rake } },
    seats: Array.from({ length: config.seats }, () => null),
    handsPlayed: 0,
    lastBigBlindSeat: null,
    lastSmallBlindSeat: null,
    hand: null,
    ledger: { buyIns: 0, topUps: 0, cashOuts: 0, rake: 0 },
  };
}

/**
 * A copy of everything the engine changes: seats, the ledger and the hand's players, board and event
 * list. The config, the deck, past events and a hand's result are never changed once made, so the
 * copy shares them (a deep clone on every action made it about three times slower).
 */
function copy(state: TableState): TableState {
  const hand = state.hand;
  return {
    ...state,
    seats: state.seats.map((seat) => seat && { ...seat }),
    ledger: { ...state.ledger },
    hand: hand && {
      ...hand,
      players: hand.players.map((p) => ({ ...p, hole: [p.hole[0], p.hole[1]] })),
      board: [...hand.board],
      events: [...hand.events],
    },
  };
}

function handIsLive(state: TableState): boolean {
  return state.hand !== null && state.hand.result === null;
}

function seatOf(state: TableState, playerId: string): { index: number; seat: Seat } {
  const index = state.seats.findIndex((s) => s?.playerId === playerId);
  if (index < 0) refuse('PVP_NOT_SEATED');
  return { index, seat: state.seats[index]! };
}

function inLiveHand(state: TableState, seat: number): boolean {
  return handIsLive(state) && state.hand!.players.some((p) => p.seat === seat);
}

/** Takes a free seat with a buy-in between the table's minimum and maximum. */
export function sitDown(state: TableState, input: { seat: number; playerId: string; buyIn: number }): TableState {
  const { seat, playerId, buyIn } = input;
  if (!Number.isInteger(seat) || seat < 0 || seat >= state.config.seats) refuse('PVP_BAD_SEAT');
  if (typeof playerId !== 'string' || playerId === '') refuse('PVP_NOT_SEATED');
  if (state.seats[seat]) refuse('PVP_SEAT_TAKEN');
  if (state.seats.some((s) => s?.playerId === playerId)) refuse('PVP_ALREADY_SEATED');
  if (!isAmount(buyIn) || buyIn < state.config.minBuyIn || buyIn > state.config.maxBuyIn) refuse('PVP_BUY_IN_RANGE');
  const next = copy(state);
  next.seats[seat] = { playerId, stack: buyIn, sittingOut: false, waitingForBigBlind: state.handsPlayed > 0 };
  next.ledger.buyIns += buyIn;
  return next;
}

/** Sits out from the next hand on (a hand in progress is played to its end). */
export function sitOut(state: TableState, playerId: string): TableState {
  const { index } = seatOf(state, playerId);
  const next = copy(state);
  next.seats[index]!.sittingOut = true;
  return next;
}

/** Back from sitting out: dealt in again when the big blind reaches the seat. */
export function comeBack(state: TableState, playerId: string): TableState {
  const { index, seat } = seatOf(state, playerId);
  if (!seat.sittingOut) refuse('PVP_NOT_SITTING_OUT');
  const next = copy(state);
  next.seats[index]!.sittingOut = false;
  next.seats[index]!.waitingForBigBlind = true;
  return next;
}

/** Adds chips between hands, up to the table's maximum buy-in. */
export function topUp(state: TableState, playerId: string, amount: number): TableState {
  const { index, seat } = seatOf(state, playerId);
  if (!isAmount(amount)) refuse('PVP_BAD_AMOUNT');
  if (inLiveHand(state, index)) refuse('PVP_IN_HAND');
  if (seat.stack + amount > state.config.maxBuyIn) refuse('PVP_TOP_UP_OVER_MAX');
  const next = copy(state);
  next.seats[index]!.stack += amount;
  next.ledger.topUps += amount;
  return next;
}

/** Leaves the table between hands (or while not dealt in) with the whole stack. */
export function leave(state: TableState, playerId: string): { state: TableState; cashOut: number } {
  const { index, seat } = seatOf(state, playerId);
  if (inLiveHand(state, index)) refuse('PVP_IN_HAND');
  const next = copy(state);
  next.seats[index] = null;
  next.ledger.cashOuts += seat.stack;
  return { state: next, cashOut: seat.stack };
}

/** Who the next hand would deal in, and the button and blinds (the deck needs their client seeds). */
export function nextHandPlan(state: TableState): HandPlan {
  if (handIsLive(state)) refuse('PVP_HAND_IN_PROGRESS');
  return planHand(state);
}

/** Deals the next hand from a shuffled deck (dealing order) and posts the blinds. */
export function startHand(state: TableState, deck: readonly Card[]): TableState {
  const plan = nextHandPlan(state);
  const next = copy(state);
  dealHand(next, plan, deck);
  return next;
}

function stacksOf(state: TableState): number[] {
  return state.seats.map((s) => s?.stack ?? 0);
}

/** What the player to act may do now. */
export function legalActions(state: TableState): LegalActions {
  if (!state.hand) refuse('PVP_NO_HAND');
  return legalFor(state.hand, stacksOf(state), state.config);
}

/** An action by the player in `seat`; refused unless it is their turn and the action is legal. */
export function act(state: TableState, seat: number, action: Action): TableState {
  const hand = state.hand;
  if (!hand) refuse('PVP_NO_HAND');
  if (hand.result) refuse('PVP_HAND_OVER');
  if (hand.toAct !== seat) refuse('PVP_NOT_YOUR_TURN');
  if (typeof action !== 'object' || action === null) refuse('PVP_UNKNOWN_ACTION');
  const next = copy(state);
  const nextHand = next.hand!;
  const stacks = stacksOf(next);
  const done = applyAction(nextHand, stacks, next.config, action);
  next.seats[seat]!.stack = stacks[seat]!;
  nextHand.events.push({
    type: 'action',
    seat,
    action: done.type,
    to: done.to,
    allIn: done.allIn,
    timeout: action.type === 'timeout',
  });
  advance(next, seat);
  return next;
}

/** Shows a player's cards after the hand is over (a winner who was not called, or a loser who mucked). */
export function showCards(state: TableState, seat: number): TableState {
  const hand = state.hand;
  if (!hand) refuse('PVP_NO_HAND');
  if (!hand.result) refuse('PVP_HAND_NOT_OVER');
  const player = hand.players.find((p) => p.seat === seat);
  if (!player) refuse('PVP_NOT_IN_HAND');
  if (player.shown) return state;
  const next = copy(state);
  const shown = next.hand!.players.find((p) => p.seat === seat)!;
  shown.shown = true;
  next.hand!.events.push({ type: 'show', seat, cards: [...shown.hole] });
  return next;
}

/** Chips on the table now: stacks, plus what is in a hand not yet paid. */
export function chipsOnTable(state: TableState): number {
  const stacks = state.seats.reduce((sum, s) => sum + (s?.stack ?? 0), 0);
  const inPot = handIsLive(state) ? state.hand!.players.reduce((sum, p) => sum + p.committed, 0) : 0;
  return stacks + inPot;
}
