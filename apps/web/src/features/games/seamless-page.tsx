import type { LaunchGameValue } from '@gamehall/shared/api/games';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../app/paths';
import { launchGame, launchLobby, type SeamlessState } from '../../components/game-actions';
import { RealityCheck } from '../../components/reality-check';
import { ApiError } from '../../lib/api-client';
import { watchGameWindow } from '../../lib/balance-hold';
import { leaveFullScreen } from '../../lib/full-screen';
import { usePhoneLayout } from '../../lib/phone-layout';
import { GameBar } from './game-bar';

/**
 * spec §2 /seamless: header only, the game in an iframe that fills the page, and a way back. The
 * tile's launch answer arrives in the history state; a reload (no state) launches again by nodeId.
 * On a phone the game fills the whole screen under one slim bar (game-bar.tsx) instead of the
 * site's header, full screen where the browser allows it (asked for by the tile's tap,
 * components/game-actions.ts).
 */
export function SeamlessPage() {
  const { t, i18n } = useTranslation();
  const state = useLocation().state as SeamlessState | null;
  const [params] = useSearchParams();
  const nodeId = Number(params.get('nodeId'));
  // A vendor lobby (GCS_gameLaunchFB) relaunches by vendor, a game by node id.
  const lobby = params.get('lobby');
  const lobbyType = params.get('gameType') ?? undefined;
  const relaunch = useQuery({
    queryKey: ['games', 'relaunch', nodeId, lobby, lobbyType],
    queryFn: (): Promise<LaunchGameValue> =>
      lobby
        ? launchLobby({ vassalage: lobby, gameType: lobbyType }, i18n.language.toUpperCase())
        : launchGame({ nodeId }, i18n.language.toUpperCase()),
    enabled: !state?.url && (Boolean(lobby) || (Number.isInteger(nodeId) && nodeId > 0)),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const url = state?.url ?? relaunch.data?.url;
  // A reload has no tile state: the relaunch answer names the game.
  const gameName = state?.gameName || relaunch.data?.gameName || t('games.seamless');
  const backTo = state?.backTo ?? '/';
  const leave = useLeaveGame(state);
  const phone = usePhoneLayout();
  const error = relaunch.error;
  // The game fills the window below the site header (whose height depends on the width).
  const [headerHeight, setHeaderHeight] = useState(64);
  useLayoutEffect(() => {
    const header = document.querySelector('header');
    if (!header) return;
    const read = () => setHeaderHeight(header.getBoundingClientRect().height);
    read();
    const observer = new ResizeObserver(read);
    observer.observe(header);
    return () => observer.disconnect();
  }, []);
  // The header's balance waits while the game shows a round (lib/balance-hold.ts).
  const frame = useRef<HTMLIFrameElement>(null);
  useEffect(() => (url ? watchGameWindow(frame.current?.contentWindow) : undefined), [url]);
  // Full screen ends with the game, however it is left (the browser's back too). A cleanup while
  // the address is still this page is not a leaving (React's development double run).
  useEffect(
    () => () => {
      if (window.location.pathname !== paths.seamless) void leaveFullScreen();
    },
    [],
  );
  const gameType = state?.gameType ?? relaunch.data?.gameType;
  return (
    <div
      className={phone ? 'fixed inset-0 z-30 flex flex-col bg-(--surface)' : 'flex min-h-[480px] flex-col'}
      style={phone ? undefined : { height: `calc(100dvh - ${headerHeight}px)` }}
      data-testid="game-page"
    >
      {phone ? (
        <GameBar name={gameName} gameType={gameType} onLeave={leave} />
      ) : (
        <div className="flex items-center gap-3 border-b border-(--text-muted)/20 px-4 py-2">
          <a
            href={backTo}
            onClick={(e) => {
              e.preventDefault();
              leave();
            }}
            className="flex items-center gap-1.5 rounded-md px-2 py-1 text-sm font-semibold hover:bg-(--surface-raised)"
          >
            <ArrowLeft size={16} aria-hidden />
            {t('games.backToLobby')}
          </a>
          <h1 className="truncate text-sm font-bold" data-testid="game-name">
            {gameName}
          </h1>
        </div>
      )}
      {url ? (
        <div className="relative flex flex-1 flex-col">
          <iframe
            ref={frame}
            title={gameName}
            src={url}
            className="w-full flex-1 border-0 bg-black"
            allow="autoplay; fullscreen"
            allowFullScreen
            data-testid="game-frame"
          />
          {/* The reality check over every game, stop closes it. */}
          <RealityCheck onStop={leave} />
        </div>
      ) : (
        <p className="m-auto p-8 text-center text-(--text-muted)" role={error ? 'alert' : undefined}>
          {error
            ? error instanceof ApiError
              ? t(`errors.${error.code}`, { defaultValue: error.message })
              : t('errors.INTERNAL_ERROR')
            : relaunch.isFetching
              ? t('common.loading')
              : t('games.noGame')}
        </p>
      )}
    </div>
  );
}

/**
 * Back to where the game was opened: the lobby's own history entry when the game was opened from it
 * in this tab (so the lobby comes back as it was, scrolled where it was, site-layout.tsx), else its
 * address in place of the game's.
 */
function useLeaveGame(state: SeamlessState | null): () => void {
  const navigate = useNavigate();
  const backTo = state?.backTo ?? '/';
  return useCallback(() => {
    void leaveFullScreen();
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (state?.backTo && index > 0) navigate(-1);
    else navigate(backTo, { replace: true });
  }, [navigate, state?.backTo, backTo]);
}
