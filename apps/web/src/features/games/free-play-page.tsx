import type { LaunchGameValue } from '@gamehall/shared/api/games';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, Gift } from 'lucide-react';
import { useLayoutEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { GAME_CALLS, type SeamlessState, seamlessHref } from '../../components/game-actions';
import { ApiError, apiRequest } from '../../lib/api-client';
import { openModal } from '../../lib/modals';
import { useSession } from '../../lib/session';
import { rememberWanted } from '../../lib/wanted-game';

/**
 * A game's free trial in the page (/try?nodeId=): for a guest while the brand allows free play
 * (FREEPLAY3), on the studio's demo balance; never money. A banner invites registration, and the
 * registration keeps the player in this game: once signed up they land in it for real.
 */
export function FreePlayPage() {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const nodeId = Number(params.get('nodeId'));
  const { token, isTrial } = useSession();
  const backTo = (useLocation().state as { backTo?: string } | null)?.backTo ?? '/';
  const navigate = useNavigate();
  const launch = useQuery({
    // The session is part of the key: a guest who signs up gets no second demo launch from the cache.
    queryKey: ['games', 'freePlay', nodeId, token],
    queryFn: () =>
      apiRequest<LaunchGameValue>(GAME_CALLS.trial, {
        method: 'POST',
        body: { nodeId, language: i18n.language.toUpperCase(), device: 'WEB' },
      }),
    enabled: Number.isInteger(nodeId) && nodeId > 0,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const gameName = launch.data?.gameName ?? t('games.seamless');
  const invite = !token || isTrial;
  const register = () => {
    // After signing up the new member goes on to this game, now for real.
    rememberWanted(() => {
      // No launch answer in the state: the game page launches it for the new member by node id.
      const state: Partial<SeamlessState> = { gameName, backTo };
      navigate(seamlessHref({ nodeId }), { state });
    });
    openModal('register');
  };
  const height = useHeaderHeight();
  const error = launch.error;
  return (
    <div className="flex min-h-[480px] flex-col" style={{ height: `calc(100dvh - ${height}px)` }}>
      <div className="flex items-center gap-3 border-b border-(--text-muted)/20 px-4 py-2">
        <Link
          to={backTo}
          className="flex items-center gap-1.5 rounded-md px-2 py-1 text-sm font-semibold hover:bg-(--surface-raised)"
        >
          <ArrowLeft size={16} aria-hidden />
          {t('games.backToLobby')}
        </Link>
        <h1 className="truncate text-sm font-bold" data-testid="game-name">
          {gameName}
        </h1>
      </div>
      <section
        aria-label={t('guest.bannerLabel')}
        className="flex flex-wrap items-center gap-x-3 gap-y-2 bg-(--surface-raised) px-4 py-2 text-sm"
        data-testid="free-play-banner"
      >
        <Gift size={18} aria-hidden className="shrink-0 text-(--accent)" />
        <p className="min-w-0 flex-1 basis-56">{t('guest.banner')}</p>
        {invite && (
          <button
            type="button"
            onClick={register}
            className="rounded-md bg-(--accent) px-3 py-1.5 text-sm font-bold text-(--accent-contrast) hover:brightness-110"
          >
            {t('guest.register')}
          </button>
        )}
      </section>
      {launch.data ? (
        <iframe
          title={gameName}
          src={launch.data.url}
          className="w-full flex-1 border-0 bg-black"
          allow="autoplay; fullscreen"
          allowFullScreen
          data-testid="game-frame"
        />
      ) : (
        <p className="m-auto p-8 text-center text-(--text-muted)" role={error ? 'alert' : undefined}>
          {error
            ? error instanceof ApiError
              ? t(`errors.${error.code}`, { defaultValue: error.message })
              : t('errors.INTERNAL_ERROR')
            : launch.isFetching
              ? t('common.loading')
              : t('games.noGame')}
        </p>
      )}
    </div>
  );
}

// The game fills the window below the site header (whose height depends on the width).
function useHeaderHeight(): number {
  const [height, setHeight] = useState(64);
  useLayoutEffect(() => {
    const header = document.querySelector('header');
    if (!header) return;
    const read = () => setHeight(header.getBoundingClientRect().height);
    read();
    const observer = new ResizeObserver(read);
    observer.observe(header);
    return () => observer.disconnect();
  }, []);
  return height;
}
