import { useQuery } from '@tanstack/react-query';
import { Trophy } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { offerRegistration, useGameActions } from '../../components/game-actions';
import { GameOverlayHost } from '../../components/game-overlay-host';
import { DEFAULT_GAME_ICON } from '../../components/game-tile';
import { imageUrl } from '../../lib/art';
import { openModal } from '../../lib/modals';
import { displayAmount } from '../../lib/money';
import { useSession } from '../../lib/session';
import { configQuery } from '../../lib/site-queries';
import { rankListQuery } from './api';

/** The lobby search for a winner's game that is no longer in the catalogue (its entry has no node id). */
export function winnerGameHref(gameName: string): string {
  return `/lobby?q=${encodeURIComponent(gameName)}`;
}

/** spec §2 "Other implied screens": the winners leaderboard (GCSGAME_getRankList, 20 entries). */
export function WinnersPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { token, isTrial } = useSession();
  const symbol = useQuery(configQuery).data?.currencySymbol ?? '';
  const { data, isPending, isError } = useQuery(rankListQuery(i18n.language.toUpperCase()));
  const { playRoom } = useGameActions();
  // The winner's game opens as a tile's Play now does; a game no longer listed, by its name in the lobby.
  const play = (vo: { gameName: string; nodeId: number | null }) => {
    if (vo.nodeId !== null) return void playRoom({ nodeId: vo.nodeId, roomName: vo.gameName });
    if (!token) return openModal('login');
    if (isTrial) return void offerRegistration(t, () => navigate(winnerGameHref(vo.gameName)));
    navigate(winnerGameHref(vo.gameName));
  };
  const list = data?.list ?? [];
  return (
    <div className="mx-auto max-w-4xl px-4 py-8">
      <h1 className="mb-6 flex items-center gap-2 text-2xl font-bold">
        <Trophy className="text-(--accent)" aria-hidden />
        {t('games.winnersTitle')}
      </h1>
      {isPending ? (
        <p className="text-(--text-muted)">{t('common.loading')}</p>
      ) : isError ? (
        <p className="text-(--danger)">{t('errors.INTERNAL_ERROR')}</p>
      ) : list.length === 0 ? (
        <p className="rounded-xl border border-dashed border-(--text-muted)/40 p-10 text-center text-(--text-muted)">
          {t('games.winnersEmpty')}
        </p>
      ) : (
        <ol className="divide-y divide-(--text-muted)/15 rounded-xl bg-(--surface-raised)">
          {list.map(({ vo }, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a board position is its rank
            <li key={i} className="flex items-center gap-3 p-3">
              <span className="w-8 text-center text-lg font-bold text-(--accent)">{i + 1}</span>
              <img
                src={imageUrl(vo.iconUrl || DEFAULT_GAME_ICON)}
                alt=""
                width={48}
                height={48}
                loading="lazy"
                className="size-12 rounded-lg"
                onError={(e) => {
                  if (!e.currentTarget.src.endsWith(DEFAULT_GAME_ICON)) e.currentTarget.src = DEFAULT_GAME_ICON;
                }}
              />
              <span className="min-w-0 flex-1">
                <span className="block truncate font-semibold">{vo.gameName}</span>
                <span className="block text-sm text-(--text-muted)">{vo.customerName}</span>
              </span>
              <span className="font-bold text-(--success)">{displayAmount(vo.winAmount ?? 0, { symbol })}</span>
              <button
                type="button"
                onClick={() => play(vo)}
                aria-label={`${t('games.playNow')}: ${vo.gameName}`}
                className="rounded-md bg-(--accent) px-3 py-1.5 text-xs font-bold text-(--accent-contrast)"
              >
                {t('games.playNow')}
              </button>
            </li>
          ))}
        </ol>
      )}
      {/* A maintained game answers with other games to try (spec §8), as a tile's Play now does. */}
      <GameOverlayHost />
    </div>
  );
}
