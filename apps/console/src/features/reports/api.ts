import type { AdminBrandSettings } from '@gamehall/shared/api/admin';
import type { CashierReport, Dashboard, GamesReport, RegistrationsReport } from '@gamehall/shared/api/reports';
import { addDays, brandDay } from '@gamehall/shared/calendar-day';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GridFilter, GridQuery } from '../../components/data-grid';
import { api } from '../../lib/api-client';
import { useCan } from '../../lib/session';

// The report grids keep their range in the URL (?from=...&to=...&groupBy=...); without one they
// show the last 30 days. Days are the brand's: the server reads from/to as days of the brand time
// zone, so the default range ends on today there, not on the browser's today (the two differ for
// part of every day when the operator sits in another zone).

/** The last 30 brand days: today in the brand's time zone and the 29 before. */
export function defaultRange(timeZone: string, now = new Date()): { from: string; to: string } {
  const to = brandDay(now, timeZone);
  return { from: addDays(to, -29), to };
}

/** The query with the default range filled in where the URL sets no day. */
export function withRange(q: GridQuery, timeZone: string, now = new Date()): GridQuery {
  const range = defaultRange(timeZone, now);
  return { ...q, from: q.from ?? range.from, to: q.to ?? range.to };
}

type ZoneSource = 'dashboard' | 'brand' | 'browser';

function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/**
 * The brand time zone. reports.read does not open a call that names it, so it comes from what the
 * operator may read: the dashboard (dashboard.read, every seeded role with reports) or the brand
 * settings (site.write). An operator with neither, or a failed call, gets the browser's zone: the
 * range may then end a day off, but the report still opens, and its date fields set any range.
 */
function brandTimeZoneQuery(source: ZoneSource) {
  return queryOptions({
    queryKey: ['reports', 'timeZone', source],
    queryFn: async (): Promise<string> => {
      try {
        if (source === 'dashboard') return (await api<Dashboard>('/admin/dashboard')).timeZone;
        if (source === 'brand') {
          const { settings } = await api<AdminBrandSettings>('/admin/brand/settings');
          const zone = settings.find((s) => s.key === 'timeZone')?.value;
          if (typeof zone === 'string' && zone) return zone;
        }
      } catch {
        // The browser's zone below.
      }
      return browserTimeZone();
    },
    staleTime: 10 * 60_000,
    retry: false,
  });
}

/** The brand time zone report days are cut in (undefined while it loads). */
export function useBrandTimeZone(): string | undefined {
  const can = useCan();
  const source: ZoneSource = can('dashboard.read') ? 'dashboard' : can('site.write') ? 'brand' : 'browser';
  return useQuery(brandTimeZoneQuery(source)).data;
}

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
