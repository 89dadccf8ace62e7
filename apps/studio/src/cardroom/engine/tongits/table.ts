// A Tongits cash table around the one-deal engine (game.ts): three seats with stacks, who is dealt
// in, who deals, and settling a finished deal against the stacks with the house's rake. Pure, like
// the engine: every function takes a state and returns a new one, and a refusal throws a
// TongitsError leaving the state as it was. The service (cardroom/room/tongits-room.ts) runs it against
// the database, the wallet and a clock. The rules are in docs/pvp.md ("The Tongits table").
import type { Card } from '../cards';
import { refuse } from './errors';
import { act as engineAct, rakeFor, SEATS, startGame } from './game';
import type { Action, RakeRule, Seat, TongitsState } from './types';

/**
 * The stack rule: a player is dealt in only with at least this many base stakes, and the table's
 * minimum buy-in is at least as much. It covers every bill but the rarest (1 base + tongits + a lost
 * challenge + four aces + three sets of four); a bill above the loser's stack takes the whole stack.
 */
export const DEAL_MIN_STAKES = 10;

export interface TongitsTableConfig {
  stake: number;
  minBuyIn: number;
  maxBuyIn: number;
  rake: RakeRule;
}

export interface TongitsSeat {
  playerId: string;
  stack: number;
  sittingOut: boolean;
}

/** How a finished deal moved the stacks: what each loser paid (bills capped at their stacks) and the rake. */
export interface DealSettlement {
  winner: Seat;
  /** Per seat: what the deal changed the stack by (the winner's net of the rake). */
  net: [number, number, number];
  /** What each loser paid; below the bill when the stack could not cover it. */
  paid: [number, number, number];
  collection: number;
  rake: number;
}

export interface TongitsTableState {
  config: TongitsTableConfig;
  seats: [TongitsSeat | null, TongitsSeat | null, TongitsSeat | null];
  /** The deal in play, or the last one (its result shown until the next is dealt). */
  deal: TongitsState | null;
  settlement: DealSettlement | null;
  dealsPlayed: number;
  /** Every chip that came to the table (buy-ins and top-ups), left it, or went to the house. */
  ledger: { buyIns: number; cashOuts: number; rake: number };
}

const isAmount = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v > 0;

export function createTongitsTable(config: TongitsTableConfig): TongitsTableState {
  const { stake, minBuyIn, maxBuyIn, rake } = config ?? ({} as TongitsTableConfig);
  const ok =
    isAmount(stake) &&
    isAmount(minBuyIn) &&
    isAmount(maxBuyIn) &&
    minBuyIn >= stake * DEAL_MIN_STAKES &&
    maxBuyIn >= minBuyIn;
  if (!ok) refuse('TONGITS_BAD_CONFIG');
  rakeFor(0, rake);
  startGame(
    { stake },
    Array.from({ length: 52 }, (_, i) => i),
    0,
  );
  return {
    config: { stake, minBuyIn, maxBuyIn, rake: { basisPoints: rake.basisPoints, cap: rake.cap } },
    seats: [null, null, null],
    deal: null,
    settlement: null,
    dealsPlayed: 0,
    ledger: { buyIns: 0, cashOuts: 0, rake: 0 },
  };
}

const live = (s: TongitsTableState) => s.deal !== null && s.deal.result === null;
const isSeat = (v: unknown): v is Seat => v === 0 || v === 1 || v === 2;

function withSeats(s: TongitsTableState): TongitsTableState {
  return { ...s, seats: s.seats.map((x) => x && { ...x }) as TongitsTableState['seats'], ledger: { ...s.ledger } };
}

function seatOf(s: TongitsTableState, playerId: string): Seat {
  const seat = s.seats.findIndex((x) => x?.playerId === playerId);
  if (seat < 0) refuse('TONGITS_NOT_SEATED');
  return seat as Seat;
}

export function sitDown(s: TongitsTableState, input: { seat: unknown; playerId: string; buyIn: unknown }) {
  if (!isSeat(input.seat)) refuse('TONGITS_BAD_SEAT');
  if (s.seats.some((x) => x?.playerId === input.playerId)) refuse('TONGITS_ALREADY_SEATED');
  if (s.seats[input.seat]) refuse('TONGITS_SEAT_TAKEN');
  const buyIn = input.buyIn;
  if (!isAmount(buyIn) || buyIn < s.config.minBuyIn || buyIn > s.config.maxBuyIn) refuse('TONGITS_BUY_IN_RANGE');
  const next = withSeats(s);
  next.seats[input.seat] = { playerId: input.playerId, stack: buyIn, sittingOut: false };
  next.ledger.buyIns += buyIn;
  return next;
}

/** Adds chips to a stack, up to the maximum buy-in (also during a deal: a bill is capped at the stack it meets). */
export function topUp(s: TongitsTableState, playerId: string, amount: unknown): TongitsTableState {
  const seat = seatOf(s, playerId);
  if (!isAmount(amount)) refuse('TONGITS_BAD_AMOUNT');
  if (s.seats[seat]!.stack + amount > s.config.maxBuyIn) refuse('TONGITS_TOP_UP_OVER_MAX');
  const next = withSeats(s);
  next.seats[seat]!.stack += amount;
  next.ledger.buyIns += amount;
  return next;
}

/** Leaves with the whole stack (the cash-out); not while dealt in to a deal in play. */
export function leave(s: TongitsTableState, playerId: string): { state: TongitsTableState; cashOut: number } {
  const seat = seatOf(s, playerId);
  if (live(s)) refuse('TONGITS_IN_DEAL');
  const next = withSeats(s);
  const cashOut = next.seats[seat]!.stack;
  next.seats[seat] = null;
  next.ledger.cashOuts += cashOut;
  return { state: next, cashOut };
}

export function setSittingOut(s: TongitsTableState, playerId: string, sittingOut: boolean): TongitsTableState {
  const seat = seatOf(s, playerId);
  const next = withSeats(s);
  next.seats[seat]!.sittingOut = sittingOut;
  return next;
}

/** Whether a seat may be dealt the next deal: seated, not sitting out, with the stack the rule asks. */
export function canBeDealt(s: TongitsTableState, seat: number): boolean {
  const x = s.seats[seat];
  return !!x && !x.sittingOut && x.stack >= s.config.stake * DEAL_MIN_STAKES;
}

/** The next deal's dealer: the last deal's winner (the Tongits custom), seat 0 for the first deal. */
export function nextDealer(s: TongitsTableState): Seat {
  return s.deal?.result ? s.deal.result.winner : 0;
}

/** Deals when all three seats can be dealt (the deck: deck.ts, the three client seeds in seat order). */
export function startDeal(s: TongitsTableState, deck: readonly Card[]): TongitsTableState {
  if (live(s)) refuse('TONGITS_DEAL_IN_PROGRESS');
  for (let seat = 0; seat < SEATS; seat++) if (!canBeDealt(s, seat)) refuse('TONGITS_NOT_ENOUGH_PLAYERS');
  const deal = startGame({ stake: s.config.stake }, deck, nextDealer(s));
  return { ...withSeats(s), deal, settlement: null, dealsPlayed: s.dealsPlayed + 1 };
}

/** A move in the deal; a move that ends it settles the bills against the stacks. */
export function act(s: TongitsTableState, seat: Seat, action: Action): TongitsTableState {
  if (!s.deal) refuse('TONGITS_NO_DEAL');
  const deal = engineAct(s.deal, seat, action);
  const next = { ...withSeats(s), deal };
  if (deal.result) settle(next);
  return next;
}

function settle(s: TongitsTableState): void {
  const result = s.deal!.result!;
  const paid: [number, number, number] = [0, 0, 0];
  const net: [number, number, number] = [0, 0, 0];
  for (const bill of result.bills) {
    const stack = s.seats[bill.seat]!.stack;
    paid[bill.seat] = Math.min(bill.amount, stack);
    net[bill.seat] = -paid[bill.seat];
  }
  const collection = paid[0] + paid[1] + paid[2];
  const rake = rakeFor(collection, s.config.rake);
  net[result.winner] = collection - rake;
  for (let seat = 0; seat < SEATS; seat++) s.seats[seat]!.stack += net[seat]!;
  s.ledger.rake += rake;
  s.settlement = { winner: result.winner, net, paid, collection, rake };
}

/** Chips on the table: the stacks (a deal moves no chips until it is settled). */
export function chipsOnTable(s: TongitsTableState): number {
  return s.seats.reduce((sum, x) => sum + (x?.stack ?? 0), 0);
}
