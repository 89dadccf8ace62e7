import type { ReactNode } from 'react';
import { ScrollRegion } from './scroll-region';

export type PlainColumn = { label: string; numeric?: boolean };

/**
 * A short list that needs no paging (a brand's payment methods, roles, vendors): a captioned table
 * with column headings; the caller gives the rows.
 */
export function PlainTable({
  caption,
  columns,
  collapse = false,
  children,
}: {
  caption: string;
  /** Headings in order; `false` leaves a column out (one the operator may not use). */
  columns: (PlainColumn | false)[];
  collapse?: boolean;
  children: ReactNode;
}) {
  return (
    <ScrollRegion label={caption} className="rounded-lg border border-(--border) bg-(--surface-raised)">
      <table className={collapse ? 'w-full border-collapse text-sm' : 'w-full text-sm'}>
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b border-(--border) bg-(--surface) text-left">
            {columns.map(
              (c) =>
                c && (
                  <th key={c.label} scope="col" className={c.numeric ? 'px-3 py-2 text-right' : 'px-3 py-2'}>
                    {c.label}
                  </th>
                ),
            )}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </ScrollRegion>
  );
}
