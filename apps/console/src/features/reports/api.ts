import type {
  CashierReport,
  GamesReport,
  NgrReport,
  NgrRows,
  PaymentFeePayouts,
  PaymentFees,
  RegistrationsReport,
} from '@gamehall/shared/api/reports';
import type { GridFilter, GridQuery } from '../../components/data-grid';
import { api } from '../../lib/api-client';

export { defaultRange, useBrandTimeZone, withRange } from '../../lib/brand-range';

export function rangeFilters(t: (key: string) => string): GridFilter[] {
  return [
    { name: 'from', label: t('from'), type: 'date' },
    { name: 'to', label: t('to'), type: 'date' },
  ];
}

// The fetchers take a query whose range is set (ReportGrid fills in the default one).

export function fetchGamesReport(q: GridQuery) {
  return api<GamesReport>('/admin/reports/games', { query: q });
}

export function fetchCashierReport(q: GridQuery) {
  return api<CashierReport>('/admin/reports/cashier', { query: q });
}

export function fetchRegistrationsReport(q: GridQuery) {
  return api<RegistrationsReport>('/admin/reports/registrations', { query: q });
}

export function fetchNgrReport(q: GridQuery) {
  return api<NgrReport>('/admin/reports/ngr', { query: q });
}

export function fetchNgrRows(q: GridQuery) {
  return api<NgrRows>('/admin/reports/ngr/rows', { query: q });
}

/** Payment fees of a range by day or paying account (their totals are the NGR report's payment fee). */
export function fetchPaymentFees(q: { from: string; to: string; groupBy: 'day' | 'account' }) {
  return api<PaymentFees>('/admin/reports/cashier/fees', { query: q });
}

/** The payouts with a bank fee behind a day's or an account's figure. */
export function fetchPaymentFeePayouts(q: { from: string; to: string; accountId?: number; pageSize: number }) {
  return api<PaymentFeePayouts>('/admin/reports/cashier/fees/payouts', { query: q });
}
