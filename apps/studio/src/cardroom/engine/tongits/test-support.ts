// Helpers for the Tongits tests: positions built by hand for worked examples (every card not named
// goes to the stock, so the 52 are all there) and a random player that only makes legal moves.
import type { Rng } from '../../../kit/fair/rng';
import { type Card, parseCards } from '../cards';
import { canCallDraw } from './game';
import { isSet, meldKind } from './rules';
import type { Action, Meld, Phase, Seat, TongitsState } from './types';

export interface PositionSpec {
  hands: [string, string, string];
  /** Each meld as [owner, 'cards']. */
  melds?: [Seat, string][];
  /** The first cards of the stock, in drawing order; every card not named elsewhere follows. */
  stock?: string;
  /** Bottom to top. */
  discards?: string;
  /** True to leave only the named stock cards (the rest go under the discards). */
  shortStock?: boolean;
  turn?: Seat;
  phase?: Phase;
  stake?: number;
  sapawed?: [boolean, boolean, boolean];
}

export function position(spec: PositionSpec): TongitsState {
  const hands = spec.hands.map((text) => parseCards(text)) as [Card[], Card[], Card[]];
  const melds: Meld[] = (spec.melds ?? []).map(([owner, text], id) => {
    const cards = parseCards(text);
    const kind = meldKind(cards);
    if (kind === null) throw new Error(`not a meld: ${text}`);
    return { id, owner, kind, cards };
  });
  const stockTop = parseCards(spec.stock ?? '');
  let discards = parseCards(spec.discards ?? '');
  const named = new Set([...hands.flat(), ...melds.flatMap((m) => m.cards), ...stockTop, ...discards]);
  const rest = Array.from({ length: 52 }, (_, i) => i).filter((card) => !named.has(card));
  if (named.size + rest.length !== 52) throw new Error('a card is named twice');
  let stock = [...stockTop, ...rest];
  if (spec.shortStock) {
    stock = stockTop;
    discards = [...rest, ...discards];
  }
  return {
    config: { stake: spec.stake ?? 100 },
    dealer: 0,
    hands,
    stock,
    discards,
    melds,
    turn: spec.turn ?? 0,
    phase: spec.phase ?? 'draw',
    sapawed: spec.sapawed ?? [false, false, false],
    acesLaid: [0, 0, 0],
    foursLaid: [0, 0, 0],
    challenge: null,
    events: [],
    result: null,
  };
}

function subsets<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  const pick = (start: number, chosen: T[]): void => {
    if (chosen.length === size) {
      out.push(chosen.slice());
      return;
    }
    for (let i = start; i < items.length; i++) {
      chosen.push(items[i]!);
      pick(i + 1, chosen);
      chosen.pop();
    }
  };
  pick(0, []);
  return out;
}

/** Melds of 3 cards, and sets of 4, that can be made from `hand`. */
export function meldsIn(hand: readonly Card[]): Card[][] {
  const found = subsets(hand, 3).filter((cards) => meldKind(cards) !== null);
  for (const four of subsets(hand, 4)) if (isSet(four)) found.push(four);
  return found;
}

/** Sapaw moves of one card. */
export function sapawsFor(state: TongitsState, hand: readonly Card[]): { meldId: number; cards: Card[] }[] {
  const out: { meldId: number; cards: Card[] }[] = [];
  for (const meld of state.melds) {
    for (const card of hand) {
      if (meldKind([...meld.cards, card]) === meld.kind) out.push({ meldId: meld.id, cards: [card] });
    }
  }
  return out;
}

const pickOne = <T>(rng: Rng, items: readonly T[]): T => items[rng.int(items.length)]!;

/** One legal action for the player whose turn it is, chosen at random (with a timeout now and then). */
export function randomAction(state: TongitsState, rng: Rng): Action {
  const seat = state.turn;
  const hand = state.hands[seat];
  if (rng.next() < 0.02) return { type: 'timeout' };
  if (state.phase === 'challenge') {
    const hasMeld = state.melds.some((meld) => meld.owner === seat);
    return hasMeld && rng.next() < 0.5 ? { type: 'challenge' } : { type: 'fold' };
  }
  if (state.phase === 'draw') {
    if (canCallDraw(state, seat) && rng.next() < 0.1) return { type: 'callDraw' };
    const top = state.discards[state.discards.length - 1];
    if (top !== undefined && rng.next() < 0.8) {
      const options = [...subsets(hand, 2), ...subsets(hand, 3)].filter((cards) => meldKind([...cards, top]) !== null);
      if (options.length > 0) return { type: 'takeDiscard', cards: pickOne(rng, options) };
    }
    return { type: 'drawStock' };
  }
  if (rng.next() < 0.9) {
    const melds = meldsIn(hand);
    if (melds.length > 0) return { type: 'meld', cards: pickOne(rng, melds) };
  }
  if (rng.next() < 0.8) {
    const sapaws = sapawsFor(state, hand);
    if (sapaws.length > 0) return { type: 'sapaw', ...pickOne(rng, sapaws) };
  }
  return { type: 'discard', card: pickOne(rng, hand) };
}
