// Money is held as integer minor units (cents) everywhere inside the system and converted to
// major-unit numbers with at most two decimals only at the JSON edge. This file is that edge.

export const MINOR_PER_MAJOR = 100;

/** Major-unit JSON number (1234.56) -> integer minor units. Refuses more than two decimals. */
export function toMinor(major: number): number {
  if (!Number.isFinite(major)) throw new RangeError('amount must be finite');
  const scaled = Math.round(major * MINOR_PER_MAJOR);
  if (Math.abs(scaled - major * MINOR_PER_MAJOR) > 1e-6) throw new RangeError('amount has more than two decimals');
  if (!Number.isSafeInteger(scaled)) throw new RangeError('amount is too large');
  return scaled;
}

/** Integer minor units (number or bigint as read from BIGINT) -> major-unit JSON number. */
export function toMajor(minor: number | bigint | string): number {
  const n = typeof minor === 'number' ? minor : Number(minor);
  if (!Number.isSafeInteger(n)) throw new RangeError('minor amount is not a safe integer');
  return n / MINOR_PER_MAJOR;
}

/** spec §9: two decimals with thousands separators; stars when hidden. */
export function formatMoney(minor: number | bigint, options: { symbol?: string; hidden?: boolean } = {}): string {
  if (options.hidden) return '******';
  const n = Number(minor);
  const sign = n < 0 ? '-' : '';
  const abs = Math.abs(n);
  const whole = Math.floor(abs / MINOR_PER_MAJOR)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const cents = (abs % MINOR_PER_MAJOR).toString().padStart(2, '0');
  return `${sign}${options.symbol ?? ''}${whole}.${cents}`;
}
