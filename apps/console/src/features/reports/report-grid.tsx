import type { ColumnDef } from '@tanstack/react-table';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataGrid, type GridFilter, type GridPage, type GridQuery } from '../../components/data-grid';
import { rangeFilters, useBrandTimeZone, withRange } from './api';

// What the report screens share: one row per group key, sorted by key, filtered by a date range and
// a grouping; each answer carries figures beside its page (totals, cohorts) that the screen shows.

/**
 * The grid's fetchPage for a report, keeping what `beside` picks from each answer. `fetch` and
 * `beside` must be stable (module functions), as the grid refetches when fetchPage changes.
 */
export function useReportFetch<P extends { list: unknown[]; total: number }, X>(
  fetch: (q: GridQuery) => Promise<P>,
  beside: (answer: P) => X,
  initial: X,
): [X, (q: GridQuery) => Promise<GridPage<P['list'][number]>>] {
  const [extra, setExtra] = useState<X>(initial);
  const fetchPage = useCallback(
    (q: GridQuery) =>
      fetch(q).then((r) => {
        setExtra(beside(r));
        return { rows: r.list, total: r.total };
      }),
    [fetch, beside],
  );
  return [extra, fetchPage];
}

/** A right-aligned figure column, sortable unless told. */
export function figureColumn<R, K extends keyof R & string>(
  id: K,
  header: string,
  format: (value: R[K]) => string,
  sortable = true,
): ColumnDef<R, unknown> {
  return {
    id,
    accessorKey: id,
    header,
    enableSorting: sortable,
    meta: { numeric: true },
    cell: ({ row }) => format(row.original[id]),
  };
}

export function ReportGrid<R extends { key: string }>({
  name,
  caption,
  fetchPage,
  columns,
  groups,
  filters = [],
}: {
  /** The report's name: its query key and CSV file name. */
  name: string;
  caption: string;
  fetchPage: (q: GridQuery) => Promise<GridPage<R>>;
  columns: ColumnDef<R, unknown>[];
  /** The groupBy choices, the default first. */
  groups: { value: string; label: string }[];
  filters?: GridFilter[];
}) {
  const { t } = useTranslation('reports');
  // Without from/to in the URL the range is the last 30 brand days, so the grid waits for the zone.
  const timeZone = useBrandTimeZone();
  const fetchInRange = useCallback(
    (q: GridQuery) => fetchPage(timeZone ? withRange(q, timeZone) : q),
    [fetchPage, timeZone],
  );
  if (!timeZone) return <p className="text-sm text-(--text-muted)">{t('common.loading', { ns: 'core' })}</p>;
  return (
    <DataGrid<R>
      caption={caption}
      queryKey={['reports', name, timeZone]}
      fetchPage={fetchInRange}
      columns={columns}
      rowId={(r) => r.key}
      defaultSort={{ sort: 'key', order: 'asc' }}
      filters={[
        ...rangeFilters(t),
        { name: 'groupBy', label: t('groupBy'), type: 'select', options: groups },
        ...filters,
      ]}
      exportName={`${name}-report`}
    />
  );
}
