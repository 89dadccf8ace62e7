import { z } from 'zod';
import { DEVICES } from './games';

// The lottery menu calls of spec §7 "Lottery". Draw windows come from
// packages/shared/src/lottery-schedule.ts, which the house studio runs its draws on.

/** spec §4 "Prize mode" (LOTT or ELOTT here; ZY and SEA are accepted from clients). */
export const PRIZE_MODES = ['LOTT', 'ELOTT', 'ZY', 'SEA'] as const;
export const LOTTERY_PREVIOUS_DRAWS = 5;
export const POPULAR_LOTTERY_LIMIT = 10;

const Language = z.string().trim().max(10).optional();

export const LotteryDrawView = z.object({
  numero: z.string(),
  opensAt: z.string(),
  closesAt: z.string(),
  drawsAt: z.string(),
  /** open: takes bets; closed: waiting for its draw; drawn: result time passed. */
  status: z.enum(['open', 'closed', 'drawn']),
});
export type LotteryDrawView = z.infer<typeof LotteryDrawView>;

/** A lottery game in a menu, with its open draw. */
export const LotteryGame = z.object({
  nodeId: z.number().int(),
  gameCode: z.string(),
  gameName: z.string(),
  iconUrl: z.string(),
  vassalage: z.string(),
  gameType: z.string(),
  intervalSeconds: z.number().int(),
  openDraw: LotteryDrawView,
});
export type LotteryGame = z.infer<typeof LotteryGame>;

export const LotteryMenu = z.object({ vassalage: z.string(), vendorName: z.string(), games: z.array(LotteryGame) });

/**
 * prizeMode 'SEA' narrows the menu to the SEA lottery vendor (the /seaLottery page); vassalage
 * narrows it to one vendor (e.g. TCG_LOTTO_VN for /vnLottery). The answer's prizeMode is the
 * brand's (spec §4), whatever was asked.
 */
export const GameMenuQuery = z.object({
  prizeMode: z.enum(PRIZE_MODES).optional(),
  device: z.enum(DEVICES).default('WEB'),
  vassalage: z.string().trim().min(1).max(40).optional(),
  language: Language,
});
export const GameMenu = z.object({ prizeMode: z.enum(['LOTT', 'ELOTT']), menus: z.array(LotteryMenu) });
export type GameMenu = z.infer<typeof GameMenu>;

export const RecentLotteryQuery = z.object({ language: Language, device: z.enum(DEVICES).default('WEB') });
export const LotteryGames = z.object({ list: z.array(LotteryGame) });
export type LotteryGames = z.infer<typeof LotteryGames>;

export const PopularLotteryQuery = z.object({
  language: Language,
  limitNum: z.coerce.number().int().min(1).max(50).default(POPULAR_LOTTERY_LIMIT),
});

/** One game's open draw and the ones before it (newest first). */
export const OpenedNumeroQuery = z.object({
  vassalage: z.string().trim().min(1).max(40),
  gameCode: z.string().trim().min(1).max(60),
  count: z.coerce.number().int().min(0).max(50).default(LOTTERY_PREVIOUS_DRAWS),
  language: Language,
});
export const OpenedNumeros = z.object({ game: LotteryGame, previous: z.array(LotteryDrawView) });
export type OpenedNumeros = z.infer<typeof OpenedNumeros>;

/** The open draw of every lottery game (or one vendor's). */
export const OpenedGamesQuery = z.object({
  vassalage: z.string().trim().min(1).max(40).optional(),
  language: Language,
});
