import { useQuery } from '@tanstack/react-query';
import { configQuery } from './site-queries';

// Server texts (announcements, notices) carry the placeholders {site}, {currency} and {amount} of
// spec §3; ui-guide: they are filled from brand settings before they are shown.
export type PlaceholderValues = Partial<Record<'site' | 'currency' | 'amount', string>>;

/** Replaces each {name} that has a value; a placeholder without one stays as written. */
export function fillPlaceholders(text: string, values: PlaceholderValues): string {
  return text.replace(/\{(site|currency|amount)\}/g, (whole, name: keyof PlaceholderValues) => values[name] ?? whole);
}

/** The brand's values (site name and currency from the config query); empty until it loads. */
export function usePlaceholderValues(): PlaceholderValues {
  const config = useQuery(configQuery).data;
  return config ? { site: config.siteName, currency: config.currency } : {};
}

/** fillPlaceholders bound to the brand's values, for components that show server texts. */
export function useFillPlaceholders(): (text: string) => string {
  const values = usePlaceholderValues();
  return (text) => fillPlaceholders(text, values);
}
