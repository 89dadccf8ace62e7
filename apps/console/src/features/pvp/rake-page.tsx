import { brandDay } from '@gamehall/shared/calendar-day';
import { Button } from '@gamehall/ui/button';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type FormEvent, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DateRangeFields, FilterForm } from '../../components/filter-form';
import { QueryErrorAlert } from '../../components/list-page-parts';
import { PageHeader } from '../../components/page-header';
import { PlainTable } from '../../components/plain-table';
import { formatMoney } from '../../lib/format';
import { useMe } from '../../lib/session';
import { daysBefore, rakeQuery } from './api';

// The house's card-room revenue: the rake per table and brand day, with the pots it came from.

export function RakePage() {
  const { t } = useTranslation('pvp');
  const formId = useId();
  const [params, setParams] = useSearchParams();
  const today = brandDay(new Date(), useMe()?.brandTimeZone ?? 'UTC');
  const to = params.get('to') ?? today;
  const from = params.get('from') ?? daysBefore(to, 6);
  const result = useQuery({ ...rakeQuery({ from, to }), placeholderData: keepPreviousData });
  const apply = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    setParams(new URLSearchParams({ from: String(data.get('from')), to: String(data.get('to')) }));
  };
  const rows = result.data?.rows ?? [];
  return (
    <div>
      <PageHeader title={t('rake.title')} description={t('rake.description')} />
      <FilterForm key={params.toString()} id={formId} label={t('rake.filters')} onSubmit={apply}>
        <DateRangeFields formId={formId} from={from} to={to} labels={{ from: t('days.from'), to: t('days.to') }} />
        <Button type="submit">{t('days.show')}</Button>
      </FilterForm>
      <QueryErrorAlert error={result.error} />
      <PlainTable
        caption={t('rake.title')}
        columns={[
          { label: t('rake.day') },
          { label: t('hands.table') },
          { label: t('rake.hands'), numeric: true },
          { label: t('rake.pots'), numeric: true },
          { label: t('fields.rake'), numeric: true },
        ]}
        empty={result.isPending ? t('common.loading', { ns: 'core' }) : rows.length === 0 ? t('rake.none') : undefined}
      >
        {rows.map((r) => (
          <tr key={`${r.day}:${r.tableId}`} className="border-b border-(--border) last:border-b-0">
            <td className="px-3 py-2">{r.day}</td>
            <td className="px-3 py-2">{r.tableId}</td>
            <td className="px-3 py-2 text-right tabular-nums">{r.hands}</td>
            <td className="px-3 py-2 text-right tabular-nums">{formatMoney(r.pots)}</td>
            <td className="px-3 py-2 text-right tabular-nums">{formatMoney(r.rake)}</td>
          </tr>
        ))}
        {result.data && rows.length > 0 && (
          <tr className="bg-(--surface) font-bold" data-testid="pvp-rake-total">
            <td className="px-3 py-2" colSpan={2}>
              {t('rake.total')}
            </td>
            <td className="px-3 py-2 text-right tabular-nums">{result.data.totals.hands}</td>
            <td className="px-3 py-2 text-right tabular-nums">{formatMoney(result.data.totals.pots)}</td>
            <td className="px-3 py-2 text-right tabular-nums">{formatMoney(result.data.totals.rake)}</td>
          </tr>
        )}
      </PlainTable>
    </div>
  );
}
