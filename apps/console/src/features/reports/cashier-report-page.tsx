import type { CashierReport, CashierReportRow } from '@gamehall/shared/api/reports';
import type { ColumnDef } from '@tanstack/react-table';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataGrid, type GridQuery } from '../../components/data-grid';
import { PageHeader } from '../../components/page-header';
import { formatMoney } from '../../lib/format';
import { fetchCashierReport, rangeFilters } from './api';
import { Totals } from './totals';

const count = new Intl.NumberFormat('en');

export function CashierReportPage() {
  const { t } = useTranslation('reports');
  const [totals, setTotals] = useState<CashierReport['totals'] | null>(null);
  const fetchPage = useCallback(
    (q: GridQuery) =>
      fetchCashierReport(q).then((r) => {
        setTotals(r.totals);
        return { rows: r.list, total: r.total };
      }),
    [],
  );
  const columns = useMemo<ColumnDef<CashierReportRow, unknown>[]>(() => {
    const amount = (id: 'depositAmount' | 'withdrawalAmount' | 'net', header: string): ColumnDef<CashierReportRow> => ({
      id,
      accessorKey: id,
      header,
      enableSorting: true,
      meta: { numeric: true },
      cell: ({ row }) => formatMoney(row.original[id]),
    });
    const orders = (id: 'depositOrders' | 'withdrawalOrders', header: string): ColumnDef<CashierReportRow> => ({
      id,
      accessorKey: id,
      header,
      enableSorting: true,
      meta: { numeric: true },
      cell: ({ row }) => count.format(row.original[id]),
    });
    return [
      { id: 'key', accessorKey: 'key', header: t('cashier.group'), enableSorting: true },
      { id: 'methodName', accessorKey: 'methodName', header: t('cashier.method') },
      orders('depositOrders', t('cashier.depositOrders')),
      amount('depositAmount', t('cashier.depositAmount')),
      orders('withdrawalOrders', t('cashier.withdrawalOrders')),
      amount('withdrawalAmount', t('cashier.withdrawalAmount')),
      amount('net', t('cashier.net')),
    ];
  }, [t]);
  return (
    <div>
      <PageHeader title={t('cashier.title')} description={t('cashier.description')} />
      {totals && (
        <Totals
          items={[
            { label: t('cashier.depositOrders'), value: count.format(totals.depositOrders) },
            { label: t('cashier.depositAmount'), value: formatMoney(totals.depositAmount) },
            { label: t('cashier.withdrawalOrders'), value: count.format(totals.withdrawalOrders) },
            { label: t('cashier.withdrawalAmount'), value: formatMoney(totals.withdrawalAmount) },
            { label: t('cashier.net'), value: formatMoney(totals.net) },
          ]}
        />
      )}
      <DataGrid<CashierReportRow>
        caption={t('cashier.title')}
        queryKey={['reports', 'cashier']}
        fetchPage={fetchPage}
        columns={columns}
        rowId={(r) => r.key}
        defaultSort={{ sort: 'key', order: 'asc' }}
        filters={[
          ...rangeFilters(t),
          {
            name: 'groupBy',
            label: t('groupBy'),
            type: 'select',
            options: [
              { value: 'method', label: t('cashier.byMethod') },
              { value: 'day', label: t('cashier.byDay') },
            ],
          },
        ]}
        exportName="cashier-report"
      />
    </div>
  );
}
