import type { RedeemStatus, RewardKind, TicketKind } from '@gamehall/shared/api/points';
import { sql } from 'kysely';
import type { Conn } from '../../db/database';

// Kysely over the points mall tables (migration 0039), and the points details page over the points
// ledger's entries (read only: modules/ledger/points-ledger.service.ts alone writes those tables).

export function pointsConfigRow(db: Conn) {
  return db.selectFrom('points_config').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();
}

export function pointsRates(db: Conn) {
  return db.selectFrom('points_rates').select(['game_type', 'rate_ppm']).orderBy('game_type').execute();
}

export function rateOf(db: Conn, gameType: string) {
  return db.selectFrom('points_rates').select('rate_ppm').where('game_type', '=', gameType).executeTakeFirst();
}

export function rewardById(db: Conn, id: number) {
  return db.selectFrom('points_rewards').selectAll().where('id', '=', id).executeTakeFirst();
}

export type RewardFilter = { kind?: RewardKind | undefined; activeOnly: boolean };

function rewardsBase(db: Conn, f: RewardFilter) {
  let q = db.selectFrom('points_rewards');
  if (f.activeOnly) q = q.where('status', '=', 'active');
  if (f.kind) q = q.where('kind', '=', f.kind);
  return q;
}

export function pageRewards(db: Conn, f: RewardFilter, page: { limit: number; offset: number }) {
  return rewardsBase(db, f).selectAll().orderBy('sort').orderBy('id').limit(page.limit).offset(page.offset).execute();
}

export async function countRewards(db: Conn, f: RewardFilter): Promise<number> {
  const row = await rewardsBase(db, f)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Takes `quantity` from an active reward's stock (unlimited stock: nothing to take). The guard is
 * in the WHERE, so two redeems of the last item serialise on the row and the second finds none.
 */
export function takeStock(db: Conn, rewardId: number, quantity: number) {
  return db
    .updateTable('points_rewards')
    .set((eb) => ({
      stock: sql<number | null>`CASE WHEN stock IS NULL THEN NULL ELSE ${eb.ref('stock')} - ${quantity} END`,
    }))
    .where('id', '=', rewardId)
    .where('status', '=', 'active')
    .where((eb) => eb.or([eb('stock', 'is', null), eb('stock', '>=', quantity)]))
    .returning([
      'id',
      'kind',
      'name',
      'points_cost',
      'amount',
      'ticket_kind',
      'ticket_kind_id',
      'stock',
      'max_per_redeem',
    ])
    .executeTakeFirst();
}

export async function returnStock(db: Conn, rewardId: number, quantity: number): Promise<void> {
  await db
    .updateTable('points_rewards')
    .set((eb) => ({ stock: eb('stock', '+', quantity) }))
    .where('id', '=', rewardId)
    .where('stock', 'is not', null)
    .execute();
}

/** Claims a member's requestId; undefined when that request was already made. */
export async function insertRedemption(
  db: Conn,
  r: {
    reference: string;
    memberId: number;
    requestId: string;
    rewardId: number;
    kind: RewardKind;
    name: string;
    ticketKind: TicketKind | null;
    ticketKindId: number | null;
    quantity: number;
    now: Date;
  },
) {
  const row = await db
    .insertInto('points_redemptions')
    .values({
      reference: r.reference,
      member_id: r.memberId,
      request_id: r.requestId,
      reward_id: r.rewardId,
      kind: r.kind,
      name: r.name,
      ticket_kind: r.ticketKind,
      ticket_kind_id: r.ticketKindId,
      quantity: r.quantity,
      created_at: r.now,
    })
    .onConflict((oc) => oc.columns(['member_id', 'request_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

export function redemptionByRequest(db: Conn, memberId: number, requestId: string) {
  return db
    .selectFrom('points_redemptions')
    .selectAll()
    .where('member_id', '=', memberId)
    .where('request_id', '=', requestId)
    .executeTakeFirst();
}

export function redemptionById(db: Conn, id: number) {
  return db.selectFrom('points_redemptions').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function completeRedemption(
  db: Conn,
  id: number,
  r: {
    name: string;
    points: number;
    amount: number;
    status: RedeemStatus;
    pointsBalanceAfter: number;
    postingId: number;
    decidedAt: Date | null;
  },
) {
  return db
    .updateTable('points_redemptions')
    .set({
      name: r.name,
      points: r.points,
      amount: r.amount,
      status: r.status,
      points_balance_after: r.pointsBalanceAfter,
      posting_id: r.postingId,
      decided_at: r.decidedAt,
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Decides an in-process redemption once: undefined when it is not in process (any more). */
export function decideRedemptionRow(
  db: Conn,
  id: number,
  d: { status: 'approved' | 'rejected'; by: number; at: Date; remark: string },
) {
  return db
    .updateTable('points_redemptions')
    .set({ status: d.status, decided_by: d.by, decided_at: d.at, remark: d.remark })
    .where('id', '=', id)
    .where('status', '=', 'in_process')
    .returningAll()
    .executeTakeFirst();
}

export async function setRefundPosting(db: Conn, id: number, postingId: number): Promise<void> {
  await db.updateTable('points_redemptions').set({ refund_posting_id: postingId }).where('id', '=', id).execute();
}

export type RedemptionFilter = {
  id?: number | undefined;
  memberId?: number | undefined;
  status?: RedeemStatus | undefined;
  kind?: RewardKind | undefined;
  username?: string | undefined;
};

function redemptionsBase(db: Conn, f: RedemptionFilter) {
  let q = db
    .selectFrom('points_redemptions as r')
    .innerJoin('members as m', 'm.id', 'r.member_id')
    .leftJoin('members as d', 'd.id', 'r.decided_by');
  if (f.id !== undefined) q = q.where('r.id', '=', f.id);
  if (f.memberId !== undefined) q = q.where('r.member_id', '=', f.memberId);
  if (f.status) q = q.where('r.status', '=', f.status);
  if (f.kind) q = q.where('r.kind', '=', f.kind);
  if (f.username) q = q.where('m.username', '=', f.username);
  return q;
}

export function pageRedemptions(
  db: Conn,
  f: RedemptionFilter,
  page: { limit: number; offset: number },
  order: 'asc' | 'desc' = 'desc',
) {
  return redemptionsBase(db, f)
    .selectAll('r')
    .select(['m.username', 'd.username as decided_by_username'])
    .orderBy('r.id', order)
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

export async function countRedemptions(db: Conn, f: RedemptionFilter): Promise<number> {
  const row = await redemptionsBase(db, f)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertConversion(
  db: Conn,
  c: { reference: string; memberId: number; requestId: string; points: number; currency: string; now: Date },
) {
  const row = await db
    .insertInto('points_conversions')
    .values({
      reference: c.reference,
      member_id: c.memberId,
      request_id: c.requestId,
      points: c.points,
      currency: c.currency,
      created_at: c.now,
    })
    .onConflict((oc) => oc.columns(['member_id', 'request_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

export function conversionByRequest(db: Conn, memberId: number, requestId: string) {
  return db
    .selectFrom('points_conversions')
    .selectAll()
    .where('member_id', '=', memberId)
    .where('request_id', '=', requestId)
    .executeTakeFirst();
}

export async function completeConversion(db: Conn, id: number, c: { amount: number; postingId: number }) {
  await db
    .updateTable('points_conversions')
    .set({ amount: c.amount, posting_id: c.postingId })
    .where('id', '=', id)
    .execute();
}

export function memberForPoints(db: Conn, memberId: number) {
  return db
    .selectFrom('members')
    .select(['id', 'username', 'type', 'status'])
    .where('id', '=', memberId)
    .executeTakeFirst();
}

export function memberByUsername(db: Conn, username: string) {
  return db
    .selectFrom('members')
    .select(['id', 'username', 'type', 'status'])
    .where('username', '=', username)
    .executeTakeFirst();
}

// ---- back office writes of the catalogue and configuration

export type RewardValues = {
  kind: RewardKind;
  name: string;
  names: Record<string, string>;
  description: string;
  imageUrl: string | null;
  pointsCost: number;
  amount: number;
  ticketKind: TicketKind | null;
  ticketKindId: number | null;
  stock: number | null;
  maxPerRedeem: number;
  status: 'active' | 'paused';
  sort: number;
};

function rewardRow(v: RewardValues, now: Date) {
  return {
    kind: v.kind,
    name: v.name,
    names: JSON.stringify(v.names),
    description: v.description,
    image_url: v.imageUrl,
    points_cost: v.pointsCost,
    amount: v.amount,
    ticket_kind: v.ticketKind,
    ticket_kind_id: v.ticketKindId,
    stock: v.stock,
    max_per_redeem: v.maxPerRedeem,
    status: v.status,
    sort: v.sort,
    updated_at: now,
  };
}

/** Inserts a reward; undefined when its name is taken. */
export async function insertReward(db: Conn, v: RewardValues, now: Date) {
  return db
    .insertInto('points_rewards')
    .values({ ...rewardRow(v, now), created_at: now })
    .onConflict((oc) => oc.column('name').doNothing())
    .returningAll()
    .executeTakeFirst();
}

export function lockReward(db: Conn, id: number) {
  return db.selectFrom('points_rewards').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export function rewardByName(db: Conn, name: string) {
  return db.selectFrom('points_rewards').select('id').where('name', '=', name).executeTakeFirst();
}

export function updateReward(db: Conn, id: number, v: RewardValues, now: Date) {
  return db
    .updateTable('points_rewards')
    .set(rewardRow(v, now))
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Units redeemed per reward, rejected redemptions left out. */
export function redeemedCounts(db: Conn) {
  return db
    .selectFrom('points_redemptions')
    .select(['reward_id', (eb) => eb.fn.sum<number | string>('quantity').as('n')])
    .where('status', '<>', 'rejected')
    .groupBy('reward_id')
    .execute();
}

export function allRewards(db: Conn) {
  return db.selectFrom('points_rewards').selectAll().orderBy('sort').orderBy('id').execute();
}

export function lockPointsConfig(db: Conn) {
  return db.selectFrom('points_config').selectAll().where('id', '=', 1).forUpdate().executeTakeFirstOrThrow();
}

export async function savePointsConfig(
  db: Conn,
  c: {
    exchangePoints: number;
    exchangeAmount: number;
    minConvertPoints: number;
    convertEnabled: boolean;
    rules: Record<string, string>;
    now: Date;
  },
) {
  await db
    .updateTable('points_config')
    .set({
      exchange_points: c.exchangePoints,
      exchange_amount: c.exchangeAmount,
      min_convert_points: c.minConvertPoints,
      convert_enabled: c.convertEnabled,
      rules: JSON.stringify(c.rules),
      updated_at: c.now,
    })
    .where('id', '=', 1)
    .execute();
}

export async function replaceRates(db: Conn, rates: { gameType: string; ratePpm: number }[], now: Date): Promise<void> {
  await db.deleteFrom('points_rates').execute();
  await db
    .insertInto('points_rates')
    .values(rates.map((r) => ({ game_type: r.gameType, rate_ppm: r.ratePpm, updated_at: now })))
    .execute();
}

// ---- points details (the ledger's entries of one member, read only)

export type DetailsFilter = { memberId: number; type?: string | undefined; since?: Date | undefined };

function detailsBase(db: Conn, f: DetailsFilter) {
  let q = db
    .selectFrom('points_entries as e')
    .innerJoin('points_accounts as a', 'a.id', 'e.account_id')
    .innerJoin('points_postings as p', 'p.id', 'e.posting_id')
    .where('a.member_id', '=', f.memberId);
  if (f.type) q = q.where('p.type', '=', f.type);
  if (f.since) q = q.where('p.created_at', '>=', f.since);
  return q;
}

export function pageDetails(db: Conn, f: DetailsFilter, page: { limit: number; offset: number }) {
  return detailsBase(db, f)
    .select(['e.id', 'e.amount', 'e.balance_after', 'p.type', 'p.reference', 'p.remark', 'p.created_at'])
    .orderBy('e.id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

export async function countDetails(db: Conn, f: DetailsFilter): Promise<number> {
  const row = await detailsBase(db, f)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
