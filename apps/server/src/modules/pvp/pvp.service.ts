import type {
  AdminPvpHandList,
  AdminPvpIntegrity,
  AdminPvpRake,
  PvpFlagState,
  PvpHandEventView,
  PvpHandView,
  PvpRoundHandsView,
  PvpTongitsDealView,
} from '@gamehall/shared/api/pvp-history';
import {
  PVP_RECORD_ROUTES,
  PvpHandRecord,
  PvpHandSearchAnswer,
  PvpIntegrityAnswer,
  PvpRakeAnswer,
  PvpRoundHands,
  type PvpTongitsDeal,
} from '@gamehall/shared/api/pvp-records';
import { toMajor } from '@gamehall/shared/money';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { AppError, fieldErrors } from '../../http/errors';
import { playerByUsername, usernamesByIds } from '../accounts/member.service';
import { getBrand } from '../brand/brand.service';
import { type TraderRequest, type TraderTarget, traderCall } from '../sportsbook/sportsbook-client';
import { linkedFlags } from './pvp.linked';
import { flagKey, type IntegrityFlag, latestReviews, memberIdOf, reviewOf } from './pvp.reviews';

// The card room's records as the platform serves them (docs/pvp.md "Hand histories and integrity"):
// each one signed call of the house studio's trader API (sportsbook-client.ts signs it as it does
// the trader console's), the studio's minor units turned into major ones, player ids into members.
// The member centre reaches only the member's own rounds and hands; the operator's views need
// pvp.review.

/** One signed call; what the trader client calls a sportsbook problem is the card room's here. */
async function studioCall<S extends z.ZodType>(target: TraderTarget, request: TraderRequest, answer: S) {
  try {
    return await traderCall(target, request, answer);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    if (error.code === 'SPORTSBOOK_NOT_FOUND') throw new AppError('NOT_FOUND');
    if (error.code === 'SPORTSBOOK_REFUSED')
      throw new AppError('BAD_REQUEST', error.value ? { value: error.value } : {});
    if (error.code.startsWith('SPORTSBOOK_')) throw new AppError('PVP_RECORDS_UNAVAILABLE');
    throw error;
  }
}

function eventView(e: PvpHandRecord['events'][number]): PvpHandEventView {
  switch (e.type) {
    case 'blind':
    case 'return':
      return { ...e, amount: toMajor(e.amount) };
    case 'action':
      return { ...e, to: toMajor(e.to) };
    case 'pot':
      return {
        ...e,
        amount: toMajor(e.amount),
        rake: toMajor(e.rake),
        winners: e.winners.map((w) => ({ seat: w.seat, amount: toMajor(w.amount) })),
      };
    default:
      return e;
  }
}

function tongitsView(d: PvpTongitsDeal): PvpTongitsDealView {
  return {
    ...d,
    stake: toMajor(d.stake),
    result: d.result && {
      ...d.result,
      bills: d.result.bills.map((b) => ({ ...b, amount: toMajor(b.amount), paid: toMajor(b.paid) })),
    },
  };
}

function handView(r: PvpHandRecord, names: Map<number, string>): PvpHandView {
  return {
    game: r.game,
    id: r.id,
    tableId: r.tableId,
    tableName: r.tableName,
    smallBlind: toMajor(r.smallBlind),
    bigBlind: toMajor(r.bigBlind),
    number: r.number,
    status: r.status,
    startedAt: r.startedAt,
    endedAt: r.endedAt,
    button: r.button,
    pot: toMajor(r.pot),
    rake: toMajor(r.rake),
    board: r.board,
    players: r.players.map((p) => {
      const memberId = p.player === null ? null : memberIdOf(p.player);
      return {
        seat: p.seat,
        name: memberId === null ? p.name : (names.get(memberId) ?? p.name),
        memberId,
        you: p.you,
        stackBefore: toMajor(p.stackBefore),
        stackAfter: p.stackAfter === null ? null : toMajor(p.stackAfter),
        net: p.stackAfter === null ? null : toMajor(p.stackAfter - p.stackBefore),
        cards: p.cards,
        shown: p.shown,
        folded: p.folded,
      };
    }),
    events: r.events.map(eventView),
    tongits: r.tongits && tongitsView(r.tongits),
    fairness: r.fairness,
  };
}

// ---- the member centre ----

/** The hands of one of the member's PVP rounds (a sitting at a table: buy-in to cash-out). */
export async function memberRoundHands(
  ctx: AppContext,
  target: TraderTarget,
  memberId: number,
  roundId: string,
): Promise<PvpRoundHandsView> {
  const round = await ctx.db
    .selectFrom('vendor_rounds')
    .select('id')
    .where('member_id', '=', memberId)
    .where('round_id', '=', roundId)
    .where('game_type', '=', 'PVP')
    .executeTakeFirst();
  if (!round) throw new AppError('NOT_FOUND');
  const r = await studioCall(
    target,
    { method: 'GET', path: PVP_RECORD_ROUTES.roundHands(roundId), query: { player: String(memberId) } },
    PvpRoundHands,
  );
  return {
    roundId: r.roundId,
    game: r.game,
    tableName: r.tableName,
    smallBlind: toMajor(r.smallBlind),
    bigBlind: toMajor(r.bigBlind),
    hands: r.hands.map((h) => ({
      handId: h.handId,
      number: h.number,
      status: h.status,
      startedAt: h.startedAt,
      endedAt: h.endedAt,
      pot: toMajor(h.pot),
      rake: toMajor(h.rake),
      net: h.net === null ? null : toMajor(h.net),
    })),
  };
}

/** A hand the member was dealt in, as they may see it: others' hole cards only where shown. */
export async function memberHand(target: TraderTarget, memberId: number, handId: number): Promise<PvpHandView> {
  const r = await studioCall(
    target,
    { method: 'GET', path: PVP_RECORD_ROUTES.memberHand(handId), query: { player: String(memberId) } },
    PvpHandRecord,
  );
  return handView(r, new Map());
}

// ---- the operator ----

export async function searchHands(
  ctx: AppContext,
  target: TraderTarget,
  q: {
    member?: string | undefined;
    table?: string | undefined;
    from?: string | undefined;
    to?: string | undefined;
    before?: number | undefined;
    limit: number;
  },
): Promise<AdminPvpHandList> {
  const player = q.member === undefined ? undefined : String((await playerByUsername(ctx, q.member)).id);
  const r = await studioCall(
    target,
    {
      method: 'GET',
      path: PVP_RECORD_ROUTES.hands,
      query: {
        player,
        table: q.table,
        from: q.from,
        to: q.to,
        tz: (await getBrand(ctx.db)).timeZone,
        before: q.before,
        limit: q.limit,
      },
    },
    PvpHandSearchAnswer,
  );
  const ids = r.hands.flatMap((h) => h.players.map((p) => memberIdOf(p.player))).filter((id) => id !== null);
  const names = await usernamesByIds(ctx, ids);
  return {
    hands: r.hands.map((h) => ({
      game: h.game,
      handId: h.handId,
      tableId: h.tableId,
      tableName: h.tableName,
      number: h.number,
      status: h.status,
      startedAt: h.startedAt,
      endedAt: h.endedAt,
      pot: toMajor(h.pot),
      rake: toMajor(h.rake),
      players: h.players.map((p) => {
        const memberId = memberIdOf(p.player);
        return {
          seat: p.seat,
          memberId,
          name: (memberId !== null && names.get(memberId)) || p.player,
          net: p.net === null ? null : toMajor(p.net),
        };
      }),
    })),
  };
}

/** A hand's full record: every hole card, every member by username. */
export async function operatorHand(ctx: AppContext, target: TraderTarget, handId: number): Promise<PvpHandView> {
  const r = await studioCall(target, { method: 'GET', path: PVP_RECORD_ROUTES.hand(handId) }, PvpHandRecord);
  const ids = r.players.map((p) => (p.player === null ? null : memberIdOf(p.player))).filter((id) => id !== null);
  return handView(r, await usernamesByIds(ctx, ids));
}

/** The house's PVP revenue: rake per table and brand day, both days included. */
export async function rakeReport(
  ctx: AppContext,
  target: TraderTarget,
  q: { from: string; to: string },
): Promise<AdminPvpRake> {
  if (q.from > q.to) throw fieldErrors({ from: 'INVALID' });
  const tz = (await getBrand(ctx.db)).timeZone;
  const r = await studioCall(
    target,
    { method: 'GET', path: PVP_RECORD_ROUTES.rake, query: { ...q, tz } },
    PvpRakeAnswer,
  );
  const sum = (k: 'hands' | 'rake' | 'pots') => r.rows.reduce((s, row) => s + row[k], 0);
  return {
    rows: r.rows.map((row) => ({
      tableId: row.tableId,
      day: row.day,
      hands: row.hands,
      rake: toMajor(row.rake),
      pots: toMajor(row.pots),
    })),
    totals: { hands: sum('hands'), rake: toMajor(sum('rake')), pots: toMajor(sum('pots')) },
  };
}

/** The studio's integrity flags over the days from..to with the brand's thresholds (minor units). */
async function studioIntegrity(ctx: AppContext, target: TraderTarget, q: { from: string; to: string }) {
  if (q.from > q.to) throw fieldErrors({ from: 'INVALID' });
  const brand = await getBrand(ctx.db);
  const thresholds = brand.pvpIntegrity;
  const r = await studioCall(
    target,
    {
      method: 'GET',
      path: PVP_RECORD_ROUTES.integrity,
      query: { ...q, ...thresholds, tz: brand.timeZone },
    },
    PvpIntegrityAnswer,
  );
  return { thresholds, r };
}

/** The flag of the report over from..to with this key, as the studio computes it now. */
export async function integrityFlag(
  ctx: AppContext,
  target: TraderTarget,
  q: { from: string; to: string; key: string },
): Promise<IntegrityFlag> {
  const { r } = await studioIntegrity(ctx, target, { from: q.from, to: q.to });
  // Only a linked-accounts key needs the risk module's links read.
  const linked = q.key.startsWith('linked_accounts:') ? await linkedFlags(ctx.db, r.together) : [];
  const flag = [...r.chipDumping, ...r.softPlay, ...linked].find((f) => flagKey(f) === q.key);
  if (!flag) throw new AppError('PVP_FLAG_NOT_FOUND');
  return flag;
}

/**
 * The integrity report over the days from..to with the brand's thresholds, each flag with its review
 * state (pvp.reviews.ts); `state` keeps only the flags in that state.
 */
export async function integrityReport(
  ctx: AppContext,
  target: TraderTarget,
  q: { from: string; to: string; state?: PvpFlagState | undefined },
): Promise<AdminPvpIntegrity> {
  const { thresholds, r } = await studioIntegrity(ctx, target, { from: q.from, to: q.to });
  const linked = await linkedFlags(ctx.db, r.together);
  const ids = [
    ...r.chipDumping.flatMap((f) => [f.from, f.to]),
    ...r.softPlay.flatMap((f) => [f.a, f.b]),
    ...linked.flatMap((f) => [f.a, f.b]),
  ]
    .map(memberIdOf)
    .filter((id) => id !== null);
  const [names, reviews] = await Promise.all([
    usernamesByIds(ctx, ids),
    latestReviews(ctx.db, [...r.chipDumping, ...r.softPlay, ...linked].map(flagKey)),
  ]);
  const member = (player: string) => {
    const memberId = memberIdOf(player);
    return { memberId, name: (memberId !== null && names.get(memberId)) || player };
  };
  const counts = { open: 0, cleared: 0, confirmed: 0 };
  const identity = (f: IntegrityFlag) => {
    const key = flagKey(f);
    const review = reviewOf(f, reviews.get(key));
    counts[review.state]++;
    return { key, firstHandId: f.firstHandId, lastHandId: f.lastHandId, review };
  };
  const chipDumping = r.chipDumping.map((f) => ({
    ...identity(f),
    from: member(f.from),
    to: member(f.to),
    tables: f.tables,
    lost: toMajor(f.lost),
    lostBack: toMajor(f.lostBack),
    hands: f.hands,
    suspiciousAmount: toMajor(f.suspiciousAmount),
    bigFolds: f.bigFolds,
    weakAllIns: f.weakAllIns,
    handIds: f.handIds,
  }));
  const softPlay = r.softPlay.map((f) => ({
    ...identity(f),
    a: member(f.a),
    b: member(f.b),
    currency: f.currency,
    bigBlind: toMajor(f.bigBlind),
    tables: f.tables,
    sharedStreets: f.sharedStreets,
    sharedAggressive: f.sharedAggressive,
    otherStreets: f.otherStreets,
    otherAggressive: f.otherAggressive,
    handIds: f.handIds,
  }));
  const linkedAccounts = linked.map((f) => ({
    ...identity(f),
    a: member(f.a),
    b: member(f.b),
    shared: f.shared,
    hands: f.hands,
    tables: f.tables,
    handIds: f.handIds,
  }));
  const kept = (f: { review: { state: PvpFlagState } }) => q.state === undefined || f.review.state === q.state;
  return {
    hands: r.hands,
    thresholds: { ...thresholds, dumpMinAmount: toMajor(thresholds.dumpMinAmount) },
    counts,
    chipDumping: chipDumping.filter(kept),
    softPlay: softPlay.filter(kept),
    linkedAccounts: linkedAccounts.filter(kept),
  };
}
