import type { AdminWithdrawal } from '@gamehall/shared/api/admin';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { toGridPage } from '../../components/data-grid';
import { StatusBadge, type Tone } from '../../components/status-badge';
import { formatDateTime } from '../../lib/format';
import { fetchWithdrawals, WITHDRAWAL_STATUSES, withdrawalsKey } from './api';
import { OrderGrid, orderColumns } from './order-list';

// The member's risk level (docs/risk.md) beside each order; normal reads as plain text.
const RISK_TONES: Record<AdminWithdrawal['riskLevel'], Tone> = {
  low: 'success',
  normal: 'muted',
  high: 'warning',
  blocked: 'danger',
};

export function WithdrawalsPage() {
  const { t } = useTranslation('cashier');
  const columns = useMemo<ColumnDef<AdminWithdrawal, unknown>[]>(() => {
    const c = orderColumns<AdminWithdrawal>(t, 'withdrawals');
    return [
      c.reference,
      c.member,
      {
        id: 'riskLevel',
        accessorFn: (w) => t(`riskLevels.${w.riskLevel}`),
        header: t('riskLevel'),
        cell: ({ row }) => (
          <StatusBadge label={t(`riskLevels.${row.original.riskLevel}`)} tone={RISK_TONES[row.original.riskLevel]} />
        ),
      },
      c.amount,
      c.currency,
      {
        id: 'bank',
        accessorFn: (w) => `${w.bankAccount.bankName} ${w.bankAccount.accountNumber}`,
        header: t('bankAccount'),
      },
      { id: 'accountName', accessorFn: (w) => w.bankAccount.accountName, header: t('accountName') },
      c.status,
      {
        id: 'receiptStatus',
        accessorFn: (w) => (w.receiptStatus ? t(`receipt.${w.receiptStatus}`) : ''),
        header: t('receiptLabel'),
      },
      c.createdAt,
      {
        id: 'paidAt',
        accessorKey: 'paidAt',
        header: t('paidAt'),
        cell: ({ row }) => formatDateTime(row.original.paidAt),
      },
    ];
  }, [t]);
  return (
    <OrderGrid<AdminWithdrawal>
      list="withdrawals"
      queryKey={withdrawalsKey}
      fetchPage={(q) => fetchWithdrawals(q).then(toGridPage)}
      columns={columns}
      statuses={WITHDRAWAL_STATUSES}
      hiddenColumns={['currency', 'accountName']}
      extraFilters={[{ name: 'bank', label: t('bankName'), type: 'text', placeholder: t('filters.bankHint') }]}
    />
  );
}
