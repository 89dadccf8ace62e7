import type { AdminWithdrawal } from '@gamehall/shared/api/admin';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { toGridPage } from '../../components/data-grid';
import { formatDateTime } from '../../lib/format';
import { fetchWithdrawals, WITHDRAWAL_STATUSES, withdrawalsKey } from './api';
import { NameWithMatch, OrderGrid, orderColumns } from './order-list';
import { providerName } from './provider-payout';

export function WithdrawalsPage() {
  const { t } = useTranslation('cashier');
  const columns = useMemo<ColumnDef<AdminWithdrawal, unknown>[]>(() => {
    const c = orderColumns<AdminWithdrawal>(t, 'withdrawals');
    return [
      c.reference,
      c.member,
      c.risk,
      c.amount,
      c.currency,
      {
        id: 'bank',
        accessorFn: (w) => `${w.bankAccount.bankName} ${w.bankAccount.accountNumber}`,
        header: t('bankAccount'),
      },
      {
        id: 'accountName',
        accessorFn: (w) => w.bankAccount.accountName,
        header: t('payee'),
        cell: ({ row }) => (
          <NameWithMatch name={row.original.bankAccount.accountName} match={row.original.payeeMatch} />
        ),
      },
      {
        id: 'payingAccount',
        // Paid by hand: the brand's account it left from; through a provider: the provider.
        accessorFn: (w) =>
          w.payout?.account.label ?? (w.providerPayout ? providerName(t, w.providerPayout.provider) : ''),
        header: t('payingAccount'),
      },
      c.status,
      c.age,
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
      hiddenColumns={['currency']}
      decidable={(w) => w.status === 'pending'}
      extraFilters={[{ name: 'bank', label: t('bankName'), type: 'text', placeholder: t('filters.bankHint') }]}
    />
  );
}
