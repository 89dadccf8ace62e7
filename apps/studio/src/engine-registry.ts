import { slotEngineFor } from './engines/slot/slot-engine';
import type { EngineKind, InstantEngine } from './engines/types';
import { engineKindOf, type GameRef } from './game-map';

// The engine that plays a game, built once per game (slot configurations derive from the game code,
// so every slot title is its own game), with what the game page needs to draw it.

// biome-ignore lint/suspicious/noExplicitAny: engines are stored type-erased; each checks its own bets
export type AnyEngine = InstantEngine<any, any, any>;

export type RegisteredGame = {
  kind: EngineKind;
  engine: AnyEngine;
  /** For the page: layout, symbols, bet options. Never contains anything secret. */
  describe: () => unknown;
  /** The smallest valid bet (the verifier's default). */
  defaultBet: unknown;
};

const cache = new Map<string, RegisteredGame>();

function build(kind: EngineKind, ref: GameRef): RegisteredGame | undefined {
  switch (kind) {
    case 'slot': {
      const engine = slotEngineFor(ref.gameCode);
      const c = engine.config;
      return {
        kind,
        engine,
        defaultBet: { coin: 1 },
        describe: () => ({
          theme: c.theme,
          volatility: c.volatility,
          mode: c.mode,
          reels: c.reels,
          rows: c.rows,
          paylines: c.paylines,
          ways: c.ways,
          betMultiplier: c.betMultiplier,
          symbols: c.symbols,
          pays: c.pays,
          scatterPays: c.scatterPays,
          freeSpinAwards: c.freeSpinAwards,
          freeSpinMultiplier: c.freeSpinMultiplier,
          declaredRtp: c.declaredRtp,
          coins: [1, 2, 5, 10, 20, 50, 100, 200, 500],
        }),
      };
    }
    default:
      return undefined;
  }
}

export function instantEngineFor(ref: GameRef): RegisteredGame | undefined {
  const kind = engineKindOf(ref);
  if (!kind) return undefined;
  const key = kind === 'slot' ? `slot:${ref.gameCode}` : `${kind}:${ref.vendor}:${ref.gameCode}`;
  let game = cache.get(key);
  if (!game) {
    game = build(kind, ref);
    if (!game) return undefined;
    if (cache.size >= 20_000) cache.clear();
    cache.set(key, game);
  }
  return game;
}
