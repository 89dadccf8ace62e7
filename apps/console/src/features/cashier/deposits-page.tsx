import type { AdminDeposit } from '@gamehall/shared/api/admin';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { toGridPage } from '../../components/data-grid';
import { formatDateTime } from '../../lib/format';
import { DEPOSIT_STATUSES, depositsKey, fetchDeposits } from './api';
import { OrderGrid, orderColumns } from './order-list';

export function DepositsPage() {
  const { t } = useTranslation('cashier');
  const columns = useMemo<ColumnDef<AdminDeposit, unknown>[]>(() => {
    const c = orderColumns<AdminDeposit>(t, 'deposits');
    return [
      c.reference,
      c.member,
      { id: 'method', accessorKey: 'methodCode', header: t('method') },
      c.amount,
      c.currency,
      c.status,
      { id: 'proofCount', accessorKey: 'proofCount', header: t('proofs'), meta: { numeric: true } },
      {
        id: 'firstDeposit',
        accessorFn: (d) => (d.firstDeposit ? t('yes') : ''),
        header: t('firstDeposit'),
      },
      c.createdAt,
      {
        id: 'decidedAt',
        accessorKey: 'decidedAt',
        header: t('decided'),
        cell: ({ row }) => formatDateTime(row.original.decidedAt),
      },
    ];
  }, [t]);
  return (
    <OrderGrid<AdminDeposit>
      list="deposits"
      queryKey={depositsKey}
      fetchPage={(q) => fetchDeposits(q).then(toGridPage)}
      columns={columns}
      statuses={DEPOSIT_STATUSES}
      hiddenColumns={['currency']}
      extraFilters={[{ name: 'method', label: t('method'), type: 'text', placeholder: t('filters.methodHint') }]}
    />
  );
}
