// The time a security notice (mail, SMS) names, in the brand's time zone with its offset, so a
// member of a brand in Manila reads the local time of the change, not UTC.
const formats = new Map<string, Intl.DateTimeFormat>();

/** '2026-11-25 10:44 (UTC+08:00)' for `at` in `timeZone`. */
export function noticeTime(at: Date, timeZone: string): string {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZoneName: 'longOffset',
    });
    formats.set(timeZone, format);
  }
  const part = Object.fromEntries(format.formatToParts(at).map((p) => [p.type, p.value]));
  // 'GMT+08:00', or 'GMT' alone at offset zero.
  const offset = (part.timeZoneName ?? 'GMT').replace('GMT', 'UTC') || 'UTC';
  return `${part.year}-${part.month}-${part.day} ${part.hour}:${part.minute} (${offset === 'UTC' ? 'UTC+00:00' : offset})`;
}
