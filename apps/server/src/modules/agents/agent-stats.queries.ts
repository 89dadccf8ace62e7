import { type RawBuilder, sql } from 'kysely';
import type { Conn } from '../../db/database';
import type {} from './agent-stats.tables';
import { FIGURE_POSTING_TYPES, figureChangesSql, groupChanges } from './figure-changes.sql';
import { type AgentNgrSettings, amongIds, DEDUCTION_COLUMNS, memberRevenueSql } from './member-revenue.sql';

// The agent figures aggregate what other areas record: closed rounds (vendor_rounds, written by
// vendor-gateway), approved deposits and withdrawals (cashier), registrations (accounts), and the
// tree (agent_tree). As for the back office's reports, reading those tables here is for
// aggregation only; this file writes only the agent_*_days tables.

/** A brand-time-zone day as 'YYYY-MM-DD'. */
export type Day = string;

function dayStart(day: Day, tz: string): RawBuilder<Date> {
  return sql<Date>`(${day}::date::timestamp AT TIME ZONE ${tz})`;
}
function dayEnd(day: Day, tz: string): RawBuilder<Date> {
  return sql<Date>`((${day}::date + 1)::timestamp AT TIME ZONE ${tz})`;
}

/** The brand-time-zone day of an instant. */
export async function dayOf(db: Conn, at: Date, tz: string): Promise<Day> {
  const r = await sql<{ day: string }>`SELECT (${at}::timestamptz AT TIME ZONE ${tz})::date::text AS day`.execute(db);
  return r.rows[0]?.day ?? '';
}

/** One refresh of a day at a time across nodes (the job and a manual refresh). */
export async function lockDay(trx: Conn, day: Day) {
  await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`agents.day:${day}`}, 0))`.execute(trx);
}

// Each refresh writes the day's rows with one stamp (upsert by key), then deletes the day's rows the
// upsert did not touch (no activity any more): running it twice gives the same rows.

/**
 * Per member: valid bets (closed rounds, at closed_at; docs/agents.md "Valid bet"), approved
 * deposits (at the decision), approved withdrawals (at the approval, when the money left), the
 * registration, and the dividend base's deductions (member-revenue.sql.ts, with the brand's
 * settings as they are when the day is computed).
 */
export async function refreshMemberDays(
  trx: Conn,
  day: Day,
  tz: string,
  stamp: Date,
  ngr: AgentNgrSettings,
  members: readonly number[] | null = null,
): Promise<number> {
  const only = (column: string) => amongIds(column, members);
  const start = dayStart(day, tz);
  const end = dayEnd(day, tz);
  const window = await dayWindow(trx, day, day, tz);
  const deductions = sql.join(DEDUCTION_COLUMNS.map((c) => sql.ref(c)));
  const fromN = sql.join(
    DEDUCTION_COLUMNS.map((c) => sql`(coalesce(n.${sql.ref(c)}, 0) + coalesce(lt.${sql.ref(c)}, 0))::bigint`),
  );
  const excluded = sql.join(DEDUCTION_COLUMNS.map((c) => sql`${sql.ref(c)} = excluded.${sql.ref(c)}`));
  const written = await sql`
    INSERT INTO agent_member_days (day, member_id, registered, rounds, valid_bets, wins, deposit_count, deposits,
      first_deposit, withdrawal_count, withdrawals, ${deductions}, refreshed_at)
    WITH r AS (
      SELECT member_id, count(*) AS n, sum(bet_amount - void_amount) AS bets, sum(win_amount - void_amount) AS wins
      FROM vendor_rounds WHERE status = 'closed' AND closed_at >= ${start} AND closed_at < ${end}${only('member_id')}
      GROUP BY member_id
    ), d AS (
      SELECT member_id, count(*) AS n, sum(amount) AS amount, bool_or(first_deposit) AS first
      FROM deposit_orders WHERE status = 'approved' AND decided_at >= ${start} AND decided_at < ${end}${only('member_id')}
      GROUP BY member_id
    ), w AS (
      SELECT member_id, count(*) AS n, sum(amount) AS amount
      FROM withdrawal_orders WHERE approved_at >= ${start} AND approved_at < ${end} AND status <> 'rejected'${only('member_id')}
      GROUP BY member_id
    ), g AS (
      SELECT id AS member_id FROM members WHERE created_at >= ${start} AND created_at < ${end}${only('id')}
    ), n AS (${memberRevenueSql(window.start, window.end, ngr, members)}
    ), lt AS (${lateInto(day, members)}
    ), ids AS (
      SELECT member_id FROM r UNION SELECT member_id FROM d UNION SELECT member_id FROM w UNION SELECT member_id FROM g
      UNION SELECT member_id FROM n UNION SELECT member_id FROM lt
    )
    SELECT ${day}::date, ids.member_id, g.member_id IS NOT NULL,
      coalesce(r.n, 0), (coalesce(r.bets, 0) + coalesce(lt.valid_bets, 0))::bigint,
      (coalesce(r.wins, 0) + coalesce(lt.wins, 0))::bigint,
      coalesce(d.n, 0), coalesce(d.amount, 0)::bigint, coalesce(d.first, false),
      coalesce(w.n, 0), coalesce(w.amount, 0)::bigint, ${fromN}, ${stamp}::timestamptz
    FROM ids
    LEFT JOIN r ON r.member_id = ids.member_id
    LEFT JOIN d ON d.member_id = ids.member_id
    LEFT JOIN w ON w.member_id = ids.member_id
    LEFT JOIN g ON g.member_id = ids.member_id
    LEFT JOIN n ON n.member_id = ids.member_id
    LEFT JOIN lt ON lt.member_id = ids.member_id
    ON CONFLICT (day, member_id) DO UPDATE SET
      registered = excluded.registered, rounds = excluded.rounds, valid_bets = excluded.valid_bets,
      wins = excluded.wins, deposit_count = excluded.deposit_count, deposits = excluded.deposits,
      first_deposit = excluded.first_deposit, withdrawal_count = excluded.withdrawal_count,
      withdrawals = excluded.withdrawals, ${excluded}, refreshed_at = excluded.refreshed_at
  `.execute(trx);
  await sql`DELETE FROM agent_member_days WHERE day = ${day}::date AND refreshed_at <> ${stamp}${only('member_id')}`.execute(
    trx,
  );
  return Number(written.numAffectedRows ?? 0);
}

/** The figures the late-data columns carry (agent_member_late), in its column order. */
const LATE_COLUMNS = ['valid_bets', 'wins', ...DEDUCTION_COLUMNS] as const;

/** Per member (of `members` when given), the late data of settled days counted in `day` (agent_member_late.day_into). */
function lateInto(day: Day, members: readonly number[] | null = null) {
  return sql`SELECT member_id, ${sql.join(LATE_COLUMNS.map((c) => sql`sum(${sql.ref(c)})::bigint AS ${sql.ref(c)}`))}
      FROM agent_member_late WHERE day_into = ${day}::date${amongIds('member_id', members)} GROUP BY member_id`;
}

/** A settled day's row (migration 0114); `ngr` is the agentNgr settings it was settled with, as stored. */
export type SettledDay = { day: Day; ngr: unknown; settled_at: Date; start_at: Date; end_at: Date };

/** The settled days among [from, to]. */
export async function settledDays(db: Conn, from: Day, to: Day): Promise<SettledDay[]> {
  const r = await sql<SettledDay>`
    SELECT day::text AS day, ngr, settled_at, start_at, end_at FROM agent_settled_days
     WHERE day BETWEEN ${from}::date AND ${to}::date ORDER BY day`.execute(db);
  return r.rows.map((x) => ({ ...x, ngr: typeof x.ngr === 'string' ? JSON.parse(x.ngr) : x.ngr }));
}

/** Marks the day settled with these settings: from now on its member days are frozen. */
export async function insertSettledDay(trx: Conn, day: Day, tz: string, ngr: AgentNgrSettings, stamp: Date) {
  await sql`
    INSERT INTO agent_settled_days (day, start_at, end_at, ngr, settled_at, checked_at)
    VALUES (${day}::date, ${dayStart(day, tz)}, ${dayEnd(day, tz)}, ${JSON.stringify(ngr)}::jsonb, ${stamp}, ${stamp})
    ON CONFLICT (day) DO NOTHING`.execute(trx);
}

/**
 * The settled days to look at for late data in one run: the ones that ended since `recentSince`
 * (a vendor's corrections come mostly within hours), then the `more` looked at longest ago, so
 * every settled day is looked at again in turn.
 */
export async function lateCheckDays(db: Conn, recentSince: Date, more: number): Promise<SettledDay[]> {
  const r = await sql<SettledDay>`
    (SELECT day::text AS day, ngr, settled_at, start_at, end_at FROM agent_settled_days WHERE end_at > ${recentSince})
    UNION
    (SELECT day::text AS day, ngr, settled_at, start_at, end_at FROM agent_settled_days
      WHERE end_at <= ${recentSince} ORDER BY checked_at, day LIMIT ${more})`.execute(db);
  return r.rows
    .map((x) => ({ ...x, ngr: typeof x.ngr === 'string' ? JSON.parse(x.ngr) : x.ngr }))
    .sort((a, b) => (a.day < b.day ? -1 : 1));
}

/**
 * What a settled day's figures are now (its own settings) less what it counted when it was
 * settled and what was already carried out of it: one row per member with a difference, counted
 * in `into` (an open day). Answers the rows written.
 */
export async function carryLate(
  trx: Conn,
  settled: SettledDay,
  into: Day,
  ngr: AgentNgrSettings,
  stamp: Date,
): Promise<number> {
  const cols = LATE_COLUMNS;
  const sumOf = (table: string, where: RawBuilder<unknown>) =>
    sql`SELECT member_id, ${sql.join(cols.map((c) => sql`sum(${sql.ref(c)})::bigint AS ${sql.ref(c)}`))}
      FROM ${sql.table(table)} WHERE ${where} GROUP BY member_id`;
  const day = settled.day;
  const diff = cols.map(
    (c) =>
      sql`(coalesce(live.${sql.ref(c)}, 0) + coalesce(lin.${sql.ref(c)}, 0) - coalesce(amd.${sql.ref(c)}, 0)
        - coalesce(lout.${sql.ref(c)}, 0))::bigint AS ${sql.ref(c)}`,
  );
  const r = await sql`
    INSERT INTO agent_member_late (day_from, day_into, member_id, ${sql.join(cols.map((c) => sql.ref(c)))}, found_at)
    WITH live AS (${memberRevenueSql(new Date(settled.start_at), new Date(settled.end_at), ngr)}
    ), lin AS (${sumOf('agent_member_late', sql`day_into = ${day}::date`)}
    ), lout AS (${sumOf('agent_member_late', sql`day_from = ${day}::date`)}
    ), amd AS (${sumOf('agent_member_days', sql`day = ${day}::date`)}
    ), ids AS (
      SELECT member_id FROM live UNION SELECT member_id FROM lin UNION SELECT member_id FROM lout
      UNION SELECT member_id FROM amd
    ), delta AS (
      SELECT ids.member_id, ${sql.join(diff)}
        FROM ids
        LEFT JOIN live ON live.member_id = ids.member_id
        LEFT JOIN lin ON lin.member_id = ids.member_id
        LEFT JOIN lout ON lout.member_id = ids.member_id
        LEFT JOIN amd ON amd.member_id = ids.member_id
    )
    SELECT ${day}::date, ${into}::date, member_id, ${sql.join(cols.map((c) => sql.ref(c)))}, ${stamp}::timestamptz
      FROM delta WHERE ${sql.join(
        cols.map((c) => sql`${sql.ref(c)} <> 0`),
        sql` OR `,
      )}`.execute(trx);
  await sql`UPDATE agent_settled_days SET checked_at = ${stamp} WHERE day = ${day}::date`.execute(trx);
  return Number(r.numAffectedRows ?? 0);
}

/** Below this many rows a day's plan cannot go far wrong, whatever the statistics say. */
const ANALYZE_MIN_ROWS = 5_000;

/**
 * Gives the planner the day just written before the team-days statement reads it back. A day being
 * computed is never in agent_member_days' statistics (new days come after the last ANALYZE, and a
 * first backfill starts from an empty table's), so its rows are estimated at one, and the team-days
 * joins and sketch aggregation planned for one row can take minutes on a day that takes a second
 * with true figures. Run in the refresh's transaction, ANALYZE samples its own uncommitted rows; it
 * reads a fixed sample (0.2 to 0.3 s at 2 million rows).
 */
export async function analyzeMemberDays(trx: Conn, written: number) {
  if (written < ANALYZE_MIN_ROWS) return;
  await sql`ANALYZE agent_member_days`.execute(trx);
}

/**
 * Per agent (every member with downlines): its team's member days summed through agent_tree
 * (depth >= 1), with the sketch of the active members (a valid bet in the day, docs/agents.md: a
 * member whose only bets came back void is not active; register = low 10 bits of
 * hashint8(member_id), rank = 23 - bit length of the other 22 bits; db/hll.ts).
 */
export async function refreshTeamDays(trx: Conn, day: Day, stamp: Date, agents: readonly number[] | null = null) {
  await sql`
    INSERT INTO agent_team_days (agent_id, day, new_members, active_members, active_hll, first_depositors,
      deposit_count, deposits, withdrawal_count, withdrawals, rounds, valid_bets, wins, refreshed_at)
    WITH r AS (
      SELECT t.ancestor_id AS agent_id, md.*
      FROM agent_member_days md JOIN agent_tree t ON t.member_id = md.member_id AND t.depth >= 1${amongIds('t.ancestor_id', agents)}
      WHERE md.day = ${day}::date
    ), sk AS (
      SELECT agent_id, array_agg(((idx << 5) | rnk)::smallint ORDER BY idx) AS hll
      FROM (
        SELECT agent_id, idx, max(rnk) AS rnk FROM (
          SELECT agent_id, (h & 1023) AS idx, 23 - length(ltrim(((h >> 10)::bit(22))::text, '0')) AS rnk
          FROM (SELECT agent_id, hashint8(member_id) AS h FROM r WHERE valid_bets > 0) d
        ) x GROUP BY agent_id, idx
      ) y GROUP BY agent_id
    )
    SELECT a.agent_id, ${day}::date, a.new_members, a.active_members, coalesce(sk.hll, '{}'::smallint[]),
      a.first_depositors, a.deposit_count, a.deposits, a.withdrawal_count, a.withdrawals, a.rounds, a.valid_bets,
      a.wins, ${stamp}::timestamptz
    FROM (
      SELECT agent_id,
        count(*) FILTER (WHERE registered)::int AS new_members,
        count(*) FILTER (WHERE valid_bets > 0)::int AS active_members,
        count(*) FILTER (WHERE first_deposit)::int AS first_depositors,
        sum(deposit_count)::int AS deposit_count, sum(deposits)::bigint AS deposits,
        sum(withdrawal_count)::int AS withdrawal_count, sum(withdrawals)::bigint AS withdrawals,
        sum(rounds)::bigint AS rounds, sum(valid_bets)::bigint AS valid_bets, sum(wins)::bigint AS wins
      FROM r GROUP BY agent_id
    ) a LEFT JOIN sk ON sk.agent_id = a.agent_id
    ON CONFLICT (agent_id, day) DO UPDATE SET
      new_members = excluded.new_members, active_members = excluded.active_members,
      active_hll = excluded.active_hll, first_depositors = excluded.first_depositors,
      deposit_count = excluded.deposit_count, deposits = excluded.deposits,
      withdrawal_count = excluded.withdrawal_count, withdrawals = excluded.withdrawals, rounds = excluded.rounds,
      valid_bets = excluded.valid_bets, wins = excluded.wins, refreshed_at = excluded.refreshed_at
  `.execute(trx);
  await sql`DELETE FROM agent_team_days WHERE day = ${day}::date AND refreshed_at <> ${stamp}${amongIds('agent_id', agents)}`.execute(
    trx,
  );
}

/**
 * Records a pass over the day and where the next one looks for changes from; `whole` when it
 * computed the day whole, with the settings' key (a pass over the changes leaves both as they were).
 */
export async function markDay(
  trx: Conn,
  day: Day,
  stamp: Date,
  changesFrom: Date,
  whole: { ngrKey: string } | null = null,
) {
  const pass = { refreshed_at: stamp, changes_from: changesFrom };
  await trx
    .insertInto('agent_stat_days')
    .values({ day, ...pass, full_at: whole ? stamp : null, ngr_key: whole?.ngrKey ?? null })
    .onConflict((oc) => oc.column('day').doUpdateSet(whole ? { ...pass, full_at: stamp, ngr_key: whole.ngrKey } : pass))
    .execute();
}

/** The day's last pass: when it was last computed whole, with which settings, and where changes are looked for from. */
export async function dayPass(db: Conn, day: Day) {
  const row = await db
    .selectFrom('agent_stat_days')
    .select(['refreshed_at', 'full_at', 'ngr_key', 'changes_from'])
    .where('day', '=', day)
    .executeTakeFirst();
  if (!row) return null;
  const at = (v: Date | string | null) => (v === null ? null : new Date(v));
  return {
    refreshedAt: new Date(row.refreshed_at),
    fullAt: at(row.full_at),
    ngrKey: row.ngr_key,
    changesFrom: at(row.changes_from),
  };
}

/** The days from `from` on are computed whole at their next pass. */
export async function forgetPasses(db: Conn, from: Day) {
  await db.updateTable('agent_stat_days').set({ changes_from: null }).where('day', '>=', from).execute();
}

/**
 * The members whose figures may have changed since `since`, found by the time each change is
 * recorded at: rounds closed, ledger postings the figures read (the dividend base's deductions,
 * a resettled or rolled-back round's game money), deposits approved, withdrawals approved,
 * registrations, late data carried, and members moved to another upline. Each probe is an index
 * range from `since`, so what a pass reads grows with what happened since the last one, not with
 * the day. `agents`: the old uplines (at every depth) of the members moved since then, whose teams
 * lost them; the new ones are the moved members' uplines now.
 */
export async function changedSince(db: Conn, day: Day, tz: string, since: Date) {
  const window = await dayWindow(db, day, day, tz);
  const r = await figureChangesSql(since, { day, ...window }, { postingTypes: FIGURE_POSTING_TYPES }).execute(db);
  return groupChanges(r.rows);
}

/** The agents whose teams hold any of `members` (their uplines at every depth), with `also`. */
export async function teamsOf(db: Conn, members: readonly number[], also: readonly number[]): Promise<number[]> {
  if (members.length === 0) return [...also];
  const r = await sql<{ id: string }>`
    SELECT DISTINCT ancestor_id AS id FROM agent_tree WHERE member_id = ANY(${members}::bigint[]) AND depth >= 1`.execute(
    db,
  );
  return [...new Set([...r.rows.map((row) => Number(row.id)), ...also])];
}

/** Upline changes older than `before`: every open day's pass has seen them. */
export async function pruneTreeChanges(db: Conn, before: Date) {
  await db.deleteFrom('agent_tree_changes').where('changed_at', '<', before).execute();
}

/** The first day anything happened (the earliest member), or null on an empty database. */
export async function firstActivityDay(db: Conn, tz: string): Promise<Day | null> {
  const r = await sql<{ day: string | null }>`
    SELECT (min(created_at) AT TIME ZONE ${tz})::date::text AS day FROM members`.execute(db);
  return r.rows[0]?.day ?? null;
}

/** Days in [from, to] never computed, oldest first. */
export async function missingDays(db: Conn, from: Day, to: Day, limit: number): Promise<Day[]> {
  const r = await sql<{ day: string }>`
    SELECT g::date::text AS day FROM generate_series(${from}::date, ${to}::date, interval '1 day') g
    WHERE NOT EXISTS (SELECT 1 FROM agent_stat_days s WHERE s.day = g::date)
    ORDER BY g LIMIT ${limit}`.execute(db);
  return r.rows.map((row) => row.day);
}

/** When each of the days was last computed (days never computed are absent). */
export async function statDays(db: Conn, from: Day, to: Day) {
  const r = await sql<{ day: string; refreshed_at: Date }>`
    SELECT day::text AS day, refreshed_at FROM agent_stat_days WHERE day BETWEEN ${from}::date AND ${to}::date`.execute(
    db,
  );
  return r.rows;
}

/** The instants a range of brand days covers: [start of `from`, start of the day after `to`). */
export async function dayWindow(db: Conn, from: Day, to: Day, tz: string) {
  const r = await sql<{ start: Date; end: Date }>`
    SELECT ${dayStart(from, tz)} AS start, ${dayEnd(to, tz)} AS end`.execute(db);
  const row = r.rows[0];
  return { start: new Date(row?.start ?? 0), end: new Date(row?.end ?? 0) };
}

/**
 * One member's figures summed over every computed day and over the days from `since` on, in one
 * read of the member's rows (agent_member_days_member: member_id, day).
 */
export async function memberFigureSums(db: Conn, memberId: number, since: Day) {
  const sums = (from: RawBuilder<unknown> | null) => {
    const when = from === null ? sql`` : sql` FILTER (WHERE day >= ${from})`;
    return sql`coalesce(sum(rounds)${when}, 0)::text, coalesce(sum(valid_bets)${when}, 0)::text,
      coalesce(sum(wins)${when}, 0)::text, coalesce(sum(deposit_count)${when}, 0)::text,
      coalesce(sum(deposits)${when}, 0)::text, coalesce(sum(withdrawal_count)${when}, 0)::text,
      coalesce(sum(withdrawals)${when}, 0)::text`;
  };
  const r = await sql<{ total: string[]; recent: string[] }>`
    SELECT ARRAY[${sums(null)}] AS total, ARRAY[${sums(sql`${since}::date`)}] AS recent
    FROM agent_member_days WHERE member_id = ${memberId}`.execute(db);
  const row = r.rows[0];
  const figures = (v: string[] | undefined) => {
    const [rounds, bets, wins, depositCount, deposits, withdrawalCount, withdrawals] = (v ?? []).map(Number);
    return {
      rounds: rounds ?? 0,
      bets: bets ?? 0,
      wins: wins ?? 0,
      depositCount: depositCount ?? 0,
      deposits: deposits ?? 0,
      withdrawalCount: withdrawalCount ?? 0,
      withdrawals: withdrawals ?? 0,
    };
  };
  return { lifetime: figures(row?.total), since: figures(row?.recent) };
}

/** When the job last computed the day, or null. */
export async function dayRefreshedAt(db: Conn, day: Day): Promise<Date | null> {
  const row = await db.selectFrom('agent_stat_days').select('refreshed_at').where('day', '=', day).executeTakeFirst();
  return row ? new Date(row.refreshed_at) : null;
}
