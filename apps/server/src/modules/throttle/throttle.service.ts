import type { ErrorCode } from '@gamehall/shared/errors';
import type { Conn } from '../../db/database';
import { AppError } from '../../http/errors';
import {
  clearCounter,
  hitCounter,
  lockCounter,
  readCounter,
  releaseSlot,
  spendSlot,
  takeSlot,
} from './throttle.queries';

/** The largest `max` a counter can hold (an integer column): for counters that only count. */
export const UNLIMITED = 2_147_483_647;

export type Limit = {
  /** At most this many hits per window. */
  max: number;
  windowSeconds: number;
  /** When the limit is passed, refuse for this long (e.g. the SMS 5-minute lockout); else until the window ends. */
  lockSeconds?: number;
  code?: ErrorCode;
};

function retryAfter(until: Date, now: Date) {
  return Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));
}

/** Refuses while a key is locked, without counting (for checks before the work is known to fail). */
export async function assertNotLocked(db: Conn, key: string, now: Date, code: ErrorCode = 'RATE_LIMITED') {
  const row = await readCounter(db, key);
  if (row?.locked_until && new Date(row.locked_until) > now) {
    throw new AppError(code, { value: { retryAfterSeconds: retryAfter(new Date(row.locked_until), now) } });
  }
}

/** Counts one hit on `key`; throws RATE_LIMITED (or `limit.code`) with retryAfterSeconds when over. */
export async function hit(db: Conn, key: string, limit: Limit, now: Date): Promise<number> {
  await assertNotLocked(db, key, now, limit.code);
  const row = await hitCounter(db, key, now, limit.windowSeconds);
  if (row.count > limit.max) {
    const until = limit.lockSeconds
      ? new Date(now.getTime() + limit.lockSeconds * 1000)
      : new Date(new Date(row.window_started_at).getTime() + limit.windowSeconds * 1000);
    if (limit.lockSeconds) await lockCounter(db, key, until);
    throw new AppError(limit.code ?? 'RATE_LIMITED', {
      value: { retryAfterSeconds: retryAfter(until, now) },
    });
  }
  return row.count;
}

/** When a locked key opens again; null while it is not locked. */
export async function lockedUntil(db: Conn, key: string, now: Date): Promise<Date | null> {
  const row = await readCounter(db, key);
  return row?.locked_until && new Date(row.locked_until) > now ? new Date(row.locked_until) : null;
}

export async function reset(db: Conn, key: string): Promise<void> {
  await clearCounter(db, key);
}

/** How long `reserve` waits for attempts in flight to give their slots back before refusing. */
const IN_FLIGHT_WAIT_MS = 30_000;

/** One attempt's place in a counter, taken by `reserve` before the work it guards runs. */
export type Slot = { key: string; number: number; windowStartedAt: Date };

function limited(limit: Limit, until: Date, now: Date) {
  return new AppError(limit.code ?? 'RATE_LIMITED', { value: { retryAfterSeconds: retryAfter(until, now) } });
}

/**
 * Reserves one attempt on `key` BEFORE the check it guards (a password, a code) runs, so that
 * requests in parallel can never check more than `limit.max` answers per window: counting after
 * the check lets every request that started before the first failure was counted through.
 * Throws RATE_LIMITED (or `limit.code`) with retryAfterSeconds while the key is locked or its
 * `limit.max` slots are taken. A failed attempt keeps its slot (`spend`); one that did not fail
 * gives it back (`release`).
 */
export async function reserve(db: Conn, key: string, limit: Limit, now: Date): Promise<Slot> {
  const slot = await reserveUnder(db, key, limit, limit.max, now);
  // reserveUnder answers undefined only below its cap, and here the cap is the limit.
  if (!slot) throw limited(limit, new Date(now.getTime() + 1000), now);
  return slot;
}

/**
 * `reserve` that also stops at `cap` (below `limit.max`, e.g. where a captcha becomes due): then it
 * answers undefined rather than throwing, and the caller decides what is missing. Only failures
 * make it stop there: while some of the `cap` slots are attempts still in flight, it waits for them
 * to settle (given back, it takes one; spent, it stops), so attempts at once from one address are
 * not asked for more than their failures call for, and parallel ones still get no more than `cap`
 * checked. It stops after IN_FLIGHT_WAIT_MS of waiting too.
 */
export async function reserveUnder(
  db: Conn,
  key: string,
  limit: Limit,
  cap: number,
  now: Date,
): Promise<Slot | undefined> {
  const giveUpAt = Date.now() + IN_FLIGHT_WAIT_MS;
  const stop = Math.min(cap, limit.max, UNLIMITED);
  for (let pause = 25; ; pause = Math.min(pause * 2, 200)) {
    const row = await takeSlot(db, key, now, limit.windowSeconds, stop);
    if (row) return { key, number: row.count, windowStartedAt: new Date(row.window_started_at) };
    // The guard has refused; reading the row only chooses the answer.
    const current = await readCounter(db, key);
    const lockedUntil = current?.locked_until ? new Date(current.locked_until) : undefined;
    if (lockedUntil && lockedUntil > now) throw limited(limit, lockedUntil, now);
    const taken = current?.count ?? 0;
    if (taken >= stop && taken < limit.max) {
      if ((current?.spent ?? 0) >= stop || Date.now() + pause > giveUpAt) return undefined;
      await new Promise((resolve) => setTimeout(resolve, pause));
      continue;
    }
    // Every slot is taken but nothing is locked: the holder of the last one is still checking (its
    // failure would lock). Wait for the attempts in flight to settle rather than refuse a request
    // that may well be right; a run of wrong answers locks, and the waiters are refused then. (A
    // slot given back since the guard ran is the same case: try again.)
    const inFlight = taken < stop || limit.lockSeconds !== undefined;
    if (!inFlight || Date.now() + pause > giveUpAt) {
      const windowStart = current ? new Date(current.window_started_at).getTime() : now.getTime();
      throw limited(limit, new Date(windowStart + limit.windowSeconds * 1000), now);
    }
    await new Promise((resolve) => setTimeout(resolve, pause));
  }
}

/**
 * The attempt failed: its slot stays taken. The attempt that held the last slot locks the key for
 * `limit.lockSeconds` (when set); then `lockedForSeconds` is the seconds until the lock ends.
 * `failures` is what markFailed answers.
 */
export async function spend(
  db: Conn,
  slot: Slot,
  limit: Limit,
  now: Date,
): Promise<{ failures: number; lockedForSeconds: number | undefined }> {
  const failures = await markFailed(db, slot);
  if (slot.number < limit.max) return { failures, lockedForSeconds: undefined };
  const until = limit.lockSeconds
    ? new Date(now.getTime() + limit.lockSeconds * 1000)
    : new Date(slot.windowStartedAt.getTime() + limit.windowSeconds * 1000);
  if (limit.lockSeconds) await lockCounter(db, slot.key, until);
  return { failures, lockedForSeconds: retryAfter(until, now) };
}

/**
 * The attempt failed: its slot stays taken and counts as a failure (what `reserveUnder` stops at).
 * Answers the counter's failures in its window, this one included.
 */
export async function markFailed(db: Conn, slot: Slot): Promise<number> {
  return spendSlot(db, slot.key, slot.windowStartedAt);
}

/** The attempt did not fail (right answer, or refused before its check ran): its slot is free again. */
export async function release(db: Conn, slot: Slot): Promise<void> {
  await releaseSlot(db, slot.key, slot.windowStartedAt);
}
