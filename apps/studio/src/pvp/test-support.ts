// Seeded dealing for the pvp tests and benchmarks (simulation PRNG, never a real deck).

import type { Rng } from '../engines/types';
import { createSimRng } from '../fair/sim-rng';
import type { Card } from './cards';

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
