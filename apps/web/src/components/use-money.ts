import { useQuery } from '@tanstack/react-query';
import { displayAmount } from '../lib/money';
import { configQuery } from '../lib/site-queries';

/** Formats major-unit amounts with the brand's currency symbol (spec §9: two decimals, thousands separators). */
export function useMoney(): (amount: number) => string {
  const symbol = useQuery(configQuery).data?.currencySymbol;
  return (amount) => displayAmount(amount, { symbol });
}
