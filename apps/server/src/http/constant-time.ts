import { timingSafeEqual } from 'node:crypto';

// Comparing what a caller sent with a secret, or with the signature a secret makes, in constant
// time: how long the comparison takes says nothing about how much of it was right.

/** Two secrets (tokens, keys) compared in constant time; secrets of different lengths are unequal. */
export function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * A hex HMAC-SHA256 signature (64 hex digits, either case) against the expected one, in constant
 * time; a missing or malformed signature is simply wrong.
 */
export function hexSignatureMatches(given: string | null | undefined, expectedHex: string): boolean {
  if (typeof given !== 'string' || !/^[0-9a-fA-F]{64}$/.test(given)) return false;
  const a = Buffer.from(given, 'hex');
  const b = Buffer.from(expectedHex, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}
