import { TRADER_SPORTS, type TraderMargins } from '@gamehall/shared/api/sportsbook-trader';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SaveFooter } from '../../components/form-footer';
import { QueryErrorAlert } from '../../components/list-page-parts';
import { PageHeader } from '../../components/page-header';
import { PlainTable } from '../../components/plain-table';
import { useFormAction } from '../../lib/use-form-action';
import { marginsQuery, percent, saveMargins, sportsbookKey } from './api';

// The book's margin per sport and its override per league (a league without one takes its sport's),
// in percent here and parts per million on the wire; the factor each market type takes of it.

const INPUT =
  'w-24 rounded-md border border-(--border) bg-(--surface) px-2 py-1 text-right text-sm text-(--text) focus:border-(--accent) focus:outline-none';
/** The trader API's bound: a margin of at most 50 %. */
const MAX_PERCENT = 50;

/** '5' or '5.25' (percent) -> ppm; '' -> null; anything else -> undefined (invalid). */
export function ppmOf(text: string): number | null | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  if (!/^\d{1,2}(\.\d{1,4})?$/.test(trimmed)) return undefined;
  const value = Math.round(Number(trimmed) * 10_000);
  return value <= MAX_PERCENT * 10_000 ? value : undefined;
}

const percentText = (ppm: number | null | undefined) => (ppm === null || ppm === undefined ? '' : String(ppm / 10_000));

export function MarginsPage() {
  const { t } = useTranslation('sportsbook');
  const result = useQuery(marginsQuery);
  const margins = result.data;
  return (
    <div>
      <PageHeader title={t('margins.title')} description={t('margins.description')} />
      <QueryErrorAlert error={result.error} />
      {margins && <MarginsForm margins={margins} />}
    </div>
  );
}

function MarginsForm({ margins }: { margins: TraderMargins }) {
  const { t } = useTranslation('sportsbook');
  const id = useId();
  const action = useFormAction([...sportsbookKey, 'margins']);
  const [saved, setSaved] = useState(false);
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setSaved(false);
    const data = new FormData(e.currentTarget);
    const sports: Record<string, number> = {};
    const leagues: Record<string, number | null> = {};
    const invalid: Record<string, string> = {};
    for (const sport of TRADER_SPORTS) {
      const ppm = ppmOf(String(data.get(`sport-${sport}`) ?? ''));
      if (ppm === undefined) invalid[`sport-${sport}`] = t('margins.invalid', { max: MAX_PERCENT });
      else if (ppm !== null && ppm !== margins.sports[sport]) sports[sport] = ppm;
    }
    for (const league of margins.leagues) {
      const ppm = ppmOf(String(data.get(`league-${league.id}`) ?? ''));
      if (ppm === undefined) invalid[`league-${league.id}`] = t('margins.invalid', { max: MAX_PERCENT });
      else if (ppm !== league.marginPpm) leagues[league.id] = ppm;
    }
    action.setErrors(invalid);
    if (Object.keys(invalid).length > 0) return;
    const body = {
      ...(Object.keys(sports).length > 0 ? { sports } : {}),
      ...(Object.keys(leagues).length > 0 ? { leagues } : {}),
    };
    if (Object.keys(body).length === 0) return;
    if (await action.run(() => saveMargins(body))) setSaved(true);
  };
  return (
    <form onSubmit={submit} noValidate aria-label={t('margins.title')}>
      <h2 className="mb-2 text-lg font-bold">{t('margins.sports')}</h2>
      <div className="mb-4 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
        {TRADER_SPORTS.map((sport) => (
          <div key={sport} className="flex flex-col text-sm">
            <label htmlFor={`${id}-${sport}`}>{t(`sports.${sport}`)} (%)</label>
            <input
              id={`${id}-${sport}`}
              name={`sport-${sport}`}
              inputMode="decimal"
              defaultValue={percentText(margins.sports[sport])}
              aria-invalid={Boolean(action.errors[`sport-${sport}`])}
              className={INPUT}
            />
            {action.errors[`sport-${sport}`] && (
              <span role="alert" className="text-xs text-(--danger)">
                {action.errors[`sport-${sport}`]}
              </span>
            )}
          </div>
        ))}
      </div>
      <h2 className="mb-2 text-lg font-bold">{t('margins.leagues')}</h2>
      <PlainTable
        caption={t('margins.leagues')}
        columns={[
          { label: t('fields.league') },
          { label: t('fields.sport') },
          { label: t('margins.sportMargin'), numeric: true },
          { label: t('margins.override'), numeric: true },
        ]}
        empty={margins.leagues.length === 0 ? t('margins.noLeagues') : undefined}
      >
        {margins.leagues.map((league) => (
          <tr key={league.id} className="border-b border-(--border) last:border-b-0">
            <td className="px-3 py-2">
              {league.name}
              <span className="block text-xs text-(--text-muted)">{league.id}</span>
            </td>
            <td className="px-3 py-2">{t(`sports.${league.sport}`)}</td>
            <td className="px-3 py-2 text-right tabular-nums">{percent(margins.sports[league.sport] ?? null)}</td>
            <td className="px-3 py-2 text-right">
              <input
                name={`league-${league.id}`}
                inputMode="decimal"
                aria-label={t('margins.overrideOf', { league: league.name })}
                placeholder={t('margins.inherit')}
                defaultValue={percentText(league.marginPpm)}
                aria-invalid={Boolean(action.errors[`league-${league.id}`])}
                className={INPUT}
              />
              {action.errors[`league-${league.id}`] && (
                <span role="alert" className="block text-xs text-(--danger)">
                  {action.errors[`league-${league.id}`]}
                </span>
              )}
            </td>
          </tr>
        ))}
      </PlainTable>
      <h2 className="mt-4 mb-2 text-lg font-bold">{t('margins.factors')}</h2>
      <p className="mb-2 text-xs text-(--text-muted)">{t('margins.factorsHint')}</p>
      <ul className="mb-4 flex flex-wrap gap-2 text-sm">
        {Object.entries(margins.marketFactors).map(([type, factor]) => (
          <li key={type} className="rounded-md border border-(--border) px-2 py-1">
            {t(`marketTypes.${type}`, { defaultValue: type })}: ×{factor}
          </li>
        ))}
      </ul>
      <SaveFooter error={action.error} saved={saved} busy={action.busy} />
    </form>
  );
}
