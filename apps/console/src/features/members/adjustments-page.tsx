import type { Adjustment } from '@gamehall/shared/api/admin-members';
import { Button } from '@gamehall/ui/button';
import { useQueryClient } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DataGrid, toGridPage } from '../../components/data-grid';
import { PageHeader } from '../../components/page-header';
import { StatusBadge, type Tone } from '../../components/status-badge';
import { formatDateTime, formatMoney } from '../../lib/format';
import { useCan, useMe } from '../../lib/session';
import { adjustmentsKey, decideAdjustment, fetchAdjustments, membersKey } from './api';

const TONE: Record<Adjustment['status'], Tone> = {
  pending: 'warning',
  posted: 'success',
  rejected: 'danger',
  cancelled: 'muted',
};

/** The four-eyes queue: pending adjustments wait here for an operator other than the requester. */
export function AdjustmentsPage() {
  const { t } = useTranslation('members');
  const can = useCan();
  const me = useMe();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<{ adjustment: Adjustment; decision: 'approve' | 'reject' | 'cancel' } | null>(
    null,
  );
  const approver = can('wallet.approve');

  const columns = useMemo<ColumnDef<Adjustment, unknown>[]>(
    () => [
      { id: 'id', accessorKey: 'id', header: t('adjustments.id'), meta: { numeric: true } },
      {
        id: 'member',
        accessorFn: (a) => a.member.username,
        header: t('adjustments.member'),
        cell: ({ row }) => (
          <Link className="text-(--accent) hover:underline" to={`/members/${row.original.member.id}`}>
            {row.original.member.username}
          </Link>
        ),
      },
      {
        id: 'type',
        accessorFn: (a) => t(`adjustments.types.${a.type}`),
        header: t('adjustments.type'),
        cell: ({ row }) =>
          row.original.depositReference
            ? `${t(`adjustments.types.${row.original.type}`)} · ${row.original.depositReference}`
            : row.original.wageringMultiple !== null
              ? `${t(`adjustments.types.${row.original.type}`)} · ${t('adjustments.wagering', { multiple: row.original.wageringMultiple })}`
              : t(`adjustments.types.${row.original.type}`),
      },
      {
        id: 'direction',
        accessorFn: (a) => t(`adjustments.directions.${a.direction}`),
        header: t('adjustments.direction'),
      },
      {
        id: 'amount',
        accessorKey: 'amount',
        header: t('adjustments.amount'),
        meta: { numeric: true },
        cell: ({ row }) => formatMoney(row.original.amount, row.original.currency),
      },
      { id: 'reason', accessorKey: 'reason', header: t('adjustments.reason') },
      {
        id: 'status',
        accessorFn: (a) => t(`adjustments.statuses.${a.status}`),
        header: t('adjustments.status'),
        cell: ({ row }) => (
          <StatusBadge label={t(`adjustments.statuses.${row.original.status}`)} tone={TONE[row.original.status]} />
        ),
      },
      { id: 'requestedBy', accessorKey: 'requestedBy', header: t('adjustments.requestedBy') },
      {
        id: 'createdAt',
        accessorKey: 'createdAt',
        header: t('adjustments.created'),
        cell: ({ row }) => formatDateTime(row.original.createdAt),
      },
      { id: 'decidedBy', accessorFn: (a) => a.decidedBy ?? '', header: t('adjustments.decidedBy') },
      { id: 'decisionReason', accessorFn: (a) => a.decisionReason ?? '', header: t('adjustments.decisionReason') },
      {
        id: 'decidedAt',
        accessorFn: (a) => a.decidedAt ?? '',
        header: t('adjustments.decided'),
        cell: ({ row }) => formatDateTime(row.original.decidedAt),
      },
      {
        id: 'actions',
        header: t('common.actions', { ns: 'core' }),
        cell: ({ row }) => {
          const a = row.original;
          if (a.status !== 'pending') return null;
          // The requester may withdraw their own waiting request; only someone else may decide it.
          if (a.requestedBy === me?.username)
            return (
              <Button
                variant="secondary"
                className="px-2 py-1 text-xs"
                onClick={() => setPending({ adjustment: a, decision: 'cancel' })}
              >
                {t('adjustments.cancel')}
              </Button>
            );
          if (!approver) return null;
          return (
            <div className="flex gap-1">
              <Button className="px-2 py-1 text-xs" onClick={() => setPending({ adjustment: a, decision: 'approve' })}>
                {t('adjustments.approve')}
              </Button>
              <Button
                variant="danger"
                className="px-2 py-1 text-xs"
                onClick={() => setPending({ adjustment: a, decision: 'reject' })}
              >
                {t('adjustments.reject')}
              </Button>
            </div>
          );
        },
      },
    ],
    [t, approver, me?.username],
  );

  const a = pending?.adjustment;
  return (
    <div>
      <PageHeader title={t('adjustments.title')} description={t('adjustments.description')} />
      <DataGrid<Adjustment>
        caption={t('adjustments.title')}
        queryKey={adjustmentsKey}
        fetchPage={(q) => fetchAdjustments(q).then(toGridPage)}
        columns={columns}
        rowId={(x) => String(x.id)}
        filters={[
          {
            name: 'status',
            label: t('adjustments.status'),
            type: 'select',
            options: (['pending', 'posted', 'rejected', 'cancelled'] as const).map((s) => ({
              value: s,
              label: t(`adjustments.statuses.${s}`),
            })),
          },
        ]}
        exportName="adjustments"
        refetchInterval={15_000}
      />
      <ConfirmDialog
        open={pending !== null}
        title={pending ? t(`adjustments.${pending.decision}`) : ''}
        message={
          a && pending?.decision === 'approve'
            ? t('adjustments.confirmApprove', {
                direction: t(`adjustments.directions.${a.direction}`).toLowerCase(),
                amount: formatMoney(a.amount, a.currency),
                username: a.member.username,
              })
            : a && pending?.decision === 'cancel'
              ? t('adjustments.confirmCancel', {
                  amount: formatMoney(a.amount, a.currency),
                  username: a.member.username,
                })
              : undefined
        }
        confirmLabel={pending ? t(`adjustments.${pending.decision}`) : ''}
        danger={pending?.decision === 'reject'}
        {...(pending?.decision === 'reject' ? { reason: { label: t('adjustments.rejectReason'), max: 500 } } : {})}
        onConfirm={async (reason) => {
          if (!pending) return;
          await decideAdjustment(pending.adjustment.id, pending.decision, reason);
          await queryClient.invalidateQueries({ queryKey: membersKey });
        }}
        onClose={() => setPending(null)}
      />
    </div>
  );
}
