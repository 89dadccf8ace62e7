import type { AdminDeposit } from '@gamehall/shared/api/admin';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataGrid, toGridPage } from '../../components/data-grid';
import { PageHeader } from '../../components/page-header';
import { formatDateTime, formatMoney } from '../../lib/format';
import { DEPOSIT_STATUSES, depositsKey, fetchDeposits, LIVE_MS } from './api';
import { OrderStatus } from './status';

export function DepositsPage() {
  const { t } = useTranslation('cashier');
  const columns = useMemo<ColumnDef<AdminDeposit, unknown>[]>(
    () => [
      {
        id: 'reference',
        accessorKey: 'reference',
        header: t('reference'),
        cell: ({ row }) => (
          <Link to={`/cashier/deposits/${row.original.reference}`} className="font-mono text-(--accent) underline">
            {row.original.reference}
          </Link>
        ),
      },
      { id: 'member', accessorFn: (d) => d.member.username, header: t('member') },
      { id: 'method', accessorKey: 'methodCode', header: t('method') },
      {
        id: 'amount',
        accessorKey: 'amount',
        header: t('amount'),
        meta: { numeric: true },
        cell: ({ row }) => formatMoney(row.original.amount, row.original.currency),
      },
      { id: 'currency', accessorKey: 'currency', header: t('currency') },
      {
        id: 'status',
        accessorKey: 'status',
        header: t('statusLabel'),
        cell: ({ row }) => <OrderStatus status={row.original.status} />,
      },
      { id: 'proofCount', accessorKey: 'proofCount', header: t('proofs'), meta: { numeric: true } },
      {
        id: 'firstDeposit',
        accessorFn: (d) => (d.firstDeposit ? t('yes') : ''),
        header: t('firstDeposit'),
      },
      {
        id: 'createdAt',
        accessorKey: 'createdAt',
        header: t('created'),
        cell: ({ row }) => formatDateTime(row.original.createdAt),
      },
      {
        id: 'decidedAt',
        accessorKey: 'decidedAt',
        header: t('decided'),
        cell: ({ row }) => formatDateTime(row.original.decidedAt),
      },
    ],
    [t],
  );
  return (
    <div>
      <PageHeader title={t('deposits.title')} description={t('deposits.description')} />
      <DataGrid<AdminDeposit>
        caption={t('deposits.title')}
        queryKey={depositsKey}
        fetchPage={(q) => fetchDeposits(q).then(toGridPage)}
        columns={columns}
        rowId={(d) => d.reference}
        hiddenColumns={['currency']}
        filters={[
          {
            name: 'status',
            label: t('statusLabel'),
            type: 'select',
            options: DEPOSIT_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) })),
          },
        ]}
        exportName="deposits"
        refetchInterval={LIVE_MS}
      />
    </div>
  );
}
