import { addDays, brandDay } from '@gamehall/shared/calendar-day';
import { type QueryKey, type UseQueryOptions, useQuery } from '@tanstack/react-query';
import { type ReactNode, useId, useState } from 'react';
import { formatMoney } from '../lib/format';
import { useMe } from '../lib/session';
import { DateFilter, EmptyNote, QueryErrorAlert } from './list-page-parts';
import { PageHeader } from './page-header';
import { PlainTable } from './plain-table';

export type DayReportColumn<D, R> = {
  label: string;
  numeric?: boolean;
  cell: (row: R, data: D) => ReactNode;
  /** The column's cell in the total row; the total row's label spans the columns before the first total. */
  total?: (rows: R[], data: D) => ReactNode;
};

/**
 * A programme's report over a range of days (costs, payouts): the from/to day filters (the last
 * `days` days up to today by default), a captioned table of the rows the query returns, an optional
 * total row and a note when there are none. The caller gives the texts in its own namespace.
 */
export function DayReportPage<D, R, K extends QueryKey>({
  query,
  rows: rowsOf,
  rowKey,
  rowTestId,
  columns,
  days = 30,
  title,
  description,
  labels,
  emptyOnError = true,
}: {
  query: (from: string, to: string) => UseQueryOptions<D, Error, D, K>;
  rows: (data: D) => R[];
  rowKey: (row: R) => string;
  rowTestId?: string;
  columns: DayReportColumn<D, R>[];
  days?: number;
  title: string;
  description: (data: D | undefined) => string;
  labels: { from: string; to: string; empty: string; total?: string };
  /** Whether the empty note also shows when the query failed (it does unless the report says otherwise). */
  emptyOnError?: boolean;
}) {
  const id = useId();
  // The server reads the days as the brand's, so the default range ends on today there (not on the
  // browser's today, which differs for part of every day when the operator sits in another zone).
  const zone = useMe()?.brandTimeZone ?? 'UTC';
  const today = brandDay(new Date(), zone);
  const [chosenFrom, setFrom] = useState<string | null>(null);
  const [chosenTo, setTo] = useState<string | null>(null);
  const from = chosenFrom ?? addDays(today, -days);
  const to = chosenTo ?? today;
  const result = useQuery(query(from, to));
  const data = result.data;
  const rows = data === undefined ? [] : rowsOf(data);
  const firstTotal = columns.findIndex((c) => c.total);
  return (
    <div>
      <PageHeader title={title} description={description(data)} />
      <div className="mb-3 flex flex-wrap items-center gap-2 text-sm">
        <DateFilter id={`${id}-from`} label={`${labels.from} (${zone})`} value={from} onChange={setFrom} />
        <DateFilter id={`${id}-to`} label={`${labels.to} (${zone})`} value={to} onChange={setTo} />
      </div>
      <QueryErrorAlert error={result.error} />
      <PlainTable caption={title} collapse columns={columns.map((c) => ({ label: c.label, numeric: c.numeric }))}>
        {data !== undefined &&
          rows.map((r) => (
            <tr key={rowKey(r)} className="border-b border-(--border) last:border-b-0" data-testid={rowTestId}>
              {columns.map((c) => (
                <td key={c.label} className={cellClass(c)}>
                  {c.cell(r, data)}
                </td>
              ))}
            </tr>
          ))}
        {data !== undefined && rows.length > 0 && firstTotal > 0 && (
          <tr className="font-semibold">
            <td className="px-3 py-2" colSpan={firstTotal > 1 ? firstTotal : undefined}>
              {labels.total}
            </td>
            {columns.slice(firstTotal).map((c) => (
              <td key={c.label} className={cellClass(c)}>
                {c.total?.(rows, data)}
              </td>
            ))}
          </tr>
        )}
      </PlainTable>
      <EmptyNote show={(emptyOnError ? !result.isPending : result.isSuccess) && rows.length === 0}>
        {labels.empty}
      </EmptyNote>
    </div>
  );
}

function cellClass(c: { numeric?: boolean }) {
  return c.numeric ? 'px-3 py-2 text-right tabular-nums' : 'px-3 py-2';
}

/** The sum of one number over the report's rows, for a total cell. */
export function sumOf<R>(rows: R[], pick: (row: R) => number): number {
  return rows.reduce((s, r) => s + pick(r), 0);
}

/** A money column of a report whose data names its currency, with its total. */
/** A count (claims, tickets, points) with its sum in the totals row. */
export function countColumn<D, R>(label: string, pick: (row: R) => number): DayReportColumn<D, R> {
  return { label, numeric: true, cell: pick, total: (rows) => sumOf(rows, pick) };
}

export function moneyColumn<D extends { currency?: string }, R>(
  label: string,
  pick: (row: R) => number,
): DayReportColumn<D, R> {
  return {
    label,
    numeric: true,
    cell: (r, d) => formatMoney(pick(r), d.currency),
    total: (rows, d) => formatMoney(sumOf(rows, pick), d.currency),
  };
}
