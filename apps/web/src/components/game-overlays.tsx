import type { Game, GameList } from '@gamehall/shared/api/games';
import { Modal } from '@gamehall/ui/modal';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '../lib/api-client';
import { navigationCategories, vendorDisplayName } from '../lib/game-menus';
import { gameMenusQuery } from '../lib/site-queries';
import { gameOverlayStore, useFavourites, useGameActions } from './game-actions';
import { GameTile } from './game-tile';

/** Vendors with isGame VASSALAGE list their games in a popup (spec §3); at most this many. */
const VENDOR_POPUP_GAMES = 100;

export function GameOverlays() {
  const { t, i18n } = useTranslation();
  const language = i18n.language.toUpperCase();
  const overlay = gameOverlayStore.use();
  const menus = useQuery(gameMenusQuery(language)).data;
  const close = () => gameOverlayStore.set(null);
  if (!overlay) return null;
  if (overlay.kind === 'vendor') {
    // The vendor's display name from the menus (TY rules applied; a blanked one by a neutral label).
    const vendor = navigationCategories(menus ?? [])
      .flatMap((c) => c.vendors)
      .find((v) => v.vassalage === overlay.vassalage);
    return (
      <Modal open onClose={close} title={vendorDisplayName(overlay.vassalage, vendor?.name, t)} wide>
        <VendorGames vassalage={overlay.vassalage} gameType={overlay.gameType} />
      </Modal>
    );
  }
  return (
    <Modal open onClose={close} title={t('games.maintenanceTitle')} wide>
      <p className="mb-4 text-sm" role="alert">
        {overlay.message}
      </p>
      {overlay.suggestions.length > 0 && (
        <>
          <h3 className="mb-2 font-semibold">{t('games.suggestions')}</h3>
          <TileList games={overlay.suggestions} />
        </>
      )}
    </Modal>
  );
}

function VendorGames({ vassalage, gameType }: { vassalage: string; gameType: string }) {
  const { t, i18n } = useTranslation();
  const { data, isPending, isError } = useQuery({
    queryKey: ['games', 'vendorPopup', vassalage, gameType, i18n.language],
    queryFn: () =>
      apiRequest<GameList>('/wps/relay/GCSGAME_gameList', {
        query: { vassalage, gameType, pageNo: 1, pageSize: VENDOR_POPUP_GAMES, language: i18n.language.toUpperCase() },
      }),
  });
  if (isPending) return <p className="text-sm text-(--text-muted)">{t('common.loading')}</p>;
  if (isError) return <p className="text-sm text-(--danger)">{t('errors.INTERNAL_ERROR')}</p>;
  if (data.games.length === 0) return <p className="text-sm text-(--text-muted)">{t('games.empty')}</p>;
  // Inside the popup a game launches directly instead of opening the popup again.
  return <TileList games={data.games} direct />;
}

function TileList({ games, direct = false }: { games: Game[]; direct?: boolean }) {
  const { play, trial } = useGameActions();
  const onPlay = (g: Game) => play(g, { direct });
  const favourites = useFavourites();
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4">
      {games.map((g) => (
        <li key={g.nodeId}>
          <GameTile
            game={g}
            onPlay={onPlay}
            onTrial={trial}
            favourite={favourites.isFavourite(g.nodeId)}
            onFavourite={favourites.toggle}
          />
        </li>
      ))}
    </ul>
  );
}
