import { z } from 'zod';
import { GAME_TYPES, SLOT_SUB_CATEGORIES, WINNER_BOARD_LIMIT } from '../constants';
import { paged } from './common';

// The game catalogue calls of spec §7 "Games" (issue 5).

export const GAME_LIST_MAX_PAGE_SIZE = 100;
export const HOT_GAMES_LIMIT = 50;

const Language = z.string().trim().max(10).optional();
const Ignored = z.string().trim().max(100).optional();
const PageNo = z.coerce.number().int().min(1).max(100_000).default(1);
const PageSize = z.coerce.number().int().min(1).max(GAME_LIST_MAX_PAGE_SIZE).default(20);
const NodeId = z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER);

export const GameListQuery = z.object({
  // Sent by the clients (spec §7); one catalogue serves every client type and platform.
  clientType: Ignored,
  platform: Ignored,
  merchant: Ignored,
  gameType: z.enum(GAME_TYPES).optional(),
  vassalage: z.string().trim().min(1).max(40).optional(),
  gameClassify: z.enum(SLOT_SUB_CATEGORIES).optional(),
  gameName: z.string().trim().max(100).optional(),
  /** Major units: games whose minimum bet is at least this. */
  minBet: z.coerce.number().min(0).max(1_000_000_000).optional(),
  /** Games with at least this many lines. */
  minLineNum: z.coerce.number().int().min(0).max(100_000).optional(),
  pageNo: PageNo,
  pageSize: PageSize,
  language: Language,
});
export type GameListQuery = z.infer<typeof GameListQuery>;

/** A game tile (spec §3 "Game"). */
export const Game = z.object({
  nodeId: z.number().int(),
  nodeName: z.string(),
  gameName: z.string(),
  showIcon: z.string(),
  iconUrl: z.string(),
  isHot: z.boolean(),
  vassalage: z.string(),
  gameType: z.string(),
  gameCode: z.string(),
  accountTypeName: z.string(),
  /** 'VASSALAGE' when the vendor opens a popup game list, otherwise null. */
  isGame: z.string().nullable(),
  subCategory: z.string().nullable(),
});
export type Game = z.infer<typeof Game>;

export const GameList = z.object({
  games: z.array(Game),
  pageNum: z.number().int(),
  pageSize: z.number().int(),
  totalPages: z.number().int(),
  totalElements: z.number().int(),
});
export type GameList = z.infer<typeof GameList>;

export const HotGamesQuery = z.object({
  merchantCode: Ignored,
  isPlatform: Ignored,
  platform: Ignored,
  language: Language,
});
export type HotGamesQuery = z.infer<typeof HotGamesQuery>;

export const HotGames = z.object({ list: z.array(Game) });
export type HotGames = z.infer<typeof HotGames>;

/** A vendor card (spec §3 "Vendor card"). */
export const VendorCard = z.object({
  vassalage: z.string(),
  lagerIcon: z.string(),
  accountTypeName: z.string(),
  isGame: z.string().nullable(),
});
export type VendorCard = z.infer<typeof VendorCard>;

export const VendorLane = z.object({ gameCategory: z.string(), vendors: z.array(VendorCard) });
export type VendorLane = z.infer<typeof VendorLane>;

export const GameVendorQuery = z.object({ language: Language });
export const GameVendors = z.object({ data: z.object({ lanes: z.array(VendorLane) }) });
export type GameVendors = z.infer<typeof GameVendors>;

export const VassGameTypeQuery = z.object({ vassalage: z.string().trim().min(1).max(40), language: Language });
export const VassGameType = z.object({
  gameType: z.string(),
  accountTypeName: z.string(),
  isGame: z.string().nullable(),
  subCategories: z.array(z.string()),
});
export const VassGameTypes = z.array(VassGameType);
export type VassGameTypes = z.infer<typeof VassGameTypes>;

export const FavouriteIds = z.array(z.number().int());
export const FavouriteListQuery = z.object({ pageNo: PageNo, pageSize: PageSize, language: Language });
export const FavouriteList = paged(Game);
export type FavouriteList = z.infer<typeof FavouriteList>;

export const AddFavouriteBody = z.object({
  nodeId: NodeId,
  // Accepted for the clients of spec §3 "Favourites"; the node id alone names the game.
  vendor: z.string().trim().max(40).optional(),
  gameType: z.string().trim().max(20).optional(),
});
export type AddFavouriteBody = z.infer<typeof AddFavouriteBody>;

export const RemoveFavouriteQuery = z.object({ nodeId: NodeId.optional() });
// A DELETE may come without a body (nodeId in the query): an absent body reads as {}.
export const RemoveFavouriteBody = z.preprocess((b) => b ?? {}, z.object({ nodeId: NodeId.optional() }));

export const RankListQuery = z.object({
  gameCategory: z.literal('ALL').default('ALL'),
  language: Language,
  limitNum: z.coerce.number().int().min(1).max(WINNER_BOARD_LIMIT).default(WINNER_BOARD_LIMIT),
});
export const Winner = z.object({
  vo: z.object({ gameName: z.string(), iconUrl: z.string(), customerName: z.string(), winAmount: z.number() }),
});
export const RankList = z.object({ list: z.array(Winner) });
export type RankList = z.infer<typeof RankList>;
