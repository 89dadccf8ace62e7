import { gameIconUrl } from '@gamehall/shared/api/catalogue';
import { GAME_RECALL_ROUNDS } from '@gamehall/shared/api/games';
import { toMajor } from '@gamehall/shared/money';
import type { AppContext } from '../../context';
import type { Principal } from '../../http/auth';
import { AppError } from '../../http/errors';
import { pageWindow } from '../../http/paging';
import { getBrand } from '../brand/brand.service';
import { type DateRange, resolveRange } from '../wallet/wallet.service';
import { findShownGame } from './games.queries';
import { viewFor } from './games.service';
import { biggestWins, pageRounds, type RoundFilter, roundTotals, sumsByGameType } from './records.queries';
import { detailVendors } from './round-details.service';

// Betting records (member centre personalHistoryCopy), game recall and profit and loss by game
// type, all over the rounds the vendor wallet API records. Amounts stay minor units
// here; the presenter converts.

export async function bettingRecords(
  ctx: AppContext,
  principal: Principal,
  q: DateRange & {
    gameType?: string | undefined;
    vassalage?: string | undefined;
    status?: RoundFilter['status'];
    pageNo: number;
    pageSize: number;
    language?: string | undefined;
  },
) {
  const [view, brand] = await Promise.all([viewFor(ctx, q.language, principal), getBrand(ctx.db)]);
  const filter: RoundFilter = {
    memberId: principal.memberId,
    ...resolveRange(ctx.now(), q, brand.timeZone),
    gameType: q.gameType,
    vendor: q.vassalage,
    status: q.status,
  };
  const [rows, totals] = await Promise.all([pageRounds(ctx.db, filter, pageWindow(q)), roundTotals(ctx.db, filter)]);
  return {
    view,
    rows: await withDetails(ctx, rows),
    totals,
    currency: brand.currency,
    pageNo: q.pageNo,
    pageSize: q.pageSize,
  };
}

/** The rounds, each marked with whether its provider shows the round's own record. */
async function withDetails<R extends { vendor_code: string }>(ctx: AppContext, rows: R[]) {
  const vendors = rows.length > 0 ? await detailVendors(ctx.db) : new Set<string>();
  return rows.map((r) => ({ ...r, details_available: vendors.has(r.vendor_code) }));
}

/** A member's rounds, newest first, one page (the back office's member page). */
export async function memberRounds(
  ctx: AppContext,
  memberId: number,
  page: { pageNo: number; pageSize: number },
  range: { from?: Date | undefined; to?: Date | undefined } = {},
) {
  const filter: RoundFilter = { memberId, from: range.from, to: range.to };
  const [rows, totals] = await Promise.all([pageRounds(ctx.db, filter, pageWindow(page)), roundTotals(ctx.db, filter)]);
  return { rows: await withDetails(ctx, rows), total: totals.total };
}

/** The member's last 10 rounds of one game with their outcome. */
export async function gameRecall(ctx: AppContext, principal: Principal, q: { nodeId: number; language?: string }) {
  const view = await viewFor(ctx, q.language, principal);
  const game = await findShownGame(ctx.db, q.nodeId);
  if (!game) throw new AppError('NOT_FOUND');
  const rows = await pageRounds(
    ctx.db,
    { memberId: principal.memberId, nodeId: q.nodeId },
    { limit: GAME_RECALL_ROUNDS, offset: 0 },
  );
  return { view, game, rows: await withDetails(ctx, rows) };
}

/** Personal profit and loss per game type over settled rounds: net = wins - bets. */
export async function gameProfitLoss(ctx: AppContext, principal: Principal, q: DateRange) {
  const brand = await getBrand(ctx.db);
  const rows = await sumsByGameType(ctx.db, {
    memberId: principal.memberId,
    ...resolveRange(ctx.now(), q, brand.timeZone),
  });
  return { rows, currency: brand.currency };
}

// ---- Winner board (GCSGAME_getRankList) ----

/** Wins of the last 7 days are on the board. */
const WINNER_WINDOW_DAYS = 7;
/**
 * A short per-process cache: every node recomputes at most every 15 s, so nodes agree within
 * that and a burst of home-page loads costs one query.
 */
const WINNER_CACHE_MS = 15_000;
// Per application context, so two apps in one process (tests) never share a board.
const winnerCaches = new WeakMap<AppContext, Map<string, { at: number; value: Promise<Winner[]> }>>();

export type Winner = {
  vo: { gameName: string; iconUrl: string; customerName: string; winAmount: number; nodeId: number | null };
};

/** 'demo01' -> 'de***01'; short names keep only their first letter. */
export function maskName(username: string): string {
  if (username.length <= 4) return `${username.slice(0, 1)}***`;
  return `${username.slice(0, 2)}***${username.slice(-2)}`;
}

export async function winners(ctx: AppContext, limit: number, language?: string): Promise<Winner[]> {
  const view = await viewFor(ctx, language, null);
  const key = `${limit}:${view.language}`;
  const now = Date.now();
  let winnerCache = winnerCaches.get(ctx);
  if (!winnerCache) {
    winnerCache = new Map();
    winnerCaches.set(ctx, winnerCache);
  }
  const cache = winnerCache;
  const hit = cache.get(key);
  if (hit && now - hit.at < WINNER_CACHE_MS) return hit.value;
  const value = (async () => {
    const since = new Date(ctx.now().getTime() - WINNER_WINDOW_DAYS * 86_400_000);
    const rows = await biggestWins(ctx.db, since, limit);
    return rows.map((r) => {
      const names = (typeof r.names === 'string' ? JSON.parse(r.names) : (r.names ?? {})) as Record<string, string>;
      return {
        vo: {
          gameName: names[view.language] || r.name || r.game_code,
          iconUrl: r.node_id === null ? '' : gameIconUrl(Number(r.node_id)),
          customerName: maskName(r.username),
          winAmount: toMajor(r.win_amount),
          nodeId: r.node_id === null ? null : Number(r.node_id),
        },
      };
    });
  })();
  cache.set(key, { at: now, value });
  // A failed query is not cached.
  value.catch(() => cache.delete(key));
  return value;
}

/** Tests: forget the cached boards of an app. */
export function clearWinnerCache(ctx: AppContext): void {
  winnerCaches.delete(ctx);
}
