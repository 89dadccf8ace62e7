import { createHmac, randomInt } from 'node:crypto';
import type { ChallengeValue } from '@gamehall/shared/api/verification';
import { createChallenge, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { z } from 'zod';
import type { AppContext } from '../../context';
import type { Conn } from '../../db/database';
import { AppError } from '../../http/errors';
import { getBrand } from '../brand/brand.service';
import { deleteExpiredChallenges, insertUsedChallenge } from './challenge.queries';

// api-conventions "Challenge": an ALTCHA v2 proof of work in deterministic mode. The server picks
// the counter, so the work is bounded: a browser tries at most CHALLENGE_MAX_COUNTER SHA-256
// hashes, well under a second, and the server checks an answer with one HMAC.
const CHALLENGE_TTL_MS = 5 * 60_000;
const CHALLENGE_MIN_COUNTER = 5_000;
const CHALLENGE_MAX_COUNTER = 50_000;
const MAX_PAYLOAD_CHARS = 8_000;

function secrets(ctx: AppContext) {
  const derive = (label: string) => createHmac('sha256', ctx.config.sessionSecret).update(label).digest('hex');
  return { hmacSignatureSecret: derive('altcha-signature'), hmacKeySignatureSecret: derive('altcha-key') };
}

export async function issueChallenge(ctx: AppContext): Promise<ChallengeValue> {
  const challenge = await createChallenge({
    algorithm: 'SHA-256',
    cost: 1,
    counter: randomInt(CHALLENGE_MIN_COUNTER, CHALLENGE_MAX_COUNTER + 1),
    deriveKey,
    expiresAt: new Date(ctx.now().getTime() + CHALLENGE_TTL_MS),
    ...secrets(ctx),
  });
  // The parameters travel as they are: the signature covers every one of them.
  return challenge as ChallengeValue;
}

const PayloadSchema = z.object({
  challenge: z.object({
    parameters: z.looseObject({
      algorithm: z.literal('SHA-256'),
      nonce: z.string().max(256),
      salt: z.string().max(256),
      cost: z.number().int().min(1).max(10),
      keyLength: z.number().int().min(1).max(64),
      keyPrefix: z.string().max(256),
      expiresAt: z.number(),
    }),
    signature: z.string().min(1).max(256),
  }),
  solution: z.object({ counter: z.number(), derivedKey: z.string().max(256) }),
});

/**
 * Checks the base64 ALTCHA payload a client sends as `challenge` (before login, registration and
 * SMS sends). No-op when the brand's challengeEnabled is off. Throws CHALLENGE_REQUIRED or
 * CHALLENGE_INVALID (malformed, tampered, expired, wrong or already used). Single use: the
 * signature is recorded in used_challenges. Pass the root handle rather than a transaction that
 * may roll back, so a challenge presented with a refused request is spent too.
 */
export async function verifyChallenge(ctx: AppContext, db: Conn, challenge: string | undefined): Promise<void> {
  const brand = await getBrand(db);
  if (!brand.challengeEnabled) return;
  const raw = (challenge ?? '').trim();
  if (!raw) throw new AppError('CHALLENGE_REQUIRED');
  if (raw.length > MAX_PAYLOAD_CHARS) throw new AppError('CHALLENGE_INVALID');
  const payload = decode(raw);
  if (!payload) throw new AppError('CHALLENGE_INVALID');
  const now = ctx.now();
  const expiresAt = new Date(payload.challenge.parameters.expiresAt * 1000);
  if (expiresAt <= now) throw new AppError('CHALLENGE_INVALID');
  let verified = false;
  try {
    const result = await verifySolution({
      challenge: payload.challenge,
      solution: payload.solution,
      deriveKey,
      ...secrets(ctx),
    });
    verified = result.verified;
  } catch {
    verified = false;
  }
  if (!verified) throw new AppError('CHALLENGE_INVALID');
  if (!(await insertUsedChallenge(db, payload.challenge.signature, expiresAt))) throw new AppError('CHALLENGE_INVALID');
  // Spent signatures are only needed until they expire; prune now and then rather than on a timer.
  if (randomInt(50) === 0) await deleteExpiredChallenges(db, now);
}

function decode(raw: string) {
  try {
    const json: unknown = JSON.parse(Buffer.from(raw, 'base64').toString('utf8'));
    const parsed = PayloadSchema.safeParse(json);
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
