import { Button } from '@gamehall/ui/button';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { downloadCsv, toCsv } from '../../lib/csv';
import { errorMessage } from '../../lib/errors';
import { formatDateTime, formatMoney } from '../../lib/format';
import { type PromotionReport, promotionReportQuery } from './api';

// One promotion's report (GET /admin/promotions/:id/report): participation, cost, and the deposits
// and GGR of the members who claimed against the eligible members who did not, over the same period.

/** One figure of the report: its label, its value, and whether the value is money. */
type ReportRow = [label: string, value: number, money: boolean];

/** The report as rows, in the order shown and exported. */
export function reportRows(r: PromotionReport, t: (key: string) => string): ReportRow[] {
  const group = (prefix: string, g: PromotionReport['participants']): ReportRow[] => [
    [`${prefix} - ${t('report.members')}`, g.members, false],
    [`${prefix} - ${t('report.deposits')}`, g.deposits, true],
    [`${prefix} - ${t('report.ggr')}`, g.ggr, true],
    [`${prefix} - ${t('report.depositsPerMember')}`, g.depositsPerMember, true],
    [`${prefix} - ${t('report.ggrPerMember')}`, g.ggrPerMember, true],
  ];
  return [
    [t('report.eligible'), r.eligible, false],
    [t('report.claimed'), r.claimed, false],
    [t('report.claims'), r.claims, false],
    [t('report.completedWagering'), r.completedWagering, false],
    [t('report.forfeited'), r.forfeited, false],
    [t('report.paid'), r.cost.paid, true],
    [t('report.converted'), r.cost.converted, true],
    [t('report.forfeitedMoney'), r.cost.forfeited, true],
    ...group(t('report.participants'), r.participants),
    ...group(t('report.comparison'), r.comparison),
  ];
}

export function PromotionReportPanel({ id, onClose }: { id: number; onClose: () => void }) {
  const { t } = useTranslation('rewards');
  const query = useQuery(promotionReportQuery(id));
  const r = query.data;
  const rows = r ? reportRows(r, t) : [];
  return (
    <section aria-labelledby={`report-${id}`} className="mt-6 rounded border border-(--border) p-4">
      <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
        <h2 id={`report-${id}`} className="text-base font-semibold">
          {t('report.heading', { id, title: r?.title ?? '' })}
        </h2>
        <div className="flex gap-2">
          <Button
            variant="secondary"
            disabled={!r}
            onClick={() =>
              r &&
              downloadCsv(
                `promotion-${id}.csv`,
                toCsv(
                  [t('report.figure'), t('report.value')],
                  rows.map(([label, value]) => [label, value]),
                ),
              )
            }
          >
            {t('exportCsv', { ns: 'reports' })}
          </Button>
          <Button variant="ghost" onClick={onClose}>
            {t('report.close')}
          </Button>
        </div>
      </div>
      {query.error && (
        <p role="alert" className="text-sm text-(--danger)">
          {errorMessage(query.error)}
        </p>
      )}
      {r && (
        <>
          <p className="mb-2 text-sm text-(--text-muted)">
            {t('report.period', { from: formatDateTime(r.from), to: formatDateTime(r.to) })} {t('report.hint')}
          </p>
          <table className="w-full max-w-xl text-sm">
            <caption className="sr-only">{t('report.title')}</caption>
            <tbody>
              {rows.map(([label, value, money]) => (
                <tr key={label} className="border-b border-(--border) last:border-b-0">
                  <th scope="row" className="p-2 text-left font-normal">
                    {label}
                  </th>
                  <td className="p-2 text-right tabular-nums">{money ? formatMoney(value, r.currency) : value}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </section>
  );
}
