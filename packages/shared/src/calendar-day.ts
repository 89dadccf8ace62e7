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

/** The instant the calendar day `day` (yyyy-MM-dd) begins in `timeZone`. */
export function dayStart(day: string, timeZone: string): Date {
  const guess = Date.parse(`${day}T00:00:00Z`);
  // The zone's offset at the guess, then again at the corrected instant (a change of offset that
  // night moves it once more); midnight that does not exist begins the day at the first instant after.
  let at = guess - offsetAt(guess, timeZone);
  at = guess - offsetAt(at, timeZone);
  return new Date(at);
}

const clockFormats = new Map<string, Intl.DateTimeFormat>();

/** The zone's offset from UTC at an instant, in milliseconds. */
function offsetAt(at: number, timeZone: string): number {
  let format = clockFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    clockFormats.set(timeZone, format);
  }
  const parts = format.formatToParts(new Date(at));
  const n = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  const wall = Date.UTC(n('year'), n('month') - 1, n('day'), n('hour'), n('minute'), n('second'));
  return wall - Math.floor(at / 1000) * 1000;
}
