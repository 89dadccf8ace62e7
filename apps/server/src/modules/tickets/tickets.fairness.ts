import { createHash, createHmac, randomBytes } from 'node:crypto';

// Commit-reveal draws for tickets, the studio's scheme (apps/studio/src/kit/fair/fair-rng.ts):
// block(cursor) = HMAC-SHA256(key = serverSeed as text, message = `${clientSeed}:${nonce}:${cursor}`),
// read as eight big-endian 32-bit words. The member sees SHA-256(serverSeed) before any draw and
// the seed itself once it is rotated, so every draw can be recomputed. One difference: the roll in
// [0, total) is taken by rejection (a word at or above the largest multiple of total below 2^32 is
// skipped, the next word is read), so every roll is exactly equally likely, not nearly.

export function newServerSeed(): { serverSeed: string; seedHash: string } {
  const serverSeed = randomBytes(32).toString('hex');
  return { serverSeed, seedHash: seedHashOf(serverSeed) };
}

export function newClientSeed(): string {
  return randomBytes(8).toString('hex');
}

export function seedHashOf(serverSeed: string): string {
  return createHash('sha256').update(serverSeed).digest('hex');
}

const WORD = 4_294_967_296;

/** The roll of draw `nonce`: uniform in [0, total), total between 1 and 2^32. */
export function fairRoll(serverSeed: string, clientSeed: string, nonce: number, total: number): number {
  if (!Number.isSafeInteger(total) || total < 1 || total > WORD) throw new Error('TICKET_BAD_TOTAL');
  const limit = WORD - (WORD % total);
  for (let cursor = 0; ; cursor++) {
    const block = createHmac('sha256', serverSeed).update(`${clientSeed}:${nonce}:${cursor}`).digest();
    for (let i = 0; i < 8; i++) {
      const word = block.readUInt32BE(i * 4);
      if (word < limit) return word % total;
    }
  }
}

/** The prize a roll lands on: prize i covers the rolls [w0 + .. + w(i-1), w0 + .. + wi). */
export function prizeIndexOf(weights: readonly number[], roll: number): number {
  let edge = 0;
  for (let i = 0; i < weights.length; i++) {
    edge += weights[i] as number;
    if (roll < edge) return i;
  }
  throw new Error('TICKET_ROLL_OUT_OF_RANGE');
}

export function totalWeight(weights: readonly number[]): number {
  return weights.reduce((a, b) => a + b, 0);
}
