// The one error an engine throws for a bad bet. Its message is the code (what the studio service maps
// to its error envelope); `detail` says which field was wrong, in English, for logs and the player.
export class InvalidBetError extends Error {
  readonly code = 'INVALID_BET';
  constructor(readonly detail: string) {
    super('INVALID_BET');
    this.name = 'InvalidBetError';
  }
}

export function isRecord(input: unknown): input is Record<string, unknown> {
  return typeof input === 'object' && input !== null && !Array.isArray(input);
}

/** A positive integer amount of minor units no larger than `max`. */
export function amountField(input: Record<string, unknown>, field: string, max = 100_000_000): number {
  const value = input[field];
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 1 || value > max) {
    throw new InvalidBetError(`${field} must be an integer number of minor units between 1 and ${max}`);
  }
  return value;
}

export function oneOf<T extends string>(input: Record<string, unknown>, field: string, values: readonly T[]): T {
  const value = input[field];
  if (typeof value !== 'string' || !(values as readonly string[]).includes(value)) {
    throw new InvalidBetError(`${field} must be one of ${values.join(', ')}`);
  }
  return value as T;
}
