// CSV of a grid (RFC 4180): fields with a comma, quote or line break are quoted, quotes doubled,
// lines end with CRLF. A text cell that a spreadsheet would run as a formula (it starts with
// = + - @, or a tab or carriage return that some programs skip before one) gets a leading
// apostrophe, so a member's name like "=HYPERLINK(...)" stays text (OWASP "CSV injection").
// Numbers are written as numbers: a negative amount is data, not a formula.
export type CsvCell = string | number | boolean | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  let text = String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return `${[header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}

/** Saves text as a file; the byte-order mark makes spreadsheet programs read it as UTF-8. */
export function downloadCsv(fileName: string, csv: string): void {
  const url = URL.createObjectURL(new Blob(['\uFEFF', csv], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}
