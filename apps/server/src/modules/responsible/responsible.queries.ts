import { type Expression, sql } from 'kysely';
import type { Conn, Trx } from '../../db/database';
import type { LimitMap, PendingMap, ResponsibleEventKind, ResponsibleSettingsTable } from './responsible.tables';

export type SettingsRow = {
  member_id: number;
  limits: LimitMap;
  pending: PendingMap;
  reality_check_minutes: number | null;
  break_kind: 'timeout' | 'exclusion' | null;
  break_period: string | null;
  break_started_at: Date | string | null;
  break_until: Date | string | null;
  session_day: string | null;
  session_started_at: Date | string | null;
  limit_hit_at: Date | string | null;
};

const SETTINGS_COLUMNS = [
  'member_id',
  'limits',
  'pending',
  'reality_check_minutes',
  'break_kind',
  'break_period',
  'break_started_at',
  'break_until',
  'session_day',
  'session_started_at',
  'limit_hit_at',
] as const;

function asRow(r: Record<string, unknown> | undefined): SettingsRow | undefined {
  if (!r) return undefined;
  return { ...(r as SettingsRow), member_id: Number(r.member_id) };
}

/** The member's row, locked until the transaction ends (undefined: the member set nothing). */
export async function lockSettings(trx: Trx, memberId: number): Promise<SettingsRow | undefined> {
  return asRow(
    await trx
      .selectFrom('responsible_settings')
      .select(SETTINGS_COLUMNS)
      .where('member_id', '=', memberId)
      .forUpdate()
      .executeTakeFirst(),
  );
}

export async function readSettings(db: Conn, memberId: number): Promise<SettingsRow | undefined> {
  return asRow(
    await db
      .selectFrom('responsible_settings')
      .select(SETTINGS_COLUMNS)
      .where('member_id', '=', memberId)
      .executeTakeFirst(),
  );
}

/** Makes the member's row exist and locks it. */
export async function ensureSettings(trx: Trx, memberId: number): Promise<SettingsRow> {
  await trx
    .insertInto('responsible_settings')
    .values({ member_id: memberId })
    .onConflict((oc) => oc.column('member_id').doNothing())
    .execute();
  const row = await lockSettings(trx, memberId);
  if (!row) throw new Error('responsible settings row vanished');
  return row;
}

type SettingsPatch = Partial<
  Omit<ResponsibleSettingsTable, 'member_id' | 'limits' | 'pending' | 'updated_at'> & {
    limits: LimitMap;
    pending: PendingMap;
  }
>;

export async function updateSettings(trx: Trx, memberId: number, patch: SettingsPatch, now: Date): Promise<void> {
  const { limits, pending, ...rest } = patch;
  await trx
    .updateTable('responsible_settings')
    .set({
      ...rest,
      ...(limits !== undefined ? { limits: JSON.stringify(limits) } : {}),
      ...(pending !== undefined ? { pending: JSON.stringify(pending) } : {}),
      updated_at: now,
    })
    .where('member_id', '=', memberId)
    .execute();
}

export async function insertEvent(
  trx: Conn,
  e: { memberId: number; kind: ResponsibleEventKind; detail: Record<string, unknown>; operatorId?: number; now: Date },
): Promise<void> {
  await trx
    .insertInto('responsible_events')
    .values({
      member_id: e.memberId,
      kind: e.kind,
      detail: JSON.stringify(e.detail),
      operator_id: e.operatorId ?? null,
      created_at: e.now,
    })
    .execute();
}

export type Periods = { day: number; week: number; month: number };

/** The brand's time zone as brand.service defaults it (BrandSettingsSchema timeZone). */
export const DEFAULT_TIME_ZONE = 'Asia/Manila';

// The brand-time-zone starts of the day, ISO week and month containing `now`, as a CTE the usage
// reads share. The time zone is read from brand_settings in the same statement (the money paths
// call these inside their transaction, so no second round trip and no second connection);
// PostgreSQL does the time-zone arithmetic, daylight saving included.
function periodsCte(now: Date) {
  return sql`
    SELECT (date_trunc('day', x.l) AT TIME ZONE x.tz) AS d,
           (date_trunc('week', x.l) AT TIME ZONE x.tz) AS w,
           (date_trunc('month', x.l) AT TIME ZONE x.tz) AS m,
           ((date_trunc('day', x.l) + interval '1 day') AT TIME ZONE x.tz) AS next_day,
           to_char(x.l, 'YYYY-MM-DD') AS day_key
    FROM (SELECT ${now.toISOString()}::timestamptz AT TIME ZONE z.tz AS l, z.tz
          FROM (SELECT COALESCE((SELECT NULLIF(value #>> '{}', '') FROM brand_settings WHERE key = 'timeZone'),
                                ${DEFAULT_TIME_ZONE}::text) AS tz) z) x`;
}

/** Today's key (yyyy-mm-dd) and the start of tomorrow in the brand's time zone. */
export async function today(db: Conn, now: Date): Promise<{ dayKey: string; nextDay: Date }> {
  const { rows } = await sql<{ day_key: string; next_day: Date | string }>`
    WITH p AS (${periodsCte(now)}) SELECT day_key, next_day FROM p`.execute(db);
  const r = rows[0];
  if (!r) throw new Error('no period row');
  return { dayKey: r.day_key, nextDay: new Date(r.next_day) };
}

/** Deposits asked for (pending) or credited in the current day, week and month (minor units). */
export async function depositUsage(db: Conn, memberId: number, now: Date): Promise<Periods> {
  const { rows } = await sql<{ day: string; week: string; month: string }>`
    WITH p AS (${periodsCte(now)})
    SELECT COALESCE(SUM(o.amount) FILTER (WHERE o.created_at >= p.d), 0) AS day,
           COALESCE(SUM(o.amount) FILTER (WHERE o.created_at >= p.w), 0) AS week,
           COALESCE(SUM(o.amount) FILTER (WHERE o.created_at >= p.m), 0) AS month
    FROM p LEFT JOIN deposit_orders o
      ON o.member_id = ${memberId} AND o.status IN ('pending', 'approved') AND o.created_at >= LEAST(p.w, p.m)
    GROUP BY p.d, p.w, p.m`.execute(db);
  return numbers(rows[0]);
}

/**
 * Stakes and net loss (stakes minus wins, open rounds counting their whole stake) of the rounds
 * started in the current day, week and month; rolled-back rounds count nothing.
 */
export async function playUsage(db: Conn, memberId: number, now: Date): Promise<{ wager: Periods; loss: Periods }> {
  const { rows } = await sql<Record<string, string>>`
    WITH p AS (${periodsCte(now)})
    SELECT COALESCE(SUM(r.bet_amount) FILTER (WHERE r.created_at >= p.d), 0) AS wager_day,
           COALESCE(SUM(r.bet_amount) FILTER (WHERE r.created_at >= p.w), 0) AS wager_week,
           COALESCE(SUM(r.bet_amount) FILTER (WHERE r.created_at >= p.m), 0) AS wager_month,
           COALESCE(SUM(r.bet_amount - r.win_amount) FILTER (WHERE r.created_at >= p.d), 0) AS loss_day,
           COALESCE(SUM(r.bet_amount - r.win_amount) FILTER (WHERE r.created_at >= p.w), 0) AS loss_week,
           COALESCE(SUM(r.bet_amount - r.win_amount) FILTER (WHERE r.created_at >= p.m), 0) AS loss_month
    FROM p LEFT JOIN vendor_rounds r
      ON r.member_id = ${memberId} AND r.status <> 'rolled_back' AND r.created_at >= LEAST(p.w, p.m)
    GROUP BY p.d, p.w, p.m`.execute(db);
  const r = rows[0] ?? {};
  return {
    wager: { day: Number(r.wager_day ?? 0), week: Number(r.wager_week ?? 0), month: Number(r.wager_month ?? 0) },
    loss: { day: Number(r.loss_day ?? 0), week: Number(r.loss_week ?? 0), month: Number(r.loss_month ?? 0) },
  };
}

function numbers(r: { day: string; week: string; month: string } | undefined): Periods {
  return { day: Number(r?.day ?? 0), week: Number(r?.week ?? 0), month: Number(r?.month ?? 0) };
}

/** The member-area session's start (the login the reality check counts from). */
export async function sessionStart(db: Conn, sessionId: number): Promise<Date | undefined> {
  const r = await db.selectFrom('sessions').select('created_at').where('id', '=', sessionId).executeTakeFirst();
  return r ? new Date(r.created_at) : undefined;
}

/**
 * A live real-money game session by its token's hash: its member and the member's login it was
 * launched from (the latest member-area session opened before the game).
 */
export async function gameSessionLogin(db: Conn, tokenHash: string, now: Date) {
  const game = await db
    .selectFrom('game_sessions')
    .select(['member_id', 'created_at'])
    .where('token_hash', '=', tokenHash)
    .where('trial', '=', false)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  if (!game || game.member_id === null) return undefined;
  const login = await db
    .selectFrom('sessions')
    .select('id')
    .where('member_id', '=', game.member_id)
    .where('area', '=', 'member')
    .where('created_at', '<=', game.created_at)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return { memberId: Number(game.member_id), sessionId: login ? Number(login.id) : null };
}

/** Wins minus stakes of the rounds started since `since` (minor units). */
export async function netSince(db: Conn, memberId: number, since: Date): Promise<number> {
  const r = await db
    .selectFrom('vendor_rounds')
    .select(sql<string>`COALESCE(SUM(win_amount - bet_amount), 0)`.as('net'))
    .where('member_id', '=', memberId)
    .where('created_at', '>=', since)
    .where('status', '<>', 'rolled_back')
    .executeTakeFirst();
  return Number(r?.net ?? 0);
}

export type StatementRow = { month: string; deposits: number; withdrawals: number; bets: number; wins: number };

/**
 * Per brand-time-zone month since `from`: credited deposits (by decision time), paid-out
 * withdrawals (approved, by approval time), and the stakes and wins of rounds (by start time).
 */
export async function statement(db: Conn, memberId: number, from: Date, timeZone: string): Promise<StatementRow[]> {
  const { rows } = await sql<{ month: string; deposits: string; withdrawals: string; bets: string; wins: string }>`
    WITH facts AS (
      SELECT to_char(decided_at AT TIME ZONE ${timeZone}::text, 'YYYY-MM') AS month, amount AS deposits,
             0::bigint AS withdrawals, 0::bigint AS bets, 0::bigint AS wins
        FROM deposit_orders WHERE member_id = ${memberId} AND status = 'approved' AND decided_at >= ${from}
      UNION ALL
      SELECT to_char(approved_at AT TIME ZONE ${timeZone}::text, 'YYYY-MM'), 0, amount, 0, 0
        FROM withdrawal_orders WHERE member_id = ${memberId} AND approved_at IS NOT NULL
         AND status IN ('approved', 'paid', 'confirmed') AND approved_at >= ${from}
      UNION ALL
      SELECT to_char(created_at AT TIME ZONE ${timeZone}::text, 'YYYY-MM'), 0, 0, bet_amount, win_amount
        FROM vendor_rounds WHERE member_id = ${memberId} AND status <> 'rolled_back' AND created_at >= ${from}
    )
    SELECT month, SUM(deposits) AS deposits, SUM(withdrawals) AS withdrawals, SUM(bets) AS bets, SUM(wins) AS wins
    FROM facts GROUP BY month ORDER BY month DESC`.execute(db);
  return rows.map((r) => ({
    month: r.month,
    deposits: Number(r.deposits),
    withdrawals: Number(r.withdrawals),
    bets: Number(r.bets),
    wins: Number(r.wins),
  }));
}

/**
 * True for a member on a time-out or self-exclusion at `now`: broadcasts and other marketing leave
 * such members out (no marketing message during a break). `member` is the member id
 * column of the caller's query, e.g. sql.ref('members.id'); use as
 * `.where(marketingBlocked(sql.ref('members.id'), now), '=', false)` or `.where(not(...))`.
 */
export function marketingBlocked(member: Expression<number>, now: Date) {
  return sql<boolean>`EXISTS (SELECT 1 FROM responsible_settings rs WHERE rs.member_id = ${member}
    AND rs.break_kind IS NOT NULL AND (rs.break_until IS NULL OR rs.break_until > ${now}))`;
}

// ---- the back office's reads of the responsible-play tables, and its notes

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
 * Risk signals of members, for the back office: deposits in the last 7 days more
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
