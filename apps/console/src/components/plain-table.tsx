import type { ReactNode } from 'react';
import { ScrollRegion } from './scroll-region';

export type PlainColumn = {
  label: string;
  numeric?: boolean;
  /** Spelled out on hover and to screen readers when the heading is a short word for a longer idea. */
  hint?: string;
};

/**
 * A short list that needs no paging (a brand's payment methods, roles, vendors): a captioned table
 * with column headings; the caller gives the rows.
 */
export function PlainTable({
  caption,
  columns,
  collapse = false,
  empty,
  children,
}: {
  caption: string;
  /** Headings in order; `false` leaves a column out (one the operator may not use). */
  columns: (PlainColumn | false)[];
  collapse?: boolean;
  /** Shown across the whole table instead of rows (loading, nothing yet); omitted when there are rows. */
  empty?: ReactNode;
  children?: ReactNode;
}) {
  const shown = columns.filter((c): c is PlainColumn => c !== false);
  return (
    <ScrollRegion label={caption} className="rounded-lg border border-(--border) bg-(--surface-raised)">
      <table className={collapse ? 'w-full border-collapse text-sm' : 'w-full text-sm'}>
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b border-(--border) bg-(--surface) text-left">
            {shown.map((c) => (
              <th key={c.label} scope="col" className={c.numeric ? 'px-3 py-2 text-right' : 'px-3 py-2'}>
                {c.hint ? <abbr title={c.hint}>{c.label}</abbr> : c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {empty ? (
            <tr>
              <td colSpan={shown.length} className="px-3 py-4 text-(--text-muted)">
                {empty}
              </td>
            </tr>
          ) : (
            children
          )}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
