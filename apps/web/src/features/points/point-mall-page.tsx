import type { PointReward } from '@gamehall/shared/api/points';
import { Button } from '@gamehall/ui/button';
import { Tabs } from '@gamehall/ui/tabs';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Coins, Gift, Package, Ticket } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { openModal } from '../../lib/modals';
import { displayAmount } from '../../lib/money';
import { useSession } from '../../lib/session';
import { configQuery } from '../../lib/site-queries';
import { pointBalanceQuery, pointConfigQuery, rewardsQuery } from './api';
import { ConvertForm } from './convert-form';
import { Paging } from './paging';
import { PointsDetailsTable, RedeemHistoryTable } from './points-tables';
import { RedeemDialog } from './redeem-dialog';

// spec §2 /pointMall and the implied points mall pages: current points, the rewards to redeem
// (spec §7 getPointReward, redeem with the payment password), converting to cash at the exchange
// ratio, the redeem history with its statuses, the points details and the rules (points never expire).
export function PointMallPage() {
  const { t } = useTranslation();
  const { token, isTrial } = useSession();
  const [tab, setTab] = useState('rewards');
  if (!token || isTrial) {
    return (
      <Frame>
        <div className="rounded-xl bg-(--surface-raised) p-8 text-center">
          <p className="mb-4 text-(--text-muted)">{t(isTrial ? 'in_need_true_account' : 'points.signIn')}</p>
          {isTrial ? (
            <Button onClick={() => openModal('register')}>{t('auth.register')}</Button>
          ) : (
            <Button onClick={() => openModal('login')}>{t('points.signInButton')}</Button>
          )}
        </div>
      </Frame>
    );
  }
  return (
    <Frame>
      <PointsCard token={token} />
      <Tabs
        value={tab}
        onValueChange={setTab}
        items={[
          { value: 'rewards', label: t('points.tabs.rewards'), content: <RewardsGrid token={token} /> },
          { value: 'convert', label: t('points.tabs.convert'), content: <ConvertForm token={token} /> },
          { value: 'history', label: t('points.tabs.history'), content: <RedeemHistoryTable token={token} /> },
          { value: 'details', label: t('points.tabs.details'), content: <PointsDetailsTable token={token} /> },
          { value: 'rules', label: t('points.tabs.rules'), content: <Rules token={token} /> },
        ]}
      />
    </Frame>
  );
}

function Frame({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <h1 className="mb-6 text-2xl font-bold">{t('pages.pointMall.title')}</h1>
      {children}
    </div>
  );
}

function PointsCard({ token }: { token: string }) {
  const { t, i18n } = useTranslation();
  const points = useQuery(pointBalanceQuery(token)).data?.points;
  return (
    <div className="mb-6 flex items-center gap-4 rounded-xl bg-(--surface-raised) p-5">
      <Coins size={36} aria-hidden className="text-(--accent)" />
      <div>
        <p className="text-sm text-(--text-muted)">{t('points.current')}</p>
        <p className="text-2xl font-bold" data-testid="points-balance">
          {points === undefined ? '…' : points.toLocaleString(i18n.language)}
        </p>
        <p className="text-xs text-(--text-muted)">{t('points.neverExpire')}</p>
      </div>
    </div>
  );
}

const KIND_ICONS = { cash: Coins, bonus: Gift, ticket: Ticket, physical: Package } as const;

function RewardsGrid({ token }: { token: string }) {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const [chosen, setChosen] = useState<PointReward | null>(null);
  const symbol = useQuery(configQuery).data?.currencySymbol;
  const points = useQuery(pointBalanceQuery(token)).data?.points ?? 0;
  const query = useQuery(rewardsQuery(token, page));
  const rewards = query.data?.content ?? [];
  const queryClient = useQueryClient();
  if (!query.isPending && rewards.length === 0) return <p className="text-(--text-muted)">{t('points.noRewards')}</p>;
  return (
    <>
      <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {rewards.map((r) => {
          const Icon = KIND_ICONS[r.kind];
          const soldOut = r.stock !== null && r.stock === 0;
          return (
            <li key={r.id} className="flex flex-col rounded-xl bg-(--surface-raised) p-4" data-testid="reward-card">
              <div className="mb-2 flex items-center gap-2">
                <Icon size={22} aria-hidden className="text-(--accent)" />
                <h2 className="font-semibold">{r.name}</h2>
              </div>
              <p className="mb-1 text-sm text-(--text-muted)">{t(`points.kind.${r.kind}`)}</p>
              {r.amount > 0 && <p className="text-sm">{displayAmount(r.amount, { symbol })}</p>}
              {r.description && <p className="text-sm text-(--text-muted)">{r.description}</p>}
              <p className="mt-2 text-lg font-bold text-(--accent)">
                {t('points.cost', { points: r.pointsRequirement.toLocaleString(i18n.language) })}
              </p>
              {r.stock !== null && (
                <p className="text-xs text-(--text-muted)">{t('points.stock', { count: r.stock })}</p>
              )}
              <Button
                className="mt-3"
                disabled={soldOut || points < r.pointsRequirement}
                onClick={() => setChosen(r)}
                aria-label={t('points.redeemReward', { name: r.name })}
              >
                {soldOut ? t('points.soldOut') : t('points.redeem')}
              </Button>
            </li>
          );
        })}
      </ul>
      <Paging page={page} totalPages={query.data?.totalPages ?? 0} onChange={setPage} />
      {chosen && (
        <RedeemDialog
          reward={chosen}
          points={points}
          onClose={() => setChosen(null)}
          onDone={() => queryClient.invalidateQueries({ queryKey: ['points'] })}
        />
      )}
    </>
  );
}

function Rules({ token }: { token: string }) {
  const { t } = useTranslation();
  const config = useQuery(pointConfigQuery(token)).data;
  const symbol = useQuery(configQuery).data?.currencySymbol;
  if (!config) return null;
  const earning = config.rates.filter((r) => r.ratePpm > 0);
  // No earning or converting is
  // promised when the back office has every rate at 0 or conversion switched off.
  return (
    <div className="max-w-3xl space-y-4 text-sm" data-testid="points-rules">
      <ul className="list-disc space-y-2 pl-5 rtl:pr-5 rtl:pl-0">
        <li>{earning.length > 0 ? t('points.rules.earn') : t('points.rules.earnNone')}</li>
        <li>
          {config.convertEnabled
            ? t('points.rules.ratio', {
                points: config.exchangePoints,
                amount: displayAmount(config.exchangeAmount, { symbol }),
                min: config.minConvertPoints,
              })
            : t('points.rules.convertOff')}
        </li>
        <li>{config.convertEnabled ? t('points.rules.redeem') : t('points.rules.redeemOnly')}</li>
        <li>{t('points.rules.physical')}</li>
        <li>{t('points.neverExpire')}</li>
      </ul>
      {earning.length > 0 && (
        <table className="w-full max-w-md text-left">
          <caption className="mb-2 text-left font-semibold">{t('points.rules.ratesTitle')}</caption>
          <thead className="text-(--text-muted)">
            <tr>
              <th scope="col" className="py-1">
                {t('points.rules.gameType')}
              </th>
              <th scope="col" className="py-1">
                {t('points.rules.rate', { amount: displayAmount(100, { symbol }) })}
              </th>
            </tr>
          </thead>
          <tbody>
            {earning.map((r) => (
              <tr key={r.gameType} className="border-t border-(--text-muted)/20">
                <td className="py-1">{t(`points.gameType.${r.gameType}`, { defaultValue: r.gameType })}</td>
                <td className="py-1">{(r.ratePpm / 100).toLocaleString()}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {config.rules && <p className="whitespace-pre-line">{config.rules}</p>}
    </div>
  );
}
