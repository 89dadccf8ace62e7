import { randomBytes } from 'node:crypto';
import type {
  ConvertPointBody,
  PointsConfigBody,
  RedeemPointBody,
  RedeemStatus,
  RewardBody,
  RewardKind,
  TicketKind,
} from '@gamehall/shared/api/points';
import { toMinor } from '@gamehall/shared/money';
import type { AppContext } from '../../context';
import type { Conn, Trx } from '../../db/database';
import { AppError } from '../../http/errors';
import { pageWindow } from '../../http/paging';
import { checkPaymentPassword } from '../accounts/payment-password.service';
import type { ActivityConsumer, ActivityEvent } from '../activity/activity-bus';
import { getBrand } from '../brand/brand.service';
import * as ledger from '../ledger/ledger.service';
import {
  type PointsPosting,
  pointsAccountCode,
  pointsBalance,
  postPoints,
  postPointsMany,
} from '../ledger/points-ledger.service';
import { assertNotOnBreak } from '../responsible/responsible.service';
import { checkRewardTicketKind, issueTickets, ticketKindOf } from '../tickets/tickets.service';
import {
  allRewards,
  completeConversion,
  completeRedemption,
  conversionByRequest,
  countDetails,
  countRedemptions,
  countRewards,
  decideRedemptionRow,
  insertConversion,
  insertRedemption,
  insertReward,
  lockPointsConfig,
  lockReward,
  memberByUsername,
  pageDetails,
  pageRedemptions,
  pageRewards,
  pointsConfigRow,
  pointsRates,
  type RedemptionFilter,
  rateOf,
  redeemedCounts,
  redemptionById,
  redemptionByRequest,
  replaceRates,
  returnStock,
  rewardById,
  rewardByName,
  savePointsConfig,
  setRefundPosting,
  takeStock,
  updateReward,
} from './points.queries';

// The points mall (spec §1, §3, §4, §7 Points; docs/points.md): earning
// from valid bets, the catalogue, redeeming with the payment password, redeem history, points
// details, converting to cash at the exchange ratio, and the operator's side of each.

const DAY_MS = 86_400_000;

function publicReference(prefix: string): string {
  return `${prefix}${randomBytes(10).toString('hex').toUpperCase()}`;
}

// ---- member calls

export async function memberPoints(ctx: AppContext, memberId: number) {
  return { points: await pointsBalance(ctx.db, memberId) };
}

export async function catalogue(
  ctx: AppContext,
  q: { kind?: RewardKind | undefined; pageNo: number; pageSize: number },
) {
  const f = { kind: q.kind, activeOnly: true };
  const [rows, total] = await Promise.all([pageRewards(ctx.db, f, pageWindow(q)), countRewards(ctx.db, f)]);
  return { rows, total };
}

export async function pointsConfig(ctx: AppContext) {
  const [config, rates, brand] = await Promise.all([pointsConfigRow(ctx.db), pointsRates(ctx.db), getBrand(ctx.db)]);
  return { config, rates, currency: brand.currency };
}

/**
 * Redeems `quantity` units of a reward (spec §7 passwordCheck/MCS2_redeemPointReward). One
 * transaction: the request claims its requestId (a repeat answers the first redemption), the
 * stock is taken with a guarded update (never below zero, even for two redeems of the last item),
 * the points go from the member to house:redeemed, and cash or bonus rewards are paid at once from
 * promotions-expense through the wallet. Physical items stay in process for an operator. Anything
 * refused rolls it all back.
 */
export async function redeem(ctx: AppContext, memberId: number, body: RedeemPointBody) {
  await checkPaymentPassword(ctx, memberId, body.paymentPassword);
  const existing = await redemptionByRequest(ctx.db, memberId, body.requestId);
  if (existing) return replayRedemption(existing, body);
  await assertNotOnBreak(ctx, ctx.db, memberId); // responsible play: no promotion during a break
  const reward = await rewardById(ctx.db, body.rewardId);
  if (!reward) throw new AppError('POINTS_REWARD_NOT_FOUND');
  if (reward.status !== 'active') throw new AppError('POINTS_REWARD_UNAVAILABLE');
  if (body.quantity > reward.max_per_redeem) throw new AppError('POINTS_QUANTITY_ABOVE_LIMIT');
  const brand = await getBrand(ctx.db);
  const now = ctx.now();
  const reference = publicReference('PR');
  const outcome = await ctx.db.transaction().execute(async (trx) => {
    const id = await insertRedemption(trx, {
      reference,
      memberId,
      requestId: body.requestId,
      rewardId: reward.id,
      kind: reward.kind,
      name: reward.name,
      ticketKind: reward.ticket_kind,
      ticketKindId: reward.ticket_kind_id,
      quantity: body.quantity,
      now,
    });
    if (id === undefined) return { replay: true as const };
    const taken = await takeStock(trx, reward.id, body.quantity);
    if (!taken) {
      const current = await rewardById(trx, reward.id);
      throw new AppError(current?.status === 'active' ? 'POINTS_OUT_OF_STOCK' : 'POINTS_REWARD_UNAVAILABLE');
    }
    if (body.quantity > taken.max_per_redeem) throw new AppError('POINTS_QUANTITY_ABOVE_LIMIT');
    const points = taken.points_cost * body.quantity;
    const amount = taken.amount * body.quantity;
    if (!Number.isSafeInteger(points) || !Number.isSafeInteger(amount))
      throw new AppError('POINTS_QUANTITY_ABOVE_LIMIT');
    const posted = await postPoints(trx, {
      idempotencyKey: `points:redeem:${id}`,
      type: 'points.redeem',
      reference,
      remark: taken.name,
      entries: [
        { account: { member: memberId }, amount: -points },
        { account: { house: 'redeemed' }, amount: points },
      ],
    });
    if (taken.kind === 'cash' || taken.kind === 'bonus') {
      await ledger.post(trx, {
        idempotencyKey: `points:redeem:${id}`,
        type: 'bonus.points-redeem',
        reference,
        entries: [
          { account: { member: memberId, kind: taken.kind, currency: brand.currency }, amount },
          { account: { house: 'promotions-expense', currency: brand.currency }, amount: -amount },
        ],
      });
    }
    if (taken.kind === 'ticket') {
      // One ticket per unit of the configured kind, sources points:<redemption>:<n>: the request id
      // already makes a replay answer the first redemption, and the sources make a rerun issue none twice.
      if (taken.ticket_kind_id === null) throw new AppError('POINTS_REWARD_UNAVAILABLE');
      await issueTickets(trx, {
        memberId,
        kindId: Number(taken.ticket_kind_id),
        source: `points:${id}`,
        count: body.quantity,
        now,
      });
    }
    // Physical items wait for an operator (spec §4 In Process); the rest is done now.
    const status: RedeemStatus = taken.kind === 'physical' ? 'in_process' : 'approved';
    const row = await completeRedemption(trx, id, {
      name: taken.name,
      points,
      amount,
      status,
      pointsBalanceAfter: posted.balances[pointsAccountCode({ member: memberId })] ?? 0,
      postingId: posted.postingId,
      decidedAt: status === 'approved' ? now : null,
    });
    return { replay: false as const, row };
  });
  if (outcome.replay) {
    const first = await redemptionByRequest(ctx.db, memberId, body.requestId);
    if (!first) throw new AppError('POINTS_REQUEST_CONFLICT');
    return replayRedemption(first, body);
  }
  return { row: outcome.row, replayed: false };
}

function replayRedemption(
  row: NonNullable<Awaited<ReturnType<typeof redemptionByRequest>>>,
  body: { rewardId: number; quantity: number },
) {
  if (row.reward_id !== body.rewardId || row.quantity !== body.quantity) throw new AppError('POINTS_REQUEST_CONFLICT');
  return { row, replayed: true };
}

export async function redeemHistory(
  ctx: AppContext,
  memberId: number,
  q: { status?: RedeemStatus | undefined; pageNo: number; pageSize: number },
) {
  const f: RedemptionFilter = { memberId, status: q.status };
  const [rows, total] = await Promise.all([pageRedemptions(ctx.db, f, pageWindow(q)), countRedemptions(ctx.db, f)]);
  return { rows, total };
}

/** spec §7 ODSFE2_MemTransDet: the member's points movements, newest first. */
export async function pointsDetails(
  ctx: AppContext,
  memberId: number,
  q: { type?: string | undefined; range?: 'past7' | 'past30' | undefined; pageNo: number; pageSize: number },
) {
  const since = q.range ? new Date(ctx.now().getTime() - (q.range === 'past7' ? 7 : 30) * DAY_MS) : undefined;
  const f = { memberId, type: q.type, since };
  const [rows, total] = await Promise.all([pageDetails(ctx.db, f, pageWindow(q)), countDetails(ctx.db, f)]);
  return { rows, total };
}

/**
 * Converts points to cash (spec §7 passwordCheck/MCS2_convertPoint) at the exchange ratio of
 * getPointConfig: exchange_points points give exchange_amount minor units, in whole steps (no
 * remainder to round). The points debit (member -> house:converted) and the cash credit
 * (promotions-expense -> member cash, ledger.post) are one transaction; the requestId makes a repeat
 * convert once, and two converts above the balance cannot both pass the guarded debit.
 */
export async function convert(ctx: AppContext, memberId: number, body: ConvertPointBody) {
  await checkPaymentPassword(ctx, memberId, body.paymentPassword);
  const config = await pointsConfigRow(ctx.db);
  const brand = await getBrand(ctx.db);
  const existing = await conversionByRequest(ctx.db, memberId, body.requestId);
  if (existing) return replayConversion(ctx, existing, body, brand.currency);
  if (!config.convert_enabled) throw new AppError('POINTS_CONVERT_DISABLED');
  if (body.points < config.min_convert_points) throw new AppError('POINTS_CONVERT_BELOW_MINIMUM');
  if (body.points % config.exchange_points !== 0) throw new AppError('POINTS_CONVERT_STEP');
  const amount = (body.points / config.exchange_points) * config.exchange_amount;
  if (!Number.isSafeInteger(amount)) throw new AppError('POINTS_CONVERT_STEP');
  const now = ctx.now();
  const reference = publicReference('PC');
  const outcome = await ctx.db.transaction().execute(async (trx) => {
    const id = await insertConversion(trx, {
      reference,
      memberId,
      requestId: body.requestId,
      points: body.points,
      currency: brand.currency,
      now,
    });
    if (id === undefined) return undefined;
    const posted = await postPoints(trx, {
      idempotencyKey: `points:convert:${id}`,
      type: 'points.convert',
      reference,
      entries: [
        { account: { member: memberId }, amount: -body.points },
        { account: { house: 'converted' }, amount: body.points },
      ],
    });
    const paid = await ledger.post(trx, {
      idempotencyKey: `points:convert:${id}`,
      type: 'bonus.points-convert',
      reference,
      entries: [
        { account: { member: memberId, currency: brand.currency }, amount },
        { account: { house: 'promotions-expense', currency: brand.currency }, amount: -amount },
      ],
    });
    await completeConversion(trx, id, { amount, postingId: posted.postingId });
    return {
      points: posted.balances[pointsAccountCode({ member: memberId })] ?? 0,
      cash: paid.balances[`member:${memberId}:cash:${brand.currency}`],
    };
  });
  const row = await conversionByRequest(ctx.db, memberId, body.requestId);
  if (!row) throw new AppError('POINTS_REQUEST_CONFLICT');
  if (!outcome) return replayConversion(ctx, row, body, brand.currency);
  const cash = outcome.cash ?? (await ledger.balanceOf(ctx.db, memberId, brand.currency)).balance;
  return { row, pointsBalance: outcome.points, cashBalance: cash, currency: brand.currency, replayed: false };
}

async function replayConversion(
  ctx: AppContext,
  row: NonNullable<Awaited<ReturnType<typeof conversionByRequest>>>,
  body: { points: number },
  currency: string,
) {
  if (row.points !== body.points) throw new AppError('POINTS_REQUEST_CONFLICT');
  const [points, cash] = await Promise.all([
    pointsBalance(ctx.db, row.member_id),
    ledger.balanceOf(ctx.db, row.member_id, currency),
  ]);
  return { row, pointsBalance: points, cashBalance: cash.balance, currency, replayed: true };
}

// ---- earning (points from valid bets per game type at configured rates)

export type SettledRound = {
  memberId: number;
  vendor: string;
  roundId: string;
  gameType: string;
  /** The round's valid bet in minor units (docs/agents.md: the bet of a closed round). */
  validBet: number;
};

/**
 * Points for one settled round: floor(valid bet x rate / 1,000,000), the rate of the round's game
 * type (none configured: nothing). Once per round: the posting key is the vendor's round, so a
 * replayed event, a second consumer or a rerun earns nothing more. Runs in the caller's transaction.
 */
export async function earnForRound(trx: Trx, round: SettledRound): Promise<{ points: number; replayed: boolean }> {
  if (!Number.isSafeInteger(round.validBet) || round.validBet <= 0) return { points: 0, replayed: false };
  const rate = (await rateOf(trx, round.gameType))?.rate_ppm ?? 0;
  return earnAtRate(trx, round, rate);
}

async function earnAtRate(trx: Trx, round: SettledRound, rate: number): Promise<{ points: number; replayed: boolean }> {
  const posting = earnPosting(round, rate);
  if (!posting) return { points: 0, replayed: false };
  const posted = await postPoints(trx, posting);
  return { points: posting.entries[0]?.amount ?? 0, replayed: posted.replayed };
}

/** The posting a round earns at a rate (none when it earns nothing). */
function earnPosting(round: SettledRound, rate: number): PointsPosting | undefined {
  const points = Number((BigInt(round.validBet) * BigInt(rate)) / 1_000_000n);
  if (points <= 0) return undefined;
  return {
    idempotencyKey: `points:earn:${round.vendor}:${round.roundId}`,
    type: 'points.earn',
    reference: round.roundId,
    remark: round.gameType,
    entries: [
      { account: { member: round.memberId }, amount: points },
      { account: { house: 'earned' }, amount: -points },
    ],
  };
}

/**
 * The points programme on the rewards engine (modules/activity/activity-bus.ts): every settled round
 * (round.settled: a closed vendor round, its bet the valid bet) earns points in the engine's
 * transaction, which also records the event as consumed by 'points'. The engine feeds each event
 * to a consumer once; the posting key of earnForRound (the vendor's round) is the second guard.
 */
export const pointsEarningConsumer: ActivityConsumer = {
  name: 'points',
  kinds: ['round.settled'],
  async handle(trx, event) {
    await earnForRound(trx, settledRoundOf(event));
  },
  // handle's rule over a batch (rewards engine "Keeping up"): the rates read once, the rounds'
  // postings (one per round, its key as in handle) made by postPointsMany in a few statements.
  async handleBatch(trx, events) {
    const rounds = events.map(settledRoundOf).filter((r) => Number.isSafeInteger(r.validBet) && r.validBet > 0);
    if (rounds.length === 0) return;
    const rates = new Map((await pointsRates(trx)).map((r) => [r.game_type, r.rate_ppm]));
    const postings = rounds.flatMap((r) => earnPosting(r, rates.get(r.gameType) ?? 0) ?? []);
    if (postings.length > 0) await postPointsMany(trx, postings);
  },
};

function settledRoundOf(event: ActivityEvent): SettledRound {
  const vendor = typeof event.data.vendor === 'string' ? event.data.vendor : '';
  const gameType = typeof event.data.gameType === 'string' ? event.data.gameType : '';
  // The event's reference is '<vendor>:<roundId>' (migration 0034).
  const prefix = `${vendor}:`;
  const reference = event.reference ?? `event:${event.id}`;
  const roundId = reference.startsWith(prefix) ? reference.slice(prefix.length) : reference;
  return { memberId: event.memberId, vendor, roundId, gameType, validBet: event.amount };
}

// ---- back office

export async function adminRewards(ctx: AppContext) {
  const [rows, counts] = await Promise.all([allRewards(ctx.db), redeemedCounts(ctx.db)]);
  const redeemed = new Map(counts.map((c) => [c.reward_id, Number(c.n)]));
  return rows.map((row) => ({ row, redeemed: redeemed.get(row.id) ?? 0 }));
}

function rewardValues(body: RewardBody) {
  return {
    kind: body.kind,
    name: body.name,
    names: body.names,
    description: body.description,
    imageUrl: body.imageUrl,
    pointsCost: body.pointsCost,
    amount: toMinor(body.amount),
    ticketKind: null as TicketKind | null,
    ticketKindId: body.ticketKindId,
    stock: body.stock,
    maxPerRedeem: body.maxPerRedeem,
    status: body.status,
    sort: body.sort,
  };
}

/** A ticket reward names an existing, enabled ticket kind; its type (prize wheel, ...) is stored beside it. */
async function checkedValues(ctx: AppContext, body: RewardBody) {
  const values = rewardValues(body);
  if (body.ticketKindId !== null) {
    await checkRewardTicketKind(ctx.db, body.ticketKindId);
    values.ticketKind = (await ticketKindOf(ctx.db, body.ticketKindId))?.kind ?? null;
  }
  return values;
}

export async function createReward(ctx: AppContext, body: RewardBody) {
  const row = await insertReward(ctx.db, await checkedValues(ctx, body), ctx.now());
  if (!row) throw new AppError('POINTS_REWARD_NAME_TAKEN');
  return { row, redeemed: 0 };
}

/**
 * Changes a reward. Its stock is set as given (the operator counts what is on the shelf); units
 * already redeemed keep the terms they were redeemed on.
 */
export async function changeReward(ctx: AppContext, id: number, body: RewardBody) {
  const values = await checkedValues(ctx, body);
  return ctx.db.transaction().execute(async (trx) => {
    const before = await lockReward(trx, id);
    if (!before) throw new AppError('POINTS_REWARD_NOT_FOUND');
    const same = await rewardByName(trx, body.name);
    if (same && same.id !== id) throw new AppError('POINTS_REWARD_NAME_TAKEN');
    const after = await updateReward(trx, id, values, ctx.now());
    return { before, after };
  });
}

/** Saves the exchange ratio, conversion switch, rules and rates; answers the config before and after. */
export async function saveConfig(ctx: AppContext, body: PointsConfigBody) {
  const before = await ctx.db.transaction().execute(async (trx) => {
    const before = await lockPointsConfig(trx);
    const beforeRates = await pointsRates(trx);
    const now = ctx.now();
    await savePointsConfig(trx, {
      exchangePoints: body.exchangePoints,
      exchangeAmount: toMinor(body.exchangeAmount),
      minConvertPoints: body.minConvertPoints,
      convertEnabled: body.convertEnabled,
      rules: body.rules,
      now,
    });
    await replaceRates(trx, body.rates, now);
    return { config: before, rates: beforeRates };
  });
  return { before, after: await pointsConfig(ctx) };
}

export async function adminRedemptions(
  ctx: AppContext,
  q: RedemptionFilter & { pageNo: number; pageSize: number; order: 'asc' | 'desc' },
) {
  const f: RedemptionFilter = { status: q.status, kind: q.kind, username: q.username };
  const [rows, total] = await Promise.all([
    pageRedemptions(ctx.db, f, pageWindow(q), q.order),
    countRedemptions(ctx.db, f),
  ]);
  return { rows, total };
}

export async function adminRedemption(ctx: AppContext, id: number) {
  const [row] = await pageRedemptions(ctx.db, { id }, { limit: 1, offset: 0 });
  if (!row) throw new AppError('POINTS_REDEMPTION_NOT_FOUND');
  return row;
}

/**
 * An operator approves (the item went out) or rejects an in-process redemption. A rejection gives
 * the points back (house:redeemed -> member) and the stock back, in the transaction that decides
 * it; a redemption is decided once, so two operators at once refund once.
 */
export async function decideRedemption(
  ctx: AppContext,
  operatorId: number,
  id: number,
  d: { decision: 'approve' | 'reject'; remark: string },
) {
  return ctx.db.transaction().execute(async (trx) => {
    const decided = await decideRedemptionRow(trx, id, {
      status: d.decision === 'approve' ? 'approved' : 'rejected',
      by: operatorId,
      at: ctx.now(),
      remark: d.remark,
    });
    if (!decided) {
      const row = await redemptionById(trx, id);
      throw new AppError(row ? 'POINTS_REDEMPTION_DECIDED' : 'POINTS_REDEMPTION_NOT_FOUND');
    }
    if (d.decision === 'reject') {
      const refund = await postPoints(trx, {
        idempotencyKey: `points:refund:${id}`,
        type: 'points.refund',
        reference: decided.reference,
        remark: decided.name,
        entries: [
          { account: { member: decided.member_id }, amount: decided.points },
          { account: { house: 'redeemed' }, amount: -decided.points },
        ],
      });
      await setRefundPosting(trx, id, refund.postingId);
      await returnStock(trx, decided.reward_id, decided.quantity);
    }
    return decided;
  });
}

/** An operator's points adjustment (audited by the route): house:adjustments <-> the member. */
export async function adjustPoints(
  ctx: AppContext,
  input: { username: string; points: number; reason: string; requestId: string },
) {
  const member = await memberByUsername(ctx.db, input.username);
  if (!member || member.type === 90) throw new AppError('MEMBER_NOT_FOUND');
  return ctx.db.transaction().execute(async (trx) => {
    const posted = await postPoints(trx, {
      idempotencyKey: `points:adjust:${input.requestId}`,
      type: 'points.adjust',
      reference: input.requestId,
      remark: input.reason,
      entries: [
        { account: { member: member.id }, amount: input.points },
        { account: { house: 'adjustments' }, amount: -input.points },
      ],
    });
    return {
      memberId: member.id,
      username: member.username,
      points: input.points,
      pointsBalance: posted.balances[pointsAccountCode({ member: member.id })] ?? (await pointsBalance(trx, member.id)),
      reference: input.requestId,
      replayed: posted.replayed,
    };
  });
}

export async function memberPointsView(ctx: AppContext, q: { username: string; pageNo: number; pageSize: number }) {
  const member = await memberByUsername(ctx.db, q.username);
  if (!member || member.type === 90) throw new AppError('MEMBER_NOT_FOUND');
  const [points, details] = await Promise.all([
    pointsBalance(ctx.db, member.id),
    pointsDetails(ctx, member.id, { pageNo: q.pageNo, pageSize: q.pageSize }),
  ]);
  return { member, points, details };
}

/** For callers that hold a connection only (reports, other modules). */
export function pointsOf(db: Conn, memberId: number): Promise<number> {
  return pointsBalance(db, memberId);
}
