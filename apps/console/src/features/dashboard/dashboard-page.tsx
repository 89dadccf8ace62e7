import type { Dashboard, DashboardFigures } from '@gamehall/shared/api/reports';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Chart } from '../../components/chart';
import { PageHeader } from '../../components/page-header';
import { errorMessage } from '../../lib/errors';
import { formatDateTime, formatMoney } from '../../lib/format';
import { dashboardQuery } from './api';
import { WorkPanel } from './work-panel';

type FigureKey = keyof DashboardFigures;

/**
 * `estimated`: the 30-day figure is a distinct count merged from the daily rollups' sketches
 * (server db/hll.ts), which is within about 3% rather than exact, and the tile says so.
 */
const TILES: { key: FigureKey; money?: boolean; estimated?: boolean }[] = [
  { key: 'registrations' },
  { key: 'firstDepositors' },
  { key: 'depositAmount', money: true },
  { key: 'withdrawalAmount', money: true },
  { key: 'betAmount', money: true },
  { key: 'winAmount', money: true },
  { key: 'ggr', money: true },
  { key: 'activePlayers', estimated: true },
  { key: 'ngrGgr', money: true },
  { key: 'deductions', money: true },
  { key: 'ngr', money: true },
];

const count = new Intl.NumberFormat('en');
const formatCount = (n: number) => count.format(n);
const formatAmount = (n: number) => formatMoney(n);

function Tile({
  label,
  today,
  month,
  money,
  estimated,
}: {
  label: string;
  today: number;
  month: number;
  money?: boolean;
  estimated?: boolean;
}) {
  const { t } = useTranslation('dashboard');
  const f = money ? formatAmount : formatCount;
  return (
    <div className="rounded-lg border border-(--border) bg-(--surface-raised) p-4">
      <h2 className="text-sm text-(--text-muted)">{label}</h2>
      <p className="mt-1 text-2xl font-bold tabular-nums">{f(today)}</p>
      <p className="mt-1 text-xs text-(--text-muted)">
        {t('last30')}: <span className="tabular-nums">{estimated ? t('estimate', { value: f(month) }) : f(month)}</span>
      </p>
    </div>
  );
}

function OnlineNow({ d }: { d: Dashboard }) {
  const { t } = useTranslation('dashboard');
  return (
    <section className="mb-6 grid grid-cols-2 gap-3 md:grid-cols-4">
      <div className="rounded-lg border border-(--border) bg-(--surface-raised) p-4">
        <h2 className="text-sm text-(--text-muted)">{t('onlineNow')}</h2>
        <p className="mt-1 text-2xl font-bold tabular-nums">{formatCount(d.onlineNow)}</p>
      </div>
    </section>
  );
}

function Liabilities({ d }: { d: Dashboard }) {
  const { t } = useTranslation('dashboard');
  const l = d.liabilities;
  return (
    <section aria-labelledby="liabilities-title" className="mb-6">
      <h2 id="liabilities-title" className="mb-2 text-base font-semibold">
        {t('liabilities.title')}
      </h2>
      {!l ? (
        <p className="text-sm text-(--text-muted)">{t('liabilities.notYet')}</p>
      ) : (
        <>
          <div className="grid grid-cols-2 gap-3 md:grid-cols-4">
            <div className="rounded-lg border border-(--border) bg-(--surface-raised) p-4">
              <h3 className="text-sm text-(--text-muted)">{t('liabilities.bonus')}</h3>
              <p className="mt-1 text-2xl font-bold tabular-nums">{formatAmount(l.bonus)}</p>
              <p className="mt-1 text-xs text-(--text-muted)">
                {t('liabilities.bonusHint', { members: formatCount(l.bonusMembers) })}
              </p>
            </div>
            <div className="rounded-lg border border-(--border) bg-(--surface-raised) p-4">
              <h3 className="text-sm text-(--text-muted)">{t('liabilities.points')}</h3>
              <p className="mt-1 text-2xl font-bold tabular-nums">{formatAmount(l.pointsValue)}</p>
              <p className="mt-1 text-xs text-(--text-muted)">
                {t('liabilities.pointsHint', { points: formatCount(l.points), members: formatCount(l.pointsMembers) })}
              </p>
            </div>
          </div>
          <p className="mt-1 text-xs text-(--text-muted)">
            {t('liabilities.refreshed', { at: formatDateTime(l.refreshedAt) })}
          </p>
        </>
      )}
    </section>
  );
}

export function DashboardPage() {
  const { t } = useTranslation('dashboard');
  const dashboard = useQuery(dashboardQuery());
  const d = dashboard.data;
  const labels = useMemo(() => d?.daily.map((x) => x.day.slice(5)) ?? [], [d]);
  const moneySeries = useMemo(
    () =>
      d
        ? [
            { label: t('figures.depositAmount'), values: d.daily.map((x) => x.depositAmount) },
            { label: t('figures.withdrawalAmount'), values: d.daily.map((x) => x.withdrawalAmount) },
            { label: t('figures.ggr'), values: d.daily.map((x) => x.ggr) },
            { label: t('figures.ngr'), values: d.daily.map((x) => x.ngr) },
          ]
        : [],
    [d, t],
  );
  const playerSeries = useMemo(
    () =>
      d
        ? [
            { label: t('figures.registrations'), values: d.daily.map((x) => x.registrations) },
            { label: t('figures.firstDepositors'), values: d.daily.map((x) => x.firstDepositors) },
            { label: t('figures.activePlayers'), values: d.daily.map((x) => x.activePlayers) },
          ]
        : [],
    [d, t],
  );

  return (
    <div>
      <PageHeader
        title={t('title')}
        description={
          d
            ? t('description', {
                timeZone: d.timeZone,
                refreshed: d.refreshedAt ? formatDateTime(d.refreshedAt) : t('notYet'),
              })
            : undefined
        }
      />
      {dashboard.isError && (
        <p role="alert" className="mb-4 text-(--danger)">
          {errorMessage(dashboard.error)}
        </p>
      )}
      <WorkPanel />
      {!d && dashboard.isPending && <p>{t('common.loading', { ns: 'core' })}</p>}
      {d && (
        <>
          <OnlineNow d={d} />
          <section aria-labelledby="today-title" className="mb-6">
            <h2 id="today-title" className="mb-2 text-base font-semibold">
              {t('today', { day: d.today })}
            </h2>
            <div className="grid grid-cols-2 gap-3 md:grid-cols-4">
              {TILES.map((tile) => (
                <Tile
                  key={tile.key}
                  label={t(`figures.${tile.key}`)}
                  today={d.todayFigures[tile.key]}
                  month={d.last30Days[tile.key]}
                  money={tile.money}
                  estimated={tile.estimated}
                />
              ))}
            </div>
          </section>
          <Liabilities d={d} />
          <section className="grid gap-6 xl:grid-cols-2">
            <div className="rounded-lg border border-(--border) bg-(--surface-raised) p-4">
              <Chart title={t('chart.money')} labels={labels} series={moneySeries} format={formatAmount} />
            </div>
            <div className="rounded-lg border border-(--border) bg-(--surface-raised) p-4">
              <Chart title={t('chart.players')} labels={labels} series={playerSeries} kind="bar" format={formatCount} />
            </div>
          </section>
        </>
      )}
    </div>
  );
}
