import type { Game, LaunchGameValue } from '@gamehall/shared/api/games';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { showAlert } from '../lib/alerts';
import { ApiError, apiRequest } from '../lib/api-client';
import { watchGameWindow } from '../lib/balance-hold';
import { enterFullScreen, leaveFullScreen, wantsLandscape } from '../lib/full-screen';
import { loadAllStrings } from '../lib/i18n';
import { openModal } from '../lib/modals';
import { isPhoneLayout } from '../lib/phone-layout';
import { useSession } from '../lib/session';
import { permissionQuery } from '../lib/site-queries';
import { createStore } from '../lib/store';
import { rememberWanted } from '../lib/wanted-game';
import { formatTimeIn } from './format-time';
import { createThrottle, toggledFavourites } from './game-grid-layout';

// What a game tile does, shared by the home sections and the game pages (features may not import
// each other). Only types come from packages/shared: its zod schemas stay out of the home chunk.

export const GAME_CALLS = {
  launch: '/wps/game/launchGame',
  trial: '/wps/game/launchGame/trial',
  lobby: '/wps/relay/GCS_gameLaunchFB',
  favouriteIds: '/wps/relay/MCSFE_getFavoriteGames',
  addFavourite: '/wps/relay/MCSFE_addFavoriteGameV2',
  removeFavourite: '/wps/relay/MCSFE_removeFavoriteGameV2',
} as const;

/** Overlays a tile can open: a vendor's popup game list, or the maintenance suggestions. */
export type GameOverlay =
  | { kind: 'vendor'; vassalage: string; gameType: string; title: string }
  | { kind: 'maintenance'; message: string; suggestions: Game[] }
  | null;
export const gameOverlayStore = createStore<GameOverlay>(null);

/** The member's favourite node ids (spec §3); members only, trial accounts have none. */
export function favouriteIdsQuery(token: string | null, enabled: boolean) {
  return queryOptions({
    queryKey: ['games', 'favouriteIds', token],
    queryFn: () => apiRequest<number[]>(GAME_CALLS.favouriteIds),
    enabled: Boolean(token) && enabled,
    staleTime: 60_000,
  });
}

// spec §4 Favourites: one toggle per 1000 ms across the site.
const throttle = createThrottle(1000);

export function useFavourites() {
  const { t } = useTranslation();
  const { token, isTrial } = useSession();
  const queryClient = useQueryClient();
  const query = favouriteIdsQuery(token, !isTrial);
  const ids = useQuery(query).data;
  const set = useMemo(() => new Set(ids ?? []), [ids]);
  const toggle = useMemo(
    () =>
      throttle((game: Game) => {
        if (!token) return openModal('login');
        if (isTrial) return void offerRegistration(t);
        void (async () => {
          // A read of the list still on its way (the page has just opened) would answer the list
          // from before this toggle and turn the heart back: it is dropped, and read again after.
          const fetching = queryClient.isFetching({ queryKey: query.queryKey }) > 0;
          if (fetching) await queryClient.cancelQueries({ queryKey: query.queryKey });
          const before = queryClient.getQueryData(query.queryKey) ?? [];
          const adding = !before.includes(game.nodeId);
          // Optimistic add; immediate remove. A failure puts the server's list back.
          queryClient.setQueryData(query.queryKey, toggledFavourites(before, game.nodeId));
          const call = adding
            ? apiRequest(GAME_CALLS.addFavourite, {
                method: 'POST',
                body: { nodeId: game.nodeId, vendor: game.vassalage, gameType: game.gameType },
              })
            : apiRequest(GAME_CALLS.removeFavourite, { method: 'DELETE', query: { nodeId: game.nodeId } });
          const read = await call.then(
            () => fetching,
            () => true,
          );
          if (read) await queryClient.invalidateQueries({ queryKey: query.queryKey });
          await queryClient.invalidateQueries({ queryKey: ['games', 'favouriteList'] });
        })();
      }),
    [token, isTrial, queryClient, query.queryKey, t],
  );
  const isFavourite = useCallback((nodeId: number) => set.has(nodeId), [set]);
  return { isFavourite, toggle, enabled: Boolean(token) && !isTrial };
}

/**
 * The launch answer travels to /seamless in the history state; ?nodeId= relaunches on reload.
 * `backTo` is the page the game was opened from (its query too: the same vendor and filters).
 */
export type SeamlessState = { url: string; gameName: string; backTo: string; gameType?: string };

export function seamlessHref(game: Pick<Game, 'nodeId'>): string {
  return `/seamless?nodeId=${game.nodeId}`;
}

/** A vendor's own lobby (spec §7 GCS_gameLaunchFB); ?lobby= relaunches it on reload. */
export type LobbyTarget = { vassalage: string; gameType?: string };

export function lobbyHref(target: LobbyTarget): string {
  const q = new URLSearchParams({ lobby: target.vassalage });
  if (target.gameType) q.set('gameType', target.gameType);
  return `/seamless?${q}`;
}

export function launchLobby(target: LobbyTarget, language: string): Promise<LaunchGameValue> {
  return apiRequest<LaunchGameValue>(GAME_CALLS.lobby, {
    method: 'POST',
    body: { ...target, language, device: 'WEB', backUrl: currentPage() },
  });
}

/**
 * Where a game's own lobby button leads: this page with its query (the same lobby, the same vendor).
 * A game vendor shows no lobby link for a path with spaces or backslashes, even encoded (the house
 * studio's lobby-url.ts), so a query holding them (a search) is left off.
 */
function currentPage(): string {
  const { pathname, search } = window.location;
  let plain = false;
  try {
    plain = !/[\s\\]/.test(decodeURIComponent(search));
  } catch {
    plain = false;
  }
  return plain && pathname.length + search.length <= 500 ? pathname + search : pathname;
}

export function launchGame(game: Pick<Game, 'nodeId'>, language: string): Promise<LaunchGameValue> {
  return apiRequest<LaunchGameValue>(GAME_CALLS.launch, {
    method: 'POST',
    body: { nodeId: game.nodeId, language, device: 'WEB', backUrl: currentPage() },
  });
}

/**
 * spec §8 "Popup blocked": a window opened by the click itself, pointed at the game once known. It
 * may hold this tab's balance while it shows a round (lib/balance-hold.ts).
 */
export function openGameWindow(): Window | null {
  const opened = window.open('about:blank', '_blank');
  watchGameWindow(opened);
  return opened;
}

/** A vendor tile opens the vendor's popup game list. */
function showVendor(game: Game): void {
  gameOverlayStore.set({
    kind: 'vendor',
    vassalage: game.vassalage,
    gameType: game.gameType,
    title: game.accountTypeName || game.vassalage,
  });
}

/**
 * spec §6: a trial account has no real money. Choosing what needs one offers to register (the
 * in_need_true_account words, with Register); `then` opens what was chosen once registered.
 */
export async function offerRegistration(t: TFunction, then?: () => Promise<void> | void): Promise<void> {
  const register = await showAlert({
    message: t('in_need_true_account'),
    cancellable: true,
    confirmLabel: t('auth.register'),
  });
  if (!register) return;
  if (then) rememberWanted(then);
  openModal('register');
}

/** A game's free trial in the page (features/games/free-play-page.tsx). */
export function freePlayHref(game: Pick<Game, 'nodeId'>): string {
  return `/try?nodeId=${game.nodeId}`;
}

/**
 * What a GAME_MAINTENANCE refusal says: for a vendor in maintenance, its name and the announced end
 * in the brand's time zone (docs/games.md "Vendor maintenance"); else the refusal's own words.
 */
export function maintenanceMessage(t: TFunction, err: ApiError): string {
  const vendor = err.value?.vendorMaintenance as { name?: unknown; until?: unknown; timeZone?: unknown } | undefined;
  if (vendor && typeof vendor.name === 'string') {
    if (typeof vendor.until === 'string' && typeof vendor.timeZone === 'string')
      return t('games.vendorMaintenanceUntil', {
        vendor: vendor.name,
        time: formatTimeIn(vendor.until, vendor.timeZone),
        zone: vendor.timeZone,
      });
    return t('games.vendorMaintenance', { vendor: vendor.name });
  }
  return t('errors.GAME_MAINTENANCE', { defaultValue: err.message });
}

export function useGameActions() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { token, isTrial } = useSession();
  const guestsMayTry = useQuery(permissionQuery).data?.register.freePlay === true;
  const language = i18n.language.toUpperCase();

  const fail = useCallback(
    async (err: unknown) => {
      // The error catalogue is in the full English file, which the home page has not loaded yet.
      await loadAllStrings().catch(() => undefined);
      if (err instanceof ApiError && err.code === 'GAME_MAINTENANCE') {
        const suggestions = (err.value?.suggestions as Game[] | undefined) ?? [];
        gameOverlayStore.set({ kind: 'maintenance', message: maintenanceMessage(t, err), suggestions });
        return;
      }
      if (err instanceof ApiError && err.code === 'ACCOUNT_TRIAL_RESTRICTED') {
        void offerRegistration(t);
        return;
      }
      const message =
        err instanceof ApiError ? t(`errors.${err.code}`, { defaultValue: err.message }) : t('errors.INTERNAL_ERROR');
      void showAlert({ message });
    },
    [t],
  );

  /**
   * Launches, then opens /seamless with the answer in the history state. On a phone the game fills
   * the screen: full screen is asked for here, within the player's tap (browsers refuse it later,
   * after the launch call), and given back if the launch fails.
   */
  const enter = useCallback(
    async (launch: () => Promise<LaunchGameValue>, gameName: string, href: string, gameType?: string) => {
      const fullScreen = isPhoneLayout() ? enterFullScreen({ landscape: wantsLandscape(gameType) }) : undefined;
      try {
        const launched = await launch();
        gameOverlayStore.set(null);
        const state: SeamlessState = {
          url: launched.url,
          gameName,
          backTo: window.location.pathname + window.location.search,
          gameType: launched.gameType || gameType,
        };
        navigate(href, { state });
      } catch (err) {
        if (fullScreen) void fullScreen.then(() => leaveFullScreen());
        await fail(err);
      }
    },
    [navigate, fail],
  );

  /** spec §4 Guest and trial: guests get the login popup, trial accounts in_need_true_account. */
  const play = useCallback(
    async (game: Game, options: { direct?: boolean } = {}) => {
      if (!token) return openModal('login');
      if (isTrial) {
        const open = () => enter(() => launchGame(game, language), game.gameName, seamlessHref(game), game.gameType);
        await offerRegistration(t, game.isGame === 'VASSALAGE' && !options.direct ? () => showVendor(game) : open);
        return;
      }
      if (game.isGame === 'VASSALAGE' && !options.direct) {
        showVendor(game);
        return;
      }
      await enter(() => launchGame(game, language), game.gameName, seamlessHref(game), game.gameType);
    },
    [token, isTrial, t, language, enter],
  );

  /** A LIVE room (GLS2_roomList) by node id, launched like a tile (members only, like play). */
  const playRoom = useCallback(
    async (room: { nodeId: number; roomName: string }) => {
      if (!token) return openModal('login');
      if (isTrial) {
        await offerRegistration(t, () => enter(() => launchGame(room, language), room.roomName, seamlessHref(room)));
        return;
      }
      await enter(() => launchGame(room, language), room.roomName, seamlessHref(room));
    },
    [token, isTrial, t, language, enter],
  );

  /** A vendor's own lobby, launched like a tile into /seamless (members only, like play). */
  const openLobby = useCallback(
    async (target: LobbyTarget, title: string) => {
      if (!token) return openModal('login');
      if (isTrial) {
        await offerRegistration(t, () => enter(() => launchLobby(target, language), title, lobbyHref(target)));
        return;
      }
      await enter(() => launchLobby(target, language), title, lobbyHref(target));
    },
    [token, isTrial, t, language, enter],
  );

  /**
   * Free trial for trial accounts and members, in a new window (spec §8 popup blocked). A guest
   * tries the game in the page while the brand allows free play (FREEPLAY3), else gets the login
   * popup (spec §6 "trial or free demo prompts login", §4 "Guest choosing a game").
   */
  const trial = useCallback(
    async (game: Game) => {
      if (!token) {
        if (!guestsMayTry) return openModal('login');
        navigate(freePlayHref(game), { state: { backTo: window.location.pathname + window.location.search } });
        return;
      }
      const win = openGameWindow();
      if (!win) {
        await showAlert({ message: t('games.in_popup_prompt') });
        return;
      }
      try {
        const launched = await apiRequest<LaunchGameValue>(GAME_CALLS.trial, {
          method: 'POST',
          body: { nodeId: game.nodeId, language, device: 'WEB' },
        });
        win.location.href = new URL(launched.url, window.location.origin).href;
      } catch (err) {
        win.close();
        await fail(err);
      }
    },
    [token, t, language, fail, guestsMayTry, navigate],
  );

  return { play, trial, openLobby, playRoom };
}
