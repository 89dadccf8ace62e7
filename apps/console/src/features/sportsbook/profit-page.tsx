import type { TraderProfitRow } from '@gamehall/shared/api/sportsbook-trader';
import { brandDay } from '@gamehall/shared/calendar-day';
import { Button } from '@gamehall/ui/button';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type FormEvent, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { z } from 'zod';
import { DateRangeFields, FILTER_INPUT, FilterField, FilterForm } from '../../components/filter-form';
import { QueryErrorAlert } from '../../components/list-page-parts';
import { PageHeader } from '../../components/page-header';
import { PlainTable } from '../../components/plain-table';
import { useMe } from '../../lib/session';
import { money, profitQuery } from './api';

// The book's profit over brand days by sport, league or market type: stake, payout, profit (cash-outs
// and corrections included) and what corrections could not take back from players (uncollected).

const BY = ['sport', 'league', 'market'] as const;

function daysBefore(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);
}

export function ProfitPage() {
  const { t } = useTranslation('sportsbook');
  const formId = useId();
  const [params, setParams] = useSearchParams();
  const today = brandDay(new Date(), useMe()?.brandTimeZone ?? 'UTC');
  const to = params.get('to') ?? today;
  const from = params.get('from') ?? daysBefore(to, 6);
  const by = (BY as readonly string[]).includes(params.get('by') ?? '') ? (params.get('by') as string) : 'sport';
  const result = useQuery({ ...profitQuery({ from, to, by }), placeholderData: keepPreviousData });
  const apply = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    setParams(
      new URLSearchParams({ from: String(data.get('from')), to: String(data.get('to')), by: String(data.get('by')) }),
    );
  };
  const row = (r: z.infer<typeof TraderProfitRow>, total = false) => (
    <tr key={r.key} className={`border-b border-(--border) last:border-b-0 ${total ? 'bg-(--surface) font-bold' : ''}`}>
      <td className="px-3 py-2">{total ? t('profit.total') : r.label}</td>
      <td className="px-3 py-2 text-right tabular-nums">{r.bets}</td>
      <td className="px-3 py-2 text-right tabular-nums">{money(r.stake)}</td>
      <td className="px-3 py-2 text-right tabular-nums">{money(r.payout)}</td>
      <td className={`px-3 py-2 text-right tabular-nums ${r.profit < 0 ? 'text-(--danger)' : ''}`}>
        {money(r.profit)}
      </td>
      <td className="px-3 py-2 text-right tabular-nums">{money(r.uncollected)}</td>
    </tr>
  );
  return (
    <div>
      <PageHeader
        title={t('profit.title')}
        description={t('profit.description', { zone: result.data?.timeZone ?? '…' })}
      />
      <FilterForm key={params.toString()} id={formId} label={t('profit.filters')} onSubmit={apply}>
        <DateRangeFields formId={formId} from={from} to={to} labels={{ from: t('profit.from'), to: t('profit.to') }} />
        <FilterField htmlFor={`${formId}-by`} label={t('profit.by')}>
          <select id={`${formId}-by`} name="by" defaultValue={by} className={FILTER_INPUT}>
            {BY.map((b) => (
              <option key={b} value={b}>
                {t(`profit.byOptions.${b}`)}
              </option>
            ))}
          </select>
        </FilterField>
        <Button type="submit">{t('profit.show')}</Button>
      </FilterForm>
      <QueryErrorAlert error={result.error} />
      <PlainTable
        caption={t('profit.title')}
        columns={[
          { label: t(`profit.byOptions.${by}`) },
          { label: t('fields.bets'), numeric: true },
          { label: t('fields.stake'), numeric: true },
          { label: t('fields.payout'), numeric: true },
          { label: t('profit.profit'), numeric: true },
          { label: t('profit.uncollected'), numeric: true, hint: t('hints.uncollected') },
        ]}
        empty={
          result.isPending
            ? t('common.loading', { ns: 'core' })
            : (result.data?.rows.length ?? 0) === 0
              ? t('profit.none')
              : undefined
        }
      >
        {result.data?.rows.map((r) => row(r))}
        {result.data && result.data.rows.length > 0 && row(result.data.total, true)}
      </PlainTable>
    </div>
  );
}
