import { type AdminRedemption, REDEEM_STATUSES, type RedeemStatus } from '@gamehall/shared/api/points';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DecisionButtons, EmptyNote, PageSteps, QueryErrorAlert, StatusFilter } from '../../components/list-page-parts';
import { PageHeader } from '../../components/page-header';
import { PlainTable } from '../../components/plain-table';
import { StatusBadge, type Tone } from '../../components/status-badge';
import { formatDateTime, formatMoney } from '../../lib/format';
import { useCan } from '../../lib/session';
import { decide, pointsKey, redemptionsQuery } from './api';

const TONES: Record<RedeemStatus, Tone> = { in_process: 'warning', approved: 'success', rejected: 'danger' };

/**
 * The fulfilment queue: physical items wait In Process, oldest
 * first, until an operator approves (sent) or rejects them (the member's points and the stock are
 * given back). Other statuses list every redemption.
 */
export function RedemptionsPage() {
  const { t } = useTranslation('points');
  const id = useId();
  const writable = useCan()('points.write');
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<RedeemStatus | ''>('in_process');
  const [page, setPage] = useState(1);
  const [acting, setActing] = useState<{ row: AdminRedemption; decision: 'approve' | 'reject' } | null>(null);
  const query = useQuery(redemptionsQuery(status, page));
  const rows = query.data?.list ?? [];
  const pages = Math.max(1, Math.ceil((query.data?.total ?? 0) / 20));
  return (
    <div>
      <PageHeader title={t('redemptions.title')} description={t('redemptions.description')} />
      <StatusFilter
        id={`${id}-status`}
        label={t('fields.status')}
        value={status}
        allLabel={t('redemptions.all')}
        options={REDEEM_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
        onChange={(value) => {
          setStatus(value as RedeemStatus | '');
          setPage(1);
        }}
      />
      <QueryErrorAlert error={query.error} />
      <PlainTable
        caption={t('redemptions.title')}
        collapse
        columns={[
          { label: t('fields.reference') },
          { label: t('fields.member') },
          { label: t('fields.reward') },
          { label: t('fields.quantity'), numeric: true },
          { label: t('fields.points'), numeric: true },
          { label: t('fields.amount'), numeric: true },
          { label: t('fields.status') },
          { label: t('fields.applyTime') },
          { label: t('fields.remark') },
          writable && status === 'in_process' && { label: t('common.actions', { ns: 'core' }) },
        ]}
      >
        {rows.map((r) => (
          <tr key={r.id} className="border-b border-(--border) last:border-b-0">
            <td className="px-3 py-2 font-mono text-xs">{r.reference}</td>
            <td className="px-3 py-2">{r.username}</td>
            <td className="px-3 py-2">
              {r.name} <span className="text-xs text-(--text-muted)">({t(`kinds.${r.type}`)})</span>
            </td>
            <td className="px-3 py-2 text-right tabular-nums">{r.quantity}</td>
            <td className="px-3 py-2 text-right tabular-nums">{r.pointsRequirement.toLocaleString()}</td>
            <td className="px-3 py-2 text-right tabular-nums">
              {r.amountRequirement > 0 ? formatMoney(r.amountRequirement) : '-'}
            </td>
            <td className="px-3 py-2">
              <StatusBadge label={t(`status.${r.status}`)} tone={TONES[r.status]} />
            </td>
            <td className="px-3 py-2 text-xs">{formatDateTime(r.applyTime)}</td>
            <td className="px-3 py-2 text-xs">
              {r.remark}
              {r.decidedBy && <span className="block text-(--text-muted)">{r.decidedBy}</span>}
            </td>
            {writable && status === 'in_process' && (
              <td className="px-3 py-2">
                <DecisionButtons
                  approveLabel={t('redemptions.approve')}
                  rejectLabel={t('redemptions.reject')}
                  onDecide={(decision) => setActing({ row: r, decision })}
                />
              </td>
            )}
          </tr>
        ))}
      </PlainTable>
      <EmptyNote show={!query.isPending && rows.length === 0}>{t('redemptions.none')}</EmptyNote>
      <PageSteps
        page={page}
        pages={pages}
        previousLabel={t('common.previous', { ns: 'core', defaultValue: '‹' })}
        nextLabel={t('common.next', { ns: 'core', defaultValue: '›' })}
        onPage={setPage}
      />
      <ConfirmDialog
        open={acting !== null}
        title={acting?.decision === 'reject' ? t('redemptions.reject') : t('redemptions.approve')}
        message={
          acting &&
          t(acting.decision === 'reject' ? 'redemptions.rejectConfirm' : 'redemptions.approveConfirm', {
            reference: acting.row.reference,
            username: acting.row.username,
            points: acting.row.pointsRequirement,
          })
        }
        confirmLabel={acting?.decision === 'reject' ? t('redemptions.reject') : t('redemptions.approve')}
        danger={acting?.decision === 'reject'}
        reason={{ label: t('fields.remark'), max: 200 }}
        onConfirm={async (remark) => {
          if (!acting) return;
          await decide(acting.row.id, acting.decision, remark);
          await queryClient.invalidateQueries({ queryKey: pointsKey });
        }}
        onClose={() => setActing(null)}
      />
    </div>
  );
}
