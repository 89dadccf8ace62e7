// Helpers for the pvp tests and benchmarks: seeded dealing (simulation PRNG, never a real deck),
// stacked decks for worked examples, and tables with players already seated.

import type { Rng } from '../../kit/fair/rng';
import { createSimRng } from '../../kit/fair/sim-rng';
import { type Card, parseCards } from './cards';
import { createTable, sitDown } from './table';
import type { TableConfig, TableState } from './types';

/** `count` distinct cards drawn uniformly (a partial Fisher-Yates shuffle). */
export function randomCards(rng: Rng, count: number): Card[] {
  const deck = Array.from({ length: 52 }, (_, i) => i);
  for (let i = 0; i < count; i++) {
    const j = i + rng.int(52 - i);
    [deck[i], deck[j]] = [deck[j]!, deck[i]!];
  }
  return deck.slice(0, count);
}

export function seededRng(seed: number): Rng {
  return createSimRng(seed);
}

/**
 * A deck that deals the given hole cards (in dealing order: the first player left of the button
 * first) and board ('Ah Kd 2c 7s 9h': flop, turn, river), the burn cards and the rest in order.
 */
export function stackedDeck(holes: readonly string[], board: string): Card[] {
  const n = holes.length;
  const deck: (Card | undefined)[] = Array.from({ length: 52 }, () => undefined);
  holes.forEach((text, i) => {
    const [a, b] = parseCards(text);
    deck[i] = a;
    deck[i + n] = b;
  });
  const boardCards = parseCards(board);
  [1, 2, 3, 5, 7].forEach((offset, i) => {
    deck[2 * n + offset] = boardCards[i];
  });
  const used = new Set(deck.filter((c) => c !== undefined));
  const rest = Array.from({ length: 52 }, (_, i) => i).filter((c) => !used.has(c));
  return deck.map((c) => c ?? rest.shift()!);
}

/** A table with players p0, p1, ... on seats 0, 1, ... holding these stacks (blinds 50/100). */
export function tableWith(stacks: readonly number[], overrides: Partial<TableConfig> = {}): TableState {
  let state = createTable({
    seats: Math.max(stacks.length, 2),
    betting: 'no-limit',
    smallBlind: 50,
    bigBlind: 100,
    minBuyIn: 100,
    maxBuyIn: 100_000,
    rake: { basisPoints: 500, cap: 300 },
    ...overrides,
  });
  stacks.forEach((stack, seat) => {
    if (stack > 0) state = sitDown(state, { seat, playerId: `p${seat}`, buyIn: stack });
  });
  return state;
}

export function stackOfSeat(state: TableState, seat: number): number {
  return state.seats[seat]?.stack ?? 0;
}
