import type { ErrorCode } from '@gamehall/shared/errors';
import { AppError } from '../../http/errors';

// The cashier's refusals, each with its own stable code from packages/shared errors.ts.
export type CashierErrorCode = Extract<ErrorCode, `CASHIER_${string}` | `PAYMENT_PASSWORD_${string}`>;

export function cashierError(code: CashierErrorCode, value?: Record<string, unknown>): AppError {
  return new AppError(code, value ? { value } : {});
}

export function cashierFail(code: CashierErrorCode, value?: Record<string, unknown>): never {
  throw cashierError(code, value);
}
