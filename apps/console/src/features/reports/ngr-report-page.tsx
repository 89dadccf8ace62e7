import {
  NGR_COST_CATEGORIES,
  type NgrDrillRow,
  type NgrFigure,
  type NgrFigures,
  type NgrReport,
  type NgrReportRow,
} from '@gamehall/shared/api/reports';
import { Button } from '@gamehall/ui/button';
import type { ColumnDef } from '@tanstack/react-table';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataGrid, type GridQuery } from '../../components/data-grid';
import { PageHeader } from '../../components/page-header';
import { formatDateTime, formatMoney } from '../../lib/format';
import { fetchNgrReport, fetchNgrRows } from './api';
import { ReportGrid } from './report-grid';

// The net revenue report (docs/back-office.md "Net revenue"): GGR, each deduction and NGR by the
// chosen grouping; every figure of a row or of the totals opens the rows behind it below the grid,
// which export as CSV like the report.

/** The figures a click can open, in column order. */
const DRILLABLE: NgrFigure[] = ['ggr', ...NGR_COST_CATEGORIES, 'providerFee', 'paymentFee'];
/** The filters of the report's query that the rows behind a figure keep. */
const SCOPE = ['from', 'to', 'vendor', 'gameType', 'agentId', 'memberId'] as const;

type Drill = { figure: NgrFigure; scope: Record<string, string>; title: string };

/** The rows behind one group's figure: the report's filter narrowed to the group. */
function groupScope(row: NgrReportRow, groupBy: string, base: Record<string, string>): Record<string, string> {
  const s = { ...base };
  if (groupBy === 'day') {
    s.from = row.key;
    s.to = row.key;
  } else if (groupBy === 'vendor' && row.vendorCode) s.vendor = row.vendorCode;
  else if (groupBy === 'gameType' && row.gameType) s.gameType = row.gameType;
  else if (groupBy === 'game' && row.vendorCode && row.gameCode) {
    s.vendor = row.vendorCode;
    s.gameCode = row.gameCode;
  } else if (groupBy === 'player' && row.memberId !== null) s.memberId = String(row.memberId);
  else if (groupBy === 'agent') s.agentId = row.key;
  return s;
}

/**
 * A figure that opens its rows; its name starts with the amount it shows (then says what it opens).
 * Relative, so the hidden text is placed inside the grid's scrolling box, not at the page's edge.
 */
function FigureButton({ value, onOpen, label }: { value: number; onOpen: () => void; label: string }) {
  return (
    <button
      type="button"
      className="relative tabular-nums underline-offset-4 hover:underline"
      onClick={onOpen}
      title={label}
    >
      {formatMoney(value)}
      <span className="sr-only">: {label}</span>
    </button>
  );
}

function DrillRows({ drill, onClose }: { drill: Drill; onClose: () => void }) {
  const { t } = useTranslation('reports');
  const fetchPage = useCallback(
    (q: GridQuery) =>
      fetchNgrRows({ ...drill.scope, figure: drill.figure, pageNo: q.pageNo, pageSize: q.pageSize }).then((r) => ({
        rows: r.list,
        total: r.total,
      })),
    [drill],
  );
  const columns = useMemo<ColumnDef<NgrDrillRow, unknown>[]>(
    () => [
      {
        id: 'at',
        accessorKey: 'at',
        header: t('ngr.rows.at'),
        cell: ({ row }) => (row.original.at.length > 10 ? formatDateTime(row.original.at) : row.original.at),
      },
      { id: 'username', accessorKey: 'username', header: t('ngr.rows.member') },
      { id: 'what', accessorKey: 'what', header: t('ngr.rows.what') },
      { id: 'reference', accessorKey: 'reference', header: t('ngr.rows.reference') },
      {
        id: 'base',
        accessorKey: 'base',
        header: t('ngr.rows.base'),
        meta: { numeric: true },
        cell: ({ row }) => (row.original.base === null ? '' : formatMoney(row.original.base)),
      },
      {
        id: 'ratePpm',
        accessorKey: 'ratePpm',
        header: t('ngr.rows.rate'),
        meta: { numeric: true, csv: (r) => (r.ratePpm === null ? null : r.ratePpm / 10_000) },
        cell: ({ row }) => (row.original.ratePpm === null ? '' : `${row.original.ratePpm / 10_000}%`),
      },
      {
        id: 'amount',
        accessorKey: 'amount',
        header: t('ngr.rows.amount'),
        meta: { numeric: true },
        cell: ({ row }) => formatMoney(row.original.amount),
      },
    ],
    [t],
  );
  return (
    <section aria-labelledby="ngr-rows-title" className="mt-6">
      <div className="mb-2 flex items-center justify-between gap-2">
        <h2 id="ngr-rows-title" className="text-base font-semibold">
          {drill.title}
        </h2>
        <Button variant="secondary" onClick={onClose}>
          {t('ngr.rows.close')}
        </Button>
      </div>
      <DataGrid<NgrDrillRow>
        caption={drill.title}
        queryKey={['reports', 'ngr-rows', drill]}
        fetchPage={fetchPage}
        columns={columns}
        rowId={(r) => r.id}
        paramPrefix="rows."
        exportName={`ngr-${drill.figure}-rows`}
      />
    </section>
  );
}

export function NgrReportPage() {
  const { t } = useTranslation('reports');
  const [answer, setAnswer] = useState<{ report: NgrReport; query: GridQuery } | null>(null);
  const [drill, setDrill] = useState<Drill | null>(null);
  const fetchPage = useCallback(
    (q: GridQuery) =>
      fetchNgrReport(q).then((report) => {
        setAnswer({ report, query: q });
        return { rows: report.list, total: report.total };
      }),
    [],
  );
  const figureLabel = useCallback((f: NgrFigure | 'deductions' | 'ngr') => t(`ngr.figures.${f}`), [t]);

  const baseScope = useCallback((q: GridQuery) => {
    const s: Record<string, string> = {};
    for (const k of SCOPE) if (q[k] !== undefined) s[k] = String(q[k]);
    return s;
  }, []);

  const columns = useMemo<ColumnDef<NgrReportRow, unknown>[]>(() => {
    const open = (row: NgrReportRow, figure: NgrFigure) => {
      if (!answer) return;
      const groupBy = String(answer.query.groupBy ?? 'day');
      const scope = groupScope(row, groupBy, baseScope(answer.query));
      setDrill({
        figure,
        scope,
        title: t('ngr.rows.title', { figure: figureLabel(figure), group: row.label ?? row.key }),
      });
    };
    const drillable = (f: NgrFigure): ColumnDef<NgrReportRow, unknown> => ({
      id: f,
      accessorKey: f,
      header: figureLabel(f),
      enableSorting: true,
      meta: { numeric: true },
      cell: ({ row }) => (
        <FigureButton
          value={row.original[f]}
          onOpen={() => open(row.original, f)}
          label={t('ngr.open', { figure: figureLabel(f), group: row.original.label ?? row.original.key })}
        />
      ),
    });
    const plain = (f: 'deductions' | 'ngr'): ColumnDef<NgrReportRow, unknown> => ({
      id: f,
      accessorKey: f,
      header: figureLabel(f),
      enableSorting: true,
      meta: { numeric: true },
      cell: ({ row }) => (
        <span className={f === 'ngr' ? 'font-semibold' : undefined}>{formatMoney(row.original[f])}</span>
      ),
    });
    return [
      { id: 'key', accessorKey: 'key', header: t('ngr.group'), enableSorting: true },
      {
        id: 'label',
        accessorKey: 'label',
        header: t('ngr.name'),
        // Members under no agent are the agent grouping's row 0.
        cell: ({ row }) =>
          row.original.label ?? (answer?.query.groupBy === 'agent' && row.original.key === '0' ? t('ngr.noAgent') : ''),
      },
      ...DRILLABLE.map(drillable),
      plain('deductions'),
      plain('ngr'),
    ];
  }, [answer, baseScope, figureLabel, t]);

  const totals = answer?.report.totals;
  const openTotal = (figure: NgrFigure, scopeOf: 'totals' | 'notByGame') => {
    if (!answer) return;
    setDrill({
      figure,
      scope: baseScope(answer.query),
      title: t('ngr.rows.title', { figure: figureLabel(figure), group: t(`ngr.${scopeOf}`) }),
    });
  };
  // What belongs to no game opens the rows of its costs; its GGR is 0 and, by vendor, so is its
  // provider fee (the vendor rows hold it), so those have no rows of their own.
  const summary = (f: NgrFigures, scopeOf: 'totals' | 'notByGame') => (
    <dl className="grid grid-cols-2 gap-3 md:grid-cols-4 xl:grid-cols-7">
      {[...DRILLABLE, 'deductions' as const, 'ngr' as const].map((k) => (
        <div key={k} className="rounded-lg border border-(--border) bg-(--surface-raised) px-3 py-2">
          <dt className="text-xs text-(--text-muted)">{figureLabel(k)}</dt>
          <dd className="text-lg font-semibold tabular-nums">
            {k === 'deductions' || k === 'ngr' || (scopeOf === 'notByGame' && (k === 'ggr' || f[k] === 0)) ? (
              formatMoney(f[k])
            ) : (
              <FigureButton
                value={f[k]}
                onOpen={() => openTotal(k, scopeOf)}
                label={t('ngr.open', { figure: figureLabel(k), group: t(`ngr.${scopeOf}`) })}
              />
            )}
          </dd>
        </div>
      ))}
    </dl>
  );

  return (
    <div>
      <PageHeader
        title={t('ngr.title')}
        description={t('ngr.description', {
          timeZone: answer?.report.timeZone ?? '',
          refreshed: answer?.report.refreshedAt ? formatDateTime(answer.report.refreshedAt) : t('ngr.notYet'),
        })}
      />
      {totals && (
        <section aria-labelledby="ngr-totals" className="mb-4">
          <h2 id="ngr-totals" className="mb-2 text-base font-semibold">
            {t('ngr.totals')}
          </h2>
          {summary(totals, 'totals')}
        </section>
      )}
      {answer?.report.notByGame && (
        <section aria-labelledby="ngr-not-by-game" className="mb-4">
          <h2 id="ngr-not-by-game" className="mb-1 text-base font-semibold">
            {t('ngr.notByGame')}
          </h2>
          <p className="mb-2 text-sm text-(--text-muted)">{t('ngr.notByGameHint')}</p>
          {summary(answer.report.notByGame, 'notByGame')}
        </section>
      )}
      <ReportGrid<NgrReportRow>
        name="ngr"
        caption={t('ngr.title')}
        fetchPage={fetchPage}
        columns={columns}
        groups={[
          { value: 'day', label: t('ngr.byDay') },
          { value: 'vendor', label: t('ngr.byVendor') },
          { value: 'gameType', label: t('ngr.byGameType') },
          { value: 'game', label: t('ngr.byGame') },
          { value: 'player', label: t('ngr.byPlayer') },
          { value: 'agent', label: t('ngr.byAgent') },
        ]}
        filters={[
          { name: 'vendor', label: t('ngr.vendor'), type: 'text' },
          { name: 'gameType', label: t('ngr.gameType'), type: 'text' },
          { name: 'agentId', label: t('ngr.agentId'), type: 'text' },
          { name: 'memberId', label: t('ngr.memberId'), type: 'text' },
        ]}
      />
      {drill && <DrillRows drill={drill} onClose={() => setDrill(null)} />}
    </div>
  );
}
