/** A server time in the reader's locale, or '-' when there is none. */
export function formatTime(iso: string | null | undefined): string {
  return iso ? new Date(iso).toLocaleString() : '-';
}
