import { addDays, brandDay } from '@gamehall/shared/calendar-day';
import type { GridQuery } from '../components/data-grid';
import { useMe } from './session';

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

/** The brand time zone report days are cut in (undefined while the session loads). */
export function useBrandTimeZone(): string | undefined {
  return useMe()?.brandTimeZone;
}
