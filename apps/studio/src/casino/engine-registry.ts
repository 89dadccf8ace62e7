import type { EngineKind } from '../kit/game-map';
import { engineKindOf, type GameRef } from '../kit/game-map';
import {
  type AnyInstantEngine,
  BACCARAT_BETS,
  DERBY_SIDES,
  DUEL_HANDS,
  derbyFight,
  type GameRef as EngineRef,
  instantEngineFor as engineOf,
  FISH_KINDS,
  FISH_MAX_SHOTS,
  matchFixture,
  RED_NUMBERS,
  ROULETTE_OUTSIDE,
  slotEngineFor,
} from './engines';

// The engine that plays a catalogue game (from the engines' registry), with what the game page needs
// to draw it. Virtual matches and derby fights follow a timeline: a new card every few minutes, each
// fixture's odds a pure function of (game, fixture id), so the page shows them before the bet.

export type AnyEngine = AnyInstantEngine;

export type RegisteredGame = {
  kind: EngineKind;
  ref: EngineRef;
  engine: AnyEngine;
  /** For the page: layout, symbols, odds, bet options. Never anything secret. */
  describe: (now: Date) => unknown;
  /** The smallest valid bet (the verifier's default). */
  defaultBet: (now: Date) => unknown;
};

const CHIPS = [100, 500, 1000, 5000, 10_000, 50_000];
/** A virtual match or derby card lasts this long; the page offers the current and the next cards. */
export const CARD_MINUTES = 5;

/** Timeline ids: the UTC minute the card starts (yyyymmddHHMM) and the fixture's number on it. */
export function cardIds(now: Date, perCard: number): string[] {
  const slot = Math.floor(now.getTime() / (CARD_MINUTES * 60_000)) * CARD_MINUTES * 60_000;
  const stamp = new Date(slot).toISOString().slice(0, 16).replace(/[-T:]/g, '');
  return Array.from({ length: perCard }, (_, k) => `${stamp}-${k + 1}`);
}

/** The engines' game reference of a catalogue game (what the verifier rebuilds the engine from). */
export function engineRefOf(ref: GameRef): EngineRef | undefined {
  const kind = engineKindOf(ref);
  switch (kind) {
    case 'slot':
      return { kind: 'slot', gameCode: ref.gameCode };
    case 'baccarat':
    case 'roulette':
    case 'fish':
    case 'duel':
      return { kind };
    case 'match':
      return {
        kind: 'match',
        sport: ref.gameCode.startsWith('ESPORTS') ? 'esports' : 'football',
        gameCode: ref.gameCode,
      };
    case 'derby':
      return { kind: 'derby', gameCode: ref.gameCode };
    default:
      return undefined;
  }
}

function describeOf(ref: EngineRef, engine: AnyEngine): Pick<RegisteredGame, 'describe' | 'defaultBet'> {
  switch (ref.kind) {
    case 'slot': {
      const c = slotEngineFor(ref.gameCode).config;
      const game = {
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
        freeSpinCap: c.freeSpinCap,
        coins: [1, 2, 5, 10, 20, 50, 100, 200, 500],
      };
      return { describe: () => game, defaultBet: () => ({ coin: 1 }) };
    }
    case 'baccarat': {
      const info = engine.info as { betRtps?: Record<string, number> };
      const game = { bets: BACCARAT_BETS, rtps: info.betRtps ?? {}, chips: CHIPS };
      return { describe: () => game, defaultBet: () => ({ banker: 100 }) };
    }
    case 'roulette': {
      const game = { outside: ROULETTE_OUTSIDE, red: [...RED_NUMBERS], chips: CHIPS };
      return { describe: () => game, defaultBet: () => ({ bets: [{ type: 'red', amount: 100 }] }) };
    }
    case 'fish': {
      const game = { kinds: FISH_KINDS, maxShots: FISH_MAX_SHOTS, shotValues: [10, 20, 50, 100, 500, 1000] };
      return { describe: () => game, defaultBet: () => ({ shots: 10, shotValue: 10, target: null }) };
    }
    case 'duel': {
      const game = { hands: DUEL_HANDS, chips: CHIPS };
      return { describe: () => game, defaultBet: () => ({ amount: 100 }) };
    }
    case 'match': {
      const fixtures = (now: Date) => cardIds(now, 3).map((id) => matchFixture(ref.sport, ref.gameCode, id));
      return {
        describe: (now) => ({ sport: ref.sport, fixtures: fixtures(now), chips: CHIPS, cardMinutes: CARD_MINUTES }),
        defaultBet: (now) => {
          const f = fixtures(now)[0]!;
          const s = f.selections[0]!;
          return { fixtureId: f.fixtureId, market: s.market, selection: s.selection, amount: 100 };
        },
      };
    }
    case 'derby': {
      const fights = (now: Date) => cardIds(now, 3).map((id) => derbyFight(ref.gameCode, id));
      return {
        describe: (now) => ({ sides: DERBY_SIDES, fights: fights(now), chips: CHIPS, cardMinutes: CARD_MINUTES }),
        defaultBet: (now) => ({ fightId: fights(now)[0]!.fightId, side: 'meron', amount: 100 }),
      };
    }
    default:
      return { describe: () => null, defaultBet: () => null };
  }
}

const cache = new Map<string, RegisteredGame>();

export function instantEngineFor(ref: GameRef): RegisteredGame | undefined {
  const kind = engineKindOf(ref);
  const engineRef = engineRefOf(ref);
  if (!kind || kind === 'sportsbook' || kind === 'cardroom' || !engineRef) return undefined;
  const key = `${kind}:${ref.vendor}:${ref.gameCode}`;
  let game = cache.get(key);
  if (!game) {
    const engine = engineOf(engineRef);
    game = { kind, ref: engineRef, engine, ...describeOf(engineRef, engine) };
    if (cache.size >= 20_000) cache.clear();
    cache.set(key, game);
  }
  return game;
}
