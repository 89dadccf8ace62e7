import { sql } from 'kysely';
import type { Conn } from '../../db/database';
import type { RebateMode } from '../vip/vip.tables';
import type { RebateLine } from './rebates.tables';

// Kysely over rebate_accruals and rebate_payouts (migration 0037).

/** The rate (ppm) of a game type at the member's current level; 0 when none. */
export async function memberRate(db: Conn, memberId: number, gameType: string) {
  const row = await db
    .selectFrom('members as m')
    .leftJoin('vip_levels as l', 'l.level', 'm.vip_level')
    .select(['m.type', sql<number | null>`(l.rebate_rates ->> ${gameType})::int`.as('rate')])
    .where('m.id', '=', memberId)
    .executeTakeFirst();
  return row ? { type: row.type, rate: row.rate ?? 0 } : undefined;
}

/**
 * memberRate for several (member, game type) pairs in one statement, keyed `<member>|<game type>`;
 * a member that does not exist is absent.
 */
export async function memberRates(db: Conn, pairs: { memberId: number; gameType: string }[]) {
  const rows = (
    await sql<{ member_id: number | string; game_type: string; type: number; rate: number | null }>`
      SELECT p.member_id, p.game_type, m.type, (l.rebate_rates ->> p.game_type)::int AS rate
      FROM (SELECT DISTINCT "memberId" AS member_id, "gameType" AS game_type
              FROM jsonb_to_recordset(${JSON.stringify(pairs)}::jsonb) AS x("memberId" bigint, "gameType" text)) p
      JOIN members m ON m.id = p.member_id
      LEFT JOIN vip_levels l ON l.level = m.vip_level`.execute(db)
  ).rows;
  return new Map(rows.map((r) => [`${Number(r.member_id)}|${r.game_type}`, { type: r.type, rate: r.rate ?? 0 }]));
}

/** A settled round's rebate accrual: its valid bet at the member's rate for its game type. */
export type Accrual = {
  memberId: number;
  eventId: number;
  gameType: string;
  validBet: number;
  ratePpm: number;
  settledAt: Date;
};

/** Records accruals in one statement, in their order; an event already accrued is skipped. */
export async function insertAccruals(db: Conn, rows: Accrual[]) {
  if (rows.length === 0) return;
  await db
    .insertInto('rebate_accruals')
    .values(
      rows.map((a) => ({
        member_id: a.memberId,
        event_id: a.eventId,
        game_type: a.gameType,
        valid_bet: a.validBet,
        rate_ppm: a.ratePpm,
        settled_at: a.settledAt,
      })),
    )
    .onConflict((oc) => oc.column('event_id').doNothing())
    .execute();
}

export async function insertAccrual(db: Conn, a: Accrual) {
  await insertAccruals(db, [a]);
}

/** The member's unpaid accruals (settled before `before` when given), locked for the payout. */
export function lockUnpaid(db: Conn, memberId: number, before?: Date) {
  let q = db
    .selectFrom('rebate_accruals')
    .select(['id', 'game_type', 'valid_bet', 'rate_ppm'])
    .where('member_id', '=', memberId)
    .where('payout_id', 'is', null);
  if (before) q = q.where('settled_at', '<', before);
  return q.orderBy('id').forUpdate().execute();
}

/** Unpaid totals by (game type, rate) for display: amount = floor(sum of bets x rate / 1e6). */
export function unpaidGroups(db: Conn, memberId: number) {
  return db
    .selectFrom('rebate_accruals')
    .select([
      'game_type',
      'rate_ppm',
      sql<string>`sum(valid_bet)::text`.as('valid_bet'),
      sql<string>`floor(sum(valid_bet) * rate_ppm / 1000000)::text`.as('amount'),
    ])
    .where('member_id', '=', memberId)
    .where('payout_id', 'is', null)
    .groupBy(['game_type', 'rate_ppm'])
    .execute();
}

export async function insertPayout(
  db: Conn,
  p: {
    memberId: number;
    mode: RebateMode;
    payDay: string | null;
    amount: number;
    validBet: number;
    lines: RebateLine[];
    currency: string;
    now: Date;
  },
) {
  const row = await db
    .insertInto('rebate_payouts')
    .values({
      member_id: p.memberId,
      mode: p.mode,
      pay_day: p.payDay,
      amount: p.amount,
      valid_bet: p.validBet,
      lines: JSON.stringify(p.lines),
      currency: p.currency,
      created_at: p.now,
    })
    .onConflict((oc) => oc.columns(['member_id', 'pay_day']).where('mode', '=', 'automatic').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

export async function markPaid(db: Conn, ids: number[], payoutId: number) {
  if (ids.length === 0) return;
  await db.updateTable('rebate_accruals').set({ payout_id: payoutId }).where('id', 'in', ids).execute();
}

export function automaticPayoutExists(db: Conn, memberId: number, day: string) {
  return db
    .selectFrom('rebate_payouts')
    .select('id')
    .where('member_id', '=', memberId)
    .where('mode', '=', 'automatic')
    .where('pay_day', '=', day)
    .executeTakeFirst();
}

/**
 * Members with a rebate due for the automatic payout of `day`: unpaid accruals settled before
 * `before` worth at least one minor unit, and no automatic payout for that day yet.
 */
export async function membersDue(db: Conn, day: string, before: Date, limit: number) {
  const rows = await sql<{ member_id: number }>`
    SELECT g.member_id FROM (
      SELECT member_id, floor(sum(valid_bet) * rate_ppm / 1000000) AS amount
      FROM rebate_accruals
      WHERE payout_id IS NULL AND settled_at < ${before}
      GROUP BY member_id, game_type, rate_ppm
    ) g
    WHERE NOT EXISTS (
      SELECT 1 FROM rebate_payouts p WHERE p.member_id = g.member_id AND p.mode = 'automatic' AND p.pay_day = ${day}::date
    )
    GROUP BY g.member_id
    HAVING sum(g.amount) > 0
    ORDER BY g.member_id
    LIMIT ${limit}`.execute(db);
  return rows.rows.map((r) => Number(r.member_id));
}

/** The member row, first and FOR NO KEY UPDATE (docs/wallet.md "Lock order"). */
export function lockMember(db: Conn, memberId: number) {
  return db.selectFrom('members').select('id').where('id', '=', memberId).forNoKeyUpdate().executeTakeFirst();
}

export function pagePayouts(db: Conn, memberId: number, page: { limit: number; offset: number }) {
  return db
    .selectFrom('rebate_payouts')
    .select(['id', 'mode', 'amount', 'valid_bet', 'lines', 'created_at'])
    .where('member_id', '=', memberId)
    .orderBy('id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

export async function countPayouts(db: Conn, memberId: number) {
  const row = await db
    .selectFrom('rebate_payouts')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('member_id', '=', memberId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function lastPayout(db: Conn, memberId: number) {
  return db
    .selectFrom('rebate_payouts')
    .select('created_at')
    .where('member_id', '=', memberId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Accrued (by the settled day of the rounds) per brand day between two instants. */
export async function accruedByDay(db: Conn, from: Date, to: Date, tz: string) {
  const rows = await sql<{ day: string; valid_bet: string; amount: string }>`
    SELECT day, sum(valid_bet)::text AS valid_bet, sum(amount)::text AS amount FROM (
      SELECT (settled_at AT TIME ZONE ${tz})::date::text AS day, sum(valid_bet) AS valid_bet,
             floor(sum(valid_bet) * rate_ppm / 1000000) AS amount
      FROM rebate_accruals
      WHERE settled_at >= ${from} AND settled_at < ${to}
      GROUP BY 1, game_type, rate_ppm
    ) g GROUP BY day`.execute(db);
  return rows.rows;
}

/** Paid per brand day (of the payment) between two instants. */
export async function paidByDay(db: Conn, from: Date, to: Date, tz: string) {
  const rows = await sql<{ day: string; amount: string; n: string }>`
    SELECT (created_at AT TIME ZONE ${tz})::date::text AS day, sum(amount)::text AS amount, count(*)::text AS n
    FROM rebate_payouts
    WHERE created_at >= ${from} AND created_at < ${to}
    GROUP BY 1`.execute(db);
  return rows.rows;
}
