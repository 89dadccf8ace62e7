import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateFilter, EmptyNote, QueryErrorAlert } from '../../components/list-page-parts';
import { PageHeader } from '../../components/page-header';
import { PlainTable } from '../../components/plain-table';
import { formatMoney } from '../../lib/format';
import { reportQuery } from './api';

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** Tickets issued and opened per UTC day and kind, and the prizes they paid. */
export function TicketReportPage() {
  const { t } = useTranslation('tickets');
  const id = useId();
  const [from, setFrom] = useState(day(-30));
  const [to, setTo] = useState(day(0));
  const query = useQuery(reportQuery(from, to));
  const rows = query.data?.rows ?? [];
  const currency = query.data?.currency;
  return (
    <div>
      <PageHeader title={t('report.title')} description={t('report.description')} />
      <div className="mb-3 flex flex-wrap items-center gap-2 text-sm">
        <DateFilter id={`${id}-from`} label={t('report.from')} value={from} onChange={setFrom} />
        <DateFilter id={`${id}-to`} label={t('report.to')} value={to} onChange={setTo} />
      </div>
      <QueryErrorAlert error={query.error} />
      <PlainTable
        caption={t('report.title')}
        collapse
        columns={[
          { label: t('report.day') },
          { label: t('report.kind') },
          { label: t('report.issued'), numeric: true },
          { label: t('report.opened'), numeric: true },
          { label: t('report.cash'), numeric: true },
          { label: t('report.bonus'), numeric: true },
          { label: t('report.points'), numeric: true },
        ]}
      >
        {rows.map((r) => (
          <tr key={`${r.day}-${r.kindId}`} className="border-b border-(--border) last:border-b-0">
            <td className="px-3 py-2">{r.day}</td>
            <td className="px-3 py-2">{r.name}</td>
            <td className="px-3 py-2 text-right tabular-nums">{r.issued}</td>
            <td className="px-3 py-2 text-right tabular-nums">{r.opened}</td>
            <td className="px-3 py-2 text-right tabular-nums">{formatMoney(r.cash, currency)}</td>
            <td className="px-3 py-2 text-right tabular-nums">{formatMoney(r.bonus, currency)}</td>
            <td className="px-3 py-2 text-right tabular-nums">{r.points}</td>
          </tr>
        ))}
      </PlainTable>
      <EmptyNote show={query.isSuccess && rows.length === 0}>{t('report.empty')}</EmptyNote>
    </div>
  );
}
