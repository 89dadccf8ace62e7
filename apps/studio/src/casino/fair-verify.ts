// The verifier: recomputes a whole round (the paid step and every owed step, e.g. free spins) from
// its revealed server seed, client seed, nonce, game and bet. The studio plays step k of a round with
// createFairRng(serverSeed, clientSeed, nonce, k), so the verifier reproduces exactly what was shown.

import { createFairRng } from '../kit/fair/fair-rng';
import { checkServerSeed, hashServerSeed } from '../kit/fair/seeds';
import { crashPoint, verifyChainLink } from './engines/crash/crash-engine';
import { generateDraw, type LotteryDraw, type LotteryRegion } from './engines/lottery/lottery-engine';
import { type GameRef, instantEngineFor } from './engines/registry';

/** More steps than any round can owe (the largest free spin cap is 150). */
const MAX_STEPS = 1_000;

export interface VerifyRoundInput {
  serverSeed: string;
  clientSeed: string;
  nonce: number;
  game: GameRef;
  /** The bet as the client sent it (parsed again by the engine). */
  bet: unknown;
  /** The hash the player was shown before play, if known: checked against the seed. */
  serverSeedHash?: string;
}

export interface VerifiedStep {
  step: number;
  outcome: unknown;
  win: number;
  pendingSteps: number;
  /** Floats the step drew, from cursor step * STEP_CURSOR_STRIDE on (8 a block). */
  draws: number;
}

export interface VerifiedRound {
  serverSeedHash: string;
  /** True/false when a shown hash was given, null otherwise. */
  hashMatches: boolean | null;
  stake: number;
  steps: VerifiedStep[];
  totalWin: number;
}

export function verifyRound(input: VerifyRoundInput): VerifiedRound {
  const engine = instantEngineFor(input.game);
  const bet = engine.parseBet(input.bet);
  const rngOf = (step: number) => createFairRng(input.serverSeed, input.clientSeed, input.nonce, step);
  const rng0 = rngOf(0);
  const first = engine.play(bet, rng0);
  const steps: VerifiedStep[] = [
    { step: 0, outcome: first.outcome, win: first.win, pendingSteps: first.pendingSteps, draws: rng0.drawn },
  ];
  let state = first.state;
  let pending = first.pendingSteps;
  let totalWin = first.win;
  while (pending > 0 && engine.playPending && steps.length < MAX_STEPS) {
    const step = steps.length;
    const rng = rngOf(step);
    const r = engine.playPending(bet, state, rng);
    steps.push({ step, outcome: r.outcome, win: r.win, pendingSteps: r.pendingSteps, draws: rng.drawn });
    state = r.state;
    pending = r.pendingSteps;
    totalWin += r.win;
  }
  return {
    serverSeedHash: hashServerSeed(input.serverSeed),
    hashMatches: input.serverSeedHash === undefined ? null : checkServerSeed(input.serverSeed, input.serverSeedHash),
    stake: engine.stake(bet),
    steps,
    totalWin,
  };
}

export interface VerifiedCrashRound {
  /** Crash point in hundredths. */
  crashPoint: number;
  /** SHA-256(roundHash) equals the previous round's hash (or the terminating hash for the first round). */
  chainValid: boolean;
}

export function verifyCrashRound(roundHash: string, previousHash: string, salt?: string): VerifiedCrashRound {
  return { crashPoint: crashPoint(roundHash, salt), chainValid: verifyChainLink(roundHash, previousHash) };
}

export function verifyLotteryDraw(
  region: LotteryRegion,
  drawId: string,
  serverSeed: string,
  serverSeedHash?: string,
): LotteryDraw & { hashMatches: boolean | null } {
  return {
    ...generateDraw(region, drawId, serverSeed),
    hashMatches: serverSeedHash === undefined ? null : checkServerSeed(serverSeed, serverSeedHash),
  };
}
