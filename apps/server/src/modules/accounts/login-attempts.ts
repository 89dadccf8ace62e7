import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { AppError } from '../../http/errors';
import type { Brand } from '../site/brand.service';
import { type Limit, markFailed, release, reserveUnder, type Slot, spend } from '../throttle/throttle.service';
import { checkCaptcha } from './captcha.service';

/**
 * The two counters of a login's password check (members and operators alike): `lock` refuses and
 * locks when its limit is reached (the account for members, the address for operators), `count`
 * only counts; either one reaching the brand's captchaAfterFailures makes the captcha due.
 */
export type LoginAttemptKeys = { lock: { key: string; limit: Limit }; count: { key: string; limit: Limit } };

export type LoginAttempt = { keys: LoginAttemptKeys; slots: [Slot, Slot] };

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
  request: FastifyRequest,
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
      await checkCaptcha(ctx, ctx.db, request, captcha);
    } catch (error) {
      await releaseLoginAttempt(ctx, attempt);
      throw error;
    }
  }
  return attempt;
}

/** The password was right: the attempt counts against nothing. */
export async function releaseLoginAttempt(ctx: AppContext, attempt: LoginAttempt): Promise<void> {
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
  // The counting key never locks, but its slot is a failure now too.
  const counted = await markFailed(ctx.db, count);
  return {
    captcha: Math.max(spent.failures, counted) >= brand.captchaAfterFailures,
    lockedForSeconds: spent.lockedForSeconds,
  };
}
