import { useQuery } from '@tanstack/react-query';
import { DoorOpen, LogIn, Trophy, Wrench } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useGameActions } from '../../components/game-actions';
import { DEFAULT_GAME_ICON } from '../../components/game-tile';
import { ApiError } from '../../lib/api-client';
import { imageUrl, vendorIconUrl } from '../../lib/art';
import { openModal } from '../../lib/modals';
import { displayAmount } from '../../lib/money';
import { useSession } from '../../lib/session';
import { roomListQuery, vendorLanesQuery } from './api';
import { laneHasLobby, lobbyVendorsOf } from './game-filters';

/**
 * Whether a vendor opens its own lobby in this category: its card in the GCSGAME_gameVendor lanes
 * is isGame VASSALAGE (GCS_gameLaunchFB answers GAME_NO_LOBBY for the others).
 */
export function useHasLobby(gameType: string | undefined, vassalage: string | undefined, language: string): boolean {
  const lanes = useQuery({ ...vendorLanesQuery(language), enabled: Boolean(gameType && vassalage) }).data;
  if (!gameType || !vassalage || !lanes) return false;
  return laneHasLobby(lanes.data.lanes, gameType, vassalage);
}

/** "Open <vendor> lobby": launches the vendor's own lobby into /seamless like a tile. */
export function VendorLobbyButton({
  vassalage,
  gameType,
  name,
}: {
  vassalage: string;
  gameType: string;
  name: string;
}) {
  const { t } = useTranslation();
  const { openLobby } = useGameActions();
  return (
    <button
      type="button"
      onClick={() => void openLobby({ vassalage, gameType }, name)}
      className="flex items-center gap-1.5 rounded-md bg-(--accent) px-3 py-1.5 text-sm font-semibold text-(--accent-contrast) hover:brightness-110"
    >
      <DoorOpen size={16} aria-hidden />
      {t('games.openLobby', { vendor: name })}
    </button>
  );
}

/**
 * The sportsbook at the top of the Sports, E-sports and Cockfight pages: one card per vendor of the
 * category that opens its own lobby, which opens in the game frame like any vendor lobby (the house
 * sportsbook's lobby game, docs/sportsbook.md). Guests get the login prompt on the button.
 */
export function SportsbookEntries({
  gameType,
  vendors,
  language,
}: {
  gameType: string;
  vendors: readonly { vassalage: string; name: string; maintenance?: boolean }[];
  language: string;
}) {
  const { t } = useTranslation();
  const { openLobby } = useGameActions();
  const lanes = useQuery(vendorLanesQuery(language)).data;
  if (!lanes) return null;
  const lobbies = new Set(lobbyVendorsOf(lanes.data.lanes, gameType));
  const books = vendors.filter((v) => lobbies.has(v.vassalage));
  if (books.length === 0) return null;
  return (
    <section aria-labelledby="sportsbook-heading" className="mb-8" data-testid="sportsbook-entries">
      <h2 id="sportsbook-heading" className="mb-1 flex items-center gap-2 text-lg font-bold">
        <Trophy size={18} aria-hidden className="text-(--accent)" />
        {t('games.sportsbook')}
      </h2>
      <p className="mb-3 text-sm text-(--text-muted)">{t(`games.sportsbookIntro.${gameType}`)}</p>
      <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {books.map((v) => (
          <li key={v.vassalage} className="flex items-center gap-3 rounded-xl bg-(--surface-raised) p-3">
            <img src={imageUrl(vendorIconUrl(v.vassalage))} alt="" width={48} height={48} className="size-12" />
            <span className="min-w-0 flex-1 font-semibold leading-tight break-words">{v.name}</span>
            <button
              type="button"
              onClick={() => void openLobby({ vassalage: v.vassalage, gameType }, v.name)}
              aria-label={t('games.betAt', { vendor: v.name })}
              className="shrink-0 rounded-md bg-(--accent) px-3 py-1.5 text-sm font-semibold text-(--accent-contrast) hover:brightness-110"
            >
              {t('games.betNow')}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * spec §7 GLS2_roomList on /live with a vendor selected: its tables with icon, minimum bet and
 * status; an open room launches like a tile, a room in maintenance is disabled and says so.
 * Members only: guests get the login prompt the game list shows them.
 */
export function LiveRooms({ vassalage, language, label }: { vassalage: string; language: string; label: string }) {
  const { t } = useTranslation();
  const { token } = useSession();
  const { playRoom } = useGameActions();
  const query = useQuery(roomListQuery(vassalage, language, Boolean(token)));
  const needsLogin = !token || (query.error instanceof ApiError && query.error.code === 'AUTH_REQUIRED');
  if (needsLogin)
    return (
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3 rounded-xl bg-(--surface-raised) p-4 text-sm">
        <span>{t('games.roomsGuestHint')}</span>
        <button
          type="button"
          onClick={() => openModal('login')}
          className="flex items-center gap-1.5 rounded-md bg-(--accent) px-3 py-1.5 font-semibold text-(--accent-contrast)"
        >
          <LogIn size={14} aria-hidden />
          {t('games.loginToBrowse')}
        </button>
      </div>
    );
  if (query.isPending) return <div className="h-40 animate-pulse rounded-xl bg-(--surface-raised)" aria-hidden />;
  if (query.isError)
    return (
      <p className="text-(--danger)" role="alert">
        {query.error instanceof ApiError
          ? t(`errors.${query.error.code}`, { defaultValue: query.error.message })
          : t('errors.INTERNAL_ERROR')}
      </p>
    );
  const rooms = query.data.list;
  if (rooms.length === 0)
    return (
      <p className="rounded-xl border border-dashed border-(--text-muted)/40 p-10 text-center text-(--text-muted)">
        {t('games.noRooms')}
      </p>
    );
  return (
    <ul aria-label={label} data-testid="room-list" className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
      {rooms.map((room) => {
        const closed = room.status === 'maintenance';
        return (
          <li key={room.nodeId} data-node-id={room.nodeId} data-status={room.status}>
            <button
              type="button"
              disabled={closed}
              onClick={() => void playRoom(room)}
              aria-label={`${room.roomName}: ${closed ? t('games.roomMaintenance') : t('games.playNow')}`}
              className="group flex w-full flex-col overflow-hidden rounded-xl bg-(--surface-raised) text-start enabled:hover:ring-2 enabled:hover:ring-(--accent) disabled:cursor-not-allowed disabled:opacity-60"
            >
              <img
                src={imageUrl(room.iconUrl || DEFAULT_GAME_ICON)}
                alt=""
                width={200}
                height={200}
                loading="lazy"
                decoding="async"
                className={`aspect-square w-full object-cover ${closed ? 'grayscale' : ''}`}
              />
              <span className="flex flex-col gap-0.5 p-2">
                <span className="truncate text-sm font-semibold">{room.roomName}</span>
                <span className="text-xs text-(--text-muted)">
                  {t('games.minBet', { amount: displayAmount(room.minBet) })}
                </span>
                <span
                  className={`flex items-center gap-1 text-xs font-semibold ${closed ? 'text-(--danger)' : 'text-(--success)'}`}
                >
                  {closed && <Wrench size={12} aria-hidden />}
                  {closed ? t('games.roomMaintenance') : t('games.roomOpen')}
                </span>
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
