import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateRangeFilter } from '../../components/date-range-filter';
import { ResponsiveTable } from '../../components/responsive-table';
import { ApiError } from '../../lib/api-client';
import { displayAmount } from '../../lib/money';
import { gameProfitLossQuery, profitLossQuery } from './api';
import type { DateRange } from './game-filters';

const OVERALL = ['deposits', 'withdrawals', 'transfersIn', 'transfersOut', 'bets', 'wins', 'bonuses', 'net'] as const;

/**
 * spec §2 member centre "personal loss" (personalProfit): the overall figures of the wallet's
 * /wps/member/profitLoss, and profit and loss by game type, over 7 / 30 days or a custom range.
 */
export function PersonalProfitPage() {
  const { t } = useTranslation();
  const [range, setRange] = useState<DateRange>({ range: 'past7' });
  const overall = useQuery(profitLossQuery(range));
  const byType = useQuery(gameProfitLossQuery(range));
  const tone = (n: number) => (n < 0 ? 'text-(--danger)' : n > 0 ? 'text-(--success)' : '');
  return (
    <div>
      <h1 className="mb-4 text-xl font-bold">{t('member.menu.personalProfit')}</h1>
      <div className="mb-5">
        <DateRangeFilter onChange={setRange} />
      </div>
      <h2 className="mb-2 font-semibold">{t('games.profit.overall')}</h2>
      {overall.isPending ? (
        <p className="text-(--text-muted)">{t('common.loading')}</p>
      ) : overall.isError ? (
        <ErrorLine error={overall.error} />
      ) : (
        <dl className="mb-6 grid grid-cols-2 gap-3 text-sm sm:grid-cols-4" data-testid="profit-overall">
          {OVERALL.map((k) => (
            <div key={k} className="rounded-lg bg-(--surface) p-3">
              <dt className="text-(--text-muted)">{t(`games.profit.${k}`)}</dt>
              <dd className={`font-bold tabular-nums ${k === 'net' ? tone(overall.data.net) : ''}`}>
                {displayAmount(overall.data[k])}
              </dd>
            </div>
          ))}
        </dl>
      )}
      <h2 className="mb-2 font-semibold">{t('games.profit.byType')}</h2>
      {byType.isPending ? (
        <p className="text-(--text-muted)">{t('common.loading')}</p>
      ) : byType.isError ? (
        <ErrorLine error={byType.error} />
      ) : byType.data.list.length === 0 ? (
        <p className="rounded-xl border border-dashed border-(--text-muted)/40 p-8 text-center text-(--text-muted)">
          {t('games.record.empty')}
        </p>
      ) : (
        <ResponsiveTable
          caption={t('games.profit.byType')}
          testId="profit-by-type"
          columns={[
            t('games.gameType'),
            { label: t('games.profit.rounds'), align: 'end' },
            { label: t('games.record.bet'), align: 'end' },
            { label: t('games.record.win'), align: 'end' },
            { label: t('games.record.net'), align: 'end' },
          ]}
        >
          {byType.data.list.map((row) => (
            <tr key={row.gameType} className="border-t border-(--text-muted)/15">
              <td className="py-2 pr-3">{t(`categories.${row.gameType}`, { defaultValue: row.gameType })}</td>
              <td className="py-2 pr-3 text-right tabular-nums">{row.rounds}</td>
              <td className="py-2 pr-3 text-right tabular-nums">{displayAmount(row.bet)}</td>
              <td className="py-2 pr-3 text-right tabular-nums">{displayAmount(row.win)}</td>
              <td className={`py-2 text-right tabular-nums ${tone(row.net)}`}>{displayAmount(row.net)}</td>
            </tr>
          ))}
          <tr className="border-t-2 border-(--text-muted)/30 font-bold">
            <td className="py-2 pr-3">{t('games.profit.total')}</td>
            <td className="py-2 pr-3 text-right tabular-nums">{byType.data.totals.rounds}</td>
            <td className="py-2 pr-3 text-right tabular-nums">{displayAmount(byType.data.totals.bet)}</td>
            <td className="py-2 pr-3 text-right tabular-nums">{displayAmount(byType.data.totals.win)}</td>
            <td className={`py-2 text-right tabular-nums ${tone(byType.data.totals.net)}`}>
              {displayAmount(byType.data.totals.net)}
            </td>
          </tr>
        </ResponsiveTable>
      )}
    </div>
  );
}

function ErrorLine({ error }: { error: unknown }) {
  const { t } = useTranslation();
  return (
    <p role="alert" className="mb-4 text-(--danger)">
      {error instanceof ApiError
        ? t(`errors.${error.code}`, { defaultValue: error.message })
        : t('errors.INTERNAL_ERROR')}
    </p>
  );
}
