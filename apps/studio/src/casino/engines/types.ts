// The contract between the house studio's game engines (pure functions, no I/O) and the studio
// service that runs rounds against the platform's vendor wallet API. Amounts are integer minor
// units; an engine never sees the wallet, a clock or Math.random.

import type { Rng } from '../../kit/fair/rng';
import type { EngineKind } from '../../kit/game-map';

export interface EngineInfo {
  kind: EngineKind;
  /** Declared return to player as a fraction (0.96 = 96%); proved by simulation in the tests. */
  declaredRtp: number;
  /**
   * Games whose bet types return different amounts (tables, lotteries) declare each one here;
   * declaredRtp is then their main bet's.
   */
  betRtps?: Readonly<Record<string, number>>;
}

/** The outcome of one settled step: what the player sees and what the wallet pays. */
export interface StepResult<Outcome> {
  outcome: Outcome;
  /** Total paid for this step, minor units (0 for a loss). */
  win: number;
  /** Steps still owed to the player inside the same round (free spins); 0 when the round is over. */
  pendingSteps: number;
  /**
   * The part of the stake handed back as a push (a baccarat tie's player and banker bets): it was
   * never at risk, so it counts as no turnover (the wallet's `validBet`). Absent when all was at risk.
   */
  unrisked?: number;
}

/**
 * A game whose round is settled by the player's own request (slots, tables, fish, duel,
 * virtual match and derby). Crash and lottery are timeline games with their own modules.
 */
export interface InstantEngine<Bet, Outcome, State = undefined> {
  info: EngineInfo;
  /** Parses and checks a bet from the client; throws an Error with a code-like message when invalid. */
  parseBet(input: unknown): Bet;
  /** Total stake of the bet, minor units (what the wallet debits at round start). */
  stake(bet: Bet): number;
  /** Plays the paid step. `state` carries what later steps of the round need (free spins). */
  play(bet: Bet, rng: Rng): StepResult<Outcome> & { state: State };
  /** Plays one owed step (a free spin) of a round in progress; never debits the wallet. */
  playPending?(bet: Bet, state: State, rng: Rng): StepResult<Outcome> & { state: State };
}
