import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateFilter, EmptyNote, QueryErrorAlert } from '../../components/list-page-parts';
import { PageHeader } from '../../components/page-header';
import { PlainTable } from '../../components/plain-table';
import { formatMoney } from '../../lib/format';
import { rebateReportQuery } from './api';

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** Rebate per brand day: accrued by the rounds settled that day, and paid that day (docs/vip.md). */
export function RebateReportPage() {
  const { t } = useTranslation('vip');
  const id = useId();
  const [from, setFrom] = useState(day(-13));
  const [to, setTo] = useState(day(0));
  const query = useQuery(rebateReportQuery(from, to));
  const days = query.data?.days ?? [];
  const total = (pick: (d: (typeof days)[number]) => number) => days.reduce((s, d) => s + pick(d), 0);
  return (
    <div>
      <PageHeader
        title={t('report.title')}
        description={t('report.description', { zone: query.data?.timeZone ?? '' })}
      />
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
          { label: t('report.validBet'), numeric: true },
          { label: t('report.accrued'), numeric: true },
          { label: t('report.paid'), numeric: true },
          { label: t('report.payouts'), numeric: true },
        ]}
      >
        {days.map((d) => (
          <tr key={d.day} className="border-b border-(--border) last:border-b-0" data-testid="rebate-report-row">
            <td className="px-3 py-2">{d.day}</td>
            <td className="px-3 py-2 text-right tabular-nums">{formatMoney(d.validBet)}</td>
            <td className="px-3 py-2 text-right tabular-nums">{formatMoney(d.accrued)}</td>
            <td className="px-3 py-2 text-right tabular-nums">{formatMoney(d.paid)}</td>
            <td className="px-3 py-2 text-right tabular-nums">{d.payouts}</td>
          </tr>
        ))}
        {days.length > 0 && (
          <tr className="font-semibold">
            <td className="px-3 py-2">{t('report.total')}</td>
            <td className="px-3 py-2 text-right tabular-nums">{formatMoney(total((d) => d.validBet))}</td>
            <td className="px-3 py-2 text-right tabular-nums">{formatMoney(total((d) => d.accrued))}</td>
            <td className="px-3 py-2 text-right tabular-nums">{formatMoney(total((d) => d.paid))}</td>
            <td className="px-3 py-2 text-right tabular-nums">{total((d) => d.payouts)}</td>
          </tr>
        )}
      </PlainTable>
      <EmptyNote show={!query.isPending && days.length === 0}>{t('report.none')}</EmptyNote>
    </div>
  );
}
