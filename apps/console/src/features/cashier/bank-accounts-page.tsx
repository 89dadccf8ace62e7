import type { AdminBankAccount } from '@gamehall/shared/api/admin';
import { Button } from '@gamehall/ui/button';
import { useQueryClient } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DataGrid, toGridPage } from '../../components/data-grid';
import { PageHeader } from '../../components/page-header';
import { StatusBadge } from '../../components/status-badge';
import { formatDateTime } from '../../lib/format';
import { useCan } from '../../lib/session';
import { bankAccountsKey, confirmBankAccount, fetchBankAccounts, rejectBankAccount } from './api';
import { PayeeMatchBadge } from './desk-dialogs';
import { LiveBadge, useLiveCashier } from './live';

export function BankAccountsPage() {
  const { t } = useTranslation('cashier');
  const can = useCan();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState<AdminBankAccount | null>(null);
  const [rejecting, setRejecting] = useState<AdminBankAccount | null>(null);
  const poll = useLiveCashier();
  const approver = can('cashier.approve');
  const columns = useMemo<ColumnDef<AdminBankAccount, unknown>[]>(
    () => [
      { id: 'id', accessorKey: 'id', header: t('id'), meta: { numeric: true } },
      { id: 'member', accessorFn: (a) => a.member.username, header: t('member') },
      { id: 'bankName', accessorKey: 'bankName', header: t('bankName') },
      { id: 'accountName', accessorKey: 'accountName', header: t('accountName') },
      {
        id: 'payeeMatch',
        accessorKey: 'payeeMatch',
        header: t('payeeMatch.title'),
        cell: ({ row }) => <PayeeMatchBadge match={row.original.payeeMatch} />,
      },
      {
        id: 'accountNumber',
        accessorKey: 'accountNumber',
        header: t('accountNumber'),
        cell: ({ row }) => <span className="font-mono">{row.original.accountNumber}</span>,
      },
      {
        id: 'status',
        accessorKey: 'status',
        header: t('statusLabel'),
        cell: ({ row }) => (
          <StatusBadge
            label={t(`bankStatus.${row.original.status}`)}
            tone={
              row.original.status === 'confirmed'
                ? 'success'
                : row.original.status === 'rejected'
                  ? 'danger'
                  : 'warning'
            }
          />
        ),
      },
      {
        id: 'rejectReason',
        accessorKey: 'rejectReason',
        header: t('reason'),
        cell: ({ row }) => row.original.rejectReason ?? '-',
      },
      {
        id: 'confirmedAt',
        accessorKey: 'confirmedAt',
        header: t('confirmedAt'),
        cell: ({ row }) => formatDateTime(row.original.confirmedAt),
      },
      {
        id: 'actions',
        header: t('common.actions', { ns: 'core' }),
        cell: ({ row }) =>
          approver && row.original.status === 'pending' ? (
            <div className="flex gap-1">
              <Button
                className="px-2 py-1 text-xs"
                aria-label={t('actions.confirmAccountOf', {
                  member: row.original.member.username,
                  number: row.original.accountNumber,
                })}
                onClick={() => setConfirming(row.original)}
              >
                {t('actions.confirmAccount')}
              </Button>
              <Button
                variant="secondary"
                className="px-2 py-1 text-xs"
                aria-label={t('actions.rejectAccountOf', {
                  member: row.original.member.username,
                  number: row.original.accountNumber,
                })}
                onClick={() => setRejecting(row.original)}
              >
                {t('actions.reject')}
              </Button>
            </div>
          ) : null,
      },
    ],
    [t, approver],
  );
  return (
    <div>
      <PageHeader
        title={t('bankAccounts.title')}
        description={t('bankAccounts.description')}
        actions={<LiveBadge poll={poll} />}
      />
      <DataGrid<AdminBankAccount>
        caption={t('bankAccounts.title')}
        queryKey={bankAccountsKey}
        fetchPage={(q) => fetchBankAccounts(q).then(toGridPage)}
        columns={columns}
        rowId={(a) => String(a.id)}
        filters={[
          {
            name: 'status',
            label: t('statusLabel'),
            type: 'select',
            options: (['pending', 'confirmed', 'rejected'] as const).map((s) => ({
              value: s,
              label: t(`bankStatus.${s}`),
            })),
          },
          { name: 'q', label: t('bankAccounts.search'), type: 'text' },
        ]}
        exportName="bank-accounts"
        refetchInterval={poll}
      />
      <ConfirmDialog
        open={confirming !== null}
        title={t('actions.confirmAccount')}
        message={
          confirming &&
          t('confirm.bankAccount', {
            member: confirming.member.username,
            bank: confirming.bankName,
            number: confirming.accountNumber,
            name: confirming.accountName,
          })
        }
        confirmLabel={t('actions.confirmAccount')}
        // A payee who is not the verified name is confirmed only with the operator's note of the check.
        reason={confirming?.payeeMatch === 'mismatch' ? { label: t('desk.payeeReview'), max: 200 } : undefined}
        onConfirm={async (note) => {
          if (!confirming) return;
          await confirmBankAccount(confirming.id, note || undefined);
          await queryClient.invalidateQueries({ queryKey: bankAccountsKey });
        }}
        onClose={() => setConfirming(null)}
      />
      <ConfirmDialog
        open={rejecting !== null}
        title={t('actions.reject')}
        message={
          rejecting &&
          t('confirm.rejectBankAccount', {
            member: rejecting.member.username,
            bank: rejecting.bankName,
            number: rejecting.accountNumber,
          })
        }
        confirmLabel={t('actions.reject')}
        reason={{ label: t('reason'), max: 200 }}
        onConfirm={async (reason) => {
          if (!rejecting) return;
          await rejectBankAccount(rejecting.id, reason);
          await queryClient.invalidateQueries({ queryKey: bankAccountsKey });
        }}
        onClose={() => setRejecting(null)}
      />
    </div>
  );
}
