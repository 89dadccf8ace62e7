import { type Expression, type RawBuilder, sql } from 'kysely';
import type { Conn } from '../../db/database';
import type { MissionsTable } from './missions.tables';

// Missions: Kysely only (rules in missions.service.ts, docs/missions.md).

export type MissionValues = {
  period: MissionsTable['period'];
  newbie_days: number | null;
  task: MissionsTable['task'];
  target: number;
  min_deposit: number | null;
  game_type: string | null;
  reward_kind: MissionsTable['reward_kind'];
  reward_amount: number;
  reward_ticket_kind_id: number | null;
  reward_wagering: string | null;
  claim_days: number;
  starts_at: Date;
  ends_at: Date | null;
  texts: string;
  sort: number;
  updated_at: Date;
};

export function allMissions(db: Conn) {
  return db.selectFrom('missions').selectAll().orderBy('sort').orderBy('id').execute();
}

export function missionById(db: Conn, id: number) {
  return db.selectFrom('missions').selectAll().where('id', '=', id).executeTakeFirst();
}

export function lockMission(db: Conn, id: number) {
  return db.selectFrom('missions').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export function insertMission(db: Conn, v: MissionValues) {
  return db.insertInto('missions').values(v).returningAll().executeTakeFirstOrThrow();
}

export function updateMission(
  db: Conn,
  id: number,
  v: Partial<MissionValues> & { state?: 'draft' | 'active' | 'paused' | 'ended' },
) {
  return db
    .updateTable('missions')
    .set(v as never)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Active missions of these tasks whose window holds `at` (the fact's time). */
export function runningMissions(db: Conn, tasks: string[], at: Date) {
  return db
    .selectFrom('missions')
    .selectAll()
    .where('state', '=', 'active')
    .where('task', 'in', tasks as never)
    .where('starts_at', '<=', at)
    .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', at)]))
    .orderBy('id')
    .execute();
}

/** Missions of these tasks active at some instant in [from, to] (an engine batch's span), by id. */
export function missionsRunningBetween(db: Conn, tasks: string[], from: Date, to: Date) {
  return db
    .selectFrom('missions')
    .selectAll()
    .where('state', '=', 'active')
    .where('task', 'in', tasks as never)
    .where('starts_at', '<=', to)
    .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', from)]))
    .orderBy('id')
    .execute();
}

/** memberRegisteredAt of several members. */
export function membersRegisteredAt(db: Conn, memberIds: number[]) {
  return db.selectFrom('members').select(['id', 'created_at', 'type']).where('id', 'in', memberIds).execute();
}

export function memberRegisteredAt(db: Conn, memberId: number) {
  return db.selectFrom('members').select(['created_at', 'type']).where('id', '=', memberId).executeTakeFirst();
}

/**
 * Adds to a member's progress in one period (made on first progress with the mission's terms) and
 * completes it at the target; a completed row does not move.
 */
export async function addProgress(
  db: Conn,
  v: {
    missionId: number;
    memberId: number;
    periodStart: Date;
    periodEnd: Date;
    add: number;
    target: number;
    rewardKind: MissionsTable['reward_kind'];
    rewardAmount: number;
    rewardTicketKindId: number | null;
    rewardWagering: string | null;
    currency: string;
    at: Date;
    claimDays: number;
  },
): Promise<void> {
  const first = Math.min(v.add, v.target);
  const claimUntil = new Date(v.at.getTime() + v.claimDays * 86_400_000);
  await sql`
    INSERT INTO mission_progress AS p
      (mission_id, member_id, period_start, period_end, progress, target, reward_kind, reward_amount,
       reward_ticket_kind_id, reward_wagering, currency, completed_at, claim_expires_at, updated_at)
    VALUES (${v.missionId}, ${v.memberId}, ${v.periodStart}, ${v.periodEnd}, ${first}, ${v.target}, ${v.rewardKind},
       ${v.rewardAmount}, ${v.rewardTicketKindId}, ${v.rewardWagering}::jsonb, ${v.currency},
       ${first >= v.target ? v.at : null}, ${first >= v.target ? claimUntil : null}, ${v.at})
    ON CONFLICT (mission_id, member_id, period_start) DO UPDATE SET
      progress = least(p.target, p.progress + ${v.add}),
      completed_at = CASE WHEN p.progress + ${v.add} >= p.target THEN ${v.at}::timestamptz END,
      claim_expires_at = CASE WHEN p.progress + ${v.add} >= p.target THEN ${claimUntil}::timestamptz END,
      updated_at = ${v.at}
    WHERE p.completed_at IS NULL`.execute(db);
}

/** The member's progress rows of periods still running at `now`, or completed and not yet claimed. */
export function progressOf(db: Conn, memberId: number, now: Date) {
  return db
    .selectFrom('mission_progress')
    .selectAll()
    .where('member_id', '=', memberId)
    .where((eb) =>
      eb.or([
        eb('period_end', '>', now),
        eb.and([eb('completed_at', 'is not', null), eb('claimed_at', 'is', null), eb('claim_expires_at', '>', now)]),
      ]),
    )
    .orderBy('period_start', 'desc')
    .execute();
}

export function lockProgress(db: Conn, id: number) {
  return db.selectFrom('mission_progress').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function markClaimed(
  db: Conn,
  id: number,
  at: Date,
  postingId: number | null,
  ticketIds: number[] | null = null,
): Promise<void> {
  await db
    .updateTable('mission_progress')
    .set({ claimed_at: at, posting_id: postingId, ticket_ids: ticketIds === null ? null : JSON.stringify(ticketIds) })
    .where('id', '=', id)
    .execute();
}

/**
 * How many of the member's completed missions wait to be claimed at `now`, as a scalar subquery on
 * `member`, an id column of the enclosing query (the member centre's badge).
 */
export function claimableMissionsSql(member: Expression<unknown>, now: unknown): RawBuilder<string> {
  return sql<string>`(SELECT count(*) FROM mission_progress mp WHERE mp.member_id = ${member}
    AND mp.completed_at IS NOT NULL AND mp.claimed_at IS NULL AND mp.claim_expires_at > ${now})`;
}

/** Members by missions completed in [from, to): the leaderboard, best first. */
export async function leaderboard(db: Conn, from: Date, to: Date, limit: number) {
  const { rows } = await sql<{ member_id: string | number; username: string; completed: string | number }>`
    SELECT p.member_id, m.username, count(*) AS completed
    FROM mission_progress p JOIN members m ON m.id = p.member_id
    WHERE p.completed_at >= ${from} AND p.completed_at < ${to}
    GROUP BY p.member_id, m.username
    ORDER BY count(*) DESC, max(p.completed_at), p.member_id
    LIMIT ${limit}`.execute(db);
  return rows.map((r) => ({ memberId: Number(r.member_id), username: r.username, completed: Number(r.completed) }));
}

/** One member's count and rank in [from, to) (rank 0 when none). */
export async function leaderboardRankOf(db: Conn, memberId: number, from: Date, to: Date) {
  const { rows } = await sql<{ completed: string | number; rank: string | number; username: string }>`
    WITH counts AS (
      SELECT member_id, count(*) AS completed, max(completed_at) AS last
      FROM mission_progress WHERE completed_at >= ${from} AND completed_at < ${to}
      GROUP BY member_id
    ), ranked AS (
      SELECT member_id, completed, row_number() OVER (ORDER BY completed DESC, last, member_id) AS rank FROM counts
    )
    SELECT r.completed, r.rank, m.username FROM ranked r JOIN members m ON m.id = r.member_id
    WHERE r.member_id = ${memberId}`.execute(db);
  const r = rows[0];
  return r ? { completed: Number(r.completed), rank: Number(r.rank), username: r.username } : null;
}

/** Per mission and brand day: completions and what claims paid. */
export async function costRows(db: Conn, from: string, to: string, tz: string) {
  const { rows } = await sql<{
    day: string;
    mission_id: string | number;
    completed: string | number;
    claims: string | number;
    cash: string | number;
    bonus: string | number;
    points: string | number;
    tickets: string | number;
  }>`
    WITH done AS (
      SELECT to_char(completed_at AT TIME ZONE ${tz}, 'YYYY-MM-DD') AS day, mission_id, count(*) AS completed
      FROM mission_progress WHERE completed_at IS NOT NULL
        AND (completed_at AT TIME ZONE ${tz})::date BETWEEN ${from}::date AND ${to}::date
      GROUP BY 1, 2
    ), paid AS (
      SELECT to_char(claimed_at AT TIME ZONE ${tz}, 'YYYY-MM-DD') AS day, mission_id, count(*) AS claims,
        coalesce(sum(reward_amount) FILTER (WHERE reward_kind = 'cash'), 0) AS cash,
        coalesce(sum(reward_amount) FILTER (WHERE reward_kind = 'bonus'), 0) AS bonus,
        coalesce(sum(reward_amount) FILTER (WHERE reward_kind = 'points'), 0) AS points,
        coalesce(sum(reward_amount) FILTER (WHERE reward_kind = 'ticket'), 0) AS tickets
      FROM mission_progress WHERE claimed_at IS NOT NULL
        AND (claimed_at AT TIME ZONE ${tz})::date BETWEEN ${from}::date AND ${to}::date
      GROUP BY 1, 2
    )
    SELECT coalesce(d.day, p.day) AS day, coalesce(d.mission_id, p.mission_id) AS mission_id,
      coalesce(d.completed, 0) AS completed, coalesce(p.claims, 0) AS claims,
      coalesce(p.cash, 0) AS cash, coalesce(p.bonus, 0) AS bonus, coalesce(p.points, 0) AS points,
      coalesce(p.tickets, 0) AS tickets
    FROM done d FULL JOIN paid p ON p.day = d.day AND p.mission_id = d.mission_id
    ORDER BY 1, 2`.execute(db);
  return rows.map((r) => ({
    day: r.day,
    missionId: Number(r.mission_id),
    completed: Number(r.completed),
    claims: Number(r.claims),
    cash: Number(r.cash),
    bonus: Number(r.bonus),
    points: Number(r.points),
    tickets: Number(r.tickets),
  }));
}
