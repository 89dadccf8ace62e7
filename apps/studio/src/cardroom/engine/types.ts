// The state of a Hold'em cash table. Everything is plain data (JSON-safe), so the studio service can
// store it, send it and replay it; the engine functions take a state and return a new one.
import type { Card } from './cards';

export type BettingStructure = 'no-limit' | 'pot-limit';

export interface RakeRule {
  /** Share of each pot, in basis points (500 = 5%); rounded down to whole minor units. */
  basisPoints: number;
  /** Most rake one hand pays, minor units. */
  cap: number;
}

export interface TableConfig {
  /** 2 to 9. */
  seats: number;
  betting: BettingStructure;
  smallBlind: number;
  bigBlind: number;
  minBuyIn: number;
  maxBuyIn: number;
  rake: RakeRule;
}

export interface Seat {
  playerId: string;
  stack: number;
  /** Out of the next hands until the player comes back. */
  sittingOut: boolean;
  /** New or back from sitting out: dealt in when the big blind reaches the seat. */
  waitingForBigBlind: boolean;
}

export type Street = 'preflop' | 'flop' | 'turn' | 'river';

export interface HandPlayer {
  seat: number;
  playerId: string;
  hole: [Card, Card];
  /** Chips put in this hand so far (already taken from the stack). */
  committed: number;
  /** Chips put in on the current street. */
  streetBet: number;
  folded: boolean;
  allIn: boolean;
  /** Acted on the current street (posting a blind is not acting). */
  acted: boolean;
  /** The street's bet this player last matched or made: whether a later raise reopens betting. */
  levelAtAction: number;
  /** Cards shown at showdown or by choice after the hand. */
  shown: boolean;
}

export type ActionType = 'fold' | 'check' | 'call' | 'bet' | 'raise' | 'allIn' | 'timeout';

export interface Action {
  type: ActionType;
  /** For bet and raise: the player's total bet on this street after the action. */
  to?: number;
}

export type HandEvent =
  | { type: 'blind'; seat: number; blind: 'small' | 'big'; amount: number; allIn: boolean }
  | {
      type: 'action';
      seat: number;
      action: Exclude<ActionType, 'timeout' | 'allIn'>;
      to: number;
      allIn: boolean;
      timeout: boolean;
    }
  | { type: 'street'; street: Street; cards: Card[] }
  | { type: 'return'; seat: number; amount: number }
  | { type: 'show'; seat: number; cards: Card[] }
  | { type: 'muck'; seat: number }
  | { type: 'pot'; index: number; amount: number; rake: number; winners: { seat: number; amount: number }[] };

export interface PotResult {
  amount: number;
  rake: number;
  /** Seats that could win this pot (still in the hand and put in at least its level). */
  eligible: number[];
  winners: { seat: number; amount: number }[];
}

export interface HandResult {
  showdown: boolean;
  pots: PotResult[];
  rake: number;
  /** Hand scores of the players still in at a showdown (hand-rank.ts). */
  scores: { seat: number; score: number }[];
}

export interface Hand {
  number: number;
  /** The button's seat; it may be an empty seat (the dead button rule). */
  button: number;
  /** Null when the small blind is dead (no one posts it). */
  smallBlindSeat: number | null;
  bigBlindSeat: number;
  /** The players dealt in, in seat order. */
  players: HandPlayer[];
  deck: Card[];
  board: Card[];
  street: Street;
  /** Seat to act; null once betting is over. */
  toAct: number | null;
  /** The highest bet on this street. */
  currentBet: number;
  /** The size of the last full bet or raise on this street: the smallest raise allowed. */
  fullRaise: number;
  /** Last player to bet or raise on the final betting street: shows first. */
  lastAggressor: number | null;
  flopSeen: boolean;
  events: HandEvent[];
  /** Set when the hand is over and the chips are paid. */
  result: HandResult | null;
}

export interface Ledger {
  buyIns: number;
  topUps: number;
  cashOuts: number;
  rake: number;
}

export interface TableState {
  config: TableConfig;
  seats: (Seat | null)[];
  handsPlayed: number;
  /** Where the last hand's big and small blinds were (seats), for the dead button rule. */
  lastBigBlindSeat: number | null;
  lastSmallBlindSeat: number | null;
  hand: Hand | null;
  /** Every chip that came to the table or left it (the conservation check). */
  ledger: Ledger;
}
