import type { AppContext } from '../../context';
import { AppError } from '../../http/errors';
import { assertNotLocked, hit } from '../throttle/throttle.service';
import { findPaymentPasswordHash } from './password.queries';
import { verifyPassword } from './passwords';

// Five wrong answers lock the payment password for 15 minutes.
const FAILURES = { max: 5, windowSeconds: 900, lockSeconds: 900 } as const;

/**
 * The payment password guards money leaving an account (withdrawals, transfers to the upline or a
 * downline). The lock is checked before the answer: while locked even the right answer is refused,
 * so guessing through the lockout learns nothing.
 */
export async function checkPaymentPassword(ctx: AppContext, memberId: number, password: string): Promise<void> {
  const key = `paypwd:${memberId}`;
  await assertNotLocked(ctx.db, key, ctx.now());
  const row = await findPaymentPasswordHash(ctx.db, memberId);
  if (!row?.payment_password_hash) throw new AppError('PAYMENT_PASSWORD_NOT_SET');
  if (!(await verifyPassword(row.payment_password_hash, password))) {
    await hit(ctx.db, key, FAILURES, ctx.now());
    throw new AppError('PAYMENT_PASSWORD_INVALID');
  }
}
