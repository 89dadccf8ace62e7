// Calendar days (yyyy-MM-dd) of a time zone: the brand days that reports, rebates, VIP windows and
// agent statistics are cut in, on the server and in the back office alike. A day is a date, not an
// instant, so counting days never meets a daylight-saving change.

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** The calendar day it is in `timeZone` at `at`. */
export function brandDay(at: Date, timeZone: string): string {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormats.set(timeZone, format);
  }
  // The parts, not format(): no locale's date pattern is relied on.
  const parts = format.formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** `day` plus `n` days (negative goes back). */
export function addDays(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}
