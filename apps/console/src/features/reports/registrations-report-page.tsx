import type { RegistrationCohort, RegistrationsReportRow } from '@gamehall/shared/api/reports';
import { Button } from '@gamehall/ui/button';
import type { ColumnDef } from '@tanstack/react-table';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataGrid, type GridQuery } from '../../components/data-grid';
import { PageHeader } from '../../components/page-header';
import { downloadCsv, toCsv } from '../../lib/csv';
import { formatMoney } from '../../lib/format';
import { fetchRegistrationsReport, rangeFilters } from './api';

const count = new Intl.NumberFormat('en');
const percent = (part: number, whole: number) => (whole === 0 ? '-' : `${((part / whole) * 100).toFixed(1)}%`);

function Cohorts({ cohorts }: { cohorts: RegistrationCohort[] }) {
  const { t } = useTranslation('reports');
  const weeks = cohorts[0]?.byWeek.length ?? 0;
  const weekLabel = (i: number) =>
    i === weeks - 1 ? t('registrations.weekOrMore', { n: i }) : t('registrations.week', { n: i });
  const exportCsv = () => {
    const header = [t('registrations.cohort'), t('registrations.registrations'), t('registrations.firstDepositors')];
    for (let i = 0; i < weeks; i++) header.push(weekLabel(i));
    downloadCsv(
      'registration-cohorts.csv',
      toCsv(
        header,
        cohorts.map((c) => [c.week, c.registrations, c.firstDepositors, ...c.byWeek]),
      ),
    );
  };
  return (
    <section aria-labelledby="cohorts-title" className="mt-8">
      <div className="mb-2 flex items-center justify-between gap-2">
        <h2 id="cohorts-title" className="text-base font-semibold">
          {t('registrations.cohorts')}
        </h2>
        <Button variant="secondary" onClick={exportCsv} disabled={cohorts.length === 0}>
          {t('exportCsv')}
        </Button>
      </div>
      <p className="mb-2 text-sm text-(--text-muted)">{t('registrations.cohortsHint')}</p>
      <div className="overflow-x-auto">
        <table className="w-full text-sm">
          <caption className="sr-only">{t('registrations.cohorts')}</caption>
          <thead>
            <tr className="border-b border-(--border) text-left">
              <th scope="col" className="p-2">
                {t('registrations.cohort')}
              </th>
              <th scope="col" className="p-2 text-right">
                {t('registrations.registrations')}
              </th>
              <th scope="col" className="p-2 text-right">
                {t('registrations.firstDepositors')}
              </th>
              {Array.from({ length: weeks }, (_, i) => (
                <th key={weekLabel(i)} scope="col" className="p-2 text-right">
                  {weekLabel(i)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {cohorts.map((c) => (
              <tr key={c.week} className="border-b border-(--border)">
                <th scope="row" className="p-2 text-left font-normal">
                  {c.week}
                </th>
                <td className="p-2 text-right tabular-nums">{count.format(c.registrations)}</td>
                <td className="p-2 text-right tabular-nums">
                  {count.format(c.firstDepositors)} ({percent(c.firstDepositors, c.registrations)})
                </td>
                {c.byWeek.map((n, i) => (
                  <td key={weekLabel(i)} className="p-2 text-right tabular-nums">
                    {count.format(n)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

export function RegistrationsReportPage() {
  const { t } = useTranslation('reports');
  const [cohorts, setCohorts] = useState<RegistrationCohort[]>([]);
  const fetchPage = useCallback(
    (q: GridQuery) =>
      fetchRegistrationsReport(q).then((r) => {
        setCohorts(r.cohorts);
        return { rows: r.list, total: r.total };
      }),
    [],
  );
  const columns = useMemo<ColumnDef<RegistrationsReportRow, unknown>[]>(
    () => [
      { id: 'key', accessorKey: 'key', header: t('registrations.period'), enableSorting: true },
      {
        id: 'registrations',
        accessorKey: 'registrations',
        header: t('registrations.registrations'),
        enableSorting: true,
        meta: { numeric: true },
      },
      {
        id: 'firstDepositors',
        accessorKey: 'firstDepositors',
        header: t('registrations.firstDepositors'),
        enableSorting: true,
        meta: { numeric: true },
      },
      {
        id: 'firstDepositAmount',
        accessorKey: 'firstDepositAmount',
        header: t('registrations.firstDepositAmount'),
        enableSorting: true,
        meta: { numeric: true },
        cell: ({ row }) => formatMoney(row.original.firstDepositAmount),
      },
    ],
    [t],
  );
  return (
    <div>
      <PageHeader title={t('registrations.title')} description={t('registrations.description')} />
      <DataGrid<RegistrationsReportRow>
        caption={t('registrations.title')}
        queryKey={['reports', 'registrations']}
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
              { value: 'day', label: t('registrations.byDay') },
              { value: 'week', label: t('registrations.byWeek') },
            ],
          },
        ]}
        exportName="registrations-report"
      />
      <Cohorts cohorts={cohorts} />
    </div>
  );
}
