import { formatMoney, toMinor } from '@gamehall/shared/money';

/** spec §9: a major-unit JSON amount with two decimals and thousands separators; stars when hidden. */
export function displayAmount(major: number, options: { symbol?: string; hidden?: boolean } = {}): string {
  return formatMoney(toMinor(Math.round(major * 100) / 100), options);
}
