import { Button } from '@gamehall/ui/button';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../components/format-time';
import { Pager } from '../../components/pager';
import { ResponsiveTable } from '../../components/responsive-table';
import { useMoney } from '../../components/use-money';
import { ApiError } from '../../lib/api-client';
import { useSession } from '../../lib/session';
import { claimRebate, ratePercent, rebateHistoryQuery, rebateSummaryQuery } from './api';

const cell = 'whitespace-nowrap py-2 pr-4';
const row = 'border-t border-(--text-muted)/20';

// spec §2 member centre "manual rebate": the rebate accrued since the last payment by game type,
// the claim (manual mode) or when it is paid (automatic mode), and the payment history.
export function RebatePage() {
  const { t } = useTranslation();
  const { token } = useSession();
  const money = useMoney();
  const client = useQueryClient();
  const [page, setPage] = useState(1);
  const [error, setError] = useState<string | null>(null);
  const [paid, setPaid] = useState<number | null>(null);
  const summary = useQuery(rebateSummaryQuery(token));
  const history = useQuery(rebateHistoryQuery(token, page));
  const claim = useMutation({
    mutationFn: claimRebate,
    onMutate: () => {
      setError(null);
      setPaid(null);
    },
    onSuccess: (p) => setPaid(p.amount),
    onError: (err) =>
      setError(err instanceof ApiError ? t(`errors.${err.code}`, { defaultValue: err.message }) : String(err)),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: ['vip'] });
      void client.invalidateQueries({ queryKey: ['wallet'] });
      void client.invalidateQueries({ queryKey: ['member', 'publicState'] });
    },
  });
  const s = summary.data;
  return (
    <div>
      <h1 className="mb-6 text-xl font-bold">{t('member.menu.manualRebate')}</h1>
      {s && (
        <div className="mb-4 max-w-md rounded-lg bg-(--surface) p-4">
          <p className="text-sm text-(--text-muted)">{t('vip.rebate.accrued')}</p>
          <p className="text-2xl font-bold" data-testid="rebate-accrued">
            {money(s.accrued)}
          </p>
          <p className="mt-2 text-sm text-(--text-muted)">
            {s.mode === 'manual'
              ? t('vip.rebate.manualNote')
              : t('vip.rebate.automaticNote', { hour: String(s.payoutHour).padStart(2, '0'), zone: s.timeZone })}
          </p>
          {s.mode === 'manual' && (
            <Button
              className="mt-3"
              disabled={claim.isPending || s.accrued <= 0}
              onClick={() => claim.mutate()}
              data-testid="rebate-claim"
            >
              {t('vip.rebate.claim')}
            </Button>
          )}
        </div>
      )}
      {paid !== null && (
        <p role="status" className="mb-3 text-sm text-(--success)" data-testid="rebate-paid">
          {t('vip.rebate.paid', { amount: money(paid) })}
        </p>
      )}
      {error && (
        <p role="alert" className="mb-3 text-sm text-(--danger)">
          {error}
        </p>
      )}
      <h2 className="mb-3 mt-8 font-semibold">{t('vip.rebate.byGameType')}</h2>
      <ResponsiveTable
        caption={t('vip.rebate.byGameType')}
        columns={[t('vip.rebate.gameType'), t('vip.validBets'), t('vip.rebate.rate'), t('vip.rebate.amount')]}
        empty={!summary.isPending && (s?.lines.length ?? 0) === 0}
        emptyText={t('vip.rebate.none')}
      >
        {s?.lines.map((l) => (
          <tr key={l.gameType} className={row} data-testid="rebate-line">
            <td className={cell}>{t(`categories.${l.gameType}`, { defaultValue: l.gameType })}</td>
            <td className={cell}>{money(l.validBet)}</td>
            <td className={cell}>{ratePercent(l.ratePpm)}</td>
            <td className={cell}>{money(l.amount)}</td>
          </tr>
        ))}
      </ResponsiveTable>
      <h2 className="mb-3 mt-8 font-semibold">{t('vip.rebate.history')}</h2>
      <ResponsiveTable
        caption={t('vip.rebate.history')}
        columns={[t('vip.rebate.time'), t('vip.rebate.mode'), t('vip.validBets'), t('vip.rebate.amount')]}
        empty={!history.isPending && (history.data?.content.length ?? 0) === 0}
        emptyText={t('vip.rebate.noHistory')}
      >
        {history.data?.content.map((p) => (
          <tr key={p.id} className={row} data-testid="rebate-history-row">
            <td className={cell}>{formatTime(p.createdAt)}</td>
            <td className={cell}>{t(`vip.rebate.modes.${p.mode}`)}</td>
            <td className={cell}>{money(p.validBet)}</td>
            <td className={cell}>{money(p.amount)}</td>
          </tr>
        ))}
      </ResponsiveTable>
      <Pager
        page={page}
        totalPages={history.data?.totalPages ?? 0}
        onChange={setPage}
        label={t('wallet.paging')}
        summary={`${page} / ${history.data?.totalPages ?? 0}`}
      />
    </div>
  );
}
