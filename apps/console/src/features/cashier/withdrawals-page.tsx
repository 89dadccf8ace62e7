import type { AdminWithdrawal } from '@gamehall/shared/api/admin';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataGrid, toGridPage } from '../../components/data-grid';
import { PageHeader } from '../../components/page-header';
import { formatDateTime, formatMoney } from '../../lib/format';
import { fetchWithdrawals, LIVE_MS, WITHDRAWAL_STATUSES, withdrawalsKey } from './api';
import { OrderStatus } from './status';

export function WithdrawalsPage() {
  const { t } = useTranslation('cashier');
  const columns = useMemo<ColumnDef<AdminWithdrawal, unknown>[]>(
    () => [
      {
        id: 'reference',
        accessorKey: 'reference',
        header: t('reference'),
        cell: ({ row }) => (
          <Link to={`/cashier/withdrawals/${row.original.reference}`} className="font-mono text-(--accent) underline">
            {row.original.reference}
          </Link>
        ),
      },
      { id: 'member', accessorFn: (w) => w.member.username, header: t('member') },
      {
        id: 'amount',
        accessorKey: 'amount',
        header: t('amount'),
        meta: { numeric: true },
        cell: ({ row }) => formatMoney(row.original.amount, row.original.currency),
      },
      { id: 'currency', accessorKey: 'currency', header: t('currency') },
      {
        id: 'bank',
        accessorFn: (w) => `${w.bankAccount.bankName} ${w.bankAccount.accountNumber}`,
        header: t('bankAccount'),
      },
      { id: 'accountName', accessorFn: (w) => w.bankAccount.accountName, header: t('accountName') },
      {
        id: 'status',
        accessorKey: 'status',
        header: t('statusLabel'),
        cell: ({ row }) => <OrderStatus status={row.original.status} />,
      },
      {
        id: 'receiptStatus',
        accessorFn: (w) => (w.receiptStatus ? t(`receipt.${w.receiptStatus}`) : ''),
        header: t('receiptLabel'),
      },
      {
        id: 'createdAt',
        accessorKey: 'createdAt',
        header: t('created'),
        cell: ({ row }) => formatDateTime(row.original.createdAt),
      },
      {
        id: 'paidAt',
        accessorKey: 'paidAt',
        header: t('paidAt'),
        cell: ({ row }) => formatDateTime(row.original.paidAt),
      },
    ],
    [t],
  );
  return (
    <div>
      <PageHeader title={t('withdrawals.title')} description={t('withdrawals.description')} />
      <DataGrid<AdminWithdrawal>
        caption={t('withdrawals.title')}
        queryKey={withdrawalsKey}
        fetchPage={(q) => fetchWithdrawals(q).then(toGridPage)}
        columns={columns}
        rowId={(w) => w.reference}
        hiddenColumns={['currency', 'accountName']}
        filters={[
          {
            name: 'status',
            label: t('statusLabel'),
            type: 'select',
            options: WITHDRAWAL_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) })),
          },
        ]}
        exportName="withdrawals"
        refetchInterval={LIVE_MS}
      />
    </div>
  );
}
