// Which engine plays a game: a GameRef names it (what the studio stores with a round, so the verifier
// can rebuild the same engine), and gameRefForCatalogue maps a catalogue tile to its GameRef.
// Crash and lottery are timeline games with their own modules (crash/, lottery/).

import { createDerbyEngine } from './arcade/derby';
import { createDuelEngine } from './arcade/duel';
import { createFishEngine } from './arcade/fish';
import { createMatchEngine, type Sport } from './arcade/match';
import { slotEngineFor } from './slot/slot-engine';
import { createBaccaratEngine } from './tables/baccarat';
import { createRouletteEngine } from './tables/roulette';
import type { InstantEngine } from './types';

export type GameRef =
  | { kind: 'slot'; gameCode: string; artSeed?: number }
  | { kind: 'baccarat' }
  | { kind: 'roulette' }
  | { kind: 'fish' }
  | { kind: 'duel' }
  | { kind: 'match'; sport: Sport; gameCode: string }
  | { kind: 'derby'; gameCode: string };

// biome-ignore lint/suspicious/noExplicitAny: engines are generic in bet, outcome and state; callers go through parseBet.
export type AnyInstantEngine = InstantEngine<any, any, any>;

const singletons = new Map<string, AnyInstantEngine>();

function once(key: string, make: () => AnyInstantEngine): AnyInstantEngine {
  let engine = singletons.get(key);
  if (!engine) {
    engine = make();
    if (singletons.size > 10_000) singletons.clear();
    singletons.set(key, engine);
  }
  return engine;
}

/** The engine of a game (engines hold no per-round state, so they are shared). */
export function instantEngineFor(ref: GameRef): AnyInstantEngine {
  switch (ref.kind) {
    case 'slot':
      return slotEngineFor(ref.gameCode, ref.artSeed ?? 0);
    case 'baccarat':
      return once('baccarat', createBaccaratEngine);
    case 'roulette':
      return once('roulette', createRouletteEngine);
    case 'fish':
      return once('fish', createFishEngine);
    case 'duel':
      return once('duel', createDuelEngine);
    case 'match':
      return once(`match|${ref.sport}|${ref.gameCode}`, () => createMatchEngine(ref.sport, ref.gameCode));
    case 'derby':
      return once(`derby|${ref.gameCode}`, () => createDerbyEngine(ref.gameCode));
    default:
      throw new Error('UNKNOWN_GAME_KIND');
  }
}

/**
 * The engine for a catalogue tile by its game type (RNG, JL, LIVE, FISH, PVP, SPORTS, ESPORTS,
 * COCKFIGHT) and code. LIVE titles with "roulette" in their name play roulette, the other LIVE tables
 * baccarat. Null for the timeline categories (LOTT, ELOTT: lottery; crash) and unknown types.
 */
export function gameRefForCatalogue(
  gameType: string,
  gameCode: string,
  options: { title?: string; artSeed?: number } = {},
): GameRef | null {
  switch (gameType) {
    case 'RNG':
    case 'JL':
      return options.artSeed === undefined
        ? { kind: 'slot', gameCode }
        : { kind: 'slot', gameCode, artSeed: options.artSeed };
    case 'LIVE':
      return /roulet|roleta/i.test(options.title ?? '') ? { kind: 'roulette' } : { kind: 'baccarat' };
    case 'FISH':
      return { kind: 'fish' };
    case 'PVP':
      return { kind: 'duel' };
    case 'SPORTS':
      return { kind: 'match', sport: 'football', gameCode };
    case 'ESPORTS':
      return { kind: 'match', sport: 'esports', gameCode };
    case 'COCKFIGHT':
      return { kind: 'derby', gameCode };
    default:
      return null;
  }
}
