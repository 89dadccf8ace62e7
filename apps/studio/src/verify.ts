import { z } from 'zod';
import { engineRefOf, instantEngineFor } from './engine-registry';
import { StudioError } from './errors';
import { fairMessage, floatAt, outcomeBytes, STEP_CURSOR_STRIDE, verifyRound as verifyFair } from './fair';
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

/** One 32-byte block of the fair stream as the server computed it, for the page to compare. */
export type StreamBlock = { step: number; cursor: number; message: string; hmac: string; floats: number[] };

/** The exact form of the stream, stated with every verification (the page shows it). */
export const FAIR_STREAM_FORM = {
  block: 'HMAC-SHA256(key = server seed, message = "<client seed>:<nonce>:<cursor>"), both UTF-8 text',
  cursor: `0, 1, 2, ... one per 32-byte block; step k of a round starts at cursor k * ${STEP_CURSOR_STRIDE}`,
  float: 'each 4 bytes, big-endian, / 2^32',
} as const;

/** Blocks listed at most (a round with many free spins); the page recomputes those it is given. */
const MAX_BLOCKS = 1_024;

export type Verification = {
  serverSeedHash: string;
  hashMatches: boolean | null;
  steps: StepView[];
  win: number;
  stake: number;
  bet: unknown;
  form: typeof FAIR_STREAM_FORM;
  /** Every block the round's steps drew from, in order. */
  blocks: StreamBlock[];
};

function streamBlocks(input: VerifyBody, steps: { step: number; draws: number }[]): StreamBlock[] {
  const blocks: StreamBlock[] = [];
  for (const { step, draws } of steps) {
    // The first block of a step is computed before its first draw.
    const used = Math.max(1, Math.ceil(draws / 8));
    for (let b = 0; b < used && blocks.length < MAX_BLOCKS; b++) {
      const cursor = step * STEP_CURSOR_STRIDE + b;
      const bytes = outcomeBytes(input.serverSeed, input.clientSeed, input.nonce, cursor);
      blocks.push({
        step,
        cursor,
        message: fairMessage(input.clientSeed, input.nonce, cursor),
        hmac: bytes.toString('hex'),
        floats: Array.from({ length: 8 }, (_, i) => floatAt(bytes, i)),
      });
    }
  }
  return blocks;
}

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
    form: FAIR_STREAM_FORM,
    blocks: streamBlocks(input, result.steps),
  };
}
