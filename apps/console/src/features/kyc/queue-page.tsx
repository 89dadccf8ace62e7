import type { KycDocumentStatus } from '@gamehall/shared/api/kyc';
import { Button } from '@gamehall/ui/button';
import { Field } from '@gamehall/ui/field';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyNote, PageSteps, QueryErrorAlert, StatusFilter } from '../../components/list-page-parts';
import { PageHeader } from '../../components/page-header';
import { PlainTable } from '../../components/plain-table';
import { formatDateTime } from '../../lib/format';
import { KYC_PAGE_SIZE, queueQuery } from './api';

const STATUSES: KycDocumentStatus[] = ['pending', 'approved', 'rejected'];

// The review queue: pending documents oldest first (decided ones newest first), each leading to the
// member's KYC panel where it is viewed and decided.
export function QueuePage() {
  const { t } = useTranslation('kyc');
  const [status, setStatus] = useState<KycDocumentStatus>('pending');
  const [page, setPage] = useState(1);
  const [lookup, setLookup] = useState('');
  const [memberId, setMemberId] = useState<number | undefined>(undefined);
  const queue = useQuery(queueQuery(status, page, memberId));
  const rows = queue.data?.list ?? [];
  const find = (e: FormEvent) => {
    e.preventDefault();
    const n = Number(lookup.trim());
    setMemberId(Number.isInteger(n) && n > 0 ? n : undefined);
    setPage(1);
  };
  return (
    <div className="max-w-5xl">
      <PageHeader title={t('queue.title')} description={t('queue.description')} />
      <div className="flex flex-wrap items-end gap-4">
        <StatusFilter
          id="kyc-status"
          label={t('fields.status')}
          value={status}
          allLabel={t('status.pending')}
          options={STATUSES.filter((s) => s !== 'pending').map((s) => ({ value: s, label: t(`status.${s}`) }))}
          onChange={(v) => {
            setStatus((v || 'pending') as KycDocumentStatus);
            setPage(1);
          }}
        />
        <form onSubmit={find} className="mb-3 flex items-end gap-2" noValidate>
          <Field
            label={t('fields.memberId')}
            value={lookup}
            inputMode="numeric"
            maxLength={16}
            onChange={(e) => setLookup(e.target.value)}
          />
          <Button type="submit" variant="ghost">
            {t('queue.filter')}
          </Button>
        </form>
      </div>
      <QueryErrorAlert error={queue.error} />
      <PlainTable
        caption={t('queue.title')}
        columns={[
          { label: t('fields.uploaded') },
          { label: t('fields.member') },
          { label: t('fields.kind') },
          { label: t('fields.enteredName') },
          { label: t('fields.enteredBirthday') },
          { label: t('fields.file') },
          { label: t('fields.status') },
        ]}
      >
        {rows.map((d) => (
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
        ))}
      </PlainTable>
      <EmptyNote show={queue.isSuccess && rows.length === 0}>{t('queue.empty')}</EmptyNote>
      <PageSteps
        page={page}
        pages={Math.ceil((queue.data?.total ?? 0) / KYC_PAGE_SIZE)}
        previousLabel={t('queue.previous')}
        nextLabel={t('queue.next')}
        onPage={setPage}
      />
    </div>
  );
}
