import { MAX_MONEY_MINOR, MINOR_PER_MAJOR } from '@gamehall/shared/money';

// Amounts an operator types in money (major units) for values the server keeps in minor units
// (brand settings such as the adjustment approval threshold). The conversion works on the digits as
// text, never through a float: "0.29" is 29 minor units, where 0.29 * 100 is 28.999999999999996.

// Two decimals per major unit: the digits after the point are the minor units.
const DECIMALS = String(MINOR_PER_MAJOR).length - 1;

/** Digits, optionally grouped by commas in threes, and at most two decimals; no sign, no exponent. */
const AMOUNT = new RegExp(`^(?<whole>\\d{1,3}(?:,\\d{3})+|\\d+)(?:\\.(?<fraction>\\d{1,${DECIMALS}}))?$`);

/** A typed amount in major units -> whole minor units, or undefined when it is not a plain amount. */
export function minorFromText(text: string): number | undefined {
  const groups = AMOUNT.exec(text.trim())?.groups;
  if (!groups) return undefined;
  const whole = (groups.whole ?? '').replaceAll(',', '');
  const fraction = (groups.fraction ?? '').padEnd(DECIMALS, '0');
  const minor = BigInt(whole) * BigInt(MINOR_PER_MAJOR) + BigInt(fraction || '0');
  return minor <= BigInt(MAX_MONEY_MINOR) ? Number(minor) : undefined;
}

/** Whole minor units -> the amount in major units as typed back ("1000.00"), or '' for no amount. */
export function textFromMinor(minor: unknown): string {
  if (typeof minor !== 'number' || !Number.isSafeInteger(minor)) return '';
  const digits = String(Math.abs(minor)).padStart(DECIMALS + 1, '0');
  const sign = minor < 0 ? '-' : '';
  return `${sign}${digits.slice(0, -DECIMALS)}.${digits.slice(-DECIMALS)}`;
}
