import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DecisionButtons, EmptyNote, PageSteps, QueryErrorAlert, StatusFilter } from '../../components/list-page-parts';
import { PageHeader } from '../../components/page-header';
import { PlainTable } from '../../components/plain-table';
import { formatDateTime } from '../../lib/format';
import { useCan } from '../../lib/session';
import { type Application, applicationsQuery, decideApplication, rewardsKey } from './api';

/** Applications to application promotions: the comment and images; approve (reward claimable) or reject. */
export function ApplicationsPage() {
  const { t } = useTranslation('rewards');
  const id = useId();
  const writable = useCan()('promotions.write');
  const queryClient = useQueryClient();
  const [status, setStatus] = useState('pending');
  const [page, setPage] = useState(1);
  const [acting, setActing] = useState<{ row: Application; decision: 'approve' | 'reject' } | null>(null);
  const query = useQuery(applicationsQuery(status, page));
  const rows = query.data?.content ?? [];
  const pages = Math.max(1, query.data?.totalPages ?? 1);
  return (
    <div>
      <PageHeader title={t('applications.title')} description={t('applications.description')} />
      <StatusFilter
        id={`${id}-status`}
        label={t('fields.status')}
        value={status}
        allLabel={t('applications.all')}
        options={['pending', 'approved', 'rejected'].map((s) => ({ value: s, label: t(`applicationStatus.${s}`) }))}
        onChange={(value) => {
          setStatus(value);
          setPage(1);
        }}
      />
      <QueryErrorAlert error={query.error} />
      <PlainTable
        caption={t('applications.title')}
        collapse
        columns={[
          { label: t('fields.title') },
          { label: t('fields.member') },
          { label: t('fields.comment') },
          { label: t('fields.images') },
          { label: t('fields.status') },
          { label: t('fields.createdAt') },
          writable && status === 'pending' && { label: t('common.actions', { ns: 'core' }) },
        ]}
      >
        {rows.map((a) => (
          <tr key={a.id} className="border-b border-(--border) last:border-b-0">
            <td className="px-3 py-2">{a.promotionTitle}</td>
            <td className="px-3 py-2">{a.username}</td>
            <td className="px-3 py-2">{a.comment}</td>
            <td className="px-3 py-2">
              {a.images.map((img, i) => (
                <a
                  key={img.id}
                  href={img.url}
                  target="_blank"
                  rel="noreferrer"
                  className="me-2 text-(--accent) underline"
                >
                  {t('applications.image', { n: i + 1 })}
                </a>
              ))}
            </td>
            <td className="px-3 py-2">
              {t(`applicationStatus.${a.status}`)}
              {a.reason && <span className="block text-xs text-(--text-muted)">{a.reason}</span>}
            </td>
            <td className="px-3 py-2 text-xs">{formatDateTime(a.createdAt)}</td>
            {writable && status === 'pending' && (
              <td className="px-3 py-2">
                <DecisionButtons
                  approveLabel={t('applications.approve')}
                  rejectLabel={t('applications.reject')}
                  onDecide={(decision) => setActing({ row: a, decision })}
                />
              </td>
            )}
          </tr>
        ))}
      </PlainTable>
      <EmptyNote show={!query.isPending && rows.length === 0}>{t('applications.none')}</EmptyNote>
      <PageSteps page={page} pages={pages} previousLabel="‹" nextLabel="›" onPage={setPage} />
      <ConfirmDialog
        open={acting !== null}
        title={acting?.decision === 'reject' ? t('applications.reject') : t('applications.approve')}
        message={
          acting && t('applications.confirm', { username: acting.row.username, title: acting.row.promotionTitle })
        }
        confirmLabel={acting?.decision === 'reject' ? t('applications.reject') : t('applications.approve')}
        danger={acting?.decision === 'reject'}
        reason={{ label: t('fields.reason'), max: 300 }}
        onConfirm={async (reason) => {
          if (!acting) return;
          await decideApplication(acting.row.id, acting.decision, reason);
          await queryClient.invalidateQueries({ queryKey: rewardsKey });
        }}
        onClose={() => setActing(null)}
      />
    </div>
  );
}
