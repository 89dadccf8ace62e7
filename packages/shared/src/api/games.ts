import { z } from 'zod';
import { GAME_SEARCH_MAX, GAME_SORTS, GAME_TYPES, SLOT_SUB_CATEGORIES, WINNER_BOARD_LIMIT } from '../constants';
import { isMoneyAmount } from '../money';
import { paged } from './common';
import { BET_DETAIL_STATUSES, BET_LEG_RESULTS, BET_MARKET_PERIODS, BET_MARKET_TYPES } from './vendor';
import { DateRangeQuery } from './wallet';

// The game catalogue calls of spec §7 "Games".

export const GAME_LIST_MAX_PAGE_SIZE = 100;
export const HOT_GAMES_LIMIT = 50;

/**
 * "HOT" is what players really play (docs/games.md "Popular and hot"): a game is hot when it had at
 * least HOT_MIN_PLAYERS distinct players in the rounds of the last HOT_WINDOW_DAYS days and is among
 * the most played HOT_SHARE of the listed games (at most HOT_GAMES_LIMIT), most players first.
 */
export const HOT_WINDOW_DAYS = 3;
export const HOT_MIN_PLAYERS = 3;
export const HOT_SHARE = 0.02;

// The lobby's orders and the longest search live in constants.ts, which the lobby reads without
// loading these schemas.
export { GAME_SEARCH_MAX, GAME_SORTS, type GameSort } from '../constants';

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
  gameName: z.string().trim().max(GAME_SEARCH_MAX).optional(),
  /** Major units: games whose minimum bet is at least this. */
  minBet: z.coerce
    .number()
    .min(0)
    .max(1_000_000_000)
    .refine(isMoneyAmount, { params: { reason: 'INVALID' } })
    .optional(),
  /** Games with at least this many lines. */
  minLineNum: z.coerce.number().int().min(0).max(100_000).optional(),
  /** Featured when absent. */
  sort: z.enum(GAME_SORTS).optional(),
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
  /**
   * The game or its vendor is in maintenance: listed with a mark, a launch is refused with
   * GAME_MAINTENANCE and suggestions (spec §8; docs/ARCHITECTURE.md "Games").
   */
  maintenance: z.boolean(),
  /**
   * The vendor is in maintenance: its announced end (ISO-8601; null: until further notice) and the
   * brand's time zone the tile shows it in. Null while the vendor is not in maintenance.
   */
  vendorMaintenance: z.object({ until: z.string().nullable(), timeZone: z.string() }).nullable(),
  /**
   * The theoretical return to player as a fraction (0.9612 = 96.12%), the figure the house studio's
   * math declares and its RTP tests prove. Null for a game whose maker does not publish it to the
   * platform (every vendor other than the house studio): never an estimate.
   */
  rtp: z.number().nullable(),
  /** The house studio's volatility of a slot; null where unknown, as rtp. */
  volatility: z.enum(['low', 'medium', 'high']).nullable(),
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
  /** The vendor is in maintenance: its card stays with a mark, its games do not launch. */
  maintenance: z.boolean(),
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
export const FavouriteListQuery = z.object({
  pageNo: PageNo,
  pageSize: PageSize,
  language: Language,
  /** Only the favourites of this category, as the navigation shows it (TY and SPORTS rules applied). */
  gameType: z.enum(GAME_TYPES).optional(),
});
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
  vo: z.object({
    gameName: z.string(),
    iconUrl: z.string(),
    customerName: z.string(),
    winAmount: z.number(),
    /** The game won at, so the board's play button opens it; null for a round of a game no longer in the catalogue. */
    nodeId: z.number().int().nullable(),
  }),
});
export const RankList = z.object({ list: z.array(Winner) });
export type RankList = z.infer<typeof RankList>;

// ---- Launch (spec §7 /wps/game/launchGame, /wps/relay/GCS_gameLaunchFB, trial launch) ----

export const GAME_SESSION_HOURS = 2;
export const MAINTENANCE_SUGGESTIONS = 6;
export const DEVICES = ['WEB', 'MOBILE'] as const;
export const LOTTO_VIEWS = ['betting', 'lobby'] as const;

/**
 * Where the game's lobby button leads: a same-origin path ('/rng') or an http(s) URL. Anything
 * else (javascript:, protocol-relative '//host') is refused.
 */
export const BackUrl = z
  .string()
  .trim()
  .max(500)
  .refine((s) => (s.startsWith('/') && !s.startsWith('//')) || /^https?:\/\/[^\s/]+/i.test(s), 'INVALID');

/** A game by node id, or by vendor (vassalage) and the vendor's game code. */
export const LaunchGameBody = z
  .object({
    nodeId: NodeId.optional(),
    vassalage: z.string().trim().min(1).max(40).optional(),
    gameCode: z.string().trim().min(1).max(60).optional(),
    language: Language,
    backUrl: BackUrl.optional(),
    device: z.enum(DEVICES).default('WEB'),
    /** Lottery games only: open the betting page (default) or the lottery lobby (spec §7). */
    lottoView: z.enum(LOTTO_VIEWS).default('betting'),
  })
  .refine((b) => b.nodeId !== undefined || (b.vassalage !== undefined && b.gameCode !== undefined), {
    message: 'nodeId, or vassalage and gameCode, are required',
    path: ['nodeId'],
  });
export type LaunchGameBody = z.infer<typeof LaunchGameBody>;

/** A vendor's own lobby (vendors whose card has isGame VASSALAGE, e.g. sports books). */
export const LaunchLobbyBody = z.object({
  vassalage: z.string().trim().min(1).max(40),
  /** Which of the vendor's categories; the vendor's first lobby category when absent. */
  gameType: z.enum(GAME_TYPES).optional(),
  language: Language,
  backUrl: BackUrl.optional(),
  device: z.enum(DEVICES).default('WEB'),
});
export type LaunchLobbyBody = z.infer<typeof LaunchLobbyBody>;

/** spec §7 "Lottery": the lobby launch parameters, on the answer of a lottery game launch. */
export const LottoLaunch = z.object({
  lottoArea: z.literal('VN'),
  launchMode: z.literal('LOTT'),
  lottoPrizeMode: z.string(),
  lottoGameCode: z.string(),
  lottoView: z.enum(LOTTO_VIEWS),
  device: z.enum(DEVICES),
  backUrl: z.string(),
  language: z.string(),
});
export type LottoLaunch = z.infer<typeof LottoLaunch>;

export const LaunchGameValue = z.object({
  /** Open this (popup or iframe). Host from the brand's launchGameCDNs ('' = this origin). */
  url: z.string(),
  mode: z.enum(['real', 'trial']),
  expiresAt: z.string(),
  nodeId: z.number().int(),
  vassalage: z.string(),
  gameCode: z.string(),
  /** The game's name in the launch language: what the game page shows (a code means nothing to players). */
  gameName: z.string(),
  gameType: z.string(),
  /** Set for lottery games (LOTT, ELOTT), otherwise null. */
  lotto: LottoLaunch.nullable(),
});
export type LaunchGameValue = z.infer<typeof LaunchGameValue>;

/** value of GAME_MAINTENANCE: up to 6 other active games of the same type to suggest. */
export const GameMaintenanceValue = z.object({ suggestions: z.array(Game) });

// ---- Recent games and rooms ----

export const RECENT_GAMES_LIMIT = 20;
export const RecentGamesQuery = z.object({
  language: Language,
  limitNum: z.coerce.number().int().min(1).max(50).default(RECENT_GAMES_LIMIT),
  /** Only the recent games of this category, as the navigation shows it (TY and SPORTS rules applied). */
  gameType: z.enum(GAME_TYPES).optional(),
});
export const RecentGames = z.object({ list: z.array(Game) });
export type RecentGames = z.infer<typeof RecentGames>;

export const RoomListQuery = z.object({ vassalage: z.string().trim().min(1).max(40), language: Language });
export const Room = z.object({
  nodeId: z.number().int(),
  gameCode: z.string(),
  roomName: z.string(),
  iconUrl: z.string(),
  /** Major units. */
  minBet: z.number(),
  status: z.enum(['open', 'maintenance']),
});
export const RoomList = z.object({ vassalage: z.string(), list: z.array(Room) });
export type RoomList = z.infer<typeof RoomList>;

// ---- Betting records, game recall, profit and loss by game type ----

/** spec §9 date shortcuts or an explicit range of whole UTC days (end inclusive), as /wps/member/transactions. */
const GameDateRange = DateRangeQuery;

export const ROUND_STATUSES = ['open', 'closed', 'rolled_back'] as const;

export const BettingRecordQuery = GameDateRange.extend({
  gameType: z.enum(GAME_TYPES).optional(),
  vassalage: z.string().trim().min(1).max(40).optional(),
  status: z.enum(ROUND_STATUSES).optional(),
  pageNo: PageNo,
  pageSize: PageSize,
  language: Language,
});
export type BettingRecordQuery = z.infer<typeof BettingRecordQuery>;

const betRecordLegCommon = {
  sport: z.string(),
  league: z.string().nullable(),
  startsAt: z.string().nullable(),
  /** Decimal odds (1.95). */
  odds: z.number(),
  inPlay: z.boolean(),
  result: z.enum(BET_LEG_RESULTS).nullable(),
};
const BetRecordScore = z.object({ home: z.number().int(), away: z.number().int() });

/**
 * A sportsbook leg as the betting record shows it: in codes (`form: 'coded'`), which the page puts in
 * the member's language (team and league names are proper nouns), or, for rounds whose vendor sent
 * words, those words (`form: 'words'`).
 */
export const BetRecordLeg = z.discriminatedUnion('form', [
  z.object({
    form: z.literal('coded'),
    ...betRecordLegCommon,
    home: z.string(),
    away: z.string(),
    marketType: z.enum(BET_MARKET_TYPES),
    period: z.enum(BET_MARKET_PERIODS),
    /** The line as a number (-0.75, 2.5): home's for a handicap; null without one. */
    line: z.number().nullable(),
    /** The selection's key (home, draw, over, home_draw, 2-1, other...: vendor.ts VendorBetLegCoded). */
    selection: z.string(),
    score: z.object({ decided: BetRecordScore, counted: BetRecordScore }).nullable(),
  }),
  z.object({
    form: z.literal('words'),
    ...betRecordLegCommon,
    event: z.string(),
    market: z.string(),
    selection: z.string(),
    score: z.string().nullable(),
  }),
]);
export type BetRecordLeg = z.infer<typeof BetRecordLeg>;

/** What a sportsbook round was (its vendor's detail, vendor.ts VendorRoundDetail), major units. */
export const BetRecordDetail = z.object({
  kind: z.literal('sportsbook'),
  betId: z.string(),
  betType: z.enum(['single', 'multiple', 'system', 'builder']),
  system: z.string().nullable(),
  combinations: z.number().int(),
  stake: z.number(),
  /** Decimal odds of a single, a multiple or a bet builder; null for a system bet. */
  odds: z.number().nullable(),
  potentialPayout: z.number(),
  status: z.enum(BET_DETAIL_STATUSES),
  payout: z.number(),
  cashedOut: z.number(),
  placedAt: z.string(),
  settledAt: z.string().nullable(),
  legs: z.array(BetRecordLeg),
  /** `reason` null: the result was corrected with no words given (the page names it). */
  corrections: z.array(z.object({ at: z.string(), amount: z.number(), reason: z.string().nullable() })),
});
export type BetRecordDetail = z.infer<typeof BetRecordDetail>;

export const BettingRecord = z.object({
  roundId: z.string(),
  nodeId: z.number().int().nullable(),
  gameCode: z.string(),
  gameName: z.string(),
  vassalage: z.string(),
  gameType: z.string(),
  /** Major units; net = win - bet (0 while open or rolled back). */
  bet: z.number(),
  win: z.number(),
  net: z.number(),
  status: z.enum(ROUND_STATUSES),
  /** Round start, ISO-8601. */
  time: z.string(),
  settledAt: z.string().nullable(),
  /** What the round was, when its vendor said (a sportsbook bet's legs, odds and result); else null. */
  detail: BetRecordDetail.nullable(),
  /** Whether its provider shows the round's own record (GET /wps/member/bettingRecord/details). */
  detailsAvailable: z.boolean(),
});
export type BettingRecord = z.infer<typeof BettingRecord>;

/** A round of the member's betting record whose details its provider shows. */
export const RoundDetailsQuery = z.object({
  vassalage: z.string().min(1).max(32),
  roundId: z.string().min(1).max(256),
});
/** The address of the round's details at its provider, to open in a new tab. */
export const RoundDetails = z.object({ url: z.string() });

export const BettingTotals = z.object({ bet: z.number(), win: z.number(), net: z.number() });
export const BettingRecordList = paged(BettingRecord).extend({ totals: BettingTotals, currency: z.string() });
export type BettingRecordList = z.infer<typeof BettingRecordList>;

export const GAME_RECALL_ROUNDS = 10;
export const GameRecallQuery = z.object({ nodeId: NodeId, language: Language });
export const RecallRound = BettingRecord.extend({ outcome: z.enum(['win', 'loss', 'push', 'open', 'rolled_back']) });
export const GameRecall = z.object({ game: Game, list: z.array(RecallRound) });
export type GameRecall = z.infer<typeof GameRecall>;

export const GameProfitLossQuery = GameDateRange;
export const GameTypeProfitLoss = z.object({
  gameType: z.string(),
  rounds: z.number().int(),
  bet: z.number(),
  win: z.number(),
  net: z.number(),
});
export const GameProfitLoss = z.object({
  list: z.array(GameTypeProfitLoss),
  totals: GameTypeProfitLoss.omit({ gameType: true }),
  currency: z.string(),
});
export type GameProfitLoss = z.infer<typeof GameProfitLoss>;
