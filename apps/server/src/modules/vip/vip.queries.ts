import { sql } from 'kysely';
import type { Conn } from '../../db/database';
import type { VipBonusKind } from './vip.tables';

// Kysely over the VIP tables (vip_levels of 0001 and 0036, vip_settings, vip_member_days,
// vip_bonuses, vip_level_changes, vip_reviews). Days are brand days as 'yyyy-mm-dd' text.

export type LevelRow = Awaited<ReturnType<typeof allLevels>>[number];

export function allLevels(db: Conn) {
  return db
    .selectFrom('vip_levels')
    .select([
      'level',
      'label_name',
      'min_deposit',
      'min_valid_bet',
      'upgrade_bonus',
      'monthly_bonus',
      'birthday_bonus',
      'withdraw_daily_count',
      'withdraw_daily_amount',
      'rebate_rates',
    ])
    .orderBy('level')
    .execute();
}

export function settingsRow(db: Conn) {
  return db
    .selectFrom('vip_settings')
    .select(['window_days', 'rebate_mode', 'rebate_hour'])
    .where('id', '=', 1)
    .executeTakeFirstOrThrow();
}

export async function saveSettings(
  db: Conn,
  s: { window_days: number; rebate_mode: 'automatic' | 'manual'; rebate_hour: number },
  now: Date,
) {
  await db
    .updateTable('vip_settings')
    .set({ ...s, updated_at: now })
    .where('id', '=', 1)
    .execute();
}

/** Adds a deposit or a valid bet to the member's brand day. */
export async function addToMemberDay(db: Conn, memberId: number, day: string, add: { deposits: number; bets: number }) {
  await db
    .insertInto('vip_member_days')
    .values({ member_id: memberId, day, deposits: add.deposits, valid_bets: add.bets })
    .onConflict((oc) =>
      oc.columns(['member_id', 'day']).doUpdateSet({
        deposits: sql`vip_member_days.deposits + excluded.deposits`,
        valid_bets: sql`vip_member_days.valid_bets + excluded.valid_bets`,
      }),
    )
    .execute();
}

/** addToMemberDay for several (member, day) pairs at once (the pairs distinct). */
export async function addToMemberDays(
  db: Conn,
  rows: { memberId: number; day: string; deposits: number; bets: number }[],
) {
  if (rows.length === 0) return;
  await db
    .insertInto('vip_member_days')
    .values(rows.map((r) => ({ member_id: r.memberId, day: r.day, deposits: r.deposits, valid_bets: r.bets })))
    .onConflict((oc) =>
      oc.columns(['member_id', 'day']).doUpdateSet({
        deposits: sql`vip_member_days.deposits + excluded.deposits`,
        valid_bets: sql`vip_member_days.valid_bets + excluded.valid_bets`,
      }),
    )
    .execute();
}

/** windowTotals of several members (a member without days is absent). */
export async function windowTotalsOf(db: Conn, memberIds: number[], fromDay: string) {
  const rows = await db
    .selectFrom('vip_member_days')
    .select([
      'member_id',
      sql<string>`coalesce(sum(deposits), 0)::text`.as('deposits'),
      sql<string>`coalesce(sum(valid_bets), 0)::text`.as('bets'),
    ])
    .where('member_id', 'in', memberIds)
    .where('day', '>=', fromDay)
    .groupBy('member_id')
    .execute();
  return new Map(rows.map((r) => [Number(r.member_id), { deposits: Number(r.deposits), validBets: Number(r.bets) }]));
}

/** The member's deposits and valid bets over the brand days from `fromDay` on. */
export async function windowTotals(db: Conn, memberId: number, fromDay: string) {
  const row = await db
    .selectFrom('vip_member_days')
    .select([
      sql<string>`coalesce(sum(deposits), 0)::text`.as('deposits'),
      sql<string>`coalesce(sum(valid_bets), 0)::text`.as('bets'),
    ])
    .where('member_id', '=', memberId)
    .where('day', '>=', fromDay)
    .executeTakeFirstOrThrow();
  return { deposits: Number(row.deposits), validBets: Number(row.bets) };
}

/**
 * The member row taken FOR NO KEY UPDATE: every level change and bonus of a member queues here. Not
 * FOR UPDATE: that would also block every insert referencing the member (a foreign key's KEY SHARE),
 * the bet path's rounds included, until the rewards engine's batch commits.
 */
export function lockMember(db: Conn, memberId: number) {
  return db
    .selectFrom('members')
    .select(['id', 'username', 'type', 'vip_level', sql<string | null>`to_char(birthday, 'MM-DD')`.as('birthday')])
    .where('id', '=', memberId)
    .forNoKeyUpdate()
    .executeTakeFirst();
}

/** lockMember for several members in one statement, in id order (one lock order for every batch). */
export function lockMembers(db: Conn, memberIds: number[]) {
  return db
    .selectFrom('members')
    .select(['id', 'type', 'vip_level'])
    .where('id', 'in', memberIds)
    .orderBy('id')
    .forNoKeyUpdate()
    .execute();
}

export function memberById(db: Conn, memberId: number) {
  return db
    .selectFrom('members')
    .select(['id', 'username', 'type', 'vip_level'])
    .where('id', '=', memberId)
    .executeTakeFirst();
}

export async function insertLevelChange(
  db: Conn,
  c: {
    memberId: number;
    from: number;
    to: number;
    source: 'upgrade' | 'review' | 'operator';
    reason?: string;
    operatorId?: number | null;
    now: Date;
  },
) {
  await db
    .insertInto('vip_level_changes')
    .values({
      member_id: c.memberId,
      from_level: c.from,
      to_level: c.to,
      source: c.source,
      reason: c.reason ?? '',
      operator_id: c.operatorId ?? null,
      created_at: c.now,
    })
    .execute();
}

export function levelChanges(db: Conn, memberId: number, limit = 50) {
  return db
    .selectFrom('vip_level_changes')
    .select(['from_level', 'to_level', 'source', 'reason', 'created_at'])
    .where('member_id', '=', memberId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** Records a bonus; undefined when this (member, kind, period) was already paid. */
export async function insertBonus(
  db: Conn,
  b: {
    memberId: number;
    kind: VipBonusKind;
    period: string;
    level: number;
    amount: number;
    currency: string;
    now: Date;
  },
) {
  const row = await db
    .insertInto('vip_bonuses')
    .values({
      member_id: b.memberId,
      kind: b.kind,
      period: b.period,
      level: b.level,
      amount: b.amount,
      currency: b.currency,
      created_at: b.now,
    })
    .onConflict((oc) => oc.columns(['member_id', 'kind', 'period']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

export function bonusesOf(db: Conn, memberId: number) {
  return db
    .selectFrom('vip_bonuses')
    .select(['kind', 'period', 'level', 'amount', 'created_at'])
    .where('member_id', '=', memberId)
    .orderBy('id')
    .execute();
}

/** Records the month's review of a member; false when it was already done. */
export async function insertReview(db: Conn, memberId: number, month: string, from: number, to: number, now: Date) {
  const row = await db
    .insertInto('vip_reviews')
    .values({ member_id: memberId, month, from_level: from, to_level: to, created_at: now })
    .onConflict((oc) => oc.columns(['member_id', 'month']).doNothing())
    .returning('member_id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Members above level 0 not yet reviewed this month and holding no level set by hand at `now` (a batch). */
export async function membersToReview(db: Conn, month: string, now: Date, limit: number) {
  const rows = await db
    .selectFrom('members as m')
    .select('m.id')
    .where('m.vip_level', '>', 0)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('vip_level_holds as h')
            .select('h.member_id')
            .whereRef('h.member_id', '=', 'm.id')
            .where('h.ends_at', '>', now),
        ),
      ),
    )
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('vip_reviews as r')
            .select('r.member_id')
            .whereRef('r.member_id', '=', 'm.id')
            .where('r.month', '=', month),
        ),
      ),
    )
    .orderBy('m.id')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

/** Members above level 0 whose birthday is `mmdd` (or among `mmdds`) and who have no birthday bonus for `year`. */
export async function birthdayMembers(db: Conn, mmdds: string[], year: string, limit: number) {
  const rows = await db
    .selectFrom('members as m')
    .select('m.id')
    .where('m.vip_level', '>', 0)
    .where('m.birthday', 'is not', null)
    .where(sql<string>`to_char(m.birthday, 'MM-DD')`, 'in', mmdds)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('vip_bonuses as b')
            .select('b.id')
            .whereRef('b.member_id', '=', 'm.id')
            .where('b.kind', '=', 'birthday')
            .where('b.period', '=', year),
        ),
      ),
    )
    .orderBy('m.id')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

/** The member's withdrawal requests since `since` that still count (every one not rejected). */
export async function withdrawalsSince(db: Conn, memberId: number, since: Date) {
  const row = await db
    .selectFrom('withdrawal_orders')
    .select([sql<string>`count(*)::text`.as('n'), sql<string>`coalesce(sum(amount), 0)::text`.as('total')])
    .where('member_id', '=', memberId)
    .where('status', '<>', 'rejected')
    .where('created_at', '>=', since)
    .executeTakeFirstOrThrow();
  return { count: Number(row.n), amount: Number(row.total) };
}

export async function highestMemberLevel(db: Conn): Promise<number> {
  const row = await db
    .selectFrom('members')
    .select(sql<number | null>`max(vip_level)`.as('top'))
    .executeTakeFirstOrThrow();
  return row.top ?? 0;
}

export type LevelValues = {
  level: number;
  label_name: string;
  min_deposit: number;
  min_valid_bet: number;
  upgrade_bonus: number;
  monthly_bonus: number;
  birthday_bonus: number;
  withdraw_daily_count: number | null;
  withdraw_daily_amount: number | null;
  rebate_rates: Record<string, number>;
};

/** Replaces the whole level table (levels above the new top are removed). */
export async function replaceLevels(db: Conn, levels: LevelValues[], now: Date) {
  const top = levels.length - 1;
  await db.deleteFrom('vip_levels').where('level', '>', top).execute();
  for (const l of levels) {
    const values = { ...l, rebate_rates: JSON.stringify(l.rebate_rates), updated_at: now };
    await db
      .insertInto('vip_levels')
      .values(values)
      .onConflict((oc) => oc.column('level').doUpdateSet({ ...values, level: undefined }))
      .execute();
  }
}

export function memberByUsername(db: Conn, username: string) {
  return db.selectFrom('members').select('id').where('username', '=', username).executeTakeFirst();
}

// ---- levels set by hand

/** The member's level set by hand, when it still holds at `now`. */
export function activeHold(db: Conn, memberId: number, now: Date) {
  return db
    .selectFrom('vip_level_holds')
    .select(['level', 'until_kind', sql<string>`to_char(last_day, 'YYYY-MM-DD')`.as('last_day'), 'ends_at', 'set_at'])
    .where('member_id', '=', memberId)
    .where('ends_at', '>', now)
    .executeTakeFirst();
}

/** Which of `memberIds` hold a level set by hand at `now`. */
export async function heldMembers(db: Conn, memberIds: number[], now: Date): Promise<Set<number>> {
  if (memberIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('vip_level_holds')
    .select('member_id')
    .where('member_id', 'in', memberIds)
    .where('ends_at', '>', now)
    .execute();
  return new Set(rows.map((r) => Number(r.member_id)));
}

export async function saveHold(
  db: Conn,
  h: {
    memberId: number;
    level: number;
    untilKind: 'date' | 'review';
    lastDay: string;
    endsAt: Date;
    setBy: number;
    now: Date;
  },
) {
  const row = {
    level: h.level,
    until_kind: h.untilKind,
    last_day: h.lastDay,
    ends_at: h.endsAt,
    set_by: h.setBy,
    set_at: h.now,
  };
  await db
    .insertInto('vip_level_holds')
    .values({ member_id: h.memberId, ...row })
    .onConflict((oc) => oc.column('member_id').doUpdateSet(row))
    .execute();
}
