import { z } from 'zod';
import { engineRefOf, instantEngineFor } from './engine-registry';
import { StudioError } from './errors';
import { verifyRound as verifyFair } from './fair';
import type { StepView } from './rounds';

// The public verifier: recomputes a round with the engines' verify function (fair/verify.ts) from its
// seeds, nonce, game and bet, step by step as it was played (step k from step k of the fair stream).

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
  /** The hash shown before play, when known: checked against the seed. */
  serverSeedHash: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/)
    .optional(),
});
export type VerifyBody = z.infer<typeof VerifyBody>;

export type Verification = {
  serverSeedHash: string;
  hashMatches: boolean | null;
  steps: StepView[];
  win: number;
  stake: number;
  bet: unknown;
};

export function verifyRound(input: VerifyBody, now = new Date()): Verification {
  const ref = { vendor: input.vendor, gameCode: input.gameCode };
  const game = instantEngineFor(ref);
  const engineRef = engineRefOf(ref);
  if (!game || !engineRef) throw new StudioError('STUDIO_UNKNOWN_GAME');
  const bet = input.bet ?? game.defaultBet(now);
  let result: ReturnType<typeof verifyFair>;
  try {
    result = verifyFair({
      serverSeed: input.serverSeed,
      clientSeed: input.clientSeed,
      nonce: input.nonce,
      game: engineRef,
      bet,
      ...(input.serverSeedHash ? { serverSeedHash: input.serverSeedHash } : {}),
    });
  } catch (err) {
    const detail = (err as { detail?: unknown }).detail;
    if (detail !== undefined) throw new StudioError('STUDIO_BAD_BET', detail);
    throw err;
  }
  return {
    serverSeedHash: result.serverSeedHash,
    hashMatches: result.hashMatches,
    // The same shape the round history records.
    steps: result.steps.map((s) => ({ step: s.step, outcome: s.outcome, win: s.win })),
    win: result.totalWin,
    stake: result.stake,
    bet: game.engine.parseBet(bet),
  };
}
