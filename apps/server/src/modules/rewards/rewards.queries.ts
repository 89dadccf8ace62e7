import type { PromotionInput } from '@gamehall/shared/api/rewards';
import { type Expression, type RawBuilder, type SelectQueryBuilder, sql } from 'kysely';
import type { Conn, Trx } from '../../db/database';
import type { Database } from '../../db/schema';

// Kysely for promotions, rewards and bonus wagers (migration 0035).

export type PromotionRow = Awaited<ReturnType<typeof promotionById>> & {};

export function promotionById(db: Conn, id: number) {
  return db.selectFrom('promotions').selectAll().where('id', '=', id).executeTakeFirst();
}

export function allPromotions(db: Conn) {
  return db.selectFrom('promotions').selectAll().orderBy('sort').orderBy('id').execute();
}

/** Promotions members can see: switched on (active or paused) or ended, never drafts. */
export function visiblePromotions(db: Conn, type: string | undefined) {
  let q = db.selectFrom('promotions').selectAll().where('state', '<>', 'draft');
  if (type) q = q.where('type', '=', type);
  return q.orderBy('sort').orderBy('id').execute();
}

/** Active promotions whose period holds `at` and whose rules fire on `trigger`. */
export function firingPromotions(db: Conn, trigger: string, at: Date) {
  return db
    .selectFrom('promotions')
    .selectAll()
    .where('state', '=', 'active')
    .where('kind', 'in', ['deposit_match', 'fixed'])
    .where('starts_at', '<=', at)
    .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', at)]))
    .where(sql<boolean>`rules->>'trigger' = ${trigger}`)
    .orderBy('id')
    .execute();
}

export async function joined(db: Conn, promotionId: number, memberId: number): Promise<boolean> {
  const row = await db
    .selectFrom('promotion_joins')
    .select('member_id')
    .where('promotion_id', '=', promotionId)
    .where('member_id', '=', memberId)
    .executeTakeFirst();
  return row !== undefined;
}

export function joinsOf(db: Conn, memberId: number) {
  return db.selectFrom('promotion_joins').select('promotion_id').where('member_id', '=', memberId).execute();
}

export async function insertJoin(trx: Trx, promotionId: number, memberId: number): Promise<boolean> {
  const r = await trx
    .insertInto('promotion_joins')
    .values({ promotion_id: promotionId, member_id: memberId })
    .onConflict((oc) => oc.columns(['promotion_id', 'member_id']).doNothing())
    .returning('member_id')
    .executeTakeFirst();
  return r !== undefined;
}

export async function rewardCount(db: Conn, promotionId: number, memberId: number): Promise<number> {
  const r = await db
    .selectFrom('rewards')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('promotion_id', '=', promotionId)
    .where('member_id', '=', memberId)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** The position of a deposit among the member's credited deposits (1 = first). */
export async function depositPosition(db: Conn, memberId: number, eventId: number): Promise<number> {
  const r = await db
    .selectFrom('activity_events')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('member_id', '=', memberId)
    .where('kind', '=', 'deposit')
    .where('id', '<=', eventId)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

export async function insertReward(
  trx: Trx,
  row: {
    member_id: number;
    promotion_id: number;
    source: string;
    amount: number;
    basis: number;
    currency: string;
    pay_as: 'cash' | 'bonus' | 'ticket';
    ticket_kind_id?: number | null;
    state: 'waiting' | 'claimable';
    expires_at: Date | null;
  },
): Promise<number | undefined> {
  const r = await trx
    .insertInto('rewards')
    .values(row)
    .onConflict((oc) => oc.columns(['promotion_id', 'member_id', 'source']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return r?.id;
}

export function lockReward(trx: Trx, id: number) {
  return trx
    .selectFrom('rewards')
    .leftJoin('promotions', 'promotions.id', 'rewards.promotion_id')
    .selectAll('rewards')
    .select(['promotions.rules', 'promotions.texts'])
    .where('rewards.id', '=', id)
    .forUpdate('rewards')
    .executeTakeFirst();
}

/** The title texts of a reward: its promotion's, or its mission's for a mission bonus. */
function withTitles<Q extends SelectQueryBuilder<Database, 'rewards', object>>(q: Q) {
  return q
    .leftJoin('promotions', 'promotions.id', 'rewards.promotion_id')
    .leftJoin('mission_progress', 'mission_progress.id', 'rewards.mission_progress_id')
    .leftJoin('missions', 'missions.id', 'mission_progress.mission_id')
    .leftJoin('ticket_kinds', 'ticket_kinds.id', 'rewards.ticket_kind_id')
    .select((eb) => [
      eb.fn.coalesce('promotions.texts', 'missions.texts').as('texts'),
      'ticket_kinds.name as ticket_kind_name',
      // A bonus reward's wager: a claimed bonus may since have been converted or forfeited.
      eb
        .selectFrom('bonus_wagers')
        .select('bonus_wagers.state')
        .whereRef('bonus_wagers.reward_id', '=', 'rewards.id')
        .orderBy('bonus_wagers.id', 'desc')
        .limit(1)
        .as('wager_state'),
    ]);
}

export function setRewardState(
  trx: Trx,
  id: number,
  patch: {
    state: 'claimable' | 'claimed' | 'expired';
    claimed_at?: Date;
    posting_id?: number;
    expires_at?: Date;
    ticket_ids?: string;
  },
) {
  return trx.updateTable('rewards').set(patch).where('id', '=', id).execute();
}

/** A mission bonus's reward: one per progress row. */
export async function insertMissionReward(
  trx: Trx,
  row: {
    member_id: number;
    mission_progress_id: number;
    source: string;
    amount: number;
    currency: string;
    wagering: string | null;
    expires_at: Date;
  },
): Promise<number | undefined> {
  const r = await trx
    .insertInto('rewards')
    .values({ ...row, promotion_id: null, basis: 0, pay_as: 'bonus', state: 'claimable' })
    .onConflict((oc) => oc.column('mission_progress_id').where('mission_progress_id', 'is not', null).doNothing())
    .returning('id')
    .executeTakeFirst();
  return r?.id;
}

/** A bonus adjustment's reward: one per adjustment. */
export async function insertAdjustmentReward(
  trx: Trx,
  row: { member_id: number; adjustment_id: number; amount: number; currency: string; wagering: string },
): Promise<number | undefined> {
  const r = await trx
    .insertInto('rewards')
    .values({
      ...row,
      source: `adjustment:${row.adjustment_id}`,
      promotion_id: null,
      basis: 0,
      pay_as: 'bonus',
      state: 'claimable',
      expires_at: null,
    })
    .onConflict((oc) => oc.column('adjustment_id').where('adjustment_id', 'is not', null).doNothing())
    .returning('id')
    .executeTakeFirst();
  return r?.id;
}

export function rewardsOf(db: Conn, memberId: number, state: string | undefined, limit: number, offset: number) {
  let q = withTitles(db.selectFrom('rewards')).selectAll('rewards').where('rewards.member_id', '=', memberId);
  if (state) q = q.where('rewards.state', '=', state as 'claimable');
  return q.orderBy('rewards.id', 'desc').limit(limit).offset(offset).execute();
}

/**
 * How many rewards the member can claim at `now` (claimable and not expired), as a scalar subquery
 * on `member`, an id column of the enclosing query: the reward centre's and the header's badge.
 */
export function claimableRewardsSql(member: Expression<unknown>, now: unknown): RawBuilder<string> {
  return sql<string>`(SELECT count(*) FROM rewards r WHERE r.member_id = ${member} AND r.state = 'claimable'
    AND (r.expires_at IS NULL OR r.expires_at > ${now}))`;
}

export async function countClaimable(db: Conn, memberId: number, now: Date): Promise<number> {
  const row = await db.selectNoFrom(claimableRewardsSql(sql`${memberId}`, now).as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function countRewards(db: Conn, memberId: number, state: string | undefined) {
  let q = db
    .selectFrom('rewards')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('member_id', '=', memberId);
  if (state) q = q.where('state', '=', state as 'claimable');
  return Number((await q.executeTakeFirstOrThrow()).n);
}

export function claimableOfPromotion(trx: Trx, memberId: number, promotionId: number, now: Date) {
  return trx
    .selectFrom('rewards')
    .select('id')
    .where('member_id', '=', memberId)
    .where('promotion_id', '=', promotionId)
    .where('state', '=', 'claimable')
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
    .orderBy('id')
    .execute();
}

export function insertWager(
  trx: Trx,
  row: {
    reward_id: number;
    member_id: number;
    currency: string;
    bonus: number;
    required: number;
    contributions: string;
    other_percent: number;
    expires_at: Date;
    max_bet: number | null;
  },
) {
  return trx.insertInto('bonus_wagers').values(row).returning('id').executeTakeFirstOrThrow();
}

/** The member's active wagers, oldest first, locked. */
export function lockActiveWagers(trx: Trx, memberId: number) {
  return trx
    .selectFrom('bonus_wagers')
    .selectAll()
    .where('member_id', '=', memberId)
    .where('state', '=', 'active')
    .orderBy('id')
    .forUpdate()
    .execute();
}

/** Whether the member has a bonus being wagered (read without locks: a preview). */
export async function hasActiveWager(db: Conn, memberId: number): Promise<boolean> {
  const row = await db
    .selectFrom('bonus_wagers')
    .select('id')
    .where('member_id', '=', memberId)
    .where('state', '=', 'active')
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** The active wagers of these members (engine batches), locked, oldest first per member. */
export function lockActiveWagersOf(trx: Trx, memberIds: number[]) {
  return trx
    .selectFrom('bonus_wagers')
    .selectAll()
    .where('member_id', 'in', memberIds)
    .where('state', '=', 'active')
    .orderBy('id')
    .forUpdate()
    .execute();
}

/** Several wagers' progress in one statement. */
export async function setWagerProgresses(trx: Trx, rows: { id: number; progress: number }[]) {
  if (rows.length === 0) return;
  const values = sql.join(rows.map((r) => sql`(${r.id}::bigint, ${r.progress}::bigint)`));
  await sql`UPDATE bonus_wagers w SET progress = v.progress FROM (VALUES ${values}) AS v(id, progress)
    WHERE w.id = v.id`.execute(trx);
}

export function lockWager(trx: Trx, id: number) {
  return trx.selectFrom('bonus_wagers').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export function setWagerProgress(trx: Trx, id: number, progress: number) {
  return trx.updateTable('bonus_wagers').set({ progress }).where('id', '=', id).execute();
}

export function settleWager(
  trx: Trx,
  id: number,
  patch: { state: 'converted' | 'forfeited'; converted?: number; forfeited?: number; settled_at: Date },
) {
  return trx.updateTable('bonus_wagers').set(patch).where('id', '=', id).execute();
}

export function wagersOf(db: Conn, memberId: number) {
  return db
    .selectFrom('bonus_wagers')
    .innerJoin('rewards', 'rewards.id', 'bonus_wagers.reward_id')
    .leftJoin('promotions', 'promotions.id', 'rewards.promotion_id')
    .leftJoin('mission_progress', 'mission_progress.id', 'rewards.mission_progress_id')
    .leftJoin('missions', 'missions.id', 'mission_progress.mission_id')
    .selectAll('bonus_wagers')
    .select((eb) => [eb.fn.coalesce('promotions.texts', 'missions.texts').as('texts'), 'rewards.adjustment_id'])
    .where('bonus_wagers.member_id', '=', memberId)
    .orderBy('bonus_wagers.id', 'desc')
    .limit(50)
    .execute();
}

export function expiredRewardIds(db: Conn, now: Date) {
  return db
    .selectFrom('rewards')
    .select('id')
    .where('state', '=', 'claimable')
    .where('expires_at', '<=', now)
    .limit(1000)
    .execute();
}

export function expiredWagerIds(db: Conn, now: Date) {
  return db
    .selectFrom('bonus_wagers')
    .select('id')
    .where('state', '=', 'active')
    .where('expires_at', '<=', now)
    .limit(1000)
    .execute();
}

/** The member's bonus account balance (minor units; 0 without one). Read only: wallet writes it. */
export async function bonusBalance(db: Conn, memberId: number, currency: string): Promise<number> {
  const r = await db
    .selectFrom('ledger_accounts')
    .select('balance')
    .where('member_id', '=', memberId)
    .where('kind', '=', 'bonus')
    .where('currency', '=', currency)
    .executeTakeFirst();
  return Number(r?.balance ?? 0);
}

// ---- applications

export function insertApplication(trx: Trx, row: { promotion_id: number; member_id: number; comment: string }) {
  return trx.insertInto('promotion_applications').values(row).returning('id').executeTakeFirstOrThrow();
}

export function insertApplicationImage(
  trx: Trx,
  row: { application_id: number; mime: 'image/png' | 'image/jpeg'; bytes: Buffer },
) {
  return trx.insertInto('promotion_application_images').values(row).execute();
}

export function openApplication(db: Conn, promotionId: number, memberId: number) {
  return db
    .selectFrom('promotion_applications')
    .select(['id', 'status'])
    .where('promotion_id', '=', promotionId)
    .where('member_id', '=', memberId)
    .where('status', '<>', 'rejected')
    .executeTakeFirst();
}

export function applicationsOf(db: Conn, memberId: number) {
  return db
    .selectFrom('promotion_applications')
    .select(['promotion_id', 'status'])
    .where('member_id', '=', memberId)
    .orderBy('id')
    .execute();
}

export function applications(db: Conn, status: string | undefined, limit: number, offset: number) {
  let q = db
    .selectFrom('promotion_applications as a')
    .innerJoin('promotions as p', 'p.id', 'a.promotion_id')
    .innerJoin('members as m', 'm.id', 'a.member_id')
    .selectAll('a')
    .select(['p.texts', 'm.username']);
  if (status) q = q.where('a.status', '=', status as 'pending');
  return q.orderBy('a.id', 'desc').limit(limit).offset(offset).execute();
}

export async function countApplications(db: Conn, status: string | undefined) {
  let q = db.selectFrom('promotion_applications').select((eb) => eb.fn.countAll<string>().as('n'));
  if (status) q = q.where('status', '=', status as 'pending');
  return Number((await q.executeTakeFirstOrThrow()).n);
}

export function imageIdsOf(db: Conn, applicationIds: number[]) {
  if (applicationIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('promotion_application_images')
    .select(['id', 'application_id'])
    .where('application_id', 'in', applicationIds)
    .orderBy('id')
    .execute();
}

export function applicationImage(db: Conn, id: number) {
  return db
    .selectFrom('promotion_application_images')
    .select(['mime', 'bytes'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export function lockApplication(trx: Trx, id: number) {
  return trx.selectFrom('promotion_applications').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export function decideApplication(
  trx: Trx,
  id: number,
  patch: { status: 'approved' | 'rejected'; reason: string | null; decided_by: number; decided_at: Date },
) {
  return trx.updateTable('promotion_applications').set(patch).where('id', '=', id).execute();
}

// ---- cost report

/** Per promotion and brand day (zone tz): bonus paid (claims), converted and forfeited (wagers settled). */
export async function costRows(db: Conn, from: Date, to: Date, tz: string, promotionId: number | undefined) {
  const filter = promotionId === undefined ? sql`` : sql`AND r.promotion_id = ${promotionId}`;
  const rows = await sql<{
    day: string;
    promotion_id: string | number;
    paid: string | number;
    claims: string | number;
    ranking: string | number;
    converted: string | number;
    forfeited: string | number;
  }>`
    WITH paid AS (
      SELECT to_char(r.claimed_at AT TIME ZONE ${tz}, 'YYYY-MM-DD') AS day, r.promotion_id,
             coalesce(sum(r.amount) FILTER (WHERE r.pay_as <> 'ticket'), 0) AS paid, count(*) AS claims,
             coalesce(sum(r.amount) FILTER (WHERE r.source LIKE 'rank:%'), 0) AS ranking
      FROM rewards r WHERE r.state = 'claimed' AND r.claimed_at >= ${from} AND r.claimed_at < ${to}
        AND r.promotion_id IS NOT NULL ${filter}
      GROUP BY 1, 2
    ), settled AS (
      SELECT to_char(w.settled_at AT TIME ZONE ${tz}, 'YYYY-MM-DD') AS day, r.promotion_id,
             sum(w.converted) AS converted, sum(w.forfeited) AS forfeited
      FROM bonus_wagers w JOIN rewards r ON r.id = w.reward_id
      WHERE w.settled_at >= ${from} AND w.settled_at < ${to} AND r.promotion_id IS NOT NULL ${filter}
      GROUP BY 1, 2
    )
    SELECT coalesce(p.day, s.day) AS day, coalesce(p.promotion_id, s.promotion_id) AS promotion_id,
           coalesce(p.paid, 0) AS paid, coalesce(p.claims, 0) AS claims, coalesce(p.ranking, 0) AS ranking,
           coalesce(s.converted, 0) AS converted, coalesce(s.forfeited, 0) AS forfeited
    FROM paid p FULL JOIN settled s ON s.day = p.day AND s.promotion_id = p.promotion_id
    ORDER BY 1, 2`.execute(db);
  return rows.rows;
}

// ---- one bonus per person (migration 0045)

/**
 * Another member this promotion already rewarded (any reward but an expired one) who shares the
 * member's mobile number, a device (member_devices, migration 0041), a bank account number or an IP
 * (registration or login), with the first reason in that order; undefined when none.
 */
export async function sharedWithRewarded(db: Conn, promotionId: number, memberId: number) {
  const result = await sql<{ reason: 'mobile' | 'device' | 'bank_account' | 'ip'; other: number | string }>`
    WITH rewarded AS (
      SELECT DISTINCT member_id FROM rewards
       WHERE promotion_id = ${promotionId} AND member_id <> ${memberId} AND state <> 'expired'
    ), me AS (SELECT country_dialing_code, mobile_num, register_ip FROM members WHERE id = ${memberId}),
    my_ips AS (
      SELECT register_ip AS ip FROM me WHERE register_ip IS NOT NULL
      UNION SELECT ip FROM member_login_ips WHERE member_id = ${memberId}
    )
    (SELECT 'mobile' AS reason, m.id AS other FROM members m, me
      WHERE me.mobile_num IS NOT NULL AND m.mobile_num = me.mobile_num
        AND m.country_dialing_code IS NOT DISTINCT FROM me.country_dialing_code
        AND m.id IN (SELECT member_id FROM rewarded) LIMIT 1)
    UNION ALL
    (SELECT 'device', d.member_id FROM member_devices d
      WHERE d.device_hash IN (SELECT device_hash FROM member_devices WHERE member_id = ${memberId})
        AND d.member_id IN (SELECT member_id FROM rewarded) LIMIT 1)
    UNION ALL
    (SELECT 'bank_account', b.member_id FROM member_bank_accounts b
      WHERE b.account_number IN (SELECT account_number FROM member_bank_accounts WHERE member_id = ${memberId})
        AND b.member_id IN (SELECT member_id FROM rewarded) LIMIT 1)
    UNION ALL
    (SELECT 'ip', x.member_id FROM (
        SELECT id AS member_id, register_ip AS ip FROM members WHERE register_ip IN (SELECT ip FROM my_ips)
        UNION ALL SELECT member_id, ip FROM member_login_ips WHERE ip IN (SELECT ip FROM my_ips)) x
      WHERE x.member_id IN (SELECT member_id FROM rewarded) LIMIT 1)
  `.execute(db);
  const row = result.rows[0];
  return row ? { reason: row.reason, other: Number(row.other) } : undefined;
}

export async function insertRefusal(
  trx: Trx,
  row: {
    promotion_id: number;
    member_id: number;
    source: string;
    reason: 'member' | 'device' | 'ip' | 'bank_account' | 'mobile';
    other_member_id: number | null;
    amount: number;
  },
) {
  await trx
    .insertInto('reward_refusals')
    .values(row)
    .onConflict((oc) => oc.columns(['promotion_id', 'member_id', 'source']).doNothing())
    .execute();
}

export function refusals(db: Conn, promotionId: number | undefined, limit: number, offset: number) {
  let q = db
    .selectFrom('reward_refusals as f')
    .innerJoin('members as m', 'm.id', 'f.member_id')
    .leftJoin('members as o', 'o.id', 'f.other_member_id')
    .innerJoin('promotions as p', 'p.id', 'f.promotion_id')
    .select([
      'f.id',
      'f.promotion_id',
      'f.member_id',
      'f.reason',
      'f.other_member_id',
      'f.amount',
      'f.created_at',
      'm.username',
      'o.username as other_username',
      'p.texts',
    ]);
  if (promotionId !== undefined) q = q.where('f.promotion_id', '=', promotionId);
  return q.orderBy('f.id', 'desc').limit(limit).offset(offset).execute();
}

export async function countRefusals(db: Conn, promotionId: number | undefined): Promise<number> {
  let q = db.selectFrom('reward_refusals').select((eb) => eb.fn.countAll<string | number>().as('n'));
  if (promotionId !== undefined) q = q.where('promotion_id', '=', promotionId);
  return Number((await q.executeTakeFirstOrThrow()).n);
}

// ---- ranking promotions (migration 0045)

/** Running ranking promotions whose period holds `at`. */
export function runningRankings(db: Conn, at: Date) {
  return db
    .selectFrom('promotions')
    .select(['id', 'rules'])
    .where('state', '=', 'active')
    .where('kind', '=', 'ranking')
    .where('starts_at', '<=', at)
    .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', at)]))
    .execute();
}

/** Ranking promotions active at some instant in [from, to] (an engine batch's span). */
export function rankingsBetween(db: Conn, from: Date, to: Date) {
  return db
    .selectFrom('promotions')
    .select(['id', 'rules', 'starts_at', 'ends_at'])
    .where('state', '=', 'active')
    .where('kind', '=', 'ranking')
    .where('starts_at', '<=', to)
    .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', from)]))
    .orderBy('id')
    .execute();
}

/** Which of these members joined which of these promotions. */
export function joinsAmong(db: Conn, promotionIds: number[], memberIds: number[]) {
  return db
    .selectFrom('promotion_joins')
    .select(['promotion_id', 'member_id'])
    .where('promotion_id', 'in', promotionIds)
    .where('member_id', 'in', memberIds)
    .execute();
}

/**
 * addTurnover for several (promotion, member) pairs at once, each with the sum and count of its
 * rounds and the time of the last one (the pairs distinct: one statement cannot update a row twice).
 */
export async function addTurnovers(
  trx: Trx,
  rows: { promotionId: number; memberId: number; amount: number; rounds: number; at: Date }[],
) {
  if (rows.length === 0) return;
  await trx
    .insertInto('ranking_turnover')
    .values(
      rows.map((r) => ({
        promotion_id: r.promotionId,
        member_id: r.memberId,
        turnover: r.amount,
        rounds: r.rounds,
        reached_at: r.at,
      })),
    )
    .onConflict((oc) =>
      oc.columns(['promotion_id', 'member_id']).doUpdateSet((eb) => ({
        turnover: eb('ranking_turnover.turnover', '+', eb.ref('excluded.turnover')),
        rounds: eb('ranking_turnover.rounds', '+', eb.ref('excluded.rounds')),
        reached_at: eb.ref('excluded.reached_at'),
      })),
    )
    .execute();
}

/** Adds a round's valid bet; reached_at moves to the round's time (ties go to who reached it first). */
export async function addTurnover(trx: Trx, promotionId: number, memberId: number, amount: number, at: Date) {
  await trx
    .insertInto('ranking_turnover')
    .values({ promotion_id: promotionId, member_id: memberId, turnover: amount, rounds: 1, reached_at: at })
    .onConflict((oc) =>
      oc.columns(['promotion_id', 'member_id']).doUpdateSet((eb) => ({
        turnover: eb('ranking_turnover.turnover', '+', eb.ref('excluded.turnover')),
        rounds: eb('ranking_turnover.rounds', '+', 1),
        reached_at: eb.ref('excluded.reached_at'),
      })),
    )
    .execute();
}

/** The leaderboard: most turnover first, then who reached it first, then the lower member id. */
export function leaderboard(db: Conn, promotionId: number, limit: number) {
  return db
    .selectFrom('ranking_turnover as t')
    .innerJoin('members as m', 'm.id', 't.member_id')
    .select(['t.member_id', 't.turnover', 't.reached_at', 'm.username'])
    .where('t.promotion_id', '=', promotionId)
    .where('t.turnover', '>', 0)
    .orderBy('t.turnover', 'desc')
    .orderBy('t.reached_at')
    .orderBy('t.member_id')
    .limit(limit)
    .execute();
}

/** A member's place on the leaderboard (1-based) and turnover, or undefined. */
export async function placeOf(db: Conn, promotionId: number, memberId: number) {
  const result = await sql<{ place: string | number; turnover: string | number }>`
    SELECT (SELECT count(*) + 1 FROM ranking_turnover o
             WHERE o.promotion_id = t.promotion_id AND o.turnover > 0
               AND (o.turnover > t.turnover OR (o.turnover = t.turnover
                    AND (o.reached_at, o.member_id) < (t.reached_at, t.member_id)))) AS place,
           t.turnover
      FROM ranking_turnover t WHERE t.promotion_id = ${promotionId} AND t.member_id = ${memberId} AND t.turnover > 0
  `.execute(db);
  const row = result.rows[0];
  return row ? { place: Number(row.place), turnover: Number(row.turnover) } : undefined;
}

/** Ranking promotions past their end (or ended by the operator after starting) not paid yet. */
export function unsettledRankings(db: Conn, now: Date) {
  return db
    .selectFrom('promotions')
    .select('id')
    .where('kind', '=', 'ranking')
    .where('settled_at', 'is', null)
    .where('state', '<>', 'draft')
    .where('ends_at', 'is not', null)
    .where('ends_at', '<=', now)
    .orderBy('id')
    .execute();
}

export function lockPromotion(trx: Trx, id: number) {
  return trx.selectFrom('promotions').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export function markSettled(trx: Trx, id: number, at: Date) {
  return trx.updateTable('promotions').set({ settled_at: at }).where('id', '=', id).execute();
}

export function rewardBySource(trx: Trx, promotionId: number, source: string) {
  return trx
    .selectFrom('rewards')
    .select('id')
    .where('promotion_id', '=', promotionId)
    .where('source', '=', source)
    .executeTakeFirst();
}

// ---- the back office's writes to promotions

/** The columns an operator edits, from the form (rules and texts are stored as JSON). */
function promotionColumns(input: PromotionInput, now: Date) {
  return {
    type: input.type,
    kind: input.kind,
    starts_at: input.startsAt,
    ends_at: input.endsAt,
    rules: JSON.stringify(input.rules),
    texts: JSON.stringify(input.texts),
    sort: input.sort,
    image_id: input.imageId,
    updated_at: now,
  };
}

export function insertPromotion(db: Conn, input: PromotionInput, now: Date) {
  return db.insertInto('promotions').values(promotionColumns(input, now)).returningAll().executeTakeFirstOrThrow();
}

export function updatePromotion(db: Conn, id: number, input: PromotionInput, now: Date) {
  return db
    .updateTable('promotions')
    .set(promotionColumns(input, now))
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Moves the state only if it is still `from`, so two operators' moves at once apply once; undefined otherwise. */
export function movePromotionState(
  db: Conn,
  id: number,
  from: 'draft' | 'active' | 'paused' | 'ended',
  to: 'draft' | 'active' | 'paused' | 'ended',
  now: Date,
) {
  return db
    .updateTable('promotions')
    .set({ state: to, updated_at: now })
    .where('id', '=', id)
    .where('state', '=', from)
    .returningAll()
    .executeTakeFirst();
}

// ---- caps (docs/rewards.md "Audience, caps and maximum bet")

/** A promotion's claims so far: how many, how much money they paid, and how many were the member's. */
export async function claimTotals(trx: Trx, promotionId: number, memberId: number) {
  const r = await trx
    .selectFrom('rewards')
    .select((eb) => [
      eb.fn.countAll<string>().as('claims'),
      sql<string>`coalesce(sum(amount) FILTER (WHERE pay_as <> 'ticket'), 0)`.as('paid'),
      sql<string>`count(*) FILTER (WHERE member_id = ${memberId})`.as('mine'),
    ])
    .where('promotion_id', '=', promotionId)
    .where('state', '=', 'claimed')
    .executeTakeFirstOrThrow();
  return { claims: Number(r.claims), paid: Number(r.paid), mine: Number(r.mine) };
}

/** The smallest maximum bet of the member's active bonus wagers (null: none limits bets). */
export async function activeMaxBet(db: Conn, memberId: number): Promise<number | null> {
  const r = await db
    .selectFrom('bonus_wagers')
    .select((eb) => eb.fn.min('max_bet').as('max_bet'))
    .where('member_id', '=', memberId)
    .where('state', '=', 'active')
    .executeTakeFirst();
  return r?.max_bet === null || r?.max_bet === undefined ? null : Number(r.max_bet);
}

// ---- images

export function insertPromotionImage(
  db: Conn,
  row: { content_type: 'image/png' | 'image/jpeg' | 'image/webp'; data: Buffer; sha256: string; uploaded_by: number },
) {
  return db.insertInto('promotion_images').values(row).returning(['id', 'content_type']).executeTakeFirstOrThrow();
}

export function promotionImage(db: Conn, id: number) {
  return db.selectFrom('promotion_images').selectAll().where('id', '=', id).executeTakeFirst();
}

export function promotionImageTypes(db: Conn, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('promotion_images').select(['id', 'content_type']).where('id', 'in', ids).execute();
}

// ---- the promotion report: like the reports module, these read the cashier's deposits and the
// gateway's rounds for aggregation only.

export async function reportClaims(db: Conn, promotionId: number) {
  const r = await sql<{
    claims: string;
    members: string;
    paid: string;
    converted_n: string;
    forfeited_n: string;
    converted: string;
    forfeited: string;
  }>`
    SELECT
      (SELECT count(*) FROM rewards WHERE promotion_id = ${promotionId} AND state = 'claimed') AS claims,
      (SELECT count(DISTINCT member_id) FROM rewards WHERE promotion_id = ${promotionId} AND state = 'claimed') AS members,
      (SELECT coalesce(sum(amount), 0) FROM rewards
        WHERE promotion_id = ${promotionId} AND state = 'claimed' AND pay_as <> 'ticket') AS paid,
      count(*) FILTER (WHERE w.state = 'converted') AS converted_n,
      count(*) FILTER (WHERE w.state = 'forfeited') AS forfeited_n,
      coalesce(sum(w.converted), 0) AS converted,
      coalesce(sum(w.forfeited), 0) AS forfeited
    FROM bonus_wagers w JOIN rewards r ON r.id = w.reward_id
    WHERE r.promotion_id = ${promotionId}
  `.execute(db);
  const row = r.rows[0];
  return {
    claims: Number(row?.claims ?? 0),
    members: Number(row?.members ?? 0),
    paid: Number(row?.paid ?? 0),
    convertedCount: Number(row?.converted_n ?? 0),
    forfeitedCount: Number(row?.forfeited_n ?? 0),
    converted: Number(row?.converted ?? 0),
    forfeited: Number(row?.forfeited ?? 0),
  };
}

export async function claimantIds(db: Conn, promotionId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('rewards')
    .select('member_id')
    .distinct()
    .where('promotion_id', '=', promotionId)
    .where('state', '=', 'claimed')
    .execute();
  return rows.map((r) => Number(r.member_id));
}

/** Approved deposits (by approval time) and GGR (rounds by start, rolled back ones left out) of members in [from, to). */
export async function groupMoney(db: Conn, memberIds: number[], from: Date, to: Date) {
  if (memberIds.length === 0) return { deposits: 0, ggr: 0 };
  const r = await sql<{ deposits: string; ggr: string }>`
    SELECT
      (SELECT coalesce(sum(amount), 0) FROM deposit_orders
        WHERE member_id = ANY(${memberIds}::bigint[]) AND status = 'approved'
          AND decided_at >= ${from} AND decided_at < ${to}) AS deposits,
      (SELECT coalesce(sum(bet_amount - win_amount), 0) FROM vendor_rounds
        WHERE member_id = ANY(${memberIds}::bigint[]) AND status <> 'rolled_back'
          AND created_at >= ${from} AND created_at < ${to}) AS ggr
  `.execute(db);
  return { deposits: Number(r.rows[0]?.deposits ?? 0), ggr: Number(r.rows[0]?.ggr ?? 0) };
}
