import { z } from 'zod';
import { instantEngineFor } from './engine-registry';
import { StudioError } from './errors';
import { createFairRng } from './fair/fair-rng';
import { hashServerSeed } from './fair/seeds';
import type { StepView } from './rounds';

// The verifier: recomputes a round from its seeds, nonce, game and bet, step by step as the round was
// played (step k draws from step k of the fair stream), so anyone can check a revealed round.

export const MAX_VERIFY_STEPS = 500;

export const VerifyBody = z.object({
  serverSeed: z
    .string()
    .trim()
    .regex(/^[0-9a-fA-F]{16,128}$/, 'hex'),
  clientSeed: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_.:-]{1,64}$/),
  nonce: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  gameCode: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_.:-]{1,64}$/),
  vendor: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_]{1,32}$/)
    .default('AG'),
  bet: z.unknown().optional(),
});
export type VerifyBody = z.infer<typeof VerifyBody>;

export type Verification = { serverSeedHash: string; steps: StepView[]; win: number; stake: number; bet: unknown };

export function verifyRound(input: VerifyBody): Verification {
  const found = instantEngineFor({ vendor: input.vendor, gameCode: input.gameCode });
  if (!found) throw new StudioError('STUDIO_UNKNOWN_GAME');
  const { engine } = found;
  let bet: unknown;
  try {
    bet = engine.parseBet(input.bet ?? found.defaultBet);
  } catch (err) {
    const detail = (err as { detail?: unknown }).detail;
    throw new StudioError('STUDIO_BAD_BET', detail);
  }
  const seed = input.serverSeed;
  const first = engine.play(bet, createFairRng(seed, input.clientSeed, input.nonce, 0));
  const steps: StepView[] = [{ step: 0, outcome: first.outcome, win: first.win }];
  let state = first.state;
  let pending = first.pendingSteps;
  let win = first.win;
  while (pending > 0 && engine.playPending && steps.length < MAX_VERIFY_STEPS) {
    const next = engine.playPending(bet, state, createFairRng(seed, input.clientSeed, input.nonce, steps.length));
    steps.push({ step: steps.length, outcome: next.outcome, win: next.win });
    state = next.state;
    pending = next.pendingSteps;
    win += next.win;
  }
  return { serverSeedHash: hashServerSeed(seed), steps, win, stake: engine.stake(bet), bet };
}
