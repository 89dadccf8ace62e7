import { type ReactNode, useLayoutEffect, useRef } from 'react';

/** A column header: its text, whether it is only for screen readers, and its alignment. */
export type TableColumn = string | { label: string; srOnly?: boolean; align?: 'start' | 'end' };

/**
 * The member centre's tables. On wide screens a plain table; under 640 px (index.css
 * `.responsive-table`) each row becomes a card of "label: value" lines, so nothing scrolls sideways.
 * The rows (`children`, `<tr>` of `<td>`) stay the pages' own markup: each cell gets its column's
 * label as `data-label` here, kept up to date as rows come and go; screen readers still read the
 * (visually hidden) column headers.
 */
export function ResponsiveTable({
  caption,
  columns,
  children,
  empty,
  emptyText,
  testId,
}: {
  /** Names the table for assistive technology (not shown). */
  caption?: string;
  columns: TableColumn[];
  children: ReactNode;
  /** True when there are no rows: one full-width row with `emptyText` instead. */
  empty?: boolean;
  emptyText?: ReactNode;
  testId?: string;
}) {
  const ref = useRef<HTMLTableElement>(null);
  const labels = columns.map((c) => (typeof c === 'string' ? c : c.srOnly ? '' : c.label));
  const labelKey = labels.join('\u0000');
  useLayoutEffect(() => {
    const table = ref.current;
    if (!table) return;
    const columnLabels = labelKey.split('\u0000');
    const label = () => labelCells(table, columnLabels);
    label();
    // Rows that a row component adds or replaces later (paging, expanding) are labelled too.
    const observer = new MutationObserver(label);
    observer.observe(table, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [labelKey]);
  return (
    <table ref={ref} className="responsive-table w-full text-left text-sm" data-testid={testId}>
      {caption && <caption className="sr-only">{caption}</caption>}
      <thead className="text-(--text-muted)">
        <tr>
          {columns.map((column, i) => {
            const c = typeof column === 'string' ? { label: column } : column;
            return (
              <th
                // Headers are fixed per table; the index keeps two equal labels apart.
                // biome-ignore lint/suspicious/noArrayIndexKey: see above
                key={i}
                scope="col"
                className={`whitespace-nowrap py-2 pr-4 font-medium ${c.align === 'end' ? 'text-right rtl:text-left' : ''}`}
              >
                {c.srOnly ? <span className="sr-only">{c.label}</span> : c.label}
              </th>
            );
          })}
        </tr>
      </thead>
      <tbody>
        {empty ? (
          <tr>
            <td colSpan={columns.length} className="py-8 text-center text-(--text-muted)">
              {emptyText}
            </td>
          </tr>
        ) : (
          children
        )}
      </tbody>
    </table>
  );
}

function labelCells(table: HTMLTableElement, labels: string[]): void {
  for (const body of Array.from(table.tBodies)) {
    for (const row of Array.from(body.rows)) {
      let column = 0;
      for (const cell of Array.from(row.cells)) {
        // A cell across the whole row (an empty-table message, a detail line) has no single label.
        const text = cell.colSpan >= labels.length ? '' : (labels[column] ?? '');
        if (cell.dataset.label !== text) cell.dataset.label = text;
        column += cell.colSpan;
      }
    }
  }
}
