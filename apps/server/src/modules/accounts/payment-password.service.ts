import type { AppContext } from '../../context';
import { AppError } from '../../http/errors';
import { release, reserve, spend } from '../throttle/throttle.service';
import { findPaymentPasswordHash } from './password.queries';
import { verifyPassword } from './passwords';

// Five wrong answers lock the payment password for 15 minutes.
const FAILURES = { max: 5, windowSeconds: 900, lockSeconds: 900 } as const;

/**
 * The payment password guards money leaving an account (withdrawals, transfers to the upline or a
 * downline). Each answer takes one of the five slots before it is looked at, so parallel requests
 * check at most five wrong answers, and while locked even the right answer is refused: guessing
 * through the lockout learns nothing. A right answer gives its slot back.
 */
export async function checkPaymentPassword(ctx: AppContext, memberId: number, password: string): Promise<void> {
  const row = await findPaymentPasswordHash(ctx.db, memberId);
  if (!row?.payment_password_hash) throw new AppError('PAYMENT_PASSWORD_NOT_SET');
  const slot = await reserve(ctx.db, `paypwd:${memberId}`, FAILURES, ctx.now());
  if (await verifyPassword(row.payment_password_hash, password)) {
    await release(ctx.db, slot);
    return;
  }
  await spend(ctx.db, slot, FAILURES, ctx.now());
  throw new AppError('PAYMENT_PASSWORD_INVALID');
}
