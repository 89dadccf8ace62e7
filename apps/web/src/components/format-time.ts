/** A server time in the reader's locale, or '-' when there is none. */
export function formatTime(iso: string | null | undefined): string {
  return iso ? new Date(iso).toLocaleString() : '-';
}

/** A server time as the clock reads in `timeZone` (an IANA name, the brand's), or '-' when there is none. */
export function formatTimeIn(iso: string | null | undefined, timeZone: string): string {
  if (!iso) return '-';
  try {
    return new Date(iso).toLocaleString(undefined, { timeZone });
  } catch {
    // A zone the browser does not know: UTC, named, rather than the reader's own clock unnamed.
    return `${new Date(iso).toLocaleString(undefined, { timeZone: 'UTC' })} UTC`;
  }
}
