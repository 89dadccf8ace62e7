import { sha256 } from '@noble/hashes/sha2.js';

// The ALTCHA v2 proof of work (api-conventions "Challenge"), solved the way altcha-lib's
// solveChallenge does: key = SHA-256^cost(salt || nonce || counter as uint32 BE), find the first
// counter whose key starts with keyPrefix; send base64(JSON { challenge, solution }).
//
// Hashed synchronously in script rather than with crypto.subtle.digest: an awaited digest per
// counter costs the browser about three times the CPU and four times the wall time of this loop
// (bench/challenge.ts: 0.20-0.29 CPU s against 0.08-0.09 for an average challenge in Chromium on
// the CI machine), paid at every sign-in, and on a phone's battery. The loop hands the page back
// every few milliseconds, so it is never a long task.
export type Challenge = {
  parameters: { algorithm: string; nonce: string; salt: string; cost: number; keyLength: number; keyPrefix: string };
  signature?: string;
};

/** How long the loop hashes before it lets the page handle input and paint again. */
const SLICE_MS = 8;
/** Counters tried between two looks at the clock. */
const CLOCK_EVERY = 128;

function hexToBytes(hex: string): Uint8Array {
  const out = new Uint8Array(hex.length >> 1);
  for (let i = 0; i < out.length; i++) out[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return out;
}

function bytesToHex(bytes: Uint8Array): string {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * Whether `key` starts with the prefix given as its whole bytes and, for a prefix of odd length,
 * the high nibble of the byte after them (-1 when there is none).
 */
function startsWith(key: Uint8Array, bytes: Uint8Array, nibble: number): boolean {
  for (let i = 0; i < bytes.length; i++) if (key[i] !== bytes[i]) return false;
  return nibble < 0 || (key[bytes.length] ?? 0) >> 4 === nibble;
}

/**
 * The next task, without the clamping a timer gets in a background tab (a solve started as the
 * visitor switches tabs would otherwise wait a second per slice).
 */
function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

export async function solveChallenge(challenge: Challenge): Promise<string> {
  const { algorithm, nonce, salt, cost, keyLength = 32, keyPrefix } = challenge.parameters;
  if (algorithm !== 'SHA-256') throw new Error(`challenge algorithm ${algorithm} is not supported`);
  const saltBytes = hexToBytes(salt);
  const nonceBytes = hexToBytes(nonce);
  const input = new Uint8Array(saltBytes.length + nonceBytes.length + 4);
  input.set(saltBytes, 0);
  input.set(nonceBytes, saltBytes.length);
  const view = new DataView(input.buffer);
  const counterAt = saltBytes.length + nonceBytes.length;
  const prefix = keyPrefix.toLowerCase();
  const prefixBytes = hexToBytes(prefix);
  const nibble = prefix.length % 2 === 1 ? Number.parseInt(prefix.at(-1) ?? '0', 16) : -1;
  const rounds = Math.max(1, cost);
  const started = performance.now();
  let sliceStarted = started;
  for (let counter = 0; counter <= 0xffffffff; counter++) {
    if (counter % CLOCK_EVERY === 0 && performance.now() - sliceStarted > SLICE_MS) {
      await nextTask();
      sliceStarted = performance.now();
    }
    view.setUint32(counterAt, counter, false);
    let key = sha256(input);
    for (let i = 1; i < rounds; i++) key = sha256(key);
    if (startsWith(key, prefixBytes, nibble)) {
      const solution = {
        counter,
        derivedKey: bytesToHex(key.subarray(0, keyLength)),
        time: Math.round(performance.now() - started),
      };
      return btoa(JSON.stringify({ challenge, solution }));
    }
  }
  throw new Error('challenge not solved');
}
