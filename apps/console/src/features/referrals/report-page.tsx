import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateFilter, EmptyNote, QueryErrorAlert } from '../../components/list-page-parts';
import { PageHeader } from '../../components/page-header';
import { PlainTable } from '../../components/plain-table';
import { formatMoney } from '../../lib/format';
import { reportQuery } from './api';

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** Referral rewards per UTC day and stage: paid, how many, and the self-referrals refused. */
export function ReferralReportPage() {
  const { t } = useTranslation('referrals');
  const id = useId();
  const [from, setFrom] = useState(day(-30));
  const [to, setTo] = useState(day(0));
  const query = useQuery(reportQuery(from, to));
  const rows = query.data?.rows ?? [];
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
          { label: t('report.stage') },
          { label: t('report.rewards'), numeric: true },
          { label: t('report.paid'), numeric: true },
          { label: t('report.refused'), numeric: true },
        ]}
      >
        {rows.map((r) => (
          <tr key={`${r.day}-${r.stage}`} className="border-b border-(--border) last:border-b-0">
            <td className="px-3 py-2">{r.day}</td>
            <td className="px-3 py-2">{t(`stageName.${r.stage}`)}</td>
            <td className="px-3 py-2 text-right tabular-nums">{r.rewards}</td>
            <td className="px-3 py-2 text-right tabular-nums">{formatMoney(r.paid, query.data?.currency)}</td>
            <td className="px-3 py-2 text-right tabular-nums">{r.refused}</td>
          </tr>
        ))}
      </PlainTable>
      <EmptyNote show={query.isSuccess && rows.length === 0}>{t('report.empty')}</EmptyNote>
    </div>
  );
}
