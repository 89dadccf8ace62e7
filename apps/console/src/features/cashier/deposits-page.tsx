import type { AdminDeposit } from '@gamehall/shared/api/admin';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { toGridPage } from '../../components/data-grid';
import { formatDateTime } from '../../lib/format';
import { DEPOSIT_STATUSES, depositsKey, fetchDeposits } from './api';
import { NameWithMatch, OrderGrid, orderColumns } from './order-list';

export function DepositsPage() {
  const { t } = useTranslation('cashier');
  const columns = useMemo<ColumnDef<AdminDeposit, unknown>[]>(() => {
    const c = orderColumns<AdminDeposit>(t, 'deposits');
    return [
      c.reference,
      c.member,
      c.risk,
      { id: 'method', accessorKey: 'methodCode', header: t('method') },
      c.amount,
      c.currency,
      {
        id: 'depositorName',
        accessorFn: (d) => d.depositorName ?? '',
        header: t('depositor'),
        cell: ({ row }) => <NameWithMatch name={row.original.depositorName} match={row.original.depositorMatch} />,
      },
      {
        id: 'receivingAccount',
        accessorFn: (d) => d.receivingAccount?.label ?? '',
        header: t('receivingAccount'),
      },
      c.status,
      c.age,
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
      // Only a bank transfer waits for the desk; the gateway's and e-wallet's orders settle by callback.
      decidable={(d) => d.status === 'pending' && d.kind === 'bank_transfer'}
      extraFilters={[{ name: 'method', label: t('method'), type: 'text', placeholder: t('filters.methodHint') }]}
    />
  );
}
