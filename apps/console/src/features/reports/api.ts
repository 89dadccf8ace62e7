import type { CashierReport, GamesReport, RegistrationsReport } from '@gamehall/shared/api/reports';
import type { GridFilter, GridQuery } from '../../components/data-grid';
import { api } from '../../lib/api-client';

// The report grids keep their range in the URL (?from=...&to=...&groupBy=...); without one they
// show the last 30 days. Days are the brand's (the server cuts them in the brand time zone).

function isoDay(d: Date): string {
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

export function defaultRange(now = new Date()): { from: string; to: string } {
  const from = new Date(now);
  from.setDate(from.getDate() - 29);
  return { from: isoDay(from), to: isoDay(now) };
}

function withRange(q: GridQuery): GridQuery {
  const range = defaultRange();
  return { ...q, from: q.from ?? range.from, to: q.to ?? range.to };
}

export function rangeFilters(t: (key: string) => string): GridFilter[] {
  return [
    { name: 'from', label: t('from'), type: 'date' },
    { name: 'to', label: t('to'), type: 'date' },
  ];
}

export function fetchGamesReport(q: GridQuery) {
  return api<GamesReport>('/admin/reports/games', { query: withRange(q) });
}

export function fetchCashierReport(q: GridQuery) {
  return api<CashierReport>('/admin/reports/cashier', { query: withRange(q) });
}

export function fetchRegistrationsReport(q: GridQuery) {
  return api<RegistrationsReport>('/admin/reports/registrations', { query: withRange(q) });
}
