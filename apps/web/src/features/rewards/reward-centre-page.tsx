import { Button } from '@gamehall/ui/button';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-client';
import { useSession } from '../../lib/session';
import { claimReward, rewardCentreQuery, wageringQuery } from './api';
import { BalanceCard, cell, DataTable, formatTime, Pager, PageTitle, row, SectionTitle, useMoney } from './ui';

// spec §2 member centre "reward centre": every reward waiting, claimable, claimed or expired, the
// claim button, and the bonus wagering in progress (docs/rewards.md).
export function RewardCentrePage() {
  const { t, i18n } = useTranslation();
  const { token } = useSession();
  const money = useMoney();
  const client = useQueryClient();
  const [page, setPage] = useState(1);
  const language = i18n.language.toLowerCase();
  const rewards = useQuery(rewardCentreQuery(token, language, page));
  const wagering = useQuery(wageringQuery(token, language));
  const [error, setError] = useState<string | null>(null);
  const claim = useMutation({
    mutationFn: claimReward,
    onMutate: () => setError(null),
    onError: (err) =>
      setError(err instanceof ApiError ? t(`errors.${err.code}`, { defaultValue: err.message }) : String(err)),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: ['rewards'] });
      void client.invalidateQueries({ queryKey: ['wallet'] });
      void client.invalidateQueries({ queryKey: ['member', 'publicState'] });
    },
  });
  const active = wagering.data?.list.filter((w) => w.state === 'active') ?? [];
  // A bonus the operator credited by hand has no promotion or mission to take a title from.
  const titleOf = (item: { title: string; fromOperator: boolean }) =>
    item.fromOperator ? t('rewards.operatorBonus') : item.title;
  return (
    <div>
      <PageTitle>{t('member.menu.rewardCenter')}</PageTitle>
      <BalanceCard
        label={t('rewards.bonusBalance')}
        amount={wagering.data && money(wagering.data.bonusBalance)}
        testId="reward-bonus-balance"
      />
      {active.length > 0 && (
        <p className="mt-3 rounded-md bg-(--accent)/10 p-3 text-sm" role="note" data-testid="wagering-warning">
          {t('rewards.withdrawWarning')}
        </p>
      )}
      {active
        .filter((w) => w.maxBet !== null)
        .map((w) => (
          <p key={w.id} className="mt-2 rounded-md bg-(--accent)/10 p-3 text-sm" role="note" data-testid="max-bet-note">
            {t('rewards.maxBetNote', { title: titleOf(w), amount: money(w.maxBet ?? 0) })}
          </p>
        ))}
      <SectionTitle>{t('rewards.wagering')}</SectionTitle>
      <DataTable
        caption={t('rewards.wagering')}
        headers={[
          t('rewards.promotion'),
          t('rewards.bonus'),
          t('rewards.progress'),
          t('rewards.state'),
          t('rewards.until'),
        ]}
        empty={!wagering.isPending && (wagering.data?.list.length ?? 0) === 0}
      >
        {wagering.data?.list.map((w) => (
          <tr key={w.id} className={row} data-testid="wager-row">
            <td className={cell}>{titleOf(w)}</td>
            <td className={cell}>{money(w.bonus)}</td>
            <td className={cell}>
              <div className="flex items-center gap-2">
                <progress className="h-2 w-28" max={w.required} value={w.progress} aria-label={t('rewards.progress')} />
                <span data-testid="wager-progress">
                  {money(w.progress)} / {money(w.required)}
                </span>
              </div>
            </td>
            <td className={cell}>{t(`rewards.wagerState.${w.state}`)}</td>
            <td className={cell}>{formatTime(w.expiresAt)}</td>
          </tr>
        ))}
      </DataTable>
      <SectionTitle>{t('rewards.rewards')}</SectionTitle>
      {error && (
        <p role="alert" className="mb-3 text-sm text-(--danger)">
          {error}
        </p>
      )}
      <DataTable
        caption={t('rewards.rewards')}
        headers={[
          t('rewards.promotion'),
          t('rewards.amount'),
          t('rewards.payAs'),
          t('rewards.state'),
          t('rewards.until'),
          '',
        ]}
        empty={!rewards.isPending && (rewards.data?.content.length ?? 0) === 0}
      >
        {rewards.data?.content.map((r) => (
          <tr key={r.id} className={row} data-testid="reward-row">
            <td className={cell}>{titleOf(r)}</td>
            <td className={cell}>
              {r.payAs === 'ticket'
                ? t('rewards.ticketCount', { count: r.amount, name: r.ticketKindName ?? '' })
                : money(r.amount)}
            </td>
            <td className={cell}>{t(`rewards.paidAs.${r.payAs}`)}</td>
            <td className={cell} data-testid="reward-state">
              {/* A claimed bonus may since have been forfeited or converted: say what became of it. */}
              {r.state === 'claimed' && r.wagerState && r.wagerState !== 'active'
                ? t(`rewards.wagerState.${r.wagerState}`)
                : t(`rewards.rewardState.${r.state}`)}
            </td>
            <td className={cell}>
              {r.claimedAt ? formatTime(r.claimedAt) : r.expiresAt ? formatTime(r.expiresAt) : '-'}
            </td>
            <td className={cell}>
              {r.state === 'claimable' && (
                <Button disabled={claim.isPending} onClick={() => claim.mutate(r.id)}>
                  {t('rewards.claim')}
                </Button>
              )}
            </td>
          </tr>
        ))}
      </DataTable>
      <Pager page={page} totalPages={rewards.data?.totalPages ?? 0} onChange={setPage} />
    </div>
  );
}
