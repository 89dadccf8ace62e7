import type { AppContext } from '../../context';
import { eventCounter } from '../../event-metrics';
import { AppError } from '../../http/errors';
import type { RequestMeta } from '../../http/request-meta';
import type { Brand } from '../brand/brand.service';
import { type Limit, release, reserveUnder, type Slot, spend } from '../throttle/throttle.service';
import { checkCaptcha } from './captcha.service';

/**
 * The two counters of a login's password check (members and operators alike). Each is spent against
 * its own limit on a failure, so each refuses and locks when its limit is reached: `lock` is the
 * account for members and the address for operators; `count` is the address for members, which
 * only counts (an UNLIMITED max never locks), and the username for operators, which locks too (issue
 * 25: guesses spread over many addresses still lock the operator). Either one reaching the brand's
 * captchaAfterFailures makes the captcha due.
 */
export type LoginAttemptKeys = {
  /** Who signs in, for the metrics only (a bounded label, never the name). */
  audience: 'member' | 'agent' | 'operator';
  lock: { key: string; limit: Limit };
  count: { key: string; limit: Limit };
};

// Password checks by their outcome, for the operations team: a wave of failures or lockouts is a
// credential-stuffing attack (ops/prometheus/alerts.yml).
const attempts = eventCounter({
  name: 'gamehall_login_attempts_total',
  help:
    'Sign-in password checks, by audience (member, agent, operator) and result: ok (the password was right), ' +
    'failed, locked (the failure that locked the account or address)',
  labelNames: ['audience', 'result'],
});

export type LoginAttempt = { keys: LoginAttemptKeys; slots: [Slot, Slot] };

/**
 * Failed passwords of one operator username, from any address: the 10th in 15 minutes locks the
 * username for 15 minutes, beside the per-address lock of the operator login.
 */
export const OPERATOR_USERNAME_FAILURES = { max: 10, windowSeconds: 900, lockSeconds: 900 } as const;

export function operatorUsernameKey(username: string): string {
  return `admin-login:username:${username.toLowerCase()}`;
}

/**
 * A password tried for an operator through a door that never admits one (the member login) is a
 * failure against the operator's username lock all the same. A username already locked has nothing
 * more to count, and the caller's answer must not change with it, so that refusal is swallowed.
 */
export async function countOperatorFailure(ctx: AppContext, username: string): Promise<void> {
  const key = operatorUsernameKey(username);
  const limit = OPERATOR_USERNAME_FAILURES;
  let slot: Slot | undefined;
  try {
    slot = await reserveUnder(ctx.db, key, limit, limit.max, ctx.now());
  } catch (error) {
    if (error instanceof AppError) return;
    throw error;
  }
  if (slot) await spend(ctx.db, slot, limit, ctx.now());
}

function captchaRequired() {
  return new AppError('CAPTCHA_REQUIRED', { value: { captcha: true } });
}

/**
 * Reserves the attempt on both counters before the password is looked at, so parallel requests
 * never check more passwords than the lock allows, and settles the captcha: without an answer only
 * the slots before captchaAfterFailures can be taken (the next parallel attempt waits while some of
 * them are still being checked, and is refused with CAPTCHA_REQUIRED, not checked, once they are
 * failures); with one, it is checked when any counter says it is due. A refusal here gives back
 * what was reserved: no password was checked.
 */
export async function beginLoginAttempt(
  ctx: AppContext,
  meta: RequestMeta,
  brand: Brand,
  keys: LoginAttemptKeys,
  captcha: string | undefined,
): Promise<LoginAttempt> {
  const now = ctx.now();
  const answered = Boolean(captcha?.trim());
  const cap = answered ? Number.POSITIVE_INFINITY : brand.captchaAfterFailures;
  if (cap < 1) throw captchaRequired();
  const lock = await reserveUnder(ctx.db, keys.lock.key, keys.lock.limit, cap, now);
  if (!lock) throw captchaRequired();
  const count = await reserveUnder(ctx.db, keys.count.key, keys.count.limit, cap, now);
  if (!count) {
    await release(ctx.db, lock);
    throw captchaRequired();
  }
  const attempt: LoginAttempt = { keys, slots: [lock, count] };
  // Slot n has n - 1 attempts before it in the window.
  if (answered && Math.max(lock.number, count.number) > brand.captchaAfterFailures) {
    try {
      await checkCaptcha(ctx, ctx.db, meta, captcha);
    } catch (error) {
      await giveBack(ctx, attempt);
      throw error;
    }
  }
  return attempt;
}

/** The password was right: the attempt counts against nothing. */
export async function releaseLoginAttempt(ctx: AppContext, attempt: LoginAttempt): Promise<void> {
  await giveBack(ctx, attempt);
  attempts.inc({ audience: attempt.keys.audience, result: 'ok' });
}

/** No password was checked (the captcha was wrong): the attempt is not one. */
async function giveBack(ctx: AppContext, attempt: LoginAttempt): Promise<void> {
  for (const slot of attempt.slots) await release(ctx.db, slot);
}

/**
 * The password was wrong: the slots stay taken, as failures. Answers whether the next attempt needs
 * the captcha (either counter has reached captchaAfterFailures failures, what beginLoginAttempt
 * stops at), and the seconds of the lock when this failure used the lock's last slot.
 */
export async function failLoginAttempt(
  ctx: AppContext,
  brand: Brand,
  attempt: LoginAttempt,
): Promise<{ captcha: boolean; lockedForSeconds: number | undefined }> {
  const [lock, count] = attempt.slots;
  const spent = await spend(ctx.db, lock, attempt.keys.lock.limit, ctx.now());
  const counted = await spend(ctx.db, count, attempt.keys.count.limit, ctx.now());
  const lockedForSeconds = spent.lockedForSeconds ?? counted.lockedForSeconds;
  attempts.inc({ audience: attempt.keys.audience, result: lockedForSeconds === undefined ? 'failed' : 'locked' });
  return { captcha: Math.max(spent.failures, counted.failures) >= brand.captchaAfterFailures, lockedForSeconds };
}
