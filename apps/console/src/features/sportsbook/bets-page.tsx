import { Button } from '@gamehall/ui/button';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Pause, Play } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { PlainTable } from '../../components/plain-table';
import { StatusBadge } from '../../components/status-badge';
import { errorMessage } from '../../lib/errors';
import { formatDateTime } from '../../lib/format';
import { betsQuery, money, odds, TICKER_REFRESH_MS } from './api';

// The bets ticker: the newest bets, read again every few seconds (paused on demand), the big ones
// (at least the book's big-bet amount) marked and optionally alone.

const TICKER_ROWS = 100;

export function BetsPage() {
  const { t } = useTranslation('sportsbook');
  const [bigOnly, setBigOnly] = useState(false);
  const [paused, setPaused] = useState(false);
  const result = useQuery({
    ...betsQuery({ big: bigOnly || undefined, limit: TICKER_ROWS }),
    refetchInterval: paused ? false : TICKER_REFRESH_MS,
    placeholderData: keepPreviousData,
  });
  const rows = result.data?.list ?? [];
  return (
    <div>
      <PageHeader
        title={t('bets.title')}
        description={t('bets.description', { seconds: TICKER_REFRESH_MS / 1000 })}
        actions={
          <>
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" checked={bigOnly} onChange={(e) => setBigOnly(e.target.checked)} />
              {t('bets.bigOnly')}
            </label>
            <Button variant="secondary" onClick={() => setPaused((p) => !p)} aria-pressed={paused}>
              {paused ? <Play size={14} aria-hidden /> : <Pause size={14} aria-hidden />}
              {paused ? t('bets.resume') : t('bets.pause')}
            </Button>
          </>
        }
      />
      {result.error && (
        <p role="alert" className="mb-3 text-sm text-(--danger)">
          {errorMessage(result.error)}
        </p>
      )}
      <PlainTable
        caption={t('bets.title')}
        columns={[
          { label: t('fields.placedAt') },
          { label: t('fields.player') },
          { label: t('fields.bet') },
          { label: t('fields.stake'), numeric: true },
          { label: t('fields.odds'), numeric: true },
          { label: t('fields.potentialPayout'), numeric: true },
          { label: t('fields.status') },
          { label: t('fields.payout'), numeric: true },
        ]}
        empty={result.isPending ? t('common.loading', { ns: 'core' }) : rows.length === 0 ? t('bets.none') : undefined}
      >
        {rows.map((b) => {
          const product = b.legs.reduce((n, leg) => (n * leg.odds1000) / 1000, 1000);
          return (
            <tr
              key={b.id}
              data-testid="sb-bet-row"
              data-big={b.big}
              className={`border-b border-(--border) align-top last:border-b-0 ${b.big ? 'bg-(--accent)/10' : ''}`}
            >
              <td className="px-3 py-2 whitespace-nowrap">
                {formatDateTime(b.placedAt)}
                <span className="mt-1 flex gap-1">
                  {b.big && <StatusBadge label={t('bets.big')} tone="warning" />}
                  {b.inPlay && <StatusBadge label={t('bets.inPlay')} tone="muted" />}
                </span>
              </td>
              <td className="px-3 py-2">{b.username ?? t('bets.unknownPlayer', { player: b.player })}</td>
              <td className="px-3 py-2">
                <span className="font-semibold">{t(`kinds.${b.kind}`)}</span>
                <ul className="text-xs text-(--text-muted)">
                  {b.legs.map((leg, i) => (
                    // A bet's legs keep their order; two legs may name one market.
                    // biome-ignore lint/suspicious/noArrayIndexKey: see above
                    <li key={i}>
                      <Link
                        to={`/sportsbook/events/${encodeURIComponent(leg.eventId)}`}
                        className="text-(--accent) underline"
                      >
                        {leg.event}
                      </Link>{' '}
                      · {leg.market} · {leg.selection} @ {odds(leg.odds1000)}
                    </li>
                  ))}
                </ul>
              </td>
              <td className={`px-3 py-2 text-right tabular-nums ${b.big ? 'font-bold' : ''}`}>{money(b.stake)}</td>
              <td className="px-3 py-2 text-right tabular-nums">
                {b.kind === 'system' ? '—' : odds(Math.round(product))}
              </td>
              <td className="px-3 py-2 text-right tabular-nums">{money(b.potentialPayout)}</td>
              <td className="px-3 py-2">{t(`betStatus.${b.status}`, { defaultValue: b.status })}</td>
              <td className="px-3 py-2 text-right tabular-nums">{money(b.payout)}</td>
            </tr>
          );
        })}
      </PlainTable>
    </div>
  );
}
