// Wall-clock days and times in a brand's IANA time zone, with Intl only (no time zone library):
// the simulator lays out each league's day of fixtures at local times. Days and offsets are the
// platform's own (packages/shared calendar-day.ts).
import { addDays, brandDay, offsetAt } from '@gamehall/shared/calendar-day';

export { addDays };

/** Zones already asked about: Intl's answer for a zone does not change while the process runs. */
const knownZones = new Map<string, boolean>();

/** True when Intl knows the zone. */
export function isTimeZone(timeZone: string): boolean {
  let known = knownZones.get(timeZone);
  if (known === undefined) {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone });
      known = true;
    } catch {
      known = false;
    }
    knownZones.set(timeZone, known);
  }
  return known;
}

/** The zone's calendar day ('YYYY-MM-DD') at the instant `ms`. */
export function localDay(ms: number, timeZone: string): string {
  return brandDay(new Date(ms), timeZone);
}

/**
 * The instant at which the zone's wall clock shows `minutes` after midnight of `day` (a time a
 * daylight-saving jump skips comes out an hour later, one it repeats the first time).
 */
export function zonedInstant(day: string, minutes: number, timeZone: string): number {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const asUtc = Date.UTC(y, m - 1, d, 0, minutes);
  const first = asUtc - offsetAt(asUtc, timeZone);
  return asUtc - offsetAt(first, timeZone);
}
