import type { GamesReport, GamesReportRow } from '@gamehall/shared/api/reports';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header';
import { formatMoney } from '../../lib/format';
import { fetchGamesReport } from './api';
import { figureColumn, ReportGrid, useReportFetch } from './report-grid';
import { Totals } from './totals';

const count = new Intl.NumberFormat('en');

function formatRtp(rtp: number | null) {
  return rtp === null ? '-' : `${rtp.toFixed(2)}%`;
}

const totalsOf = (r: GamesReport) => r.totals;

export function GamesReportPage() {
  const { t } = useTranslation('reports');
  const [totals, fetchPage] = useReportFetch(fetchGamesReport, totalsOf, null as GamesReport['totals'] | null);
  const columns = useMemo<ColumnDef<GamesReportRow, unknown>[]>(
    () => [
      { id: 'key', accessorKey: 'key', header: t('games.group'), enableSorting: true },
      { id: 'gameName', accessorKey: 'gameName', header: t('games.gameName') },
      { id: 'gameType', accessorKey: 'gameType', header: t('games.gameType') },
      figureColumn<GamesReportRow, 'rounds'>('rounds', t('games.rounds'), (v) => count.format(v)),
      figureColumn<GamesReportRow, 'betAmount'>('betAmount', t('games.bets'), formatMoney),
      figureColumn<GamesReportRow, 'winAmount'>('winAmount', t('games.wins'), formatMoney),
      figureColumn<GamesReportRow, 'ggr'>('ggr', t('games.ggr'), formatMoney),
      figureColumn<GamesReportRow, 'rtp'>('rtp', t('games.rtp'), formatRtp),
      figureColumn<GamesReportRow, 'uniquePlayers'>('uniquePlayers', t('games.players'), (v) => count.format(v), false),
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
      <ReportGrid<GamesReportRow>
        name="games"
        caption={t('games.title')}
        fetchPage={fetchPage}
        columns={columns}
        groups={[
          { value: 'day', label: t('games.byDay') },
          { value: 'vendor', label: t('games.byVendor') },
          { value: 'gameType', label: t('games.byGameType') },
          { value: 'game', label: t('games.byGame') },
        ]}
        filters={[
          { name: 'vendor', label: t('games.vendor'), type: 'text' },
          { name: 'gameType', label: t('games.gameType'), type: 'text' },
        ]}
      />
    </div>
  );
}
