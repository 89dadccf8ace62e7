import { type ErrorCode, errorCatalogue } from '@gamehall/shared/errors';

/** An error with a stable code; the error handler turns it into the failure envelope. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly value: Record<string, unknown> | undefined;

  constructor(
    code: ErrorCode,
    options: {
      message?: string;
      status?: number;
      value?: Record<string, unknown>;
      /** What went wrong inside (an outside service's failure): logged, never sent. */
      cause?: unknown;
    } = {},
  ) {
    super(options.message ?? errorCatalogue[code].message, options.cause === undefined ? {} : { cause: options.cause });
    this.code = code;
    this.status = options.status ?? errorCatalogue[code].status;
    this.value = options.value;
  }
}

export function fail(code: ErrorCode, value?: Record<string, unknown>, message?: string): never {
  throw new AppError(code, { value, message });
}

/** A VALIDATION_FAILED error naming each bad field and why (api-conventions: `value.fields`). */
export function fieldErrors(fields: Record<string, string>): AppError {
  return new AppError('VALIDATION_FAILED', { value: { fields } });
}
