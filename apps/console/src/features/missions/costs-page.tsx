import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateFilter, EmptyNote, QueryErrorAlert } from '../../components/list-page-parts';
import { PageHeader } from '../../components/page-header';
import { PlainTable } from '../../components/plain-table';
import { formatMoney } from '../../lib/format';
import { missionCostsQuery } from './api';

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** Per mission and brand day: missions completed, rewards claimed, cash and points paid. */
export function MissionCostsPage() {
  const { t } = useTranslation('missions');
  const id = useId();
  const [from, setFrom] = useState(day(-30));
  const [to, setTo] = useState(day(0));
  const query = useQuery(missionCostsQuery(from, to));
  const rows = query.data?.rows ?? [];
  const currency = query.data?.currency;
  const total = (pick: (r: (typeof rows)[number]) => number) => rows.reduce((s, r) => s + pick(r), 0);
  return (
    <div>
      <PageHeader title={t('costs.title')} description={t('costs.description')} />
      <div className="mb-3 flex flex-wrap items-center gap-2 text-sm">
        <DateFilter id={`${id}-from`} label={t('costs.from')} value={from} onChange={setFrom} />
        <DateFilter id={`${id}-to`} label={t('costs.to')} value={to} onChange={setTo} />
      </div>
      <QueryErrorAlert error={query.error} />
      <PlainTable
        caption={t('costs.title')}
        collapse
        columns={[
          { label: t('costs.day') },
          { label: t('fields.title') },
          { label: t('costs.completed'), numeric: true },
          { label: t('costs.claims'), numeric: true },
          { label: t('costs.cash'), numeric: true },
          { label: t('costs.points'), numeric: true },
        ]}
      >
        {rows.map((r) => (
          <tr key={`${r.day}-${r.missionId}`} className="border-b border-(--border) last:border-b-0">
            <td className="px-3 py-2">{r.day}</td>
            <td className="px-3 py-2">{r.title}</td>
            <td className="px-3 py-2 text-right tabular-nums">{r.completed}</td>
            <td className="px-3 py-2 text-right tabular-nums">{r.claims}</td>
            <td className="px-3 py-2 text-right tabular-nums">{formatMoney(r.cashPaid, currency)}</td>
            <td className="px-3 py-2 text-right tabular-nums">{r.pointsPaid}</td>
          </tr>
        ))}
        {rows.length > 0 && (
          <tr className="font-semibold">
            <td className="px-3 py-2" colSpan={2}>
              {t('costs.total')}
            </td>
            <td className="px-3 py-2 text-right tabular-nums">{total((r) => r.completed)}</td>
            <td className="px-3 py-2 text-right tabular-nums">{total((r) => r.claims)}</td>
            <td className="px-3 py-2 text-right tabular-nums">
              {formatMoney(
                total((r) => r.cashPaid),
                currency,
              )}
            </td>
            <td className="px-3 py-2 text-right tabular-nums">{total((r) => r.pointsPaid)}</td>
          </tr>
        )}
      </PlainTable>
      <EmptyNote show={!query.isPending && rows.length === 0}>{t('costs.none')}</EmptyNote>
    </div>
  );
}
