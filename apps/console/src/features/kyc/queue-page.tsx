import type { KycDocumentStatus } from '@gamehall/shared/api/kyc';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { ReviewQueue, useReviewQueue } from '../../components/review-queue';
import { formatDateTime } from '../../lib/format';
import { KYC_PAGE_SIZE, queueQuery } from './api';

const DECIDED: KycDocumentStatus[] = ['approved', 'rejected'];

// The review queue: pending documents oldest first (decided ones newest first), each leading to the
// member's KYC panel where it is viewed and decided.
export function QueuePage() {
  const { t } = useTranslation('kyc');
  // The status select's first option ('') is the pending documents: the queue lists one status at a time.
  const queue = useReviewQueue({ status: '' as KycDocumentStatus | '' }, KYC_PAGE_SIZE, ({ status }, memberId, page) =>
    queueQuery(status || 'pending', page, memberId),
  );
  return (
    <div className="max-w-5xl">
      <PageHeader title={t('queue.title')} description={t('queue.description')} />
      <ReviewQueue
        queue={queue}
        selects={[
          {
            key: 'status',
            id: 'kyc-status',
            label: t('fields.status'),
            allLabel: t('status.pending'),
            options: DECIDED.map((s) => ({ value: s, label: t(`status.${s}`) })),
          },
        ]}
        texts={{
          memberId: t('fields.memberId'),
          find: t('queue.filter'),
          previous: t('queue.previous'),
          next: t('queue.next'),
        }}
        caption={t('queue.title')}
        empty={t('queue.empty')}
        columns={['uploaded', 'member', 'kind', 'enteredName', 'enteredBirthday', 'file', 'status'].map((c) => ({
          label: t(`fields.${c}`),
        }))}
        row={(d) => (
          <tr key={d.id} className="border-b border-(--border)" data-testid={`kyc-queue-${d.id}`}>
            <td className="px-3 py-2">{formatDateTime(d.createdAt)}</td>
            <td className="px-3 py-2">
              <Link className="font-semibold text-(--accent) hover:underline" to={`/kyc/members/${d.memberId}`}>
                {d.username}
              </Link>
            </td>
            <td className="px-3 py-2">{t(`kinds.${d.kind}`)}</td>
            <td className="px-3 py-2">{d.enteredName ?? '—'}</td>
            <td className="px-3 py-2">{d.enteredBirthday ?? '—'}</td>
            <td className="px-3 py-2">
              {d.contentType.replace(/^.*\//, '').toUpperCase()} · {Math.round(d.size / 1024)} KiB
            </td>
            <td className="px-3 py-2">
              {t(`status.${d.status}`)}
              {d.reason && <span className="block text-xs text-(--text-muted)">{d.reason}</span>}
            </td>
          </tr>
        )}
      />
    </div>
  );
}
