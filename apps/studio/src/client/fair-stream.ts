// The fair stream recomputed where the player runs it, with WebCrypto (crypto.subtle), so checking
// a round does not mean trusting the server being checked: the verifier page computes each block's
// HMAC and floats here from the seeds the player typed and sets them beside the server's replay.
// The same form as kit/fair/fair-rng.ts (fair-stream.test.ts compares the two):
//   block(cursor) = HMAC-SHA256(key = server seed, message = `${clientSeed}:${nonce}:${cursor}`),
//   key and message UTF-8 text; each 4 bytes big-endian / 2^32 is one float in [0, 1).

import type { StreamBlock } from '../api-types';

/** What the server says it drew, per block (the /api/verify answer). */
export type ServerBlock = StreamBlock;

export type BlockCheck = {
  step: number;
  cursor: number;
  /** The message built here from the typed client seed, nonce and the cursor. */
  message: string;
  /** HMAC and floats computed in this browser. */
  hmac: string;
  floats: number[];
  /** The server's block equals this one: same message, same HMAC, same floats. */
  matches: boolean;
};

const encoder = new TextEncoder();

function hex(bytes: Uint8Array): string {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The exact HMAC message of one block. */
export function fairMessage(clientSeed: string, nonce: number, cursor: number): string {
  return `${clientSeed}:${nonce}:${cursor}`;
}

/** The 8 floats of a 32-byte block. */
export function floatsOf(block: Uint8Array): number[] {
  const view = new DataView(block.buffer, block.byteOffset, block.byteLength);
  return Array.from({ length: 8 }, (_, i) => view.getUint32(i * 4, false) / 4294967296);
}

/** SHA-256 of a text, hex: the hash of a server seed as committed before play. */
export async function sha256Hex(text: string): Promise<string> {
  return hex(new Uint8Array(await crypto.subtle.digest('SHA-256', encoder.encode(text))));
}

/** A keyed HMAC-SHA256 over texts (one key import for all of a round's blocks). */
export async function hmacWith(serverSeed: string): Promise<(message: string) => Promise<Uint8Array>> {
  const key = await crypto.subtle.importKey(
    'raw',
    encoder.encode(serverSeed),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  return async (message) => new Uint8Array(await crypto.subtle.sign('HMAC', key, encoder.encode(message)));
}

/**
 * Recomputes each block the server lists from the seeds and nonce the player gave (the server's
 * message text is not used, only its cursor), and says whether the server's block is the same.
 */
export async function checkBlocks(
  input: { serverSeed: string; clientSeed: string; nonce: number },
  blocks: ServerBlock[],
): Promise<BlockCheck[]> {
  const sign = await hmacWith(input.serverSeed);
  return Promise.all(
    blocks.map(async (b) => {
      const message = fairMessage(input.clientSeed, input.nonce, b.cursor);
      const bytes = await sign(message);
      const floats = floatsOf(bytes);
      const hmac = hex(bytes);
      const matches =
        b.message === message &&
        b.hmac === hmac &&
        b.floats.length === floats.length &&
        b.floats.every((f, i) => f === floats[i]);
      return { step: b.step, cursor: b.cursor, message, hmac, floats, matches };
    }),
  );
}

/**
 * A crash round from its hash, as casino/engines/crash/crash-engine.ts computes it: X = the first 52 bits
 * of HMAC-SHA256(key = round hash as its hex text, message = salt) / 2^52, crash point (hundredths)
 * = max(100, floor(99 / (1 - X))); the link holds when SHA-256(round hash text) = previous hash.
 */
export async function crashRound(
  roundHash: string,
  salt: string,
  previousHash: string | null,
): Promise<{ x: number; crashPoint: number; linkMatches: boolean | null }> {
  const block = await (await hmacWith(roundHash))(salt);
  const view = new DataView(block.buffer, block.byteOffset, block.byteLength);
  const x = ((view.getUint32(0, false) >>> 12) * 4294967296 + view.getUint32(4, false)) / 2 ** 52;
  const crashPoint = Math.max(100, Math.floor(99 / (1 - x)));
  const linkMatches = previousHash ? (await sha256Hex(roundHash)) === previousHash.toLowerCase() : null;
  return { x, crashPoint, linkMatches };
}
