import type { PaymentFeeRow } from '@gamehall/shared/api/reports';
import { Button } from '@gamehall/ui/button';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { formatDateTime, formatMoney } from '../../lib/format';
import { defaultRange, fetchPaymentFeePayouts, fetchPaymentFees, useBrandTimeZone } from './api';

// The cashier report's payment fees (docs/back-office.md "Payment fees"): the rate on deposits and
// withdrawals and the bank fees recorded on payouts, by day or paying account, in the range the
// grid above shows (the URL's from/to); a row opens the payouts behind it.

const count = new Intl.NumberFormat('en');
const PAYOUTS_SHOWN = 200;

type Pick = { label: string; from: string; to: string; accountId?: number };

export function PaymentFeesSection() {
  const { t } = useTranslation('reports');
  const timeZone = useBrandTimeZone();
  const [params] = useSearchParams();
  const [groupBy, setGroupBy] = useState<'day' | 'account'>('day');
  const [picked, setPicked] = useState<Pick | null>(null);
  const fallback = timeZone ? defaultRange(timeZone) : null;
  const from = params.get('from') ?? fallback?.from;
  const to = params.get('to') ?? fallback?.to;
  const fees = useQuery({
    queryKey: ['reports', 'payment-fees', from, to, groupBy],
    queryFn: () => fetchPaymentFees({ from: from ?? '', to: to ?? '', groupBy }),
    enabled: from !== undefined && to !== undefined,
  });
  const payouts = useQuery({
    queryKey: ['reports', 'payment-fee-payouts', picked],
    queryFn: () =>
      fetchPaymentFeePayouts({
        from: picked?.from ?? '',
        to: picked?.to ?? '',
        ...(picked?.accountId !== undefined ? { accountId: picked.accountId } : {}),
        pageSize: PAYOUTS_SHOWN,
      }),
    enabled: picked !== null,
  });
  const labelOf = (r: PaymentFeeRow) =>
    groupBy === 'day' ? r.key : r.key === 'rate' ? t('fees.rateRow') : (r.accountLabel ?? t('fees.noAccount'));
  const pick = (r: PaymentFeeRow) => {
    if (!from || !to || r.payouts === 0) return;
    if (groupBy === 'day') setPicked({ label: r.key, from: r.key, to: r.key });
    else if (r.accountId !== null) setPicked({ label: labelOf(r), from, to, accountId: r.accountId });
  };
  const cell = 'px-2 py-1 text-right tabular-nums';
  return (
    <section className="mt-8" aria-labelledby="payment-fees-title">
      <h2 id="payment-fees-title" className="mb-1 text-lg font-semibold">
        {t('fees.title')}
      </h2>
      <p className="mb-3 text-sm text-(--text-muted)">{t('fees.description')}</p>
      <fieldset className="mb-3 flex gap-2">
        <legend className="sr-only">{t('groupBy')}</legend>
        {(['day', 'account'] as const).map((g) => (
          <Button
            key={g}
            variant={groupBy === g ? 'primary' : 'secondary'}
            aria-pressed={groupBy === g}
            onClick={() => {
              setGroupBy(g);
              setPicked(null);
            }}
          >
            {t(`fees.by.${g}`)}
          </Button>
        ))}
      </fieldset>
      {fees.error && <p role="alert">{String(fees.error)}</p>}
      {fees.data && (
        <table className="w-full max-w-4xl text-sm" data-testid="payment-fees">
          <caption className="sr-only">{t('fees.title')}</caption>
          <thead>
            <tr className="border-b border-(--border) text-(--text-muted)">
              <th className="px-2 py-1 text-left">{t(`fees.by.${groupBy}`)}</th>
              <th className="px-2 py-1 text-right">{t('fees.payouts')}</th>
              <th className="px-2 py-1 text-right">{t('fees.payoutFees')}</th>
              <th className="px-2 py-1 text-right">{t('fees.rateFees')}</th>
              <th className="px-2 py-1 text-right">{t('fees.paymentFees')}</th>
            </tr>
          </thead>
          <tbody>
            {fees.data.list.length === 0 && (
              <tr>
                <td colSpan={5} className="px-2 py-2 text-(--text-muted)">
                  {t('fees.none')}
                </td>
              </tr>
            )}
            {fees.data.list.map((r) => (
              <tr key={r.key} className="border-b border-(--border)/50">
                <td className="px-2 py-1">
                  {r.payouts > 0 && (groupBy === 'day' || r.accountId !== null) ? (
                    <button type="button" className="text-(--accent) hover:underline" onClick={() => pick(r)}>
                      {labelOf(r)}
                    </button>
                  ) : (
                    labelOf(r)
                  )}
                </td>
                <td className={cell}>{count.format(r.payouts)}</td>
                <td className={cell}>{formatMoney(r.payoutFees)}</td>
                <td className={cell}>{r.rateFees === null ? '-' : formatMoney(r.rateFees)}</td>
                <td className={cell}>{formatMoney(r.paymentFees)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr className="font-semibold">
              <td className="px-2 py-1">{t('fees.total')}</td>
              <td className={cell}>{count.format(fees.data.totals.payouts)}</td>
              <td className={cell}>{formatMoney(fees.data.totals.payoutFees)}</td>
              <td className={cell}>{formatMoney(fees.data.totals.rateFees ?? 0)}</td>
              <td className={cell}>{formatMoney(fees.data.totals.paymentFees)}</td>
            </tr>
          </tfoot>
        </table>
      )}
      {picked && (
        <div className="mt-4" data-testid="payment-fee-payouts">
          <h3 className="mb-2 font-medium">{t('fees.payoutsOf', { what: picked.label })}</h3>
          {payouts.data && (
            <table className="w-full max-w-5xl text-sm">
              <caption className="sr-only">{t('fees.payoutsOf', { what: picked.label })}</caption>
              <thead>
                <tr className="border-b border-(--border) text-(--text-muted)">
                  <th className="px-2 py-1 text-left">{t('fees.paidAt')}</th>
                  <th className="px-2 py-1 text-left">{t('fees.reference')}</th>
                  <th className="px-2 py-1 text-left">{t('fees.member')}</th>
                  <th className="px-2 py-1 text-left">{t('fees.account')}</th>
                  <th className="px-2 py-1 text-left">{t('fees.payoutReference')}</th>
                  <th className="px-2 py-1 text-right">{t('fees.amount')}</th>
                  <th className="px-2 py-1 text-right">{t('fees.fee')}</th>
                </tr>
              </thead>
              <tbody>
                {payouts.data.list.map((p) => (
                  <tr key={p.reference} className="border-b border-(--border)/50">
                    <td className="px-2 py-1">{formatDateTime(p.paidAt)}</td>
                    <td className="px-2 py-1">{p.reference}</td>
                    <td className="px-2 py-1">{p.username}</td>
                    <td className="px-2 py-1">{p.accountLabel ?? t('fees.noAccount')}</td>
                    <td className="px-2 py-1">{p.payoutReference ?? '-'}</td>
                    <td className={cell}>{formatMoney(p.amount)}</td>
                    <td className={cell}>{formatMoney(p.fee)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          {payouts.data && payouts.data.total > payouts.data.list.length && (
            <p className="mt-2 text-sm text-(--text-muted)">
              {t('fees.more', { shown: payouts.data.list.length, total: payouts.data.total })}
            </p>
          )}
        </div>
      )}
    </section>
  );
}
