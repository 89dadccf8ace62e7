import type { AdminReconciliationRow } from '@gamehall/shared/api/admin-games';
import { brandDay } from '@gamehall/shared/calendar-day';
import { toMajor } from '@gamehall/shared/money';
import { Button } from '@gamehall/ui/button';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { type FormEvent, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { FILTER_INPUT, FilterField, FilterForm } from '../../components/filter-form';
import { QueryErrorAlert } from '../../components/list-page-parts';
import { PageHeader } from '../../components/page-header';
import { ScrollRegion } from '../../components/scroll-region';
import { StatusBadge } from '../../components/status-badge';
import { downloadCsv, toCsv } from '../../lib/csv';
import { formatMoney } from '../../lib/format';
import { useMe } from '../../lib/session';
import { fetchReconciliation, vendorsQuery } from './api';

// The per-vendor daily reconciliation (brand days of the brand's time zone): what the vendor's calls say beside what the
// ledger's house account vendor:<code> holds, and the difference. The filter lives in the URL.

/** Minor units from the API -> the admin's major-unit display. */
function money(minor: number): string {
  return formatMoney(toMajor(minor));
}

export function ReconciliationPage() {
  const { t } = useTranslation('games');
  const formId = useId();
  const [params, setParams] = useSearchParams();
  const brandZone = useMe()?.brandTimeZone ?? 'UTC';
  // The server's days are the brand's: the default is today there, not the browser's today.
  const from = params.get('from') ?? brandDay(new Date(), brandZone);
  const to = params.get('to') ?? '';
  const vendor = params.get('vendor') ?? '';
  const vendors = useQuery(vendorsQuery).data ?? [];
  const result = useQuery({
    queryKey: ['games', 'reconciliation', from, to, vendor],
    queryFn: () => fetchReconciliation({ from, to: to || undefined, vendor: vendor || undefined }),
    placeholderData: keepPreviousData,
  });
  const rows = result.data?.list ?? [];

  const apply = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    const next = new URLSearchParams();
    for (const name of ['from', 'to', 'vendor']) {
      const v = String(data.get(name) ?? '').trim();
      if (v) next.set(name, v);
    }
    setParams(next);
  };

  const zone = result.data?.timeZone ?? '…';
  const header = [
    t('fields.date', { zone }),
    t('fields.vendor'),
    t('fields.currency'),
    t('recon.bets'),
    t('recon.betCount'),
    t('recon.wins'),
    t('recon.winCount'),
    t('recon.rollbacks'),
    t('recon.corrections'),
    t('recon.unknownRollbacks'),
    t('recon.net'),
    t('recon.ledger'),
    t('recon.difference'),
  ];
  const exportCsv = () =>
    downloadCsv(
      `reconciliation-${from}${to ? `-${to}` : ''}.csv`,
      toCsv(
        header,
        rows.map((r: AdminReconciliationRow) => [
          r.date,
          r.vendor,
          r.currency,
          toMajor(r.bets.amount),
          r.bets.count,
          toMajor(r.wins.amount),
          r.wins.count,
          toMajor(r.rollbacks.amount),
          toMajor(r.corrections.amount),
          r.unknownRollbacks,
          toMajor(r.net),
          toMajor(r.ledger.net),
          toMajor(r.difference),
        ]),
      ),
    );

  return (
    <div>
      <PageHeader title={t('recon.title')} description={t('recon.description', { zone })} />
      <FilterForm key={params.toString()} id={formId} label={t('recon.filters')} onSubmit={apply}>
        <FilterField htmlFor={`${formId}-from`} label={t('recon.from')}>
          <input id={`${formId}-from`} name="from" type="date" required defaultValue={from} className={FILTER_INPUT} />
        </FilterField>
        <FilterField htmlFor={`${formId}-to`} label={t('recon.to')}>
          <input id={`${formId}-to`} name="to" type="date" defaultValue={to} className={FILTER_INPUT} />
        </FilterField>
        <FilterField htmlFor={`${formId}-vendor`} label={t('fields.vendor')}>
          <select id={`${formId}-vendor`} name="vendor" defaultValue={vendor} className={FILTER_INPUT}>
            <option value="">{t('recon.allVendors')}</option>
            {vendors
              .filter((v) => v.integration)
              .map((v) => (
                <option key={v.code} value={v.code}>
                  {v.name}
                </option>
              ))}
          </select>
        </FilterField>
        <Button type="submit">{t('recon.show')}</Button>
        <p className="basis-full text-xs text-(--text-muted)">{t('recon.rangeHint')}</p>
      </FilterForm>
      <QueryErrorAlert error={result.error} />
      <div className="rounded-lg border border-(--border) bg-(--surface-raised)">
        <div className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-xs text-(--text-muted)">
          <span aria-live="polite">
            {result.data ? t('recon.summary', { count: rows.length, mismatches: result.data.mismatches }) : ''}
          </span>
          <Button variant="secondary" className="px-2 py-1 text-xs" disabled={rows.length === 0} onClick={exportCsv}>
            <Download size={14} aria-hidden />
            {t('grid.export', { ns: 'core' })}
          </Button>
        </div>
        <ScrollRegion label={t('recon.title')}>
          <table className="w-full border-collapse text-sm">
            <caption className="sr-only">{t('recon.title')}</caption>
            <thead>
              <tr className="border-y border-(--border) bg-(--surface)">
                {header.map((h, i) => (
                  <th
                    key={h}
                    scope="col"
                    className={`px-3 py-2 whitespace-nowrap ${i >= 3 ? 'text-right' : 'text-left'}`}
                  >
                    {h}
                  </th>
                ))}
                <th scope="col" className="px-3 py-2 text-left">
                  {t('fields.status')}
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={`${r.date}-${r.vendor}`} className="border-b border-(--border) last:border-b-0">
                  <td className="px-3 py-2">{r.date}</td>
                  <td className="px-3 py-2">{r.vendor}</td>
                  <td className="px-3 py-2">{r.currency}</td>
                  <td className="px-3 py-2 text-right tabular-nums">{money(r.bets.amount)}</td>
                  <td className="px-3 py-2 text-right tabular-nums">{r.bets.count}</td>
                  <td className="px-3 py-2 text-right tabular-nums">{money(r.wins.amount)}</td>
                  <td className="px-3 py-2 text-right tabular-nums">{r.wins.count}</td>
                  <td className="px-3 py-2 text-right tabular-nums">{money(r.rollbacks.amount)}</td>
                  <td className="px-3 py-2 text-right tabular-nums">{money(r.corrections.amount)}</td>
                  <td className="px-3 py-2 text-right tabular-nums">{r.unknownRollbacks}</td>
                  <td className="px-3 py-2 text-right tabular-nums">{money(r.net)}</td>
                  <td className="px-3 py-2 text-right tabular-nums">{money(r.ledger.net)}</td>
                  <td
                    className={`px-3 py-2 text-right tabular-nums ${r.difference !== 0 ? 'font-bold text-(--danger)' : ''}`}
                  >
                    {money(r.difference)}
                  </td>
                  <td className="px-3 py-2">
                    <StatusBadge
                      label={r.matches ? t('recon.matches') : t('recon.mismatch')}
                      tone={r.matches ? 'success' : 'danger'}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      </div>
    </div>
  );
}
