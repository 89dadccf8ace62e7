import { sql } from 'kysely';
import type { Conn } from '../../db/database';
import type { SettingsRow } from '../responsible/responsible.service';

// The back office's reads of the responsible-play tables (migration 0049) and its notes.

export type ProtectionFilter = 'all' | 'limits' | 'breaks' | 'exclusions';

function protectionWhere(filter: ProtectionFilter, member: string | undefined, now: Date) {
  const active = sql`(s.break_kind IS NOT NULL AND (s.break_until IS NULL OR s.break_until > ${now}))`;
  const conds = [
    filter === 'limits'
      ? sql`(s.limits <> '{}'::jsonb OR s.pending <> '{}'::jsonb)`
      : filter === 'breaks'
        ? sql`(${active} AND s.break_kind = 'timeout')`
        : filter === 'exclusions'
          ? sql`(${active} AND s.break_kind = 'exclusion')`
          : sql`(s.limits <> '{}'::jsonb OR s.pending <> '{}'::jsonb OR s.break_kind IS NOT NULL OR s.reality_check_minutes IS NOT NULL)`,
  ];
  if (member) conds.push(sql`m.username ILIKE ${`%${member.replace(/[\\%_]/g, '\\$&')}%`}`);
  return sql.join(conds, sql` AND `);
}

export async function pageProtection(
  db: Conn,
  q: { filter: ProtectionFilter; member?: string | undefined; limit: number; offset: number },
  now: Date,
) {
  const where = protectionWhere(q.filter, q.member, now);
  const [{ rows }, { rows: count }] = await Promise.all([
    sql<SettingsRow & { username: string }>`
      SELECT s.*, m.username FROM responsible_settings s JOIN members m ON m.id = s.member_id
      WHERE ${where} ORDER BY s.updated_at DESC, s.member_id DESC LIMIT ${q.limit} OFFSET ${q.offset}`.execute(db),
    sql<{ n: string }>`SELECT count(*) AS n FROM responsible_settings s JOIN members m ON m.id = s.member_id
      WHERE ${where}`.execute(db),
  ]);
  return {
    rows: rows.map((r) => ({ ...r, member_id: Number(r.member_id) })),
    total: Number(count[0]?.n ?? 0),
  };
}

export async function settingsWithUsername(db: Conn, memberId: number) {
  const r = await db
    .selectFrom('members as m')
    .leftJoin('responsible_settings as s', 's.member_id', 'm.id')
    .select([
      'm.id',
      'm.username',
      's.limits',
      's.pending',
      's.reality_check_minutes',
      's.break_kind',
      's.break_period',
      's.break_started_at',
      's.break_until',
      's.session_day',
      's.session_started_at',
      's.limit_hit_at',
    ])
    .where('m.id', '=', memberId)
    .executeTakeFirst();
  if (!r) return undefined;
  const row: SettingsRow = {
    member_id: Number(r.id),
    limits: r.limits ?? {},
    pending: r.pending ?? {},
    reality_check_minutes: r.reality_check_minutes,
    break_kind: r.break_kind,
    break_period: r.break_period,
    break_started_at: r.break_started_at,
    break_until: r.break_until,
    session_day: r.session_day,
    session_started_at: r.session_started_at,
    limit_hit_at: r.limit_hit_at,
  };
  return { username: r.username, row };
}

/**
 * Risk signals of members (issue 15 "Back office and reports"): deposits in the last 7 days more
 * than in the 7 before (and at least 3); a deposit within 24 hours after a limit refused the
 * member; at least a third of the last 30 days' rounds (and at least 10) started between 00:00 and
 * 06:00 brand time.
 */
export async function riskSignals(db: Conn, memberIds: number[], now: Date, timeZone: string) {
  if (memberIds.length === 0) return new Map<number, { rising: boolean; chasing: boolean; night: boolean }>();
  const ids = sql.join(memberIds.map((id) => sql`${id}::bigint`));
  const { rows } = await sql<{
    member_id: string;
    recent: string;
    before: string;
    chasing: boolean;
    night: string;
    rounds: string;
  }>`
    SELECT m.id AS member_id,
      (SELECT count(*) FROM deposit_orders o WHERE o.member_id = m.id AND o.created_at >= ${now}::timestamptz - interval '7 days') AS recent,
      (SELECT count(*) FROM deposit_orders o WHERE o.member_id = m.id AND o.created_at >= ${now}::timestamptz - interval '14 days'
         AND o.created_at < ${now}::timestamptz - interval '7 days') AS before,
      EXISTS (SELECT 1 FROM responsible_events e JOIN deposit_orders o ON o.member_id = e.member_id
         AND o.created_at > e.created_at AND o.created_at <= e.created_at + interval '24 hours'
         WHERE e.member_id = m.id AND e.kind = 'limit_refused') AS chasing,
      (SELECT count(*) FILTER (WHERE extract(hour FROM r.created_at AT TIME ZONE ${timeZone}::text) < 6)
         FROM vendor_rounds r WHERE r.member_id = m.id AND r.created_at >= ${now}::timestamptz - interval '30 days') AS night,
      (SELECT count(*) FROM vendor_rounds r WHERE r.member_id = m.id AND r.created_at >= ${now}::timestamptz - interval '30 days') AS rounds
    FROM members m WHERE m.id IN (${ids})`.execute(db);
  return new Map(
    rows.map((r) => {
      const recent = Number(r.recent);
      const rounds = Number(r.rounds);
      return [
        Number(r.member_id),
        {
          rising: recent >= 3 && recent > Number(r.before),
          chasing: Boolean(r.chasing),
          night: rounds >= 10 && Number(r.night) * 3 >= rounds,
        },
      ] as const;
    }),
  );
}

export async function notesOf(db: Conn, memberId: number) {
  return db
    .selectFrom('responsible_notes as n')
    .innerJoin('members as o', 'o.id', 'n.operator_id')
    .select(['n.id', 'n.kind', 'n.text', 'o.username as operator', 'n.created_at'])
    .where('n.member_id', '=', memberId)
    .orderBy('n.created_at', 'desc')
    .orderBy('n.id', 'desc')
    .limit(200)
    .execute();
}

export async function insertNote(
  db: Conn,
  n: { memberId: number; kind: 'note' | 'contact'; text: string; operatorId: number; now: Date },
) {
  return db
    .insertInto('responsible_notes')
    .values({ member_id: n.memberId, kind: n.kind, text: n.text, operator_id: n.operatorId, created_at: n.now })
    .returning('id')
    .executeTakeFirstOrThrow();
}

/** Events per brand-time-zone month since `from`, counted by kind. */
export async function eventsByMonth(db: Conn, from: Date, timeZone: string) {
  const { rows } = await sql<{ month: string; kind: string; detail_kind: string | null; n: string }>`
    SELECT to_char(created_at AT TIME ZONE ${timeZone}::text, 'YYYY-MM') AS month, kind,
           detail->>'kind' AS detail_kind, count(*) AS n
    FROM responsible_events WHERE created_at >= ${from}
    GROUP BY 1, 2, 3 ORDER BY 1 DESC`.execute(db);
  return rows.map((r) => ({ month: r.month, kind: r.kind, detailKind: r.detail_kind, n: Number(r.n) }));
}
