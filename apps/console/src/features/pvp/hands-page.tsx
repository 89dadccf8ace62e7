import { brandDay } from '@gamehall/shared/calendar-day';
import { Button } from '@gamehall/ui/button';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type FormEvent, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { DateRangeFields, FILTER_INPUT, FilterField, FilterForm } from '../../components/filter-form';
import { QueryErrorAlert } from '../../components/list-page-parts';
import { PageHeader } from '../../components/page-header';
import { PlainTable } from '../../components/plain-table';
import { formatDateTime, formatMoney } from '../../lib/format';
import { useMe } from '../../lib/session';
import { daysBefore, handsQuery } from './api';

// The hand history search: hands by member (username), table and days, newest first; each opens its
// full record. "Older hands" pages on from the last hand shown.

const PAGE = 50;

export function HandsPage() {
  const { t } = useTranslation('pvp');
  const formId = useId();
  const [params, setParams] = useSearchParams();
  const today = brandDay(new Date(), useMe()?.brandTimeZone ?? 'UTC');
  const member = params.get('member') ?? '';
  const table = params.get('table') ?? '';
  const to = params.get('to') ?? today;
  const from = params.get('from') ?? daysBefore(to, 6);
  const before = params.get('before') ?? undefined;
  const result = useQuery({
    ...handsQuery({ member: member || undefined, table: table || undefined, from, to, before, limit: PAGE }),
    placeholderData: keepPreviousData,
  });
  const apply = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    const next = new URLSearchParams();
    for (const k of ['member', 'table', 'from', 'to']) {
      const v = String(data.get(k) ?? '').trim();
      if (v) next.set(k, v);
    }
    setParams(next);
  };
  const hands = result.data?.hands ?? [];
  const older = () => {
    const next = new URLSearchParams(params);
    next.set('before', String(hands[hands.length - 1]?.handId));
    setParams(next);
  };
  return (
    <div>
      <PageHeader title={t('hands.title')} description={t('hands.description')} />
      <FilterForm key={params.toString()} id={formId} label={t('hands.filters')} onSubmit={apply}>
        <FilterField htmlFor={`${formId}-member`} label={t('hands.member')}>
          <input id={`${formId}-member`} name="member" defaultValue={member} className={FILTER_INPUT} />
        </FilterField>
        <FilterField htmlFor={`${formId}-table`} label={t('hands.table')}>
          <input id={`${formId}-table`} name="table" defaultValue={table} className={FILTER_INPUT} />
        </FilterField>
        <DateRangeFields formId={formId} from={from} to={to} labels={{ from: t('days.from'), to: t('days.to') }} />
        <Button type="submit">{t('days.show')}</Button>
      </FilterForm>
      <QueryErrorAlert error={result.error} />
      <PlainTable
        caption={t('hands.title')}
        columns={[
          { label: t('hands.hand') },
          { label: t('hands.started') },
          { label: t('hands.table') },
          { label: t('hands.players') },
          { label: t('fields.pot'), numeric: true },
          { label: t('fields.rake'), numeric: true },
        ]}
        empty={
          result.isPending ? t('common.loading', { ns: 'core' }) : hands.length === 0 ? t('hands.none') : undefined
        }
      >
        {hands.map((h) => (
          <tr
            key={h.handId}
            className="border-b border-(--border) last:border-b-0"
            data-testid={`pvp-hand-${h.handId}`}
          >
            <td className="px-3 py-2">
              <Link className="font-semibold text-(--accent) hover:underline" to={`/pvp/hands/${h.handId}`}>
                #{h.handId}
              </Link>
              {h.status === 'live' && <span className="ml-2 text-xs text-(--text-muted)">{t('hands.live')}</span>}
            </td>
            <td className="px-3 py-2 whitespace-nowrap">{formatDateTime(h.startedAt)}</td>
            <td className="px-3 py-2">
              {h.tableName} <span className="text-xs text-(--text-muted)">{h.tableId}</span>
              {h.game === 'tongits' && (
                <span className="ml-2 text-xs text-(--text-muted)">{t('hand.games.tongits')}</span>
              )}
            </td>
            <td className="px-3 py-2">
              {h.players.map((p) => (
                <span key={p.seat} className="mr-3 whitespace-nowrap">
                  {p.name}{' '}
                  <span className={`tabular-nums ${(p.net ?? 0) < 0 ? 'text-(--danger)' : ''}`}>
                    {p.net === null ? '…' : formatMoney(p.net)}
                  </span>
                </span>
              ))}
            </td>
            <td className="px-3 py-2 text-right tabular-nums">{formatMoney(h.pot)}</td>
            <td className="px-3 py-2 text-right tabular-nums">{formatMoney(h.rake)}</td>
          </tr>
        ))}
      </PlainTable>
      {hands.length === PAGE && (
        <div className="mt-3">
          <Button type="button" variant="secondary" onClick={older}>
            {t('hands.older')}
          </Button>
        </div>
      )}
    </div>
  );
}
