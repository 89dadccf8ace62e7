import type { AdminWithdrawal } from '@gamehall/shared/api/admin';
import type { ColumnDef } from '@tanstack/react-table';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { toGridPage } from '../../components/data-grid';
import { formatDateTime } from '../../lib/format';
import { fetchWithdrawals, WITHDRAWAL_STATUSES, withdrawalsKey } from './api';
import { NameWithMatch, OrderGrid, orderColumns } from './order-list';
import { providerName } from './provider-payout';

/**
 * The "Paid from" column: paid by hand, the brand's account the money left from; paid through a
 * provider, the provider. A payout the provider failed paid nothing (the money went back to the
 * member), and one still sending has not paid yet.
 */
export function paidFrom(t: TFunction<'cashier'>, w: AdminWithdrawal): string {
  if (w.payout) return w.payout.account.label;
  if (w.providerPayout?.state === 'failed') return t('payout.returnedShort');
  const paid = w.status === 'paid' || w.status === 'confirmed';
  return paid && w.providerPayout ? providerName(t, w.providerPayout.provider) : '';
}

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
        accessorFn: (w) => paidFrom(t, w),
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
