// The provably fair stream of a round: block(cursor) = HMAC-SHA256(key = serverSeed, message =
// `${clientSeed}:${nonce}:${cursor}`), key and message as UTF-8 text (the server seed is its 64 hex
// characters as text, not the bytes they spell), cursor = 0, 1, 2, ... for as many 32-byte blocks as
// the round needs (cursor 0 included: the message always ends with the cursor); every 4 bytes
// (big-endian) / 2^32 make one float in [0, 1). The player knows SHA-256(serverSeed) before playing
// and the seed itself after rotation, so any round can be recomputed by anyone (see verify.ts; the
// verifier page recomputes the blocks and floats in the browser, client/fair-stream.ts).
import { createHmac } from 'node:crypto';
import type { Rng } from './rng';

/**
 * A multi-step round (free spins) draws step k's floats from cursor k * STEP_CURSOR_STRIDE onwards,
 * so a step played later (the player comes back tomorrow) gets the same floats as if played at once.
 * 65,536 blocks of 8 floats per step is far more than any step draws.
 */
export const STEP_CURSOR_STRIDE = 65_536;

/** The exact HMAC message of one block (client/fair-stream.ts builds the same text in the browser). */
export function fairMessage(clientSeed: string, nonce: number, cursor: number): string {
  return `${clientSeed}:${nonce}:${cursor}`;
}

/** The 32 outcome bytes of one cursor. */
export function outcomeBytes(serverSeed: string, clientSeed: string, nonce: number, cursor: number): Buffer {
  return createHmac('sha256', serverSeed)
    .update(fairMessage(clientSeed, nonce, cursor))
    .digest();
}

/** The i-th float (4 bytes big-endian / 2^32) of a 32-byte block, i in 0..7. */
export function floatAt(block: Buffer, i: number): number {
  return block.readUInt32BE(i * 4) / 4294967296;
}

export interface FairRng extends Rng {
  /** Floats drawn so far (what a verifier page can list). */
  readonly drawn: number;
}

/** The fair Rng of one step of one round. */
export function createFairRng(serverSeed: string, clientSeed: string, nonce: number, step = 0): FairRng {
  if (!serverSeed) throw new Error('FAIR_SERVER_SEED_REQUIRED');
  if (!Number.isSafeInteger(nonce) || nonce < 0) throw new Error('FAIR_BAD_NONCE');
  if (!Number.isSafeInteger(step) || step < 0) throw new Error('FAIR_BAD_STEP');
  let cursor = step * STEP_CURSOR_STRIDE;
  let block = outcomeBytes(serverSeed, clientSeed, nonce, cursor);
  let index = 0;
  let drawn = 0;
  const next = (): number => {
    if (index === 8) {
      cursor++;
      block = outcomeBytes(serverSeed, clientSeed, nonce, cursor);
      index = 0;
    }
    drawn++;
    return floatAt(block, index++);
  };
  return {
    next,
    // floor(float * n): the bias is at most n / 2^32, which is what published provably fair games use
    // and what a verifier reproduces with one multiplication.
    int: (n: number) => Math.floor(next() * n),
    get drawn() {
      return drawn;
    },
  };
}
