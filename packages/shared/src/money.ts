// Money is held as integer minor units (cents) everywhere inside the system and converted to
// major-unit numbers with at most two decimals only at the JSON edge. This file is that edge.

export const MINOR_PER_MAJOR = 100;

/**
 * The largest amount the system holds: ten trillion major units (10^15 minor units), far beyond
 * any balance and small enough that major * 100 is exact to the cent in a double (below 2^51).
 */
export const MAX_MONEY_MINOR = 1_000_000_000_000_000;

/**
 * A major-unit amount the system can hold exactly: finite, at most two decimals, within
 * MAX_MONEY_MINOR. Exact, not within a tolerance: a tolerance let 1e-20 through as "0.00", which
 * then became a zero-minor posting. Dividing the rounded minor units by 100 is correctly rounded,
 * so it gives back the very number JSON parsed from any decimal with two places.
 */
export function isMoneyAmount(major: number): boolean {
  if (!Number.isFinite(major)) return false;
  const scaled = Math.round(major * MINOR_PER_MAJOR);
  return Math.abs(scaled) <= MAX_MONEY_MINOR && scaled / MINOR_PER_MAJOR === major;
}

/**
 * An amount as a person types it: digits, optionally grouped by commas in threes, and at most two
 * decimals. Exponent notation ('1e3'), signs, hex, spaces inside and 'Infinity' are refused
 * (Number('1e3') would read 1,000.00), as is anything the system cannot hold.
 */
const MONEY_TEXT = /^(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d{1,2})?$/;

/** A typed amount -> major units, or undefined when it is not a plain decimal amount. */
export function parseMoneyText(text: string): number | undefined {
  const trimmed = text.trim();
  if (!MONEY_TEXT.test(trimmed)) return undefined;
  const major = Number(trimmed.replaceAll(',', ''));
  return isMoneyAmount(major) ? major : undefined;
}

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
