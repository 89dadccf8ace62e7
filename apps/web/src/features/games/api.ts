import type {
  BettingRecord,
  BettingRecordList,
  FavouriteList,
  GameList,
  GameProfitLoss,
  GameRecall,
  GameVendors,
  HotGames,
  RankList,
  RecentGames,
  RoomList,
  RoundDetails,
} from '@gamehall/shared/api/games';
import type { GameMenu, LotteryGames, OpenedNumeros } from '@gamehall/shared/api/lottery';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../lib/api-client';

// TanStack Query options for the game calls of spec §7 "Games" and "Lottery", typed
// with the shared schemas' types (the schemas themselves validate on the server).

/** Page size of the grid's infinite paging: a few screens of tiles per request. */
export const GRID_PAGE_SIZE = 60;
export const RECORD_PAGE_SIZE = 20;

export const GAME_PATHS = {
  gameList: '/wps/relay/GCSGAME_gameList',
  hotGames: '/wps/relay/GCSGAME_hotGamesV2',
  rankList: '/wps/relay/GCSGAME_getRankList',
  favouriteList: '/wps/relay/MCSFE_getFavoriteGamesList',
  recent: '/wps/relay/GCS_recentGame',
  vendorLanes: '/wps/relay/GCSGAME_gameVendor',
  roomList: '/wps/relay/GLS2_roomList',
  lobbyLaunch: '/wps/relay/GCS_gameLaunchFB',
  bettingRecord: '/wps/member/bettingRecord',
  roundDetails: '/wps/member/bettingRecord/details',
  gameRecall: '/wps/member/gameRecall',
  gameProfitLoss: '/wps/member/gameProfitLoss',
  profitLoss: '/wps/member/profitLoss',
  lotteryMenu: '/lgw/vn/games/game_menu',
  lotteryRecent: '/lgw/vn/games/game_menu/recent',
  lotteryPopular: '/lgw/games/popular',
  lotteryOpened: '/lgw/vn/numeros/opened/game',
} as const;

export type GameFilter = {
  gameType?: string;
  vassalage?: string;
  gameClassify?: string;
  gameName?: string;
  /** The lobby's order (GAME_SORTS of the shared games API); the server's featured order when absent. */
  sort?: string;
  language: string;
};

/** spec §7 GCSGAME_gameList: filters combine, pages are stable; the grid pages through them. */
export function gameListInfinite(filter: GameFilter) {
  return infiniteQueryOptions({
    queryKey: ['games', 'list', filter],
    queryFn: ({ pageParam }) =>
      apiRequest<GameList>(GAME_PATHS.gameList, {
        query: {
          clientType: 3,
          platform: 'flash,html5-desktop',
          gameType: filter.gameType,
          vassalage: filter.vassalage,
          gameClassify: filter.gameClassify,
          gameName: filter.gameName || undefined,
          sort: filter.sort || undefined,
          pageNo: pageParam,
          pageSize: GRID_PAGE_SIZE,
          language: filter.language,
        },
      }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.pageNum < last.totalPages ? last.pageNum + 1 : undefined),
    staleTime: 5 * 60_000,
    retry: false,
  });
}

export function hotGamesQuery(language: string) {
  return queryOptions({
    queryKey: ['games', 'hot', language],
    queryFn: () =>
      apiRequest<HotGames>(GAME_PATHS.hotGames, {
        query: { isPlatform: 2, platform: 'flash,html5-desktop', language },
      }),
    staleTime: 5 * 60_000,
  });
}

/** spec §7 GCSGAME_getRankList: winner board, ALL categories, 20 entries (spec §9). */
export function rankListQuery(language: string) {
  return queryOptions({
    queryKey: ['games', 'rank', language],
    queryFn: () =>
      apiRequest<RankList>(GAME_PATHS.rankList, { query: { gameCategory: 'ALL', language, limitNum: 20 } }),
    staleTime: 30_000,
  });
}

/** A member's favourites, of one category when `gameType` is given (filtered and paged by the server). */
export function favouriteListInfinite(token: string | null, language: string, gameType?: string) {
  return infiniteQueryOptions({
    queryKey: ['games', 'favouriteList', token, language, gameType ?? ''],
    queryFn: ({ pageParam }) =>
      apiRequest<FavouriteList>(GAME_PATHS.favouriteList, {
        query: { pageNo: pageParam, pageSize: GRID_PAGE_SIZE, language, gameType },
      }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.pageNum < last.totalPages ? last.pageNum + 1 : undefined),
    enabled: Boolean(token),
  });
}

/** A member's recent games, of one category when `gameType` is given (filtered before the limit). */
export function recentGamesQuery(token: string | null, language: string, gameType?: string) {
  return queryOptions({
    queryKey: ['games', 'recent', token, language, gameType ?? ''],
    queryFn: () => apiRequest<RecentGames>(GAME_PATHS.recent, { query: { language, limitNum: 20, gameType } }),
    enabled: Boolean(token),
  });
}

/** spec §7 GCSGAME_gameVendor: the vendor lanes (cached on the server); isGame says who has a lobby. */
export function vendorLanesQuery(language: string) {
  return queryOptions({
    queryKey: ['games', 'vendorLanes', language],
    queryFn: () => apiRequest<GameVendors>(GAME_PATHS.vendorLanes, { query: { language } }),
    staleTime: 5 * 60_000,
  });
}

/** spec §7 GLS2_roomList: a LIVE vendor's tables (members only; guests get AUTH_REQUIRED). */
export function roomListQuery(vassalage: string, language: string, enabled: boolean) {
  return queryOptions({
    queryKey: ['games', 'rooms', vassalage, language],
    queryFn: () => apiRequest<RoomList>(GAME_PATHS.roomList, { query: { vassalage, language } }),
    enabled,
    staleTime: 30_000,
    retry: false,
  });
}

export type RecordFilter = {
  gameType?: string;
  vassalage?: string;
  range?: 'past7' | 'past30';
  startDate?: string;
  endDate?: string;
  pageNo: number;
};

export function bettingRecordQuery(filter: RecordFilter, language: string) {
  return queryOptions({
    queryKey: ['games', 'bettingRecord', filter, language],
    queryFn: () =>
      apiRequest<BettingRecordList>(GAME_PATHS.bettingRecord, {
        query: { ...filter, pageSize: RECORD_PAGE_SIZE, language },
      }),
    placeholderData: (previous) => previous,
  });
}

/** Where a round's game provider shows its own record of it (a row with detailsAvailable). */
export function roundDetails(round: Pick<BettingRecord, 'vassalage' | 'roundId'>) {
  return apiRequest<z.infer<typeof RoundDetails>>(GAME_PATHS.roundDetails, {
    query: { vassalage: round.vassalage, roundId: round.roundId },
  });
}

export function gameRecallQuery(nodeId: number | null, language: string) {
  return queryOptions({
    queryKey: ['games', 'recall', nodeId, language],
    queryFn: () => apiRequest<GameRecall>(GAME_PATHS.gameRecall, { query: { nodeId: nodeId ?? 0, language } }),
    enabled: nodeId !== null,
  });
}

export type RangeFilter = Pick<RecordFilter, 'range' | 'startDate' | 'endDate'>;

export type ProfitLoss = {
  deposits: number;
  withdrawals: number;
  transfersIn: number;
  transfersOut: number;
  bets: number;
  wins: number;
  bonuses: number;
  net: number;
  currency: string;
};

/** The wallet module's overall profit and loss (spec §2 personalProfit). */
export function profitLossQuery(filter: RangeFilter) {
  return queryOptions({
    queryKey: ['games', 'profitLoss', filter],
    queryFn: () => apiRequest<ProfitLoss>(GAME_PATHS.profitLoss, { query: filter }),
  });
}

export function gameProfitLossQuery(filter: RangeFilter) {
  return queryOptions({
    queryKey: ['games', 'profitLossByType', filter],
    queryFn: () => apiRequest<GameProfitLoss>(GAME_PATHS.gameProfitLoss, { query: filter }),
    retry: false,
  });
}

export function lotteryMenuQuery(input: { prizeMode?: string; vassalage?: string; language: string }) {
  return queryOptions({
    queryKey: ['games', 'lotteryMenu', input],
    queryFn: () => apiRequest<GameMenu>(GAME_PATHS.lotteryMenu, { query: { ...input, device: 'WEB' } }),
    staleTime: 30_000,
    // Each game's button shows its open draw: asked again once the first of them has closed.
    refetchInterval: (query) =>
      firstCloseRefetchMs(
        (query.state.data?.menus ?? []).flatMap((m) => m.games.map((g) => g.openDraw.closesAt)),
        Date.now(),
      ),
  });
}

export function lotteryRecentQuery(language: string) {
  return queryOptions({
    queryKey: ['games', 'lotteryRecent', language],
    queryFn: () => apiRequest<LotteryGames>(GAME_PATHS.lotteryRecent, { query: { language, device: 'WEB' } }),
  });
}

export function lotteryPopularQuery(language: string) {
  return queryOptions({
    queryKey: ['games', 'lotteryPopular', language],
    queryFn: () => apiRequest<LotteryGames>(GAME_PATHS.lotteryPopular, { query: { language } }),
    staleTime: 60_000,
  });
}

export function openedNumeroQuery(input: { vassalage: string; gameCode: string; language: string } | null) {
  return queryOptions({
    queryKey: ['games', 'openedNumero', input],
    queryFn: () => apiRequest<OpenedNumeros>(GAME_PATHS.lotteryOpened, { query: { ...input, count: 5 } }),
    enabled: input !== null,
    refetchInterval: (query) => openDrawRefetchMs(query.state.data?.game.openDraw.closesAt, Date.now()),
  });
}

/** Just after the first of these draws closes (false: none ahead, no polling). */
export function firstCloseRefetchMs(closesAts: string[], now: number): number | false {
  const ahead = closesAts.map((c) => Date.parse(c) - now).filter((ms) => ms >= 0);
  return ahead.length ? Math.max(1_000, Math.min(...ahead) + 500) : false;
}

/**
 * When to ask for a game's open draw again: every 15 s, and just after the open draw closes, so the
 * draw bar moves on to the next draw instead of showing 00:00 until the next 15 s tick.
 */
export function openDrawRefetchMs(closesAt: string | undefined, now: number): number {
  const untilClose = closesAt ? Date.parse(closesAt) - now : Number.NaN;
  if (!(untilClose >= 0)) return 15_000;
  return Math.max(1_000, Math.min(15_000, untilClose + 500));
}
