// Crash: a pre-committed hash chain decides every round before the first bet. chain[0] is a secret
// seed, chain[i + 1] = SHA-256(chain[i]); the last hash (the terminating hash) is published, rounds
// use the chain backwards, so each round's hash is verified by hashing it into the previous round's
// hash, and the studio cannot choose an outcome after the commitment.
//
// Crash point from a round hash: X = first 52 bits of HMAC-SHA256(roundHash, salt) / 2^52, uniform
// in [0, 1); crash = max(1.00, floor(99 / (1 - X)) / 100). For every cash-out target m >= 1.01 (in
// hundredths), P(crash >= m) = 0.99 / m exactly, so any strategy returns 99% (1% house edge; about
// one round in 50 crashes at 1.00 and nobody wins it).
import { createHash, createHmac } from 'node:crypto';
import { amountField, InvalidBetError, isRecord } from '../bet-error';
import type { EngineInfo } from '../types';
import { CRASH_MAX_CASHOUT, CRASH_MIN_CASHOUT, cashoutInRange, multiplierAt } from './crash-curve';

export {
  CRASH_GROWTH,
  CRASH_MAX_CASHOUT,
  CRASH_MIN_CASHOUT,
  cashoutInRange,
  multiplierAt,
  timeToMultiplier,
} from './crash-curve';

export const CRASH_INFO: EngineInfo = { kind: 'crash', declaredRtp: 0.99 };
/** Public salt mixed into every crash point (published with the terminating hash). */
export const CRASH_DEFAULT_SALT = 'gamehall-crash-v1';

const sha256 = (hex: string) => createHash('sha256').update(hex).digest('hex');

export interface HashChain {
  /** Hashes in play order: rounds[0] is the first round's hash. */
  rounds: string[];
  /** Publish before the first round: SHA-256(rounds[0]). */
  terminatingHash: string;
}

/** Longest chain built in memory (about 100 MB of hashes); start a new chain with a new seed after it. */
export const CRASH_MAX_CHAIN = 1_000_000;

/**
 * Builds a chain of `length` rounds from a secret seed (64 hex chars recommended). Keep the seed secret
 * and publish `terminatingHash` before round 1; when the chain is used up, publish the seed (anyone can
 * then check every round) and start a new chain.
 */
export function createHashChain(seed: string, length: number): HashChain {
  if (!seed) throw new Error('CRASH_SEED_REQUIRED');
  if (!Number.isSafeInteger(length) || length < 1 || length > CRASH_MAX_CHAIN)
    throw new Error('CRASH_BAD_CHAIN_LENGTH');
  const chain: string[] = new Array(length + 1);
  chain[0] = seed;
  for (let i = 1; i <= length; i++) chain[i] = sha256(chain[i - 1]!);
  // chain[length] is published; round 1 uses chain[length - 1], and so on down to chain[0].
  const terminatingHash = chain[length]!;
  const rounds = chain.slice(0, length).reverse();
  return { rounds, terminatingHash };
}

/** True when `roundHash` is the hash that comes right after `previousHash` (the previous round's, or the terminating hash). */
export function verifyChainLink(roundHash: string, previousHash: string): boolean {
  return sha256(roundHash) === previousHash.toLowerCase();
}

/** The uniform X in [0, 1) of a round. */
export function crashUniform(roundHash: string, salt = CRASH_DEFAULT_SALT): number {
  const h = createHmac('sha256', roundHash).update(salt).digest();
  // 52 bits: 20 from the first word, 32 from the second.
  const hi = h.readUInt32BE(0) >>> 12;
  const lo = h.readUInt32BE(4);
  return (hi * 4294967296 + lo) / 2 ** 52;
}

/** Crash point in hundredths (100 = 1.00x) from a uniform X in [0, 1). */
export function crashPointFromUniform(x: number): number {
  return Math.max(100, Math.floor(99 / (1 - x)));
}

/** Crash point of a round, in hundredths (100 = 1.00x). */
export function crashPoint(roundHash: string, salt = CRASH_DEFAULT_SALT): number {
  return crashPointFromUniform(crashUniform(roundHash, salt));
}

export interface CrashBet {
  amount: number;
  /** Auto cash-out target in hundredths, or null to cash out by hand. */
  autoCashout: number | null;
}

export function parseCrashBet(input: unknown): CrashBet {
  if (!isRecord(input)) throw new InvalidBetError('bet must be an object');
  const amount = amountField(input, 'amount');
  const auto = input.autoCashout ?? null;
  if (auto !== null && (typeof auto !== 'number' || !cashoutInRange(auto))) {
    throw new InvalidBetError(
      `autoCashout must be an integer in hundredths between ${CRASH_MIN_CASHOUT} and ${CRASH_MAX_CASHOUT}`,
    );
  }
  return { amount, autoCashout: auto as number | null };
}

export interface CrashSettlement {
  /** The multiplier the player got out at (hundredths), or null when the round crashed first. */
  cashedOutAt: number | null;
  /** Paid to the player, minor units: floor(amount x multiplier), 0 when lost. */
  win: number;
}

/**
 * Settles a bet once the round's crash point is known. `manualCashout` is the multiplier (hundredths)
 * at which the player pressed cash out, if they did; the lower of it and the auto target applies.
 * A cash-out counts when its multiplier is below or at the crash point and at least 1.01x.
 */
export function settleCrashBet(bet: CrashBet, crash: number, manualCashout: number | null = null): CrashSettlement {
  const targets = [bet.autoCashout, manualCashout].filter((m): m is number => m !== null && m >= CRASH_MIN_CASHOUT);
  if (targets.length === 0) return { cashedOutAt: null, win: 0 };
  const at = Math.min(...targets);
  if (at > crash) return { cashedOutAt: null, win: 0 };
  return { cashedOutAt: at, win: Math.floor((bet.amount * at) / 100) };
}

/** A manual cash-out request at `elapsedMs`: the multiplier it gets, or null when the round has already crashed. */
export function cashoutAt(elapsedMs: number, crash: number): number | null {
  const m = multiplierAt(elapsedMs);
  return m <= crash && m >= CRASH_MIN_CASHOUT ? m : null;
}
