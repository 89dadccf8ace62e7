import type { BetRecordDetail, BettingRecord } from '@gamehall/shared/api/games';
import { Modal } from '@gamehall/ui/modal';
import { useTranslation } from 'react-i18next';
import { displayAmount } from '../../lib/money';
import { legWords } from './bet-words';

// A sportsbook round in the betting record: what the bet was (its legs, odds, stake), how it ended
// (result, payout) and any later correction (docs/vendor-gateway.md "Round details"), its legs in
// the member's language (bet-words.ts). Odds are decimal, as the platform shows them whatever
// format the player bet in.

const odds = (n: number) => n.toFixed(2);
const resultTone: Record<string, string> = {
  win: 'text-(--success)',
  half_win: 'text-(--success)',
  lose: 'text-(--danger)',
  half_lose: 'text-(--danger)',
};

/** The bet in one line under the game's name: its event (a single) or how many selections. */
export function BetSummary({ detail }: { detail: BetRecordDetail }) {
  const { t, i18n } = useTranslation();
  const single = detail.legs.length === 1 ? detail.legs[0] : undefined;
  const words = single ? legWords(t, i18n.language, single) : undefined;
  return (
    <span className="block text-xs text-(--text-muted)">
      {single && words ? `${words.event}: ${words.selection} @ ${odds(single.odds)}` : betTypeLabel(t, detail)}
    </span>
  );
}

function betTypeLabel(t: (key: string, options?: Record<string, unknown>) => string, detail: BetRecordDetail) {
  const kind =
    detail.betType === 'system'
      ? t('games.bet.types.system', { system: detail.system ?? '' })
      : t(`games.bet.types.${detail.betType}`);
  return detail.legs.length > 1 ? `${kind} · ${t('games.bet.legsCount', { n: detail.legs.length })}` : kind;
}

export function BetDetailModal({ record, onClose }: { record: BettingRecord; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const detail = record.detail;
  if (!detail) return null;
  const time = (iso: string | null) => (iso ? new Date(iso).toLocaleString(i18n.language) : '—');
  const facts: [string, string][] = [
    [t('games.bet.type'), betTypeLabel(t, detail)],
    [t('games.bet.stake'), displayAmount(detail.stake)],
    ...(detail.odds !== null ? ([[t('games.bet.odds'), odds(detail.odds)]] as [string, string][]) : []),
    [t('games.bet.potential'), displayAmount(detail.potentialPayout)],
    [t('games.bet.status'), t(`games.bet.statuses.${detail.status}`)],
    [t('games.bet.payout'), displayAmount(detail.payout)],
    ...(detail.cashedOut > 0
      ? ([[t('games.bet.cashedOut'), displayAmount(detail.cashedOut)]] as [string, string][])
      : []),
    [t('games.bet.placed'), time(detail.placedAt)],
    [t('games.bet.settled'), time(detail.settledAt)],
  ];
  return (
    <Modal open onClose={onClose} title={t('games.bet.title', { game: record.gameName })} wide>
      <dl className="mb-4 grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-3" data-testid="bet-facts">
        {facts.map(([label, value]) => (
          <div key={label} className="flex flex-col rounded-md bg-(--surface) px-3 py-2">
            <dt className="text-xs text-(--text-muted)">{label}</dt>
            <dd className="font-semibold tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      <h3 className="mb-2 text-sm font-bold">{t('games.bet.legs')}</h3>
      <BetLegs detail={detail} />
      <BetCorrections detail={detail} />
    </Modal>
  );
}

/**
 * The settlements changed after the fact, with the trader's reason, or "result corrected" in the
 * member's language when the result was corrected without words.
 */
export function BetCorrections({ detail }: { detail: BetRecordDetail }) {
  const { t, i18n } = useTranslation();
  if (detail.corrections.length === 0) return null;
  const time = (iso: string) => new Date(iso).toLocaleString(i18n.language);
  return (
    <>
      <h3 className="mt-4 mb-2 text-sm font-bold">{t('games.bet.corrections')}</h3>
      <ul className="space-y-1 text-sm">
        {detail.corrections.map((c) => (
          <li
            key={`${c.at}-${c.amount}`}
            className="flex flex-wrap justify-between gap-2 rounded-md bg-(--surface) px-3 py-2"
          >
            <span>
              {time(c.at)} · {c.reason ?? t('games.bet.resultCorrected')}
            </span>
            <span className={`tabular-nums ${c.amount < 0 ? 'text-(--danger)' : 'text-(--success)'}`}>
              {displayAmount(c.amount)}
            </span>
          </li>
        ))}
      </ul>
    </>
  );
}

/** A bet's legs: event, league and time, market and selection, odds, score and result. */
export function BetLegs({ detail }: { detail: BetRecordDetail }) {
  const { t, i18n } = useTranslation();
  const time = (iso: string) => new Date(iso).toLocaleString(i18n.language);
  return (
    <ol className="space-y-2 text-sm" data-testid="bet-legs">
      {detail.legs.map((leg, i) => {
        const words = legWords(t, i18n.language, leg);
        return (
          // The legs of one bet never change order; the index keeps two legs of one event apart.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <li key={i} className="rounded-md bg-(--surface) px-3 py-2">
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <span className="font-semibold">{words.event}</span>
              <span className={`text-xs font-semibold ${resultTone[leg.result ?? ''] ?? ''}`}>
                {t(`games.bet.results.${leg.result ?? 'open'}`)}
              </span>
            </div>
            <div className="text-xs text-(--text-muted)">
              {[leg.league, leg.startsAt ? time(leg.startsAt) : null, leg.inPlay ? t('games.bet.inPlay') : null]
                .filter(Boolean)
                .join(' · ')}
            </div>
            <div className="mt-1 flex flex-wrap items-baseline justify-between gap-2">
              <span>
                {words.market}: <strong>{words.selection}</strong>
              </span>
              <span className="tabular-nums">
                @ {odds(leg.odds)}
                {words.score ? ` · ${t('games.bet.score', { score: words.score })}` : ''}
              </span>
            </div>
          </li>
        );
      })}
    </ol>
  );
}
