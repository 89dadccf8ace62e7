import type { WithdrawInfo } from '@gamehall/shared/api/cashier';
import type { WageringValue } from '@gamehall/shared/api/rewards';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { z } from 'zod';
import { apiRequest } from '../../lib/api-client';
import { useSession } from '../../lib/session';
import { useMoney } from './components';
import { wageringLeft, withdrawableNow } from './wallet-logic';

/**
 * The header balance's details (a tap on cash and bonus): what can be withdrawn now and what
 * wagering is left, from the cashier's withdrawal info and the rewards' bonus wagers. Loaded on the
 * first tap, so the home page's first chunk does not carry it.
 */
export function BalanceDetails({ id, onNavigate }: { id: string; onNavigate: () => void }) {
  const { t, i18n } = useTranslation();
  const { token } = useSession();
  const money = useMoney();
  const info = useQuery({
    queryKey: ['wallet', 'withdrawInfo', token],
    queryFn: () => apiRequest<WithdrawInfo>('/wps/cashier/withdrawInfo'),
    staleTime: 10_000,
  }).data;
  const wagering = useQuery({
    queryKey: ['wallet', 'bonusWagering', token, i18n.language],
    queryFn: () =>
      apiRequest<z.infer<typeof WageringValue>>('/wps/relay/MCSFE_getBonusWagering', {
        query: { language: i18n.language },
      }),
    staleTime: 10_000,
  }).data;
  const left = wagering ? wageringLeft(wagering.list) : undefined;
  const turnoverLeft = info ? Math.max(0, info.turnover.required - info.turnover.achieved) : 0;
  const rows: [string, string, string][] = [
    ['cash', t('quickMoney.cash'), info ? money(info.balance) : '…'],
    ['bonus', t('quickMoney.bonus'), wagering ? money(wagering.bonusBalance) : '…'],
    ['withdrawable', t('quickMoney.withdrawable'), info ? money(withdrawableNow(info)) : '…'],
    [
      'wagering',
      t('quickMoney.wageringLeft'),
      left === undefined ? '…' : left.count === 0 ? t('quickMoney.wageringNone') : money(left.amount),
    ],
  ];
  return (
    <section
      id={id}
      aria-label={t('quickMoney.balanceDetails')}
      className="absolute end-0 top-full z-50 mt-2 w-72 rounded-lg max-sm:fixed max-sm:inset-x-2 max-sm:top-16 max-sm:w-auto border border-(--text-muted)/30 bg-(--surface-raised) p-4 text-sm text-(--text) shadow-xl"
      data-testid="balance-details"
    >
      <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1.5">
        {rows.map(([key, label, value]) => (
          <div key={key} className="contents">
            <dt className="text-(--text-muted)">{label}</dt>
            <dd className="text-end font-semibold tabular-nums" data-testid={`balance-${key}`}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
      {turnoverLeft > 0 && (
        <p className="mt-2 text-xs text-(--text-muted)">
          {t('quickMoney.turnoverLeft', { amount: money(turnoverLeft) })}
        </p>
      )}
      <p className="mt-2 text-xs text-(--text-muted)">{t('quickMoney.bonusNote')}</p>
      <div className="mt-3 flex gap-3 text-sm font-semibold">
        <Link to="/member/withdraw" onClick={onNavigate} className="text-(--accent) underline-offset-2 hover:underline">
          {t('quickMoney.withdraw')}
        </Link>
        <Link
          to="/member/bonusDetails"
          onClick={onNavigate}
          className="text-(--accent) underline-offset-2 hover:underline"
        >
          {t('quickMoney.bonusDetails')}
        </Link>
      </div>
    </section>
  );
}
