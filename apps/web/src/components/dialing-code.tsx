import { queryOptions, useQuery } from '@tanstack/react-query';
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

export function DialingCodeSelect({ value, onChange }: { value: string; onChange: (code: string) => void }) {
  const { t } = useTranslation();
  const countries = useCountries();
  if (countries.length < 2) return null;
  return (
    <select
      aria-label={t('auth.dialingCode')}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      className="rounded-md border border-(--text-muted)/40 bg-(--surface) px-2 text-sm text-(--text)"
    >
      {countries.map((c) => (
        <option key={c.countryCode} value={c.countryDialingCode}>
          +{c.countryDialingCode} {c.name}
        </option>
      ))}
    </select>
  );
}
