import type { Game } from '@gamehall/shared/api/games';
import { GAME_SEARCH_MAX, GAME_SORTS, type GameSort } from '@gamehall/shared/constants';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { Clock, Heart, LayoutGrid, Search } from 'lucide-react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useSearchParams } from 'react-router';
import { paths } from '../../app/paths';
import { useFavourites, useGameActions } from '../../components/game-actions';
import { GameOverlayHost } from '../../components/game-overlay-host';
import { GameTile } from '../../components/game-tile';
import { VendorMaintenanceMark } from '../../components/maintenance-mark';
import { VirtualGameGrid } from '../../components/virtual-game-grid';
import { ApiError } from '../../lib/api-client';
import { imageUrl, vendorIconUrl } from '../../lib/art';
import { errorMessage } from '../../lib/errors';
import { brandSupportsTy, navigationCategories, vendorDisplayName } from '../../lib/game-menus';
import { useSession } from '../../lib/session';
import { configQuery, gameMenusQuery } from '../../lib/site-queries';
import { favouriteListInfinite, gameListInfinite, recentGamesQuery } from './api';
import { isSlotCategory, isSportsbookCategory, matchesName, slotSubCategories } from './game-filters';
import { LiveRooms, SportsbookEntries, useHasLobby, VendorLobbyButton } from './vendor-extras';

type Tab = 'all' | 'favourites' | 'recent';
const SEARCH_DEBOUNCE_MS = 300;

function useDebounced<T>(value: T, ms: number): T {
  const [current, setCurrent] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setCurrent(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return current;
}

/**
 * spec §2 game list centre (one per category route) and the lobby (no gameType: search across
 * every category). With TY supported by the brand, LOTT is shown as ELOTT (spec §4): /lott (an old
 * link, the route table's entry) moves to /elott with its query, where the menu lists those games.
 */
export function GameCentrePage({ gameType }: { gameType?: string }) {
  const config = useQuery(configQuery).data;
  const { search } = useLocation();
  if (gameType === 'LOTT' && brandSupportsTy(config?.supportedLanguages)) {
    return <Navigate to={{ pathname: paths.category('ELOTT'), search }} replace />;
  }
  return <GameCentre gameType={gameType} />;
}

/**
 * Vendor chips, slot sub-category tabs, a debounced search, favourites and recent tabs, and the
 * virtualised grid.
 */
function GameCentre({ gameType }: { gameType?: string }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language.toUpperCase();
  const { token, isTrial } = useSession();
  const [params, setParams] = useSearchParams();
  const vassalage = params.get('vassalage') ?? undefined;
  const classify = params.get('gameClassify') ?? undefined;
  // ?sort= keeps the order across a reload and a return from a game; an unknown one is the featured.
  const asked = params.get('sort');
  const sort: GameSort = GAME_SORTS.includes(asked as GameSort) ? (asked as GameSort) : 'featured';
  const [tab, setTab] = useState<Tab>('all');
  // A link's ?q= is held to the list's limit as the box is: a longer search was refused as an error.
  const [search, setSearch] = useState((params.get('q') ?? '').slice(0, GAME_SEARCH_MAX));
  const gameName = useDebounced(search.trim(), SEARCH_DEBOUNCE_MS);
  const config = useQuery(configQuery).data;
  const menus = useQuery(gameMenusQuery(language)).data;
  const vendors = useMemo(() => {
    if (!menus || !gameType) return [];
    return navigationCategories(menus).find((c) => c.gameCategory === gameType)?.vendors ?? [];
  }, [menus, gameType]);
  const vendorName = vassalage
    ? vendorDisplayName(vassalage, vendors.find((v) => v.vassalage === vassalage)?.name, t)
    : '';
  const hasLobby = useHasLobby(gameType, vassalage, language);
  // spec §7 GLS2_roomList: a LIVE vendor's tables replace its tiles.
  const showRooms = gameType === 'LIVE' && Boolean(vassalage);
  const subCategories = isSlotCategory(gameType) ? slotSubCategories(config?.supportedLanguages ?? []) : [];
  // Sports, E-sports and Cockfight: the sportsbook first, its virtual match games under their own heading.
  const sportsbook = isSportsbookCategory(gameType);

  const setParam = (key: string, value: string | undefined) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value) next.set(key, value);
        else next.delete(key);
        return next;
      },
      { replace: true },
    );

  const title = gameType ? t(`categories.${gameType}`, { defaultValue: gameType }) : t('games.lobby');
  const tabs: { id: Tab; label: string; icon: typeof Heart }[] = [
    { id: 'all', label: t('games.all'), icon: LayoutGrid },
    ...(token && !isTrial
      ? [
          { id: 'favourites' as const, label: t('games.favourites'), icon: Heart },
          { id: 'recent' as const, label: t('games.recent'), icon: Clock },
        ]
      : []),
  ];

  return (
    <div className="mx-auto max-w-7xl px-4 py-8" data-game-type={gameType ?? 'ALL'}>
      <div className="mb-4 flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-2xl font-bold">{title}</h1>
        {gameType && (
          <Link to={paths.lobby} className="text-sm font-semibold text-(--accent) hover:underline">
            {t('games.lobby')}
          </Link>
        )}
      </div>
      <div className="mb-4 flex flex-wrap items-center gap-3">
        <div role="tablist" aria-label={t('games.views')} className="flex gap-1 rounded-lg bg-(--surface-raised) p-1">
          {tabs.map(({ id, label, icon: Icon }) => (
            <button
              key={id}
              type="button"
              role="tab"
              aria-selected={tab === id}
              onClick={() => setTab(id)}
              className={`flex items-center gap-1.5 rounded-md px-3 py-1.5 text-sm font-semibold ${tab === id ? 'bg-(--accent) text-(--accent-contrast)' : 'hover:bg-(--surface)'}`}
            >
              <Icon size={14} aria-hidden />
              {label}
            </button>
          ))}
        </div>
        {tab === 'all' && !showRooms && (
          <label className="flex items-center gap-2 text-sm font-semibold">
            {t('lobby.sort')}
            <select
              value={sort}
              onChange={(e) => setParam('sort', e.target.value === 'featured' ? undefined : e.target.value)}
              data-testid="lobby-sort"
              className="rounded-lg border border-(--text-muted)/30 bg-(--surface-raised) px-3 py-2 text-sm font-normal"
            >
              {GAME_SORTS.map((s) => (
                <option key={s} value={s}>
                  {t(`lobby.${s}`)}
                </option>
              ))}
            </select>
          </label>
        )}
        <label className="relative ml-auto w-full sm:w-72">
          <span className="sr-only">{t('games.search')}</span>
          <Search size={16} aria-hidden className="absolute top-1/2 left-3 -translate-y-1/2 text-(--text-muted)" />
          <input
            type="search"
            value={search}
            maxLength={GAME_SEARCH_MAX}
            onChange={(e) => setSearch(e.target.value.slice(0, GAME_SEARCH_MAX))}
            placeholder={t('games.searchPlaceholder')}
            className="w-full rounded-lg border border-(--text-muted)/30 bg-(--surface-raised) py-2 pr-3 pl-9 text-sm"
          />
        </label>
      </div>
      {tab === 'all' && vendors.length > 0 && (
        <fieldset className="mb-3 min-w-0">
          <legend className="sr-only">{t('games.vendors')}</legend>
          <div className="flex gap-2 overflow-x-auto pb-1">
            <Chip active={!vassalage} onClick={() => setParam('vassalage', undefined)}>
              {t('games.allVendors')}
            </Chip>
            {vendors.map((v) => (
              <Chip
                key={v.vassalage}
                active={vassalage === v.vassalage}
                onClick={() => setParam('vassalage', v.vassalage)}
              >
                <img src={imageUrl(vendorIconUrl(v.vassalage))} alt="" width={20} height={20} className="size-5" />
                {vendorDisplayName(v.vassalage, v.name, t)}
                {v.maintenance && <VendorMaintenanceMark />}
              </Chip>
            ))}
          </div>
        </fieldset>
      )}
      {tab === 'all' && subCategories.length > 0 && (
        <fieldset className="mb-4 min-w-0">
          <legend className="sr-only">{t('games.subCategories')}</legend>
          <div className="flex flex-wrap gap-2">
            <Chip active={!classify} onClick={() => setParam('gameClassify', undefined)} small>
              {t('games.all')}
            </Chip>
            {subCategories.map((c) => (
              <Chip key={c} active={classify === c} onClick={() => setParam('gameClassify', c)} small>
                {t(`games.sub.${c}`)}
              </Chip>
            ))}
          </div>
        </fieldset>
      )}
      {tab === 'all' && gameType && vassalage && hasLobby && (
        <div className="mb-4 flex justify-end">
          <VendorLobbyButton vassalage={vassalage} gameType={gameType} name={vendorName} />
        </div>
      )}
      {tab === 'all' && sportsbook && gameType && !vassalage && !gameName && (
        <SportsbookEntries
          gameType={gameType}
          vendors={vendors.map((v) => ({ vassalage: v.vassalage, name: vendorDisplayName(v.vassalage, v.name, t) }))}
          language={language}
        />
      )}
      {tab === 'all' && sportsbook && (
        <h2 className="mb-2 text-lg font-bold" data-testid="virtual-sports-heading">
          {t('games.virtualSports')}
        </h2>
      )}
      {tab === 'all' && showRooms && vassalage && (
        <LiveRooms vassalage={vassalage} language={language} label={t('games.roomsOf', { vendor: vendorName })} />
      )}
      {tab === 'all' && !showRooms && (
        <AllGames
          filter={{
            gameType,
            vassalage,
            gameClassify: classify,
            gameName,
            language,
            sort: sort === 'featured' ? undefined : sort,
          }}
          label={title}
        />
      )}
      {tab === 'favourites' && <FavouriteGames gameType={gameType} gameName={gameName} language={language} />}
      {tab === 'recent' && <RecentGamesTab gameType={gameType} gameName={gameName} language={language} />}
      <GameOverlayHost />
    </div>
  );
}

function Chip({
  active,
  onClick,
  children,
  small = false,
}: {
  active: boolean;
  onClick: () => void;
  children: React.ReactNode;
  small?: boolean;
}) {
  return (
    <button
      type="button"
      aria-pressed={active}
      onClick={onClick}
      className={`flex shrink-0 items-center gap-1.5 rounded-full border px-3 ${small ? 'py-1 text-xs' : 'py-1.5 text-sm'} font-semibold whitespace-nowrap ${active ? 'border-(--accent) bg-(--accent) text-(--accent-contrast)' : 'border-(--text-muted)/30 hover:border-(--accent)'}`}
    >
      {children}
    </button>
  );
}

/** The tiles with the actions and hearts wired; one renderer for every tab. */
function useTileRenderer() {
  const { play, trial } = useGameActions();
  const favourites = useFavourites();
  const { isFavourite, toggle } = favourites;
  return useCallback(
    (game: Game, index: number) => (
      <GameTile
        game={game}
        onPlay={play}
        onTrial={trial}
        eager={index < 12}
        favourite={isFavourite(game.nodeId)}
        onFavourite={toggle}
      />
    ),
    [play, trial, isFavourite, toggle],
  );
}

/** Visitors and members page through the same list (launching a game is what asks for a login). */
function AllGames({ filter, label }: { filter: Parameters<typeof gameListInfinite>[0]; label: string }) {
  const { t, i18n } = useTranslation();
  const query = useInfiniteQuery(gameListInfinite(filter));
  const games = useMemo(() => query.data?.pages.flatMap((p) => p.games) ?? [], [query.data]);
  const total = query.data?.pages[0]?.totalElements ?? 0;
  const renderTile = useTileRenderer();
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const loadMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);
  if (query.isPending) return <GridSkeleton />;
  if (query.isError)
    return (
      <p role="alert" className="text-(--danger)">
        {gameListError(t, query.error)}
      </p>
    );
  return (
    <>
      <p className="mb-3 text-sm text-(--text-muted)" aria-live="polite" data-testid="game-count">
        {t('games.total', { n: total.toLocaleString(i18n.language) })}
      </p>
      {games.length === 0 ? (
        <Empty>{t('games.empty')}</Empty>
      ) : (
        <VirtualGameGrid
          items={games}
          getKey={(g) => g.nodeId}
          renderItem={renderTile}
          hasMore={Boolean(hasNextPage)}
          loading={isFetchingNextPage}
          onLoadMore={loadMore}
          label={label}
        />
      )}
    </>
  );
}

const noop = () => {};

function FavouriteGames({ gameType, gameName, language }: { gameType?: string; gameName: string; language: string }) {
  const { t } = useTranslation();
  const { token } = useSession();
  const query = useInfiniteQuery(favouriteListInfinite(token, language, gameType));
  const favourites = useFavourites();
  const renderTile = useTileRenderer();
  // The server filters the category (before paging); a heart removed a moment ago disappears at
  // once (spec §4: removing filters immediately).
  const games = (query.data?.pages.flatMap((p) => p.content) ?? []).filter(
    (g) => favourites.isFavourite(g.nodeId) && matchesName(g.gameName, gameName),
  );
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const loadMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);
  if (query.isPending) return <GridSkeleton />;
  if (games.length === 0) return <Empty>{t('games.noFavourites')}</Empty>;
  return (
    <VirtualGameGrid
      items={games}
      getKey={(g) => g.nodeId}
      renderItem={renderTile}
      hasMore={Boolean(hasNextPage)}
      loading={isFetchingNextPage}
      onLoadMore={loadMore}
      label={t('games.favourites')}
    />
  );
}

function RecentGamesTab({ gameType, gameName, language }: { gameType?: string; gameName: string; language: string }) {
  const { t } = useTranslation();
  const { token } = useSession();
  const query = useQuery(recentGamesQuery(token, language, gameType));
  const renderTile = useTileRenderer();
  const games = (query.data?.list ?? []).filter((g) => matchesName(g.gameName, gameName));
  if (query.isPending) return <GridSkeleton />;
  if (query.isError) return <p className="text-(--danger)">{t('errors.INTERNAL_ERROR')}</p>;
  if (games.length === 0) return <Empty>{t('games.noRecent')}</Empty>;
  return (
    <VirtualGameGrid
      items={games}
      getKey={(g) => g.nodeId}
      renderItem={renderTile}
      hasMore={false}
      loading={false}
      onLoadMore={noop}
      label={t('games.recent')}
    />
  );
}

function GridSkeleton() {
  return <div className="h-[60vh] animate-pulse rounded-xl bg-(--surface-raised)" aria-hidden />;
}

function Empty({ children }: { children: React.ReactNode }) {
  return (
    <p className="rounded-xl border border-dashed border-(--text-muted)/40 p-10 text-center text-(--text-muted)">
      {children}
    </p>
  );
}

/** The lobby: search across every category. */
export const LobbyPage = () => <GameCentrePage />;

/** What went wrong with a game list, in words: a search over the limit says so, not "Unknown error". */
function gameListError(t: TFunction, err: unknown): string {
  if (
    err instanceof ApiError &&
    err.code === 'VALIDATION_FAILED' &&
    (err.value?.fields as Record<string, unknown> | undefined)?.gameName
  )
    return t('games.searchTooLong', { max: GAME_SEARCH_MAX });
  return errorMessage(t, err);
}
