import type { Game, GameList, RankList } from '@gamehall/shared/api/games';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { Dice5, Trophy, Tv } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '../../app/paths';
import { offerRegistration, useFavourites, useGameActions } from '../../components/game-actions';
import { GameOverlayHost } from '../../components/game-overlay-host';
import { DEFAULT_GAME_ICON, GameTile } from '../../components/game-tile';
import { apiRequest } from '../../lib/api-client';
import { imageUrl, vendorIconUrl } from '../../lib/art';
import { navigationCategories } from '../../lib/game-menus';
import { openModal } from '../../lib/modals';
import { displayAmount } from '../../lib/money';
import { useSession } from '../../lib/session';
import { configQuery, gameMenusQuery } from '../../lib/site-queries';
import { EmptyState, SectionTitle } from './section-title';
import { winnerLoopSeconds, winnersScroll } from './winners-scroll';

// spec §1, §2 Home details: the winners strip, the slot section and the live section with real
// data. A lazy chunk of its own: the home page's first chunk stays within the ui-guide budget.

const wrap = 'mx-auto my-10 max-w-7xl px-4';
/** spec §7 home slot: first 4 vendors, 6 games. */
const HOME_SLOT_VENDORS = 4;
const HOME_SLOT_GAMES = 6;
/** Two large (2 by 2) and eight small tiles fill two rows of eight columns. */
const HOME_LIVE_GAMES = 10;

const rankQuery = (language: string) =>
  queryOptions({
    queryKey: ['games', 'rank', language],
    queryFn: () =>
      apiRequest<RankList>('/wps/relay/GCSGAME_getRankList', {
        query: { gameCategory: 'ALL', language, limitNum: 20 },
      }),
    staleTime: 30_000,
  });

/** One page of a game list (spec §7 home slot); visitors get the same list as members. */
const sectionQuery = (filter: { gameType: string; vassalage?: string; pageSize: number; language: string }) =>
  queryOptions({
    queryKey: ['games', 'homeSection', filter],
    queryFn: async (): Promise<Game[]> => {
      const page = await apiRequest<GameList>('/wps/relay/GCSGAME_gameList', {
        query: { clientType: 3, platform: 'flash,html5-desktop', pageNo: 1, ...filter },
      });
      return page.games;
    },
    staleTime: 5 * 60_000,
  });

export function HomeGameSections() {
  return (
    <>
      <WinnersStrip />
      <SlotSection />
      <LiveSection />
      <GameOverlayHost />
    </>
  );
}

function useTiles() {
  const { play, trial } = useGameActions();
  const favourites = useFavourites();
  return (game: Game, large = false) => (
    <GameTile
      game={game}
      onPlay={play}
      onTrial={trial}
      large={large}
      favourite={favourites.isFavourite(game.nodeId)}
      onFavourite={favourites.toggle}
    />
  );
}

/** spec §9: auto-scrolls half a pixel per frame once three winners are there; pauses on hover and focus. */
function WinnersStrip() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { token, isTrial } = useSession();
  const symbol = useQuery(configQuery).data?.currencySymbol ?? '';
  const list = useQuery(rankQuery(i18n.language.toUpperCase())).data?.list ?? [];
  const moving = winnersScroll(list.length);
  const track = useRef<HTMLUListElement>(null);
  // The loop's duration follows the strip's width (its cards are sized in rem); the animation itself
  // is CSS (.winners-track), paused on hover and focus and off for reduced motion.
  useEffect(() => {
    const el = track.current;
    if (!el || !moving) return;
    const fit = () => {
      el.style.animationDuration = `${winnerLoopSeconds(el.scrollWidth / 2)}s`;
    };
    fit();
    const observer = new ResizeObserver(fit);
    observer.observe(el);
    return () => observer.disconnect();
  }, [moving]);
  const { playRoom } = useGameActions();
  // The winner's game opens as a tile's Play now does (launch by node id into /seamless); a win at
  // a game no longer in the catalogue falls back to the lobby search for its name.
  const play = (vo: { gameName: string; nodeId: number | null }) => {
    if (vo.nodeId !== null) return void playRoom({ nodeId: vo.nodeId, roomName: vo.gameName });
    if (!token) return openModal('login');
    const href = `${paths.lobby}?q=${encodeURIComponent(vo.gameName)}`;
    if (isTrial) return void offerRegistration(t, () => navigate(href));
    navigate(href);
  };
  // The list twice, so the strip loops without a gap; the copy is hidden from assistive tech.
  const shown = moving ? [...list, ...list] : list;
  return (
    <section className={wrap} aria-label={t('home.winners')}>
      <SectionTitle
        icon={<Trophy aria-hidden />}
        title={t('home.winners')}
        more={{ to: paths.winners, label: t('nav.more') }}
      />
      {list.length === 0 ? (
        <EmptyState>{t('home.winnersEmpty')}</EmptyState>
      ) : (
        <div className="winners overflow-hidden">
          <ul ref={track} className={`flex w-max gap-3${moving ? ' winners-track' : ''}`} data-testid="winners-strip">
            {shown.map(({ vo }, i) => (
              <li
                // biome-ignore lint/suspicious/noArrayIndexKey: the same winner may appear twice
                key={i}
                aria-hidden={i >= list.length || undefined}
                className="flex w-64 shrink-0 items-center gap-3 rounded-xl bg-(--surface-raised) p-3"
              >
                <img
                  src={imageUrl(vo.iconUrl || DEFAULT_GAME_ICON)}
                  alt=""
                  width={48}
                  height={48}
                  loading="lazy"
                  className="size-12 rounded-lg"
                />
                <span className="min-w-0 flex-1">
                  <span className="block truncate text-sm font-semibold">{vo.gameName}</span>
                  <span className="block truncate text-xs text-(--text-muted)">{vo.customerName}</span>
                  <span className="block text-sm font-bold text-(--success)">
                    {displayAmount(vo.winAmount ?? 0, { symbol })}
                  </span>
                </span>
                <button
                  type="button"
                  tabIndex={i >= list.length ? -1 : undefined}
                  onClick={() => play(vo)}
                  aria-label={`${t('games.playNow')}: ${vo.gameName}`}
                  className="rounded-md bg-(--accent) px-2 py-1 text-xs font-bold text-(--accent-contrast)"
                >
                  {t('games.playNow')}
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}

/** spec §2, §7: the first 4 slot vendors' icons; clicking one loads that vendor's 6 games. */
function SlotSection() {
  const { t, i18n } = useTranslation();
  const language = i18n.language.toUpperCase();
  const menus = useQuery(gameMenusQuery(language)).data;
  const vendors = useMemo(
    () =>
      (menus ? navigationCategories(menus) : [])
        .find((c) => c.gameCategory === 'RNG')
        ?.vendors.slice(0, HOME_SLOT_VENDORS) ?? [],
    [menus],
  );
  const [chosen, setChosen] = useState<string | null>(null);
  const vendor = chosen ?? vendors[0]?.vassalage;
  const games = useQuery({
    ...sectionQuery({ gameType: 'RNG', vassalage: vendor, pageSize: HOME_SLOT_GAMES, language }),
    enabled: Boolean(vendor),
  });
  const tile = useTiles();
  return (
    <section className={wrap} aria-label={t('home.slots')}>
      <SectionTitle
        icon={<Dice5 aria-hidden />}
        title={t('home.slots')}
        subtitle={t('home.slotsSubtitle')}
        more={{ to: vendor ? `/rng?vassalage=${encodeURIComponent(vendor)}` : '/rng', label: t('nav.more') }}
      />
      <fieldset className="mb-4 flex min-w-0 gap-2 overflow-x-auto">
        <legend className="sr-only">{t('games.vendors')}</legend>
        {vendors.map((v) => (
          <button
            key={v.vassalage}
            type="button"
            aria-pressed={v.vassalage === vendor}
            onClick={() => setChosen(v.vassalage)}
            className={`flex shrink-0 items-center gap-2 rounded-xl border px-3 py-2 text-sm font-semibold ${v.vassalage === vendor ? 'border-(--accent) bg-(--accent)/15' : 'border-(--text-muted)/30 hover:border-(--accent)'}`}
          >
            <img src={imageUrl(vendorIconUrl(v.vassalage))} alt="" width={28} height={28} className="size-7" />
            {v.name || <span className="sr-only">{t('games.vendor')}</span>}
          </button>
        ))}
      </fieldset>
      {games.isPending ? (
        <div className="grid min-h-56 grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6" aria-hidden />
      ) : (games.data ?? []).length === 0 ? (
        <EmptyState>{t('home.gamesEmpty')}</EmptyState>
      ) : (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6" data-testid="home-slot-games">
          {(games.data ?? []).map((g) => (
            <li key={g.nodeId}>{tile(g)}</li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** spec §2: only when live games exist; the first two items are larger. */
function LiveSection() {
  const { t, i18n } = useTranslation();
  const games = useQuery(
    sectionQuery({ gameType: 'LIVE', pageSize: HOME_LIVE_GAMES, language: i18n.language.toUpperCase() }),
  ).data;
  const tile = useTiles();
  if (!games || games.length === 0) return null;
  return (
    <section className={wrap} aria-label={t('home.live')}>
      <SectionTitle icon={<Tv aria-hidden />} title={t('home.live')} more={{ to: '/live', label: t('nav.more') }} />
      <ul className="grid grid-cols-2 gap-3 md:grid-cols-4 lg:grid-cols-8" data-testid="home-live-games">
        {games.map((g, i) => (
          <li key={g.nodeId} className={i < 2 ? 'col-span-2 lg:row-span-2' : ''}>
            {tile(g, i < 2)}
          </li>
        ))}
      </ul>
    </section>
  );
}
