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
export function offsetAt(at: number, timeZone: string): number {
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

const WALL_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/** What a clock in `timeZone` reads at `at`, as a datetime-local input holds it (yyyy-MM-ddTHH:mm). */
export function wallTime(at: Date, timeZone: string): string {
  const shifted = new Date(Math.floor(at.getTime() / 1000) * 1000 + offsetAt(at.getTime(), timeZone));
  return shifted.toISOString().slice(0, 16);
}

/**
 * The instant a clock in `timeZone` reads `wall` (yyyy-MM-ddTHH:mm, a datetime-local value), or null
 * when `wall` is not such a reading of a real date. A reading that a change to summer time skips
 * names the instant as far after the gap as the reading is into it (02:30 across a
 * 02:00 -> 03:00 change is 03:30); one that the change back repeats, the first of the two.
 */
export function wallTimeInstant(wall: string, timeZone: string): Date | null {
  const m = WALL_TIME.exec(wall);
  if (!m) return null;
  const [year, month, day, hour, minute] = m.slice(1).map(Number) as [number, number, number, number, number];
  const guess = Date.UTC(year, month - 1, day, hour, minute);
  const check = new Date(guess);
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day || hour > 23 || minute > 59) return null;
  // As dayStart: the offset at the guess, then at the corrected instant. A skipped reading matches
  // neither; the first correction then lands the length of the gap after it, past the change.
  const first = guess - offsetAt(guess, timeZone);
  const second = guess - offsetAt(first, timeZone);
  return new Date(wallTime(new Date(second), timeZone) === wall ? second : first);
}
