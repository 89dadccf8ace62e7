// The slot engine: one paid spin, then the free spins it owes as pending steps. It evaluates exactly
// the rules whose return slot-config.ts computes analytically (the RTP tests check the two agree).

import type { Rng } from '../../../kit/fair/rng';
import { amountField, InvalidBetError, isRecord } from '../bet-error';
import type { InstantEngine, StepResult } from '../types';
import { type SlotConfig, slotConfigFor } from './slot-config';

export interface SlotBet {
  /** Minor units per coin; stake = coin x config.betMultiplier. */
  coin: number;
}

export interface SlotWin {
  /** Payline index (lines mode) or -1 (ways mode). */
  line: number;
  symbol: number;
  /** Reels in the run from the left. */
  run: number;
  /** Ways mode: number of ways; lines mode: 1. */
  ways: number;
  /** Minor units (free spin multiplier included). */
  win: number;
}

export interface SlotOutcome {
  /** grid[reel][row]: symbol ids (see config.symbols). */
  grid: number[][];
  stops: number[];
  wins: SlotWin[];
  scatterCount: number;
  scatterWin: number;
  /** Free spins awarded by this spin (after the cap). */
  freeSpinsAwarded: number;
  /** True for a free spin. */
  freeSpin: boolean;
  multiplier: number;
  /** Total of this spin, minor units. */
  win: number;
}

export interface SlotState {
  freeSpinsLeft: number;
  /** Free spins awarded in this round so far (the cap applies to it). */
  freeSpinsAwarded: number;
  freeSpinsPlayed: number;
  /** Everything paid in this round so far, minor units. */
  roundWin: number;
}

export type SlotEngine = InstantEngine<SlotBet, SlotOutcome, SlotState> & { config: SlotConfig };

const MAX_STAKE = 10_000_000;

export function createSlotEngine(config: SlotConfig): SlotEngine {
  const { reels, rows, strips, pays, wild, scatter, regularCount, paylines } = config;
  const lengths = strips.map((s) => s.length);

  function spin(coin: number, rng: Rng, freeSpin: boolean) {
    const stake = coin * config.betMultiplier;
    const multiplier = freeSpin ? config.freeSpinMultiplier : 1;
    const stops = new Array<number>(reels);
    const grid = new Array<number[]>(reels);
    let scatterCount = 0;
    for (let r = 0; r < reels; r++) {
      const strip = strips[r]!;
      const len = lengths[r]!;
      const stop = rng.int(len);
      stops[r] = stop;
      const col = new Array<number>(rows);
      for (let y = 0; y < rows; y++) {
        const s = strip[(stop + y) % len]!;
        col[y] = s;
        if (s === scatter) scatterCount++;
      }
      grid[r] = col;
    }
    const wins: SlotWin[] = [];
    let total = 0;
    if (config.mode === 'lines') {
      for (let l = 0; l < paylines.length; l++) {
        const line = paylines[l]!;
        let j = 0;
        while (j < reels && grid[j]![line[j]!] === wild) j++;
        let symbol: number;
        let run: number;
        if (j === reels || grid[j]![line[j]!] === scatter) {
          symbol = 0;
          run = j;
        } else {
          symbol = grid[j]![line[j]!]!;
          run = j + 1;
          while (run < reels) {
            const x = grid[run]![line[run]!];
            if (x !== symbol && x !== wild) break;
            run++;
          }
        }
        const pay = pays[symbol]![run]!;
        if (pay > 0) {
          const win = coin * pay * multiplier;
          total += win;
          wins.push({ line: l, symbol, run, ways: 1, win });
        }
      }
    } else {
      for (let s = 0; s < regularCount; s++) {
        let ways = 1;
        let run = 0;
        while (run < reels) {
          const col = grid[run]!;
          let c = 0;
          for (let y = 0; y < rows; y++) if (col[y] === s || col[y] === wild) c++;
          if (c === 0) break;
          ways *= c;
          run++;
        }
        const pay = pays[s]![run]!;
        if (pay > 0) {
          const win = coin * pay * ways * multiplier;
          total += win;
          wins.push({ line: -1, symbol: s, run, ways, win });
        }
      }
    }
    const scatterWin = stake * (config.scatterPays[scatterCount] ?? 0) * multiplier;
    total += scatterWin;
    const award = config.freeSpinAwards[scatterCount] ?? 0;
    const outcome: SlotOutcome = {
      grid,
      stops,
      wins,
      scatterCount,
      scatterWin,
      freeSpinsAwarded: 0,
      freeSpin,
      multiplier,
      win: total,
    };
    return { outcome, award };
  }

  return {
    config,
    info: { kind: 'slot', declaredRtp: config.declaredRtp },
    parseBet(input: unknown): SlotBet {
      if (!isRecord(input)) throw new InvalidBetError('bet must be an object');
      if (input.coin === undefined && input.stake !== undefined) {
        const stake = amountField(input, 'stake', MAX_STAKE);
        if (stake % config.betMultiplier !== 0) {
          throw new InvalidBetError(`stake must be a multiple of ${config.betMultiplier} minor units`);
        }
        return { coin: stake / config.betMultiplier };
      }
      return { coin: amountField(input, 'coin', Math.floor(MAX_STAKE / config.betMultiplier)) };
    },
    stake: (bet) => bet.coin * config.betMultiplier,
    play(bet, rng): StepResult<SlotOutcome> & { state: SlotState } {
      const r = spin(bet.coin, rng, false);
      const awarded = Math.min(r.award, config.freeSpinCap);
      r.outcome.freeSpinsAwarded = awarded;
      return {
        outcome: r.outcome,
        win: r.outcome.win,
        pendingSteps: awarded,
        state: { freeSpinsLeft: awarded, freeSpinsAwarded: awarded, freeSpinsPlayed: 0, roundWin: r.outcome.win },
      };
    },
    playPending(bet, state, rng): StepResult<SlotOutcome> & { state: SlotState } {
      if (state.freeSpinsLeft <= 0) throw new Error('SLOT_NO_PENDING_STEPS');
      const r = spin(bet.coin, rng, true);
      const added = Math.min(r.award, config.freeSpinCap - state.freeSpinsAwarded);
      const left = state.freeSpinsLeft - 1 + added;
      r.outcome.freeSpinsAwarded = added;
      return {
        outcome: r.outcome,
        win: r.outcome.win,
        pendingSteps: left,
        state: {
          freeSpinsLeft: left,
          freeSpinsAwarded: state.freeSpinsAwarded + added,
          freeSpinsPlayed: state.freeSpinsPlayed + 1,
          roundWin: state.roundWin + r.outcome.win,
        },
      };
    },
  };
}

const engines = new Map<string, SlotEngine>();

/** The engine of a catalogue slot title (cached, like its configuration). */
export function slotEngineFor(gameCode: string, artSeed = 0): SlotEngine {
  const key = `${gameCode}\u0000${artSeed}`;
  let engine = engines.get(key);
  if (!engine) {
    engine = createSlotEngine(slotConfigFor(gameCode, artSeed));
    if (engines.size >= 20_000) engines.clear();
    engines.set(key, engine);
  }
  return engine;
}
