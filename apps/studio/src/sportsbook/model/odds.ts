import type { OddsFormat } from '../api';

// The odds formats the region's players read, from decimal odds in thousandths (d = odds1000 / 1000):
//   decimal     d                                   what the stake returns, stake included
//   hongkong    d - 1                               the profit per unit staked
//   malay       d - 1 when d <= 2, else -1/(d - 1)  negative: stake |v| to win 1
//   indonesian  d - 1 when d >= 2, else -1/(d - 1)  negative: stake |v| to win 1
//
// Shown decimals: two everywhere, except Malay below zero, which shows three. A price in
// hundredths above 2.00 lands in (-1, 0) in Malay in steps of 1/(d-1)^2 hundredths, less than 0.01,
// so two decimals would show neighbouring prices alike (2.10 and 2.11 would both read -0.91);
// Indonesian below zero moves by at least 0.01 per hundredth of d, so two decimals tell every price
// apart. A shown figure never promises more than the decimal price pays: positive figures are
// rounded down, negative ones away from zero (a larger stake for the same win of 1). Combined odds
// of a multiple, in thousandths, therefore show their hundredths rounded down.

/** Decimals shown for a value of `format` on its side of zero. */
function decimalsOf(format: OddsFormat, negative: boolean): 2 | 3 {
  return format === 'malay' && negative ? 3 : 2;
}

/** Whether `format` shows odds1000 as a negative figure (-1/(d-1)). */
function isNegative(odds1000: number, format: OddsFormat): boolean {
  if (format === 'malay') return odds1000 > 2000;
  if (format === 'indonesian') return odds1000 < 2000;
  return false;
}

/** The odds in `format` as a plain number (Malay and Indonesian negatives unrounded): for sorting and charts, never for display. */
export function toFormat(odds1000: number, format: OddsFormat): number {
  const d = odds1000 / 1000;
  if (format === 'decimal') return d;
  if (isNegative(odds1000, format)) return -1 / (d - 1);
  return d - 1;
}

/** The odds as the region shows them in `format`: '1.95', '0.95', '-0.833', '-1.05'; integer arithmetic, rounded against the player. */
export function formatOdds(odds1000: number, format: OddsFormat): string {
  if (!Number.isInteger(odds1000) || odds1000 <= 1000) throw new RangeError(`odds: ${odds1000} is no price`);
  const negative = isNegative(odds1000, format);
  const decimals = decimalsOf(format, negative);
  const scale = 10 ** decimals;
  let units: number;
  if (negative) {
    // |v| = 1000 / (odds1000 - 1000), rounded up to 1 / scale. Both divisions below are of small
    // integers: a quotient that is not whole lies at least 1e-6 from one, far beyond float error.
    units = Math.ceil((1000 * scale) / (odds1000 - 1000));
  } else {
    const thousandths = format === 'decimal' ? odds1000 : odds1000 - 1000;
    units = Math.floor((thousandths * scale) / 1000);
  }
  const whole = Math.floor(units / scale);
  const frac = String(units % scale).padStart(decimals, '0');
  return `${negative ? '-' : ''}${whole}.${frac}`;
}
