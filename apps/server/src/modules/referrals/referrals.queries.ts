import { sql } from 'kysely';
import type { Conn, Trx } from '../../db/database';

/** Whether the referral programme is on, as a scalar subquery (the header's state reads it with the rest). */
export const programmeOnSql = sql<boolean>`(SELECT rs.enabled FROM referral_settings rs WHERE rs.id = 1)`;

export function settingsRow(db: Conn) {
  return db.selectFrom('referral_settings').select(['enabled', 'rules']).where('id', '=', 1).executeTakeFirstOrThrow();
}

export function saveSettings(db: Conn, enabled: boolean, rules: unknown, now: Date) {
  return db
    .updateTable('referral_settings')
    .set({ enabled, rules: JSON.stringify(rules), updated_at: now })
    .where('id', '=', 1)
    .execute();
}

export function insertProgress(trx: Trx, inviteeId: number, referrerId: number, at: Date) {
  return trx
    .insertInto('referral_progress')
    .values({ invitee_id: inviteeId, referrer_id: referrerId, created_at: at })
    .onConflict((oc) => oc.column('invitee_id').doNothing())
    .execute();
}

export function lockProgress(trx: Trx, inviteeId: number) {
  return trx
    .selectFrom('referral_progress')
    .selectAll()
    .where('invitee_id', '=', inviteeId)
    .forUpdate()
    .executeTakeFirst();
}

export function progressExists(trx: Trx, inviteeId: number) {
  return trx
    .selectFrom('referral_progress')
    .select('invitee_id')
    .where('invitee_id', '=', inviteeId)
    .executeTakeFirst();
}

/** Which of these members are invitees with a progress row. */
export function progressAmong(trx: Trx, inviteeIds: number[]) {
  return trx.selectFrom('referral_progress').select('invitee_id').where('invitee_id', 'in', inviteeIds).execute();
}

export function setFirstDeposit(trx: Trx, inviteeId: number, amount: number, at: Date) {
  return trx
    .updateTable('referral_progress')
    .set({ first_deposit: amount, first_deposit_at: at })
    .where('invitee_id', '=', inviteeId)
    .where('first_deposit_at', 'is', null)
    .execute();
}

export function addTurnover(trx: Trx, inviteeId: number, amount: number) {
  return trx
    .updateTable('referral_progress')
    .set((eb) => ({ turnover: eb('turnover', '+', amount) }))
    .where('invitee_id', '=', inviteeId)
    .returningAll()
    .executeTakeFirst();
}

export function setTurnoverReached(trx: Trx, inviteeId: number, at: Date) {
  return trx
    .updateTable('referral_progress')
    .set({ turnover_reached_at: at })
    .where('invitee_id', '=', inviteeId)
    .where('turnover_reached_at', 'is', null)
    .execute();
}

/** One reward row per (referrer, invitee, stage): its id, or undefined when the stage was already decided. */
export async function insertReward(
  trx: Trx,
  r: {
    referrer_id: number;
    invitee_id: number;
    stage: 'registration' | 'first_deposit' | 'turnover';
    status: 'paid' | 'refused';
    reason: string | null;
    amount: number;
    currency: string;
    pay_as: 'cash' | 'bonus';
    event_id: number;
    created_at: Date;
  },
) {
  const row = await trx
    .insertInto('referral_rewards')
    .values(r)
    .onConflict((oc) => oc.columns(['referrer_id', 'invitee_id', 'stage']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

export function setRewardPaid(trx: Trx, id: number, postingId: number | null, ticketId: number | null) {
  return trx
    .updateTable('referral_rewards')
    .set({ posting_id: postingId, ticket_id: ticketId })
    .where('id', '=', id)
    .execute();
}

/**
 * What the two members share (docs/referrals-tickets.md "self-referral"): an address they
 * registered or signed in from, or a bank account number (spaces and case ignored).
 */
export async function sharedIdentity(trx: Conn, a: number, b: number): Promise<'same_ip' | 'same_bank_account' | null> {
  const ips = await sql<{ n: string }>`
    WITH ips AS (
      SELECT id AS member_id, register_ip AS ip FROM members WHERE id IN (${a}, ${b}) AND register_ip IS NOT NULL
      UNION SELECT member_id, ip FROM member_login_ips WHERE member_id IN (${a}, ${b})
      UNION SELECT member_id, ip FROM sessions WHERE member_id IN (${a}, ${b}) AND ip IS NOT NULL
    )
    SELECT count(*) AS n FROM ips x JOIN ips y ON x.ip = y.ip AND x.member_id = ${a} AND y.member_id = ${b}`.execute(
    trx,
  );
  if (Number(ips.rows[0]?.n ?? 0) > 0) return 'same_ip';
  const banks = await sql<{ n: string }>`
    SELECT count(*) AS n FROM member_bank_accounts x JOIN member_bank_accounts y
      ON upper(regexp_replace(x.account_number, '\\s', '', 'g')) = upper(regexp_replace(y.account_number, '\\s', '', 'g'))
    WHERE x.member_id = ${a} AND y.member_id = ${b}`.execute(trx);
  if (Number(banks.rows[0]?.n ?? 0) > 0) return 'same_bank_account';
  return null;
}

export function memberForReferral(db: Conn, memberId: number) {
  return db
    .selectFrom('members')
    .select(['id', 'type', 'status', 'referral_code'])
    .where('id', '=', memberId)
    .executeTakeFirstOrThrow();
}

export async function invitedCount(db: Conn, referrerId: number) {
  const r = await db
    .selectFrom('members')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('referrer_id', '=', referrerId)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

export async function earnedTotal(db: Conn, referrerId: number) {
  const r = await db
    .selectFrom('referral_rewards')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<string>('amount'), sql<string>`0`).as('s'))
    .where('referrer_id', '=', referrerId)
    .where('status', '=', 'paid')
    .executeTakeFirstOrThrow();
  return Number(r.s);
}

/** The members who registered with this referrer, newest first, with their progress and rewards. */
export async function invitees(db: Conn, referrerId: number, page: { offset: number; limit: number }) {
  const rows = await db
    .selectFrom('members as m')
    .leftJoin('referral_progress as p', 'p.invitee_id', 'm.id')
    .select((eb) => [
      'm.id',
      'm.username',
      'm.created_at',
      'p.first_deposit_at',
      'p.turnover_reached_at',
      eb
        .selectFrom('referral_rewards as r')
        .select((e) => e.fn.coalesce(e.fn.sum<string>('r.amount'), sql<string>`0`).as('s'))
        .whereRef('r.invitee_id', '=', 'm.id')
        .where('r.referrer_id', '=', referrerId)
        .where('r.status', '=', 'paid')
        .as('earned'),
    ])
    .where('m.referrer_id', '=', referrerId)
    .orderBy('m.created_at', 'desc')
    .orderBy('m.id', 'desc')
    .offset(page.offset)
    .limit(page.limit)
    .execute();
  return rows;
}

/** Per brand day (zone tz) and stage: rewards paid and refused. */
export async function report(db: Conn, from: Date, to: Date, tz: string) {
  return (
    await sql<{
      day: string;
      stage: 'registration' | 'first_deposit' | 'turnover';
      paid: string;
      rewards: string;
      refused: string;
    }>`
      SELECT to_char(created_at AT TIME ZONE ${tz}, 'YYYY-MM-DD') AS day, stage,
        coalesce(sum(amount) FILTER (WHERE status = 'paid'), 0) AS paid,
        count(*) FILTER (WHERE status = 'paid') AS rewards,
        count(*) FILTER (WHERE status = 'refused') AS refused
      FROM referral_rewards WHERE created_at >= ${from} AND created_at < ${to}
      GROUP BY 1, 2 ORDER BY 1, 2`.execute(db)
  ).rows;
}
