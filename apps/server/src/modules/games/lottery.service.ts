import { gameIconUrl } from '@gamehall/shared/api/catalogue';
import type { LotteryDrawView, LotteryGame } from '@gamehall/shared/api/lottery';
import {
  drawsAround,
  isLotteryVendor,
  LOTTERY_VENDORS,
  type LotteryDraw,
  openDraw,
  scheduleOf,
} from '@gamehall/shared/lottery-schedule';
import type { AppContext } from '../../context';
import type { Principal } from '../../http/auth';
import { AppError } from '../../http/errors';
import { presentGame } from './games.presenter';
import { type GameRow, listGamesOfVendors, roundCountsByGame, vendorNamesOf } from './games.queries';
import { BINGO, displayVendorName, recentGameRows, type View, vendorLanes, viewFor } from './games.service';

// The lottery menus of spec §7 "Lottery". The lottery games are the LOTT and ELOTT
// catalogue games of the lottery vendors; their draws follow packages/shared/src/lottery-schedule.ts,
// the same function the house studio runs its draws on, so a numero shown here is the numero the
// studio takes bets on.

const LOTTERY_GAME_TYPES = ['LOTT', 'ELOTT'] as const;
const SEA_VENDOR = 'TCG_SEA';
const POPULAR_WINDOW_DAYS = 7;
const RECENT_LOTTERY_LIMIT = 10;

export function isLotteryGameType(gameType: string): boolean {
  return (LOTTERY_GAME_TYPES as readonly string[]).includes(gameType);
}

/** spec §4 "Prize mode": ELOTT when the vendor data has an ELOTT group containing TCG_LOTTO_VN or LOTT. */
export async function prizeMode(ctx: AppContext, principal: Principal | null): Promise<'LOTT' | 'ELOTT'> {
  const { lanes } = await vendorLanes(ctx, principal);
  const elott = lanes.find((l) => l.gameCategory === 'ELOTT');
  return elott?.vendors.some((v) => v.code === 'TCG_LOTTO_VN' || v.code === 'LOTT') ? 'ELOTT' : 'LOTT';
}

export function presentDraw(draw: LotteryDraw, now: Date): LotteryDrawView {
  const t = now.getTime();
  return {
    numero: draw.numero,
    opensAt: draw.opensAt.toISOString(),
    closesAt: draw.closesAt.toISOString(),
    drawsAt: draw.drawsAt.toISOString(),
    status: t < draw.closesAt.getTime() ? 'open' : t < draw.drawsAt.getTime() ? 'closed' : 'drawn',
  };
}

function presentLotteryGame(row: GameRow, view: View, now: Date): LotteryGame {
  const game = presentGame(row, view);
  const ref = { vendor: row.vendor_code, gameCode: row.game_code };
  return {
    nodeId: game.nodeId,
    gameCode: game.gameCode,
    gameName: game.gameName,
    iconUrl: gameIconUrl(game.nodeId),
    vassalage: game.vassalage,
    gameType: game.gameType,
    intervalSeconds: scheduleOf(row.vendor_code).intervalSeconds,
    openDraw: presentDraw(openDraw(ref, now), now),
  };
}

function vendorsFor(q: { vassalage?: string | undefined; prizeMode?: string | undefined }): string[] {
  if (q.vassalage && !isLotteryVendor(q.vassalage)) throw new AppError('NOT_FOUND');
  if (q.vassalage) return [q.vassalage];
  return q.prizeMode === 'SEA' ? [SEA_VENDOR] : LOTTERY_VENDORS;
}

async function lotteryRows(ctx: AppContext, view: View, vendors: readonly string[]) {
  return listGamesOfVendors(ctx.db, vendors, LOTTERY_GAME_TYPES, view.ty ? undefined : BINGO);
}

/** /lgw/vn/games/game_menu: the lottery games per vendor, each with its open draw. */
export async function gameMenu(
  ctx: AppContext,
  principal: Principal | null,
  q: { prizeMode?: string | undefined; vassalage?: string | undefined; language?: string | undefined },
) {
  const view = await viewFor(ctx, q.language, principal);
  const vendors = vendorsFor(q);
  const [rows, mode, names] = await Promise.all([
    lotteryRows(ctx, view, vendors),
    prizeMode(ctx, principal),
    vendorNamesOf(ctx.db, vendors),
  ]);
  const now = ctx.now();
  const menus = vendors
    .map((vendor) => {
      const games = rows.filter((r) => r.vendor_code === vendor);
      // The vendor's name, as the navigation shows it; the account type name is a code (LOTT_LOTT).
      const name = names.get(vendor) ?? vendor;
      return {
        vassalage: vendor,
        vendorName: displayVendorName(view, vendor, name),
        games: games.map((r) => presentLotteryGame(r, view, now)),
      };
    })
    .filter((m) => m.games.length > 0);
  return { prizeMode: mode, menus };
}

/** /lgw/vn/games/game_menu/recent: the member's recent lottery games, newest first. */
export async function recentLotteryGames(ctx: AppContext, principal: Principal, q: { language?: string | undefined }) {
  const view = await viewFor(ctx, q.language, principal);
  const rows = await recentGameRows(ctx, principal.memberId, view, RECENT_LOTTERY_LIMIT, LOTTERY_VENDORS);
  const now = ctx.now();
  return { list: rows.filter((r) => isLotteryGameType(r.game_type)).map((r) => presentLotteryGame(r, view, now)) };
}

/** /lgw/games/popular: most rounds over the last 7 days, then hot, then configured order. */
export async function popularLotteryGames(
  ctx: AppContext,
  principal: Principal | null,
  q: { language?: string | undefined; limitNum: number },
) {
  const view = await viewFor(ctx, q.language, principal);
  const now = ctx.now();
  const since = new Date(now.getTime() - POPULAR_WINDOW_DAYS * 86_400_000);
  const [rows, counts] = await Promise.all([
    lotteryRows(ctx, view, LOTTERY_VENDORS),
    roundCountsByGame(ctx.db, LOTTERY_VENDORS, since),
  ]);
  // rows come in list order already; a stable sort keeps it among equal counts.
  const ranked = rows
    .map((r, i) => ({ r, i, n: counts.get(Number(r.node_id)) ?? 0 }))
    .sort((a, b) => b.n - a.n || a.i - b.i)
    .slice(0, q.limitNum);
  return { list: ranked.map(({ r }) => presentLotteryGame(r, view, now)) };
}

/** /lgw/vn/numeros/opened/game: one game's open draw and the `count` draws before it. */
export async function openedNumeros(
  ctx: AppContext,
  principal: Principal | null,
  q: { vassalage: string; gameCode: string; count: number; language?: string | undefined },
) {
  const view = await viewFor(ctx, q.language, principal);
  const rows = await lotteryRows(ctx, view, vendorsFor(q));
  const row = rows.find((r) => r.game_code === q.gameCode);
  if (!row) throw new AppError('NOT_FOUND');
  const now = ctx.now();
  const { previous } = drawsAround({ vendor: row.vendor_code, gameCode: row.game_code }, now, q.count);
  return { game: presentLotteryGame(row, view, now), previous: previous.map((d) => presentDraw(d, now)) };
}

/** /lotto/lgw/games/opened/numero: the open draw of every lottery game (or one vendor's). */
export async function openedGames(
  ctx: AppContext,
  principal: Principal,
  q: { vassalage?: string | undefined; language?: string | undefined },
) {
  const view = await viewFor(ctx, q.language, principal);
  const rows = await lotteryRows(ctx, view, vendorsFor(q));
  const now = ctx.now();
  return { list: rows.map((r) => presentLotteryGame(r, view, now)) };
}
