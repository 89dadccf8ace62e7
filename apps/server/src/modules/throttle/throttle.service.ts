import type { ErrorCode } from '@gamehall/shared/errors';
import type { Conn } from '../../db/database';
import { AppError } from '../../http/errors';
import { clearCounter, hitCounter, lockCounter, readCounter } from './throttle.queries';

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

/** Current count in the window (0 when none), e.g. failed logins deciding whether a captcha is due. */
export async function count(db: Conn, key: string, windowSeconds: number, now: Date): Promise<number> {
  const row = await readCounter(db, key);
  if (!row) return 0;
  if (new Date(row.window_started_at).getTime() <= now.getTime() - windowSeconds * 1000) return 0;
  return row.count;
}

export async function reset(db: Conn, key: string): Promise<void> {
  await clearCounter(db, key);
}
