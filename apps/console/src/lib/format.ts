// Amounts on the admin API are numbers in major units with two decimals (api-conventions "Amounts").
const money = new Intl.NumberFormat('en', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const dateTime = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'medium' });

export function formatMoney(amount: number, currency?: string): string {
  return currency ? `${money.format(amount)} ${currency}` : money.format(amount);
}

export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : dateTime.format(d);
}

const zonedDateTimes = new Map<string, Intl.DateTimeFormat>();

/** A server time as a clock in `timeZone` reads it (the brand's; the screen names the zone). */
export function formatDateTimeIn(iso: string | null | undefined, timeZone: string): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  let format = zonedDateTimes.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone });
    zonedDateTimes.set(timeZone, format);
  }
  return format.format(d);
}
