import type { CashierReport, CashierReportRow } from '@gamehall/shared/api/reports';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header';
import { formatMoney } from '../../lib/format';
import { fetchCashierReport } from './api';
import { PaymentFeesSection } from './payment-fees';
import { figureColumn, ReportGrid, useReportFetch } from './report-grid';
import { Totals } from './totals';

const count = new Intl.NumberFormat('en');

const totalsOf = (r: CashierReport) => r.totals;

export function CashierReportPage() {
  const { t } = useTranslation('reports');
  const [totals, fetchPage] = useReportFetch(fetchCashierReport, totalsOf, null as CashierReport['totals'] | null);
  const columns = useMemo<ColumnDef<CashierReportRow, unknown>[]>(() => {
    const amount = (id: 'depositAmount' | 'withdrawalAmount' | 'net', header: string) =>
      figureColumn<CashierReportRow, typeof id>(id, header, formatMoney);
    const orders = (id: 'depositOrders' | 'withdrawalOrders', header: string) =>
      figureColumn<CashierReportRow, typeof id>(id, header, (v) => count.format(v));
    return [
      { id: 'key', accessorKey: 'key', header: t('cashier.group'), enableSorting: true },
      { id: 'methodName', accessorKey: 'methodName', header: t('cashier.method') },
      orders('depositOrders', t('cashier.depositOrders')),
      amount('depositAmount', t('cashier.depositAmount')),
      orders('withdrawalOrders', t('cashier.withdrawalOrders')),
      amount('withdrawalAmount', t('cashier.withdrawalAmount')),
      amount('net', t('cashier.net')),
      // Balance adjustments have no payment method: by day only.
      figureColumn<CashierReportRow, 'adjustmentCount'>(
        'adjustmentCount',
        t('cashier.adjustmentCount'),
        (v) => (v === null ? '-' : count.format(v)),
        false,
      ),
      figureColumn<CashierReportRow, 'adjustmentCredits'>(
        'adjustmentCredits',
        t('cashier.adjustmentCredits'),
        (v) => (v === null ? '-' : formatMoney(v)),
        false,
      ),
      figureColumn<CashierReportRow, 'adjustmentDebits'>(
        'adjustmentDebits',
        t('cashier.adjustmentDebits'),
        (v) => (v === null ? '-' : formatMoney(v)),
        false,
      ),
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
            { label: t('cashier.adjustmentCredits'), value: formatMoney(totals.adjustmentCredits ?? 0) },
            { label: t('cashier.adjustmentDebits'), value: formatMoney(totals.adjustmentDebits ?? 0) },
          ]}
        />
      )}
      <ReportGrid<CashierReportRow>
        name="cashier"
        caption={t('cashier.title')}
        fetchPage={fetchPage}
        columns={columns}
        groups={[
          { value: 'method', label: t('cashier.byMethod') },
          { value: 'day', label: t('cashier.byDay') },
        ]}
      />
      <PaymentFeesSection />
    </div>
  );
}
