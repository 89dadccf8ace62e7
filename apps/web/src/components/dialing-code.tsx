import { queryOptions, useQuery } from '@tanstack/react-query';
import { ChevronDown } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '../lib/api-client';

type Country = { countryCode: string; countryDialingCode: string; name: string; mobileDigits: number };

const countryCodesQuery = queryOptions({
  queryKey: ['system', 'countryCode'],
  queryFn: () => apiRequest<Country[]>('/wps/system/countryCode'),
  staleTime: Number.POSITIVE_INFINITY,
});

/** The brand's countries; the first is the default dialing code for mobile fields. */
export function useCountries(): Country[] {
  return useQuery(countryCodesQuery).data ?? [];
}

/** The dialing code a mobile field sends: the player's choice, else the brand's first country's. */
export function useDialingCode(): [string, (code: string) => void] {
  const countries = useCountries();
  const [choice, setChoice] = useState('');
  return [choice || countries[0]?.countryDialingCode || '', setChoice];
}

/**
 * The dialing code beside a mobile number. Closed, it shows only "+63" so the number box keeps the
 * width of a phone screen; the native select lies over it, transparent, and opens the full list
 * ("+63 Philippines") with the platform's own picker.
 */
export function DialingCodeSelect({ value, onChange }: { value: string; onChange: (code: string) => void }) {
  const { t } = useTranslation();
  const countries = useCountries();
  if (countries.length < 2) return null;
  return (
    <span className="relative flex shrink-0 items-center gap-1 rounded-md border border-(--text-muted)/40 bg-(--surface) px-2 text-sm text-(--text) focus-within:border-(--accent)">
      <span aria-hidden>+{value}</span>
      <ChevronDown size={14} aria-hidden className="text-(--text-muted)" />
      <select
        aria-label={t('auth.dialingCode')}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className="absolute inset-0 w-full cursor-pointer opacity-0"
      >
        {countries.map((c) => (
          <option key={c.countryCode} value={c.countryDialingCode}>
            +{c.countryDialingCode} {c.name}
          </option>
        ))}
      </select>
    </span>
  );
}
