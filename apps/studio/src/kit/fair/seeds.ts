// Server seeds: a fresh random seed per player pair, its SHA-256 shown before any play, and rotation
// that reveals the old seed (so past rounds become verifiable) and commits to the next one.
import { createHash, randomBytes } from 'node:crypto';

export interface SeedCommitment {
  /** Secret until rotated: 64 hex characters. */
  serverSeed: string;
  /** SHA-256 of the server seed (hex), shown to the player before play. */
  serverSeedHash: string;
}

export function sha256Hex(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

export function hashServerSeed(serverSeed: string): string {
  return sha256Hex(serverSeed);
}

/** A new secret server seed (32 random bytes, hex) with its public hash. */
export function newServerSeed(): SeedCommitment {
  const serverSeed = randomBytes(32).toString('hex');
  return { serverSeed, serverSeedHash: hashServerSeed(serverSeed) };
}

/** A default client seed for a player who did not choose one (they may change it at any time). */
export function newClientSeed(): string {
  return randomBytes(8).toString('hex');
}

export interface SeedRotation {
  /** The seed that was in use: now public, every round played with it can be verified. */
  revealed: SeedCommitment;
  /** The new committed seed (its hash goes to the player; nonces restart at 0). */
  next: SeedCommitment;
}

export function rotateServerSeed(current: SeedCommitment): SeedRotation {
  if (hashServerSeed(current.serverSeed) !== current.serverSeedHash) throw new Error('FAIR_SEED_HASH_MISMATCH');
  return { revealed: current, next: newServerSeed() };
}

/** True when a revealed seed matches the hash the player was shown. */
export function checkServerSeed(serverSeed: string, serverSeedHash: string): boolean {
  return hashServerSeed(serverSeed) === serverSeedHash.toLowerCase();
}
