import type { GamesReport, GamesReportRow } from '@gamehall/shared/api/reports';
import type { ColumnDef } from '@tanstack/react-table';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataGrid, type GridQuery } from '../../components/data-grid';
import { PageHeader } from '../../components/page-header';
import { formatMoney } from '../../lib/format';
import { fetchGamesReport, rangeFilters } from './api';
import { Totals } from './totals';

const count = new Intl.NumberFormat('en');

function formatRtp(rtp: number | null) {
  return rtp === null ? '-' : `${rtp.toFixed(2)}%`;
}

export function GamesReportPage() {
  const { t } = useTranslation('reports');
  const [totals, setTotals] = useState<GamesReport['totals'] | null>(null);
  const fetchPage = useCallback(
    (q: GridQuery) =>
      fetchGamesReport(q).then((r) => {
        setTotals(r.totals);
        return { rows: r.list, total: r.total };
      }),
    [],
  );
  const columns = useMemo<ColumnDef<GamesReportRow, unknown>[]>(
    () => [
      { id: 'key', accessorKey: 'key', header: t('games.group'), enableSorting: true },
      { id: 'gameName', accessorKey: 'gameName', header: t('games.gameName') },
      { id: 'gameType', accessorKey: 'gameType', header: t('games.gameType') },
      {
        id: 'rounds',
        accessorKey: 'rounds',
        header: t('games.rounds'),
        enableSorting: true,
        meta: { numeric: true },
        cell: ({ row }) => count.format(row.original.rounds),
      },
      {
        id: 'betAmount',
        accessorKey: 'betAmount',
        header: t('games.bets'),
        enableSorting: true,
        meta: { numeric: true },
        cell: ({ row }) => formatMoney(row.original.betAmount),
      },
      {
        id: 'winAmount',
        accessorKey: 'winAmount',
        header: t('games.wins'),
        enableSorting: true,
        meta: { numeric: true },
        cell: ({ row }) => formatMoney(row.original.winAmount),
      },
      {
        id: 'ggr',
        accessorKey: 'ggr',
        header: t('games.ggr'),
        enableSorting: true,
        meta: { numeric: true },
        cell: ({ row }) => formatMoney(row.original.ggr),
      },
      {
        id: 'rtp',
        accessorKey: 'rtp',
        header: t('games.rtp'),
        enableSorting: true,
        meta: { numeric: true },
        cell: ({ row }) => formatRtp(row.original.rtp),
      },
      {
        id: 'uniquePlayers',
        accessorKey: 'uniquePlayers',
        header: t('games.players'),
        meta: { numeric: true },
        cell: ({ row }) => count.format(row.original.uniquePlayers),
      },
    ],
    [t],
  );
  return (
    <div>
      <PageHeader title={t('games.title')} description={t('games.description')} />
      {totals && (
        <Totals
          items={[
            { label: t('games.rounds'), value: count.format(totals.rounds) },
            { label: t('games.bets'), value: formatMoney(totals.betAmount) },
            { label: t('games.wins'), value: formatMoney(totals.winAmount) },
            { label: t('games.ggr'), value: formatMoney(totals.ggr) },
            { label: t('games.rtp'), value: formatRtp(totals.rtp) },
            { label: t('games.players'), value: count.format(totals.uniquePlayers) },
          ]}
        />
      )}
      <DataGrid<GamesReportRow>
        caption={t('games.title')}
        queryKey={['reports', 'games']}
        fetchPage={fetchPage}
        columns={columns}
        rowId={(r) => r.key}
        defaultSort={{ sort: 'key', order: 'asc' }}
        filters={[
          ...rangeFilters(t),
          {
            name: 'groupBy',
            label: t('groupBy'),
            type: 'select',
            options: [
              { value: 'day', label: t('games.byDay') },
              { value: 'vendor', label: t('games.byVendor') },
              { value: 'gameType', label: t('games.byGameType') },
              { value: 'game', label: t('games.byGame') },
            ],
          },
          { name: 'vendor', label: t('games.vendor'), type: 'text' },
          { name: 'gameType', label: t('games.gameType'), type: 'text' },
        ]}
        exportName="games-report"
      />
    </div>
  );
}
