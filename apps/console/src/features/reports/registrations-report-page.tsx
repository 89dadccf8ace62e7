import type { RegistrationCohort, RegistrationsReport, RegistrationsReportRow } from '@gamehall/shared/api/reports';
import { Button } from '@gamehall/ui/button';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header';
import { ScrollRegion } from '../../components/scroll-region';
import { downloadCsv, toCsv } from '../../lib/csv';
import { formatMoney } from '../../lib/format';
import { fetchRegistrationsReport } from './api';
import { figureColumn, ReportGrid, useReportFetch } from './report-grid';

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
      <ScrollRegion label={t('registrations.cohorts')}>
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
      </ScrollRegion>
    </section>
  );
}

const cohortsOf = (r: RegistrationsReport) => r.cohorts;

export function RegistrationsReportPage() {
  const { t } = useTranslation('reports');
  const [cohorts, fetchPage] = useReportFetch(fetchRegistrationsReport, cohortsOf, [] as RegistrationCohort[]);
  const columns = useMemo<ColumnDef<RegistrationsReportRow, unknown>[]>(
    () => [
      { id: 'key', accessorKey: 'key', header: t('registrations.period'), enableSorting: true },
      figureColumn<RegistrationsReportRow, 'registrations'>('registrations', t('registrations.registrations'), String),
      figureColumn<RegistrationsReportRow, 'firstDepositors'>(
        'firstDepositors',
        t('registrations.firstDepositors'),
        String,
      ),
      figureColumn<RegistrationsReportRow, 'firstDepositAmount'>(
        'firstDepositAmount',
        t('registrations.firstDepositAmount'),
        formatMoney,
      ),
    ],
    [t],
  );
  return (
    <div>
      <PageHeader title={t('registrations.title')} description={t('registrations.description')} />
      <ReportGrid<RegistrationsReportRow>
        name="registrations"
        caption={t('registrations.title')}
        fetchPage={fetchPage}
        columns={columns}
        groups={[
          { value: 'day', label: t('registrations.byDay') },
          { value: 'week', label: t('registrations.byWeek') },
        ]}
      />
      <Cohorts cohorts={cohorts} />
    </div>
  );
}
