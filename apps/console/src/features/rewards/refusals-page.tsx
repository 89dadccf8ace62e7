import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyNote, PageSteps, QueryErrorAlert } from '../../components/list-page-parts';
import { PageHeader } from '../../components/page-header';
import { PlainTable } from '../../components/plain-table';
import { formatDateTime, formatMoney } from '../../lib/format';
import { refusalsQuery } from './api';

/** Grants the one-bonus-per-person rule refused, newest first, with why and whom it matched. */
export function RefusalsPage() {
  const { t } = useTranslation('rewards');
  const [page, setPage] = useState(1);
  const query = useQuery(refusalsQuery(page));
  const rows = query.data?.content ?? [];
  const pages = Math.max(1, query.data?.totalPages ?? 1);
  return (
    <div>
      <PageHeader title={t('refusals.title')} description={t('refusals.description')} />
      <QueryErrorAlert error={query.error} />
      <PlainTable
        caption={t('refusals.title')}
        collapse
        columns={[
          { label: t('fields.title') },
          { label: t('fields.member') },
          { label: t('fields.reason') },
          { label: t('refusals.other') },
          { label: t('refusals.amount'), numeric: true },
          { label: t('refusals.at') },
        ]}
      >
        {rows.map((r) => (
          <tr key={r.id} className="border-b border-(--border) last:border-b-0">
            <td className="px-3 py-2">{r.promotionTitle}</td>
            <td className="px-3 py-2">{r.username}</td>
            <td className="px-3 py-2">{t(`reasons.${r.reason}`)}</td>
            <td className="px-3 py-2">{r.otherUsername ?? '-'}</td>
            <td className="px-3 py-2 text-right tabular-nums">{formatMoney(r.amount)}</td>
            <td className="px-3 py-2 text-xs">{formatDateTime(r.createdAt)}</td>
          </tr>
        ))}
      </PlainTable>
      <EmptyNote show={!query.isPending && rows.length === 0}>{t('refusals.none')}</EmptyNote>
      <PageSteps page={page} pages={pages} previousLabel="‹" nextLabel="›" onPage={setPage} />
    </div>
  );
}
