import type { BettingRecord } from '@gamehall/shared/api/games';
import { Modal } from '@gamehall/ui/modal';
import { useQuery } from '@tanstack/react-query';
import { History, Layers, ListChecks } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateRangeFilter } from '../../components/date-range-filter';
import { ResponsiveTable } from '../../components/responsive-table';
import { ApiError } from '../../lib/api-client';
import { GAME_MENU_CATEGORY_ORDER } from '../../lib/art';
import { vendorNames } from '../../lib/game-menus';
import { displayAmount } from '../../lib/money';
import { gameMenusQuery } from '../../lib/site-queries';
import { bettingRecordQuery, gameRecallQuery, type RecordFilter } from './api';
import { BetDetailModal, BetSummary } from './bet-detail';
import type { DateRange } from './game-filters';
import { isPvpRound, PvpHandsModal } from './pvp-hands';
import { RoundDetailsButton } from './round-details';

const tone = (n: number) => (n < 0 ? 'text-(--danger)' : n > 0 ? 'text-(--success)' : '');
const selectClass = 'rounded-md border border-(--text-muted)/30 bg-(--surface) px-2 py-1.5 text-sm';

/**
 * spec §2 member centre "betting record" (personalHistoryCopy): game type and vendor filters,
 * past 7 / 30 days or a custom range, paging, and the recall of a game's last 10 rounds; a
 * sportsbook bet shows its selection (or how many) and opens its legs, odds, result and payout; a
 * card-room sitting opens the hands played in it (pvp-hands.tsx); a round whose game provider shows
 * its own record of it opens that in a new tab (round-details.tsx).
 */
export function BettingRecordPage() {
  const { t, i18n } = useTranslation();
  const language = i18n.language.toUpperCase();
  const [range, setRange] = useState<DateRange>({ range: 'past7' });
  const [gameType, setGameType] = useState('');
  const [vassalage, setVassalage] = useState('');
  const [pageNo, setPageNo] = useState(1);
  const [recall, setRecall] = useState<BettingRecord | null>(null);
  const [details, setDetails] = useState<BettingRecord | null>(null);
  const [hands, setHands] = useState<BettingRecord | null>(null);
  const menus = useQuery(gameMenusQuery(language)).data ?? [];
  // Vendors by the names players read (TY-blanked ones by a neutral label), never by code.
  const names = vendorNames(menus, t);
  const vendorName = (code: string) => names.get(code) ?? code;
  const vendors = [
    ...new Set(
      menus.filter((m) => !gameType || m.gameCategory === gameType).flatMap((m) => m.vendors.map((v) => v.vassalage)),
    ),
  ].sort();
  const filter: RecordFilter = {
    ...range,
    gameType: gameType || undefined,
    vassalage: vassalage || undefined,
    pageNo,
  };
  const { data, isPending, isError, error } = useQuery(bettingRecordQuery(filter, language));
  const money = (n: number) => displayAmount(n);
  const reset = (fn: () => void) => {
    fn();
    setPageNo(1);
  };
  return (
    <div>
      <h1 className="mb-4 text-xl font-bold">{t('member.menu.personalHistoryCopy')}</h1>
      <div className="mb-4 flex flex-wrap items-end gap-3">
        <label className="text-xs">
          {t('games.gameType')}
          <select
            value={gameType}
            onChange={(e) =>
              reset(() => {
                setGameType(e.target.value);
                setVassalage('');
              })
            }
            className={`block ${selectClass}`}
          >
            <option value="">{t('games.all')}</option>
            {GAME_MENU_CATEGORY_ORDER.map((c) => (
              <option key={c} value={c}>
                {t(`categories.${c}`, { defaultValue: c })}
              </option>
            ))}
          </select>
        </label>
        <label className="text-xs">
          {t('games.vendor')}
          <select
            value={vassalage}
            onChange={(e) => reset(() => setVassalage(e.target.value))}
            className={`block ${selectClass}`}
          >
            <option value="">{t('games.allVendors')}</option>
            {vendors.map((v) => (
              <option key={v} value={v}>
                {vendorName(v)}
              </option>
            ))}
          </select>
        </label>
        <DateRangeFilter onChange={(r) => reset(() => setRange(r))} />
      </div>
      {isPending ? (
        <p className="text-(--text-muted)">{t('common.loading')}</p>
      ) : isError ? (
        <p role="alert" className="text-(--danger)">
          {error instanceof ApiError
            ? t(`errors.${error.code}`, { defaultValue: error.message })
            : t('errors.INTERNAL_ERROR')}
        </p>
      ) : (
        <>
          <dl className="mb-4 grid grid-cols-3 gap-3 text-center text-sm" data-testid="betting-totals">
            {(['bet', 'win', 'net'] as const).map((k) => (
              <div key={k} className="rounded-lg bg-(--surface) p-3">
                <dt className="text-(--text-muted)">{t(`games.record.${k}`)}</dt>
                <dd className={`font-bold ${k === 'net' ? tone(data.totals.net) : ''}`}>{money(data.totals[k])}</dd>
              </div>
            ))}
          </dl>
          {data.content.length === 0 ? (
            <p className="rounded-xl border border-dashed border-(--text-muted)/40 p-10 text-center text-(--text-muted)">
              {t('games.record.empty')}
            </p>
          ) : (
            <ResponsiveTable
              caption={t('member.menu.personalHistoryCopy')}
              columns={[
                t('games.record.time'),
                t('games.record.game'),
                t('games.vendor'),
                { label: t('games.record.bet'), align: 'end' },
                { label: t('games.record.win'), align: 'end' },
                { label: t('games.record.net'), align: 'end' },
                t('games.record.status'),
                { label: t('games.record.recall'), srOnly: true },
              ]}
            >
              {data.content.map((r) => (
                <tr key={r.roundId} className="border-t border-(--text-muted)/15">
                  <td className="py-2 pr-3 whitespace-nowrap">{new Date(r.time).toLocaleString(i18n.language)}</td>
                  <td className="py-2 pr-3">
                    {r.gameName}
                    {r.detail && <BetSummary detail={r.detail} />}
                  </td>
                  <td className="py-2 pr-3">{vendorName(r.vassalage)}</td>
                  <td className="py-2 pr-3 text-right tabular-nums">{money(r.bet)}</td>
                  <td className="py-2 pr-3 text-right tabular-nums">{money(r.win)}</td>
                  <td className={`py-2 pr-3 text-right tabular-nums ${tone(r.net)}`}>{money(r.net)}</td>
                  <td className="py-2 pr-3">{t(`games.record.statuses.${r.status}`)}</td>
                  <td className="py-2">
                    {r.detail && (
                      <button
                        type="button"
                        onClick={() => setDetails(r)}
                        className="flex items-center gap-1 text-(--accent) hover:underline"
                      >
                        <ListChecks size={14} aria-hidden />
                        {t('games.record.details')}
                      </button>
                    )}
                    {isPvpRound(r) && (
                      <button
                        type="button"
                        onClick={() => setHands(r)}
                        className="flex items-center gap-1 text-(--accent) hover:underline"
                      >
                        <Layers size={14} aria-hidden />
                        {t('games.pvp.hands')}
                      </button>
                    )}
                    {!r.detail && r.nodeId !== null && (
                      <button
                        type="button"
                        onClick={() => setRecall(r)}
                        className="flex items-center gap-1 text-(--accent) hover:underline"
                      >
                        <History size={14} aria-hidden />
                        {t('games.record.recall')}
                      </button>
                    )}
                    {r.detailsAvailable && <RoundDetailsButton round={r} />}
                  </td>
                </tr>
              ))}
            </ResponsiveTable>
          )}
          <nav aria-label={t('games.record.paging')} className="mt-4 flex items-center justify-center gap-3 text-sm">
            <button
              type="button"
              disabled={pageNo <= 1}
              onClick={() => setPageNo((p) => p - 1)}
              className="rounded-md border border-(--text-muted)/30 px-3 py-1 disabled:opacity-40"
            >
              {t('common.previous')}
            </button>
            <span>{t('games.record.page', { page: data.pageNum, pages: Math.max(1, data.totalPages) })}</span>
            <button
              type="button"
              disabled={pageNo >= data.totalPages}
              onClick={() => setPageNo((p) => p + 1)}
              className="rounded-md border border-(--text-muted)/30 px-3 py-1 disabled:opacity-40"
            >
              {t('common.next')}
            </button>
          </nav>
        </>
      )}
      {recall && <RecallModal record={recall} onClose={() => setRecall(null)} />}
      {details && <BetDetailModal record={details} onClose={() => setDetails(null)} />}
      {hands && <PvpHandsModal record={hands} onClose={() => setHands(null)} />}
    </div>
  );
}

/** Game recall of the last 10 rounds of a game with their outcome. */
function RecallModal({ record, onClose }: { record: BettingRecord; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const { data, isPending, isError } = useQuery(gameRecallQuery(record.nodeId, i18n.language.toUpperCase()));
  return (
    <Modal open onClose={onClose} title={t('games.record.recallTitle', { game: record.gameName })} wide>
      {isPending ? (
        <p className="text-(--text-muted)">{t('common.loading')}</p>
      ) : isError ? (
        <p className="text-(--danger)">{t('errors.INTERNAL_ERROR')}</p>
      ) : data.list.length === 0 ? (
        <p className="text-(--text-muted)">{t('games.record.empty')}</p>
      ) : (
        <ol className="space-y-1 text-sm">
          {data.list.map((r) => (
            <li key={r.roundId} className="flex flex-wrap items-center gap-3 rounded-md bg-(--surface) px-3 py-2">
              <span className="flex-1 whitespace-nowrap">{new Date(r.time).toLocaleString(i18n.language)}</span>
              <span className="tabular-nums">{displayAmount(r.bet)}</span>
              <span className="tabular-nums">{displayAmount(r.win)}</span>
              <span
                className={`w-20 text-right font-semibold ${r.outcome === 'win' ? 'text-(--success)' : r.outcome === 'loss' ? 'text-(--danger)' : ''}`}
              >
                {t(`games.record.outcomes.${r.outcome}`)}
              </span>
              {r.detailsAvailable && <RoundDetailsButton round={r} iconOnly />}
            </li>
          ))}
        </ol>
      )}
    </Modal>
  );
}
