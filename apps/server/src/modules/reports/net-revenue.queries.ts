import { AGENT_ACCOUNT_TYPES } from '@gamehall/shared/constants';
import { type RawBuilder, sql } from 'kysely';
import type { Conn } from '../../db/database';
import { pageOffset } from '../../http/paging';
import {
  type AgentNgrSettings,
  DEDUCTION_COLUMNS,
  memberRevenueSql,
  NGR_CATEGORIES,
  providerFeeRates,
  providerFeeSql,
  VALID_BET_SUMS,
  validRoundsIn,
} from '../agents/member-revenue.sql';
import { COST_CATEGORIES, COST_POSTING_TYPES, type CostCategory } from './net-revenue.sql';
import type {} from './reports.tables';

// Net gaming revenue for the operator (docs/back-office.md "Net revenue"). Each member's day is the
// agents' dividend base for that day (memberRevenueSql, every deduction on: the same valid bets,
// deductions and fees to the cent) plus the agent commissions paid to the member's cash. Like
// reports.queries.ts this file reads other areas' tables to aggregate them, and to list the rows
// behind a figure; it writes only the report_* tables.

export type Day = string;

function dayStart(day: Day, tz: string): RawBuilder<Date> {
  return sql<Date>`(${day}::date::timestamp AT TIME ZONE ${tz})`;
}
function dayEnd(day: Day, tz: string): RawBuilder<Date> {
  return sql<Date>`((${day}::date + 1)::timestamp AT TIME ZONE ${tz})`;
}

async function dayWindow(db: Conn, day: Day, tz: string) {
  const r = await sql<{
    start: Date;
    end: Date;
  }>`SELECT ${dayStart(day, tz)} AS start, ${dayEnd(day, tz)} AS end`.execute(db);
  const row = r.rows[0];
  return { start: new Date(row?.start ?? 0), end: new Date(row?.end ?? 0) };
}

/** The figures every rollup sums, in report order. */
const FIGURE_COLUMNS = ['bet_amount', 'win_amount', ...COST_CATEGORIES, 'provider_fee', 'payment_fee'] as const;
const SUM_COLUMNS = [...FIGURE_COLUMNS, 'pay_base'] as const;
const list = (cols: readonly string[], f: (c: string) => string = (c) => c) => sql.raw(cols.map(f).join(', '));
const updateAll = list(SUM_COLUMNS, (c) => `${c} = excluded.${c}`);

/** The ledger's cash entries on members' accounts of some posting types in [start, end). */
function memberCash(types: readonly string[], start: RawBuilder<Date> | Date, end: RawBuilder<Date> | Date) {
  return sql`ledger_postings p
      JOIN ledger_entries e ON e.posting_id = p.id
      JOIN ledger_accounts a ON a.id = e.account_id
      WHERE p.type IN (${sql.join(types)}) AND p.created_at >= ${start} AND p.created_at < ${end}
        AND a.kind = 'cash' AND a.member_id IS NOT NULL`;
}

/**
 * Recomputes the day's net revenue rollups with the brand's fee settings (`s`, every deduction on):
 * per member (and the member's top agent now), per top agent, per member and vendor, per vendor,
 * per game, and the day's total. Runs inside refreshDay's transaction, under its day lock; each
 * table's rows of the day carry one stamp and the day's rows the upsert did not touch are deleted.
 */
export async function refreshNetRevenue(trx: Conn, day: Day, tz: string, stamp: Date, s: AgentNgrSettings) {
  const { start, end } = await dayWindow(trx, day, tz);
  const fromN = DEDUCTION_COLUMNS.map((c) => sql`coalesce(n.${sql.ref(c)}, 0)`);
  // memberRevenueSql's d_* columns in FIGURE_COLUMNS order: the categories, then the two fees.
  const ledgerN = fromN.slice(0, NGR_CATEGORIES.length);
  const feesN = fromN.slice(NGR_CATEGORIES.length);
  await sql`
    INSERT INTO report_daily_ngr_members (day, member_id, agent_id, ${list(SUM_COLUMNS)}, refreshed_at)
    WITH n AS (${memberRevenueSql(start, end, s)}),
    c AS (
      SELECT a.member_id, sum(e.amount)::bigint AS commission FROM ${memberCash(COST_POSTING_TYPES.commission, start, end)}
      GROUP BY a.member_id
    ),
    o AS (
      SELECT member_id, sum(amount)::bigint AS base FROM (
        SELECT member_id, amount FROM deposit_orders
         WHERE status = 'approved' AND decided_at >= ${start} AND decided_at < ${end}
        UNION ALL
        SELECT member_id, amount FROM withdrawal_orders WHERE approved_at >= ${start} AND approved_at < ${end}
      ) x GROUP BY member_id
    ),
    ids AS (SELECT member_id FROM n UNION SELECT member_id FROM c UNION SELECT member_id FROM o)
    SELECT ${day}::date, ids.member_id,
      coalesce((SELECT t.ancestor_id FROM agent_tree t JOIN members am ON am.id = t.ancestor_id
        WHERE t.member_id = ids.member_id AND am.type IN (${sql.join([...AGENT_ACCOUNT_TYPES])})
        ORDER BY t.depth DESC LIMIT 1), 0),
      coalesce(n.valid_bets, 0), coalesce(n.wins, 0), ${sql.join(ledgerN)}, coalesce(c.commission, 0),
      ${sql.join(feesN)}, coalesce(o.base, 0), ${stamp}::timestamptz
    FROM ids
    LEFT JOIN n ON n.member_id = ids.member_id
    LEFT JOIN c ON c.member_id = ids.member_id
    LEFT JOIN o ON o.member_id = ids.member_id
    ON CONFLICT (day, member_id) DO UPDATE SET agent_id = excluded.agent_id, ${updateAll},
      refreshed_at = excluded.refreshed_at
  `.execute(trx);

  await sql`
    INSERT INTO report_daily_ngr_agents (day, agent_id, members, ${list(SUM_COLUMNS)}, refreshed_at)
    SELECT day, agent_id, count(*)::int, ${list(SUM_COLUMNS, (c) => `sum(${c})::bigint`)}, ${stamp}::timestamptz
    FROM report_daily_ngr_members WHERE day = ${day}::date AND refreshed_at = ${stamp} GROUP BY day, agent_id
    ON CONFLICT (day, agent_id) DO UPDATE SET members = excluded.members, ${updateAll},
      refreshed_at = excluded.refreshed_at
  `.execute(trx);

  // The provider fee per member and vendor, as memberRevenueSql charges it (the same fragments).
  await sql`
    INSERT INTO report_daily_ngr_member_vendors
      (day, member_id, vendor_code, bet_amount, win_amount, ppm, provider_fee, refreshed_at)
    SELECT ${day}::date, rv.member_id, rv.vendor_code, rv.vb, rv.w, coalesce(f.ppm, 0),
      ${providerFeeSql('rv.vb', 'rv.w', 'f.ppm')}::bigint, ${stamp}::timestamptz
    FROM (
      SELECT member_id, vendor_code, ${VALID_BET_SUMS}
      FROM vendor_rounds WHERE ${validRoundsIn(start, end)} GROUP BY member_id, vendor_code
    ) rv LEFT JOIN ${providerFeeRates(s)} ON f.vendor_code = rv.vendor_code
    ON CONFLICT (day, member_id, vendor_code) DO UPDATE SET bet_amount = excluded.bet_amount,
      win_amount = excluded.win_amount, ppm = excluded.ppm, provider_fee = excluded.provider_fee,
      refreshed_at = excluded.refreshed_at
  `.execute(trx);

  await sql`
    INSERT INTO report_daily_ngr_vendors (day, vendor_code, bet_amount, win_amount, provider_fee, refreshed_at)
    SELECT day, vendor_code, sum(bet_amount)::bigint, sum(win_amount)::bigint, sum(provider_fee)::bigint,
      ${stamp}::timestamptz
    FROM report_daily_ngr_member_vendors WHERE day = ${day}::date AND refreshed_at = ${stamp} GROUP BY day, vendor_code
    ON CONFLICT (day, vendor_code) DO UPDATE SET bet_amount = excluded.bet_amount, win_amount = excluded.win_amount,
      provider_fee = excluded.provider_fee, refreshed_at = excluded.refreshed_at
  `.execute(trx);

  await sql`
    INSERT INTO report_daily_ngr_games (day, vendor_code, game_type, game_code, bet_amount, win_amount, refreshed_at)
    SELECT ${day}::date, vendor_code, game_type, game_code, ${VALID_BET_SUMS},
      ${stamp}::timestamptz
    FROM vendor_rounds WHERE ${validRoundsIn(start, end)} GROUP BY vendor_code, game_type, game_code
    ON CONFLICT (day, vendor_code, game_type, game_code) DO UPDATE SET bet_amount = excluded.bet_amount,
      win_amount = excluded.win_amount, refreshed_at = excluded.refreshed_at
  `.execute(trx);

  // Each table named where it is written (table-owners.test reads the names).
  await trx.deleteFrom('report_daily_ngr_members').where('day', '=', day).where('refreshed_at', '<>', stamp).execute();
  await trx.deleteFrom('report_daily_ngr_agents').where('day', '=', day).where('refreshed_at', '<>', stamp).execute();
  await trx
    .deleteFrom('report_daily_ngr_member_vendors')
    .where('day', '=', day)
    .where('refreshed_at', '<>', stamp)
    .execute();
  await trx.deleteFrom('report_daily_ngr_vendors').where('day', '=', day).where('refreshed_at', '<>', stamp).execute();
  await trx.deleteFrom('report_daily_ngr_games').where('day', '=', day).where('refreshed_at', '<>', stamp).execute();

  // The day's row always exists once the day is computed (zeros on a quiet day).
  await sql`
    INSERT INTO report_daily_ngr
      (day, payment_fee_ppm, manual_credits, manual_debits, manual_count, ${list(SUM_COLUMNS)}, refreshed_at)
    SELECT ${day}::date, ${s.paymentFeePpm}::bigint, adj.credits, adj.debits, adj.n,
      ${list(SUM_COLUMNS, (c) => `coalesce(sum(m.${c}), 0)::bigint`)}, ${stamp}::timestamptz
    FROM (
      SELECT coalesce(sum(e.amount) FILTER (WHERE e.amount > 0), 0)::bigint AS credits,
        coalesce(-sum(e.amount) FILTER (WHERE e.amount < 0), 0)::bigint AS debits, count(*)::int AS n
      FROM ${memberCash(COST_POSTING_TYPES.manual, start, end)}
    ) adj
    LEFT JOIN report_daily_ngr_members m ON m.day = ${day}::date
    GROUP BY adj.credits, adj.debits, adj.n
    ON CONFLICT (day) DO UPDATE SET payment_fee_ppm = excluded.payment_fee_ppm,
      manual_credits = excluded.manual_credits, manual_debits = excluded.manual_debits,
      manual_count = excluded.manual_count, ${updateAll}, refreshed_at = excluded.refreshed_at
  `.execute(trx);
}

/** Bonus balances and unredeemed points of every member, now (one row, rewritten by the job). */
export async function refreshLiabilities(db: Conn, currency: string, stamp: Date) {
  await sql`
    INSERT INTO report_liabilities (id, currency, bonus_amount, bonus_members, points, points_members, refreshed_at)
    SELECT 1, ${currency}, b.amount, b.members, p.points, p.members, ${stamp}::timestamptz
    FROM (SELECT coalesce(sum(balance), 0)::bigint AS amount, count(*) FILTER (WHERE balance <> 0)::int AS members
            FROM ledger_accounts WHERE kind = 'bonus' AND member_id IS NOT NULL AND currency = ${currency}) b,
         (SELECT coalesce(sum(balance), 0)::bigint AS points, count(*) FILTER (WHERE balance <> 0)::int AS members
            FROM points_accounts WHERE kind = 'member') p
    ON CONFLICT (id) DO UPDATE SET currency = excluded.currency, bonus_amount = excluded.bonus_amount,
      bonus_members = excluded.bonus_members, points = excluded.points, points_members = excluded.points_members,
      refreshed_at = excluded.refreshed_at
  `.execute(db);
}

export async function liabilities(db: Conn) {
  return db.selectFrom('report_liabilities').selectAll().where('id', '=', 1).executeTakeFirst();
}

// ---- the report

export type NgrGroup = 'day' | 'vendor' | 'gameType' | 'game' | 'player' | 'agent';
export type NgrFilter = {
  from: Day;
  to: Day;
  vendor?: string | undefined;
  gameType?: string | undefined;
  agentId?: number | undefined;
  memberId?: number | undefined;
};
export type Sort = { column: string; order: 'asc' | 'desc' };
export type Paging = { pageNo: number; pageSize: number };

/** A group's figures in minor units. */
export type NgrFigures = Record<(typeof FIGURE_COLUMNS)[number], number>;

export type NgrRow = NgrFigures & {
  key: string;
  vendor_code: string | null;
  game_type: string | null;
  game_code: string | null;
  member_id: number | null;
};

/** Sums of the figures; `only` keeps some columns and answers 0 for the others. */
function sums(only?: readonly string[]) {
  return list(FIGURE_COLUMNS, (c) =>
    !only || only.includes(c) ? `coalesce(sum(${c}), 0)::bigint AS ${c}` : `0::bigint AS ${c}`,
  );
}
// Vendor rows carry GGR and the provider fee, game type and game rows GGR alone: the provider fee
// is charged per member and vendor, the other costs per member.
const VENDOR_FIGURES = ['bet_amount', 'win_amount', 'provider_fee'];
const GAME_FIGURES = ['bet_amount', 'win_amount'];

const DEDUCTIONS = `(${[...COST_CATEGORIES, 'provider_fee', 'payment_fee'].join(' + ')})`;
const GGR = '(bet_amount - win_amount)';
const SORT: Record<string, string> = {
  key: 'key',
  ggr: GGR,
  deductions: DEDUCTIONS,
  ngr: `(${GGR} - ${DEDUCTIONS})`,
  providerFee: 'provider_fee',
  paymentFee: 'payment_fee',
  ...Object.fromEntries(COST_CATEGORIES.map((c) => [c, c])),
};

function orderBy(sort: Sort) {
  const column = SORT[sort.column] ?? 'key';
  const dir = sort.order === 'asc' ? 'ASC' : 'DESC';
  return sql.raw(`${column} ${dir} NULLS LAST, key ${dir}`);
}

const NO_KEYS = sql.raw('NULL::text AS vendor_code, NULL::text AS game_type, NULL::text AS game_code');

/** The member-side rollup a member or agent filter reads (the day totals without one). */
function memberScope(f: NgrFilter) {
  const range = sql`day >= ${f.from}::date AND day <= ${f.to}::date`;
  if (f.memberId !== undefined)
    return {
      table: sql`report_daily_ngr_members`,
      where: sql`${range} AND member_id = ${f.memberId} ${f.agentId !== undefined ? sql`AND agent_id = ${f.agentId}` : sql``}`,
    };
  if (f.agentId !== undefined)
    return { table: sql`report_daily_ngr_agents`, where: sql`${range} AND agent_id = ${f.agentId}` };
  return { table: sql`report_daily_ngr`, where: range };
}

function gameWhere(f: NgrFilter) {
  return sql`day >= ${f.from}::date AND day <= ${f.to}::date ${f.vendor ? sql`AND vendor_code = ${f.vendor}` : sql``}
    ${f.gameType ? sql`AND game_type = ${f.gameType}` : sql``}`;
}

/** Vendor rows read the vendor rollup (with the fee) unless a game type narrows them to games. */
const byVendorRollup = (group: NgrGroup, f: NgrFilter) => group === 'vendor' && !f.gameType;

function source(group: NgrGroup, f: NgrFilter) {
  const range = sql`day >= ${f.from}::date AND day <= ${f.to}::date`;
  switch (group) {
    case 'day': {
      const s = memberScope(f);
      return sql`SELECT day::text AS key, ${NO_KEYS}, NULL::bigint AS member_id, ${sums()}
        FROM ${s.table} WHERE ${s.where} GROUP BY day`;
    }
    case 'player':
      return sql`SELECT member_id::text AS key, ${NO_KEYS}, member_id, ${sums()} FROM report_daily_ngr_members
        WHERE ${range} ${f.agentId !== undefined ? sql`AND agent_id = ${f.agentId}` : sql``}
        ${f.memberId !== undefined ? sql`AND member_id = ${f.memberId}` : sql``} GROUP BY member_id`;
    case 'agent':
      return sql`SELECT agent_id::text AS key, ${NO_KEYS}, agent_id AS member_id, ${sums()} FROM report_daily_ngr_agents
        WHERE ${range} ${f.agentId !== undefined ? sql`AND agent_id = ${f.agentId}` : sql``} GROUP BY agent_id`;
    case 'vendor':
      return byVendorRollup(group, f)
        ? sql`SELECT vendor_code AS key, vendor_code, NULL::text AS game_type, NULL::text AS game_code,
            NULL::bigint AS member_id, ${sums(VENDOR_FIGURES)} FROM report_daily_ngr_vendors
            WHERE ${gameWhere(f)} GROUP BY vendor_code`
        : sql`SELECT vendor_code AS key, vendor_code, NULL::text AS game_type, NULL::text AS game_code,
            NULL::bigint AS member_id, ${sums(GAME_FIGURES)} FROM report_daily_ngr_games
            WHERE ${gameWhere(f)} GROUP BY vendor_code`;
    case 'gameType':
      return sql`SELECT game_type AS key, NULL::text AS vendor_code, game_type, NULL::text AS game_code,
        NULL::bigint AS member_id, ${sums(GAME_FIGURES)} FROM report_daily_ngr_games WHERE ${gameWhere(f)}
        GROUP BY game_type`;
    case 'game':
      return sql`SELECT vendor_code || ':' || game_code AS key, vendor_code, game_type, game_code,
        NULL::bigint AS member_id, ${sums(GAME_FIGURES)} FROM report_daily_ngr_games WHERE ${gameWhere(f)}
        GROUP BY vendor_code, game_type, game_code`;
  }
}

function numbers<T extends Record<string, unknown>>(row: T): T {
  const out: Record<string, unknown> = { ...row };
  for (const k of [...FIGURE_COLUMNS, 'member_id'])
    if (out[k] !== null && out[k] !== undefined) out[k] = Number(out[k]);
  return out as T;
}

/** One page of the report's groups, sorted, with the number of groups (one aggregation). */
export async function ngrPage(
  db: Conn,
  group: NgrGroup,
  filter: NgrFilter,
  sort: Sort,
  page: Paging,
): Promise<{ rows: NgrRow[]; total: number }> {
  const grouped = source(group, filter);
  const r = await sql<NgrRow & { groups: number }>`
    SELECT *, count(*) OVER ()::int AS groups FROM (${grouped}) g ORDER BY ${orderBy(sort)}
    LIMIT ${page.pageSize} OFFSET ${pageOffset(page)}`.execute(db);
  const total =
    r.rows[0]?.groups ??
    (page.pageNo > 1
      ? ((await sql<{ n: number }>`SELECT count(*)::int AS n FROM (${grouped}) g`.execute(db)).rows[0]?.n ?? 0)
      : 0);
  return { rows: r.rows.map(({ groups: _, ...row }) => numbers(row as NgrRow)), total };
}

/**
 * The figures of the whole filter, and of the report's rows together: for the game groupings the
 * rows carry GGR (and, by vendor, the provider fee), and the whole is every figure of the range
 * (of the vendor, with a vendor filter), so the difference is what belongs to no game.
 */
export async function ngrTotals(db: Conn, group: NgrGroup, f: NgrFilter) {
  const gameGroup = group === 'vendor' || group === 'gameType' || group === 'game';
  const scope = memberScope(f);
  const whole = !gameGroup
    ? sql`SELECT ${sums()} FROM ${scope.table} WHERE ${scope.where}`
    : f.gameType
      ? sql`SELECT ${sums(GAME_FIGURES)} FROM report_daily_ngr_games WHERE ${gameWhere(f)}`
      : f.vendor
        ? sql`SELECT ${sums(VENDOR_FIGURES)} FROM report_daily_ngr_vendors WHERE ${gameWhere(f)}`
        : sql`SELECT ${sums()} FROM report_daily_ngr WHERE ${gameWhere(f)}`;
  const rows = !gameGroup
    ? null
    : byVendorRollup(group, f)
      ? sql`SELECT ${sums(VENDOR_FIGURES)} FROM report_daily_ngr_vendors WHERE ${gameWhere(f)}`
      : sql`SELECT ${sums(GAME_FIGURES)} FROM report_daily_ngr_games WHERE ${gameWhere(f)}`;
  const [a, b] = await Promise.all([
    sql<NgrFigures>`${whole}`.execute(db),
    rows ? sql<NgrFigures>`${rows}`.execute(db) : Promise.resolve(null),
  ]);
  return { whole: numbers(a.rows[0] as NgrFigures), rows: b ? numbers(b.rows[0] as NgrFigures) : null };
}

/** When the job last computed `day` (null: not yet). */
export async function refreshedAt(db: Conn, day: Day): Promise<Date | null> {
  const r = await db.selectFrom('report_daily_ngr').select('refreshed_at').where('day', '=', day).executeTakeFirst();
  return r?.refreshed_at ?? null;
}

/** Each computed day's figures in [from, to] (the dashboard). */
export async function ngrDays(db: Conn, from: Day, to: Day) {
  const r = await sql<NgrFigures & { day: string }>`
    SELECT day::text AS day, ${sums()} FROM report_daily_ngr
    WHERE day >= ${from}::date AND day <= ${to}::date GROUP BY day`.execute(db);
  return r.rows.map((row) => numbers(row));
}

/** Balance adjustments on members' cash per day of [from, to] (the cashier report). */
export async function adjustmentDays(db: Conn, from: Day, to: Day) {
  const rows = await db
    .selectFrom('report_daily_ngr')
    .select([sql<string>`day::text`.as('day'), 'manual_count', 'manual_credits', 'manual_debits'])
    .where('day', '>=', from)
    .where('day', '<=', to)
    .where('manual_count', '>', 0)
    .execute();
  return rows.map((r) => ({
    day: r.day,
    count: Number(r.manual_count),
    credits: Number(r.manual_credits),
    debits: Number(r.manual_debits),
  }));
}

/** Usernames of members (ids -> username). */
export async function usernames(db: Conn, ids: number[]) {
  if (ids.length === 0) return new Map<number, string>();
  const rows = await db.selectFrom('members').select(['id', 'username']).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [Number(r.id), r.username]));
}

// ---- the rows behind a figure

export type DrillFilter = NgrFilter & { gameCode?: string | undefined };

export type DrillRow = {
  id: string;
  at: string;
  member_id: number | null;
  username: string | null;
  what: string;
  reference: string | null;
  base: number | null;
  rate_ppm: number | null;
  amount: number;
  total: number;
};

const ISO = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;

/**
 * A member filter, and an agent filter as the rollups attributed members: the member's row of the
 * brand day `dayExpr` has that top agent.
 */
function whoScope(memberColumn: string, dayExpr: RawBuilder<unknown>, f: NgrFilter) {
  return sql`${f.memberId !== undefined ? sql`AND ${sql.ref(memberColumn)} = ${f.memberId}` : sql``}
    ${
      f.agentId !== undefined
        ? sql`AND EXISTS (SELECT 1 FROM report_daily_ngr_members s WHERE s.day = ${dayExpr}
            AND s.member_id = ${sql.ref(memberColumn)} AND s.agent_id = ${f.agentId})`
        : sql``
    }`;
}

async function drillPage(db: Conn, query: RawBuilder<unknown>, page: Paging) {
  const r = await sql<DrillRow>`SELECT d.*, m.username, count(*) OVER ()::int AS total FROM (${query}) d
    LEFT JOIN members m ON m.id = d.member_id
    ORDER BY d.at DESC, d.id DESC LIMIT ${page.pageSize} OFFSET ${pageOffset(page)}`.execute(db);
  return {
    rows: r.rows.map((row) => ({
      ...row,
      member_id: row.member_id === null ? null : Number(row.member_id),
      base: row.base === null ? null : Number(row.base),
      rate_ppm: row.rate_ppm === null ? null : Number(row.rate_ppm),
      amount: Number(row.amount),
    })),
    total: r.rows[0]?.total ?? 0,
  };
}

/** The ledger postings behind a cost category: each posting's entry on the member's cash. */
export function drillPostings(db: Conn, category: CostCategory, f: DrillFilter, tz: string, page: Paging) {
  return drillPage(
    db,
    sql`SELECT p.id::text AS id, to_char(p.created_at AT TIME ZONE 'UTC', ${sql.raw(ISO)}) AS at,
        a.member_id, p.type AS what, p.reference, NULL::bigint AS base, NULL::bigint AS rate_ppm, e.amount
      FROM ${memberCash(COST_POSTING_TYPES[category], dayStart(f.from, tz), dayEnd(f.to, tz))}
        ${whoScope('a.member_id', sql`(p.created_at AT TIME ZONE ${tz})::date`, f)}`,
    page,
  );
}

/**
 * The rounds behind a GGR figure (valid rounds, at their close): the valid bet as the base (the bet
 * less what came back unrisked, as the figure counts it), bet - win as the amount.
 */
export function drillRounds(db: Conn, f: DrillFilter, tz: string, page: Paging) {
  return drillPage(
    db,
    sql`SELECT r.id::text AS id, to_char(r.closed_at AT TIME ZONE 'UTC', ${sql.raw(ISO)}) AS at,
        r.member_id, r.vendor_code || ':' || r.game_code AS what, r.round_id AS reference,
        (r.bet_amount - r.void_amount) AS base, NULL::bigint AS rate_ppm, (r.bet_amount - r.win_amount) AS amount
      FROM vendor_rounds r
      WHERE r.status = 'closed' AND r.closed_at >= ${dayStart(f.from, tz)} AND r.closed_at < ${dayEnd(f.to, tz)}
        ${f.vendor ? sql`AND r.vendor_code = ${f.vendor}` : sql``}
        ${f.gameType ? sql`AND r.game_type = ${f.gameType}` : sql``}
        ${f.gameCode ? sql`AND r.game_code = ${f.gameCode}` : sql``}
        ${whoScope('r.member_id', sql`(r.closed_at AT TIME ZONE ${tz})::date`, f)}`,
    page,
  );
}

/** The provider fee's rows: per brand day, member and vendor, the GGR charged, the rate and the fee. */
export function drillProviderFees(db: Conn, f: DrillFilter, page: Paging) {
  return drillPage(
    db,
    sql`SELECT v.day::text || ':' || v.member_id || ':' || v.vendor_code AS id, v.day::text AS at, v.member_id,
        v.vendor_code AS what, NULL::text AS reference, (v.bet_amount - v.win_amount) AS base, v.ppm AS rate_ppm,
        v.provider_fee AS amount
      FROM report_daily_ngr_member_vendors v
      WHERE v.day >= ${f.from}::date AND v.day <= ${f.to}::date AND v.provider_fee <> 0
        ${f.vendor ? sql`AND v.vendor_code = ${f.vendor}` : sql``} ${whoScope('v.member_id', sql`v.day`, f)}`,
    page,
  );
}

/** The payment fee's rows: per brand day and member, the approved deposits and withdrawals charged and the fee. */
export function drillPaymentFees(db: Conn, f: DrillFilter, page: Paging) {
  return drillPage(
    db,
    sql`SELECT m.day::text || ':' || m.member_id AS id, m.day::text AS at, m.member_id, 'payments' AS what,
        NULL::text AS reference, m.pay_base AS base, d.payment_fee_ppm AS rate_ppm, m.payment_fee AS amount
      FROM report_daily_ngr_members m JOIN report_daily_ngr d ON d.day = m.day
      WHERE m.day >= ${f.from}::date AND m.day <= ${f.to}::date AND m.payment_fee <> 0
        ${whoScope('m.member_id', sql`m.day`, f)}`,
    page,
  );
}
