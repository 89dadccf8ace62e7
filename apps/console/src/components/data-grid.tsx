import { Button } from '@gamehall/ui/button';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type ColumnDef, flexRender, getCoreRowModel, type SortingState, useReactTable } from '@tanstack/react-table';
import { ArrowDown, ArrowUp, ArrowUpDown, ChevronLeft, ChevronRight, Download } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { type CsvCell, downloadCsv, toCsv } from '../lib/csv';
import { errorMessage } from '../lib/errors';
import { ScrollRegion } from './scroll-region';

// The grid of every list screen (apps/console/README.md "Grids"): server-side paging, sorting and
// filtering, all held in the URL (?pageNo=2&sort=createdAt&order=desc&status=pending) so a view
// can be bookmarked and shared; CSV export of every page of the current filter.

export type GridFilter =
  | { name: string; label: string; type: 'text'; placeholder?: string }
  | { name: string; label: string; type: 'select'; options: { value: string; label: string }[] }
  | { name: string; label: string; type: 'date' };

/** What a grid asks the server for: paging and sort of api conventions, plus the filters that are set. */
export type GridQuery = {
  pageNo: number;
  pageSize: number;
  sort?: string;
  order?: 'asc' | 'desc';
  [filter: string]: string | number | undefined;
};

/** `capped`: the server stopped counting at `total` (a search that matched more; refine it). */
export type GridPage<T> = { rows: T[]; total: number; capped?: boolean };

/** Either paged shape of the admin API: { content, totalElements } or { list, total }. */
export function toGridPage<T>(
  value: { content: T[]; totalElements: number } | { list: T[]; total: number; totalCapped?: boolean },
): GridPage<T> {
  return 'content' in value
    ? { rows: value.content, total: value.totalElements }
    : { rows: value.list, total: value.total, capped: value.totalCapped };
}

declare module '@tanstack/react-table' {
  interface ColumnMeta<TData, TValue> {
    /** The CSV value of a cell when it differs from the column's accessor (e.g. a nested field). */
    csv?: (row: TData) => CsvCell;
    /** Right-aligned numbers. */
    numeric?: boolean;
  }
}

const PAGE_SIZES = [20, 50, 100, 200];
const EXPORT_PAGE_SIZE = 200;

export type DataGridProps<T> = {
  /** Accessible name of the table. */
  caption: string;
  /** Cache key of the list; the grid adds its query. Invalidate it after an action on a row. */
  queryKey: readonly unknown[];
  fetchPage: (query: GridQuery) => Promise<GridPage<T>>;
  /** A column's id is its sort key on the server; sortable columns set `enableSorting: true`. */
  // biome-ignore lint/suspicious/noExplicitAny: each column has its own value type
  columns: ColumnDef<T, any>[];
  rowId: (row: T) => string;
  filters?: GridFilter[];
  defaultSort?: { sort: string; order: 'asc' | 'desc' };
  /** File name (without .csv) of the export; no export button without it. */
  exportName?: string;
  /** Polls the current page (ms): live arrival of new rows. */
  refetchInterval?: number;
  /** Two grids on one screen keep their URL state apart with a prefix. */
  paramPrefix?: string;
  /** Columns in the CSV only (long values shown elsewhere, e.g. a details dialog). */
  hiddenColumns?: string[];
  /**
   * Rows the operator may tick for an action on several at once: a checkbox per row that
   * `selectable` allows, and one in the header for all of those on the page. The ticks are the
   * caller's (by row id); rows that leave the page stay ticked until the caller clears them.
   */
  selection?: {
    selected: ReadonlySet<string>;
    onChange: (next: Set<string>) => void;
    selectable: (row: T) => boolean;
    /** The accessible names of a row's checkbox and of the page's. */
    rowLabel: (row: T) => string;
    pageLabel: string;
  };
};

function readQuery(
  params: URLSearchParams,
  prefix: string,
  filters: GridFilter[],
  defaultSort?: DataGridProps<unknown>['defaultSort'],
): GridQuery {
  const get = (name: string) => params.get(prefix + name) ?? undefined;
  const pageNo = Math.max(1, Number.parseInt(get('pageNo') ?? '1', 10) || 1);
  const size = Number.parseInt(get('pageSize') ?? '', 10);
  const query: GridQuery = { pageNo, pageSize: PAGE_SIZES.includes(size) ? size : 20 };
  const sort = get('sort') ?? defaultSort?.sort;
  if (sort) {
    query.sort = sort;
    query.order = (get('order') ?? defaultSort?.order) === 'asc' ? 'asc' : 'desc';
  }
  for (const f of filters) {
    const v = get(f.name);
    if (v) query[f.name] = v;
  }
  return query;
}

export function DataGrid<T>({
  caption,
  queryKey,
  fetchPage,
  columns,
  rowId,
  filters = [],
  defaultSort,
  exportName,
  refetchInterval,
  paramPrefix = '',
  hiddenColumns = [],
  selection,
}: DataGridProps<T>) {
  const { t } = useTranslation();
  const formId = useId();
  const [params, setParams] = useSearchParams();
  const query = readQuery(params, paramPrefix, filters, defaultSort);
  const list = useQuery({
    queryKey: [...queryKey, query],
    queryFn: () => fetchPage(query),
    placeholderData: keepPreviousData,
    refetchInterval,
  });
  const rows = list.data?.rows ?? [];
  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / query.pageSize));

  const update = (changes: Record<string, string | undefined>) => {
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      for (const [k, v] of Object.entries(changes)) {
        if (v === undefined || v === '') next.delete(paramPrefix + k);
        else next.set(paramPrefix + k, v);
      }
      return next;
    });
  };

  const sorting: SortingState = query.sort ? [{ id: query.sort, desc: query.order !== 'asc' }] : [];
  const table = useReactTable({
    data: rows,
    columns,
    getRowId: (row) => rowId(row),
    getCoreRowModel: getCoreRowModel(),
    manualSorting: true,
    manualPagination: true,
    manualFiltering: true,
    defaultColumn: { enableSorting: false },
    state: { sorting, columnVisibility: Object.fromEntries(hiddenColumns.map((id) => [id, false])) },
    onSortingChange: (updater) => {
      const next = typeof updater === 'function' ? updater(sorting) : updater;
      const first = next[0];
      update({ sort: first?.id, order: first ? (first.desc ? 'desc' : 'asc') : undefined, pageNo: undefined });
    },
    enableSortingRemoval: false,
    rowCount: total,
  });

  const applyFilters = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    const changes: Record<string, string | undefined> = { pageNo: undefined };
    for (const f of filters) changes[f.name] = String(data.get(f.name) ?? '').trim() || undefined;
    update(changes);
  };
  const resetFilters = () => {
    const changes: Record<string, string | undefined> = { pageNo: undefined };
    for (const f of filters) changes[f.name] = undefined;
    update(changes);
  };

  const [exporting, setExporting] = useState<{ done: number; total: number } | null>(null);
  const [exportError, setExportError] = useState('');
  const exportCsv = async () => {
    if (!exportName) return;
    setExportError('');
    setExporting({ done: 0, total });
    try {
      // Every column with a value (hidden ones too); not the buttons of an actions column.
      const leafColumns = table.getAllLeafColumns().filter((c) => c.accessorFn || c.columnDef.meta?.csv);
      const header = leafColumns.map((c) => (typeof c.columnDef.header === 'string' ? c.columnDef.header : c.id));
      const all: CsvCell[][] = [];
      for (let pageNo = 1; ; pageNo++) {
        const page = await fetchPage({ ...query, pageNo, pageSize: EXPORT_PAGE_SIZE });
        for (const [i, row] of page.rows.entries()) {
          all.push(
            leafColumns.map((c) => {
              const meta = c.columnDef.meta;
              if (meta?.csv) return meta.csv(row);
              const value = c.accessorFn?.(row, i);
              return value === null || value === undefined || typeof value !== 'object'
                ? (value as CsvCell)
                : JSON.stringify(value);
            }),
          );
        }
        setExporting({ done: all.length, total: page.total });
        if (page.rows.length < EXPORT_PAGE_SIZE || all.length >= page.total) break;
      }
      downloadCsv(`${exportName}.csv`, toCsv(header, all));
    } catch (err) {
      setExportError(errorMessage(err));
    } finally {
      setExporting(null);
    }
  };

  return (
    <div className="rounded-lg border border-(--border) bg-(--surface-raised)">
      {filters.length > 0 && (
        <form
          id={formId}
          key={params.toString()}
          onSubmit={applyFilters}
          aria-label={t('grid.filters')}
          className="flex flex-wrap items-end gap-3 border-b border-(--border) p-3"
        >
          {filters.map((f) => (
            <div key={f.name} className="flex flex-col text-xs text-(--text-muted)">
              <label htmlFor={`${formId}-${f.name}`}>{f.label}</label>
              {f.type === 'select' ? (
                <select
                  id={`${formId}-${f.name}`}
                  name={f.name}
                  defaultValue={String(query[f.name] ?? '')}
                  className="mt-1 rounded-md border border-(--border) bg-(--surface) px-2 py-1.5 text-sm text-(--text)"
                >
                  <option value="">{t('grid.any')}</option>
                  {f.options.map((o) => (
                    <option key={o.value} value={o.value}>
                      {o.label}
                    </option>
                  ))}
                </select>
              ) : (
                <input
                  id={`${formId}-${f.name}`}
                  name={f.name}
                  type={f.type === 'date' ? 'date' : 'search'}
                  defaultValue={String(query[f.name] ?? '')}
                  placeholder={f.type === 'text' ? f.placeholder : undefined}
                  className="mt-1 rounded-md border border-(--border) bg-(--surface) px-2 py-1.5 text-sm text-(--text)"
                />
              )}
            </div>
          ))}
          <Button type="submit">{t('grid.apply')}</Button>
          <Button type="button" variant="ghost" onClick={resetFilters}>
            {t('grid.reset')}
          </Button>
        </form>
      )}
      <div className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-xs text-(--text-muted)">
        <span aria-live="polite">
          {list.data?.capped ? t('grid.totalCapped', { count: total }) : t('grid.total', { count: total })}
          {refetchInterval && list.dataUpdatedAt > 0 && (
            <>
              {' · '}
              {t('grid.live', { seconds: Math.round(refetchInterval / 1000) })}
              {' · '}
              {t('grid.refreshed', { time: new Date(list.dataUpdatedAt).toLocaleTimeString('en-GB') })}
            </>
          )}
        </span>
        {exportName && (
          <Button
            variant="secondary"
            className="px-2 py-1 text-xs"
            disabled={exporting !== null || total === 0}
            onClick={() => void exportCsv()}
          >
            <Download size={14} aria-hidden />
            {exporting ? t('grid.exporting', exporting) : t('grid.export')}
          </Button>
        )}
      </div>
      {exportError && (
        <p role="alert" className="px-3 pb-2 text-sm text-(--danger)">
          {exportError}
        </p>
      )}
      <ScrollRegion label={caption}>
        <table className="w-full border-collapse text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id} className="border-y border-(--border) bg-(--surface)">
                {selection && (
                  <th scope="col" className="w-8 px-3 py-2">
                    <PageCheckbox rows={rows} rowId={rowId} selection={selection} />
                  </th>
                )}
                {group.headers.map((header) => {
                  const sorted = header.column.getIsSorted();
                  const numeric = header.column.columnDef.meta?.numeric;
                  return (
                    <th
                      key={header.id}
                      scope="col"
                      aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
                      className={`px-3 py-2 font-semibold whitespace-nowrap ${numeric ? 'text-right' : 'text-left'}`}
                    >
                      {header.column.getCanSort() ? (
                        <button
                          type="button"
                          onClick={header.column.getToggleSortingHandler()}
                          className="inline-flex items-center gap-1 hover:text-(--accent)"
                        >
                          {flexRender(header.column.columnDef.header, header.getContext())}
                          {sorted === 'asc' ? (
                            <ArrowUp size={14} aria-label={t('grid.sortAscending')} />
                          ) : sorted === 'desc' ? (
                            <ArrowDown size={14} aria-label={t('grid.sortDescending')} />
                          ) : (
                            <ArrowUpDown size={14} aria-hidden className="opacity-40" />
                          )}
                        </button>
                      ) : (
                        flexRender(header.column.columnDef.header, header.getContext())
                      )}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody>
            {table.getRowModel().rows.map((row) => (
              <tr key={row.id} className="border-b border-(--border) last:border-b-0 hover:bg-(--surface)">
                {selection && (
                  <td className="px-3 py-2 align-top">
                    {selection.selectable(row.original) && (
                      <input
                        type="checkbox"
                        aria-label={selection.rowLabel(row.original)}
                        checked={selection.selected.has(row.id)}
                        onChange={(e) => {
                          const next = new Set(selection.selected);
                          if (e.target.checked) next.add(row.id);
                          else next.delete(row.id);
                          selection.onChange(next);
                        }}
                      />
                    )}
                  </td>
                )}
                {row.getVisibleCells().map((cell) => (
                  <td
                    key={cell.id}
                    className={`px-3 py-2 align-top ${cell.column.columnDef.meta?.numeric ? 'text-right tabular-nums' : ''}`}
                  >
                    {flexRender(cell.column.columnDef.cell, cell.getContext())}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
      {list.isPending && <p className="p-4 text-sm text-(--text-muted)">{t('grid.loading')}</p>}
      {list.isError && (
        <p role="alert" className="p-4 text-sm text-(--danger)">
          {errorMessage(list.error)}
        </p>
      )}
      {list.isSuccess && rows.length === 0 && <p className="p-4 text-sm text-(--text-muted)">{t('grid.empty')}</p>}
      <nav
        aria-label={caption}
        className="flex flex-wrap items-center justify-end gap-3 border-t border-(--border) px-3 py-2 text-sm"
      >
        <label className="flex items-center gap-2 text-xs text-(--text-muted)">
          {t('grid.pageSize')}
          <select
            value={query.pageSize}
            onChange={(e) => update({ pageSize: e.target.value, pageNo: undefined })}
            className="rounded-md border border-(--border) bg-(--surface) px-2 py-1 text-(--text)"
          >
            {PAGE_SIZES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </label>
        <span>{t('grid.page', { page: query.pageNo, pages })}</span>
        <Button
          variant="ghost"
          className="px-2 py-1"
          aria-label={t('grid.previous')}
          disabled={query.pageNo <= 1}
          onClick={() => update({ pageNo: String(query.pageNo - 1) })}
        >
          <ChevronLeft size={16} aria-hidden />
        </Button>
        <Button
          variant="ghost"
          className="px-2 py-1"
          aria-label={t('grid.next')}
          disabled={query.pageNo >= pages}
          onClick={() => update({ pageNo: String(query.pageNo + 1) })}
        >
          <ChevronRight size={16} aria-hidden />
        </Button>
      </nav>
    </div>
  );
}

/** Ticks or clears every row of the page that may be ticked. */
function PageCheckbox<T>({
  rows,
  rowId,
  selection,
}: {
  rows: T[];
  rowId: (row: T) => string;
  selection: NonNullable<DataGridProps<T>['selection']>;
}) {
  const ids = rows.filter(selection.selectable).map(rowId);
  const all = ids.length > 0 && ids.every((id) => selection.selected.has(id));
  return (
    <input
      type="checkbox"
      aria-label={selection.pageLabel}
      disabled={ids.length === 0}
      checked={all}
      onChange={() => {
        const next = new Set(selection.selected);
        for (const id of ids) {
          if (all) next.delete(id);
          else next.add(id);
        }
        selection.onChange(next);
      }}
    />
  );
}
