import { StudioError } from './errors';

// The days of the operator's reports (the sportsbook's profit, the card room's hands, integrity and
// rake): calendar days yyyy-MM-dd counted in a time zone the platform names (the brand's).

/** A real calendar day (2026-02-30 is not); absent is fine. */
export function validDay(day: string | undefined): boolean {
  if (day === undefined) return true;
  const d = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === day;
}

/** A time zone the runtime knows (an IANA name); absent is fine. */
export function validTimeZone(zone: string | undefined): boolean {
  if (zone === undefined) return true;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** Refuses days that are not calendar days, a window that ends before it starts, or an unknown zone. */
export function checkDays(q: { from?: string | undefined; to?: string | undefined; tz?: string | undefined }): void {
  const bad: string[] = (['from', 'to'] as const).filter((k) => !validDay(q[k]));
  if (bad.length === 0 && q.from !== undefined && q.to !== undefined && q.from > q.to) bad.push('from', 'to');
  if (!validTimeZone(q.tz)) bad.push('tz');
  if (bad.length > 0) throw new StudioError('STUDIO_BAD_REQUEST', { fields: bad }, (w) => w.invalidFields(bad));
}
