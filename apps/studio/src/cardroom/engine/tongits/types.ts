// The state of one Tongits game (one deal, three players). Plain JSON-safe data, so the studio
// service can store, send and replay it; the engine functions take a state and return a new one.
import type { Card } from '../cards';
import type { MeldKind } from './rules';

export type Seat = 0 | 1 | 2;

export interface RakeRule {
  /** Share of the winner's collection, in basis points (500 = 5%), rounded down. */
  basisPoints: number;
  /** Most rake one game pays, minor units. */
  cap: number;
}

export interface TongitsConfig {
  /** The base stake each loser pays the winner, minor units. */
  stake: number;
}

export interface Meld {
  /** Numbered from 0 in the order laid down; the number a sapaw names. */
  id: number;
  owner: Seat;
  kind: MeldKind;
  /** Shown order (rules.ts sortMeld). */
  cards: Card[];
}

export type Phase = 'draw' | 'play' | 'challenge' | 'over';

export type Action =
  | { type: 'drawStock' }
  /** Take the top discard and lay it down at once with these hand cards as a new meld. */
  | { type: 'takeDiscard'; cards: Card[] }
  | { type: 'meld'; cards: Card[] }
  | { type: 'sapaw'; meldId: number; cards: Card[] }
  | { type: 'discard'; card: Card }
  | { type: 'callDraw' }
  | { type: 'fold' }
  | { type: 'challenge' }
  /** Sent by the turn timer (see game.ts for what it does in each phase). */
  | { type: 'timeout' };

export type GameEvent =
  | { type: 'deal'; dealer: Seat }
  | { type: 'drawStock'; seat: Seat; timeout: boolean }
  | { type: 'takeDiscard'; seat: Seat; card: Card; meldId: number }
  | { type: 'meld'; seat: Seat; meldId: number; cards: Card[] }
  | { type: 'sapaw'; seat: Seat; meldId: number; cards: Card[] }
  | { type: 'discard'; seat: Seat; card: Card; timeout: boolean }
  | { type: 'callDraw'; seat: Seat }
  | { type: 'fold'; seat: Seat; timeout: boolean }
  | { type: 'challenge'; seat: Seat };

export type EndKind = 'tongits' | 'stock-out' | 'draw';

/** What one loser pays, counted in base stakes, and why. */
export interface LoserBill {
  seat: Seat;
  base: 1;
  /** 1 when the winner emptied the hand. */
  tongits: number;
  /** 1 when this player challenged a draw and lost. */
  challenge: number;
  /** One per set of four the winner laid down from the hand in one meld. */
  fours: number;
  /** One per ace the winner laid down (in melds, with a taken discard, or as sapaw). */
  aces: number;
  stakes: number;
  amount: number;
}

export interface GameResult {
  end: EndKind;
  winner: Seat;
  /** Points left in each hand when the game ended. */
  points: [number, number, number];
  /** Players whose points were compared (stock-out: those not burned; draw: caller and challengers). */
  contenders: Seat[];
  bills: LoserBill[];
  /** Money each seat wins (+) or pays (-), minor units; the three sum to zero. */
  transfers: [number, number, number];
  /** What the winner collects: the sum the losers pay. */
  collection: number;
}

export interface ChallengeState {
  caller: Seat;
  /** Answers of the other two, by seat; the caller's own entry stays null. */
  answers: [Answer | null, Answer | null, Answer | null];
}

export type Answer = 'fold' | 'challenge';

export interface TongitsState {
  config: TongitsConfig;
  dealer: Seat;
  hands: [Card[], Card[], Card[]];
  /** Next card drawn is stock[0]. */
  stock: Card[];
  /** The top of the pile is the last card. */
  discards: Card[];
  melds: Meld[];
  /** Whose move it is; in the challenge phase, whose answer is awaited. */
  turn: Seat;
  phase: Phase;
  /** Another player laid off on this seat's melds since this seat's last turn ended. */
  sapawed: [boolean, boolean, boolean];
  /** Aces each seat has laid down: the aces bonus. */
  acesLaid: [number, number, number];
  /** Sets of four each seat laid down from the hand in one meld: the fours bonus. */
  foursLaid: [number, number, number];
  challenge: ChallengeState | null;
  events: GameEvent[];
  result: GameResult | null;
}
