import { AGENT_ACCOUNT_TYPES } from '@gamehall/shared/constants';
import { type RawBuilder, sql } from 'kysely';
import type { Conn } from '../../db/database';
import { pageOffset } from '../../http/paging';
import {
  type AgentNgrSettings,
  amongIds,
  memberRevenueSql,
  NGR_CATEGORIES,
  providerFeeRates,
  providerFeeSql,
  VALID_BET_SUMS,
  validRoundsIn,
} from '../agents/member-revenue.sql';
import {
  amongKeys,
  COST_CATEGORIES,
  COST_POSTING_TYPES,
  type CostCategory,
  differs,
  type GameKey,
  staleKeys,
} from './net-revenue.sql';
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
/** The figures of a game's rows. */
const GAME_FIGURES = ['bet_amount', 'win_amount'];
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

/** `t`'s figure columns differ from the upsert's (`excluded`): the rows an upsert rewrites. */
const changed = (t: string, cols: readonly string[]) => differs(t, 'excluded', cols);

/**
 * CTEs (to put in the statement that rewrites a day's rows, so `stored` still reads them as they
 * were) that add the day's changes to the ranges holding the day (report_ngr_ranges): per key, the
 * computed figures less the stored ones, and days +1 for a new day row, -1 for one that goes. A range
 * row at 0 days is deleted after the statement (one row cannot be written twice in it); a members
 * range counts its rows as they appear and go.
 */
function rangeDeltas(o: {
  day: Day;
  stored: RawBuilder<unknown>;
  computed: RawBuilder<unknown>;
  keys: readonly string[];
  figures: readonly string[];
  table: 'members' | 'games';
}) {
  const k0 = o.keys[0] as string;
  const on = o.keys.map((k) => `o.${k} = c.${k}`).join(' AND ');
  const key = list(o.keys, (k) => `coalesce(c.${k}, o.${k}) AS ${k}`);
  const ranged = sql`ranged AS (
      INSERT INTO ${sql.raw(o.table === 'members' ? 'report_ngr_range_members' : 'report_ngr_range_games')} AS t
        (range_id, ${list(o.keys)}, days, ${list(o.figures)})
      SELECT r.id, ${list(o.keys, (k) => `d.${k}`)}, d.days, ${list(o.figures, (f) => `d.${f}`)}
      FROM delta d JOIN report_ngr_ranges r ON r.from_day <= ${o.day}::date AND r.to_day >= ${o.day}::date
      ON CONFLICT (range_id, ${list(o.keys)}) DO UPDATE SET days = t.days + excluded.days,
        ${list(o.figures, (f) => `${f} = t.${f} + excluded.${f}`)}
      RETURNING t.range_id, ${list(o.keys, (k) => `t.${k}`)}, t.days
    )`;
  return sql`delta AS (
      SELECT ${key}, (c.${sql.raw(k0)} IS NOT NULL)::int - (o.${sql.raw(k0)} IS NOT NULL)::int AS days,
        ${list(o.figures, (f) => `coalesce(c.${f}, 0) - coalesce(o.${f}, 0) AS ${f}`)}
      FROM (${o.computed}) c FULL JOIN (${o.stored}) o ON ${sql.raw(on)}
      WHERE c.${sql.raw(k0)} IS NULL OR o.${sql.raw(k0)} IS NULL OR ${differs('c', 'o', o.figures)}
    ),
    ${ranged}${
      o.table === 'members'
        ? sql`,
    counted AS (
      UPDATE report_ngr_ranges r SET members = r.members + x.n FROM (
        SELECT g.range_id,
          (count(*) FILTER (WHERE g.days > 0 AND g.days = d.days) - count(*) FILTER (WHERE g.days = 0))::int AS n
        FROM ranged g JOIN delta d ON d.member_id = g.member_id GROUP BY g.range_id
      ) x WHERE r.id = x.range_id AND x.n <> 0
    )`
        : sql``
    }`;
}

/**
 * The bank fees recorded on the payouts marked paid in [start, end), per member (the withdrawal's):
 * the house's payment cost beside the rate of agentNgr.paymentFeePpm. The operator's payment fee is
 * both; the agents' dividend base keeps the rate alone (its setting says what agents share).
 */
function payoutFeesSql(start: Date, end: Date, members: readonly number[] | null = null) {
  return sql`SELECT member_id, sum(fee)::bigint AS fee FROM withdrawal_orders
    WHERE paid_at >= ${start} AND paid_at < ${end} AND fee > 0${amongIds('member_id', members)} GROUP BY member_id`;
}

/** The agents' dividend settings a settled brand day was settled with (agent_settled_days), or null. */
export async function settledNgr(db: Conn, day: Day): Promise<unknown> {
  const r = await sql<{ ngr: unknown }>`SELECT ngr FROM agent_settled_days WHERE day = ${day}::date`.execute(db);
  const ngr = r.rows[0]?.ngr;
  if (ngr === undefined || ngr === null) return null;
  return typeof ngr === 'string' ? JSON.parse(ngr) : ngr;
}

/**
 * Recomputes the day's net revenue rollups with the brand's fee settings (`s`, every deduction on):
 * per member (and the member's top agent now), per top agent, per member and vendor, per vendor,
 * per game, and the day's total. Runs inside refreshDay's transaction, under its day lock.
 * The two tables of a row per member (and vendor) of the day, about 300,000 rows each at a million
 * members, are written where they change: the day's rows no longer computed are deleted, and a
 * row is rewritten only when a figure differs (its refreshed_at is when its figures were last
 * written), since the job recomputes today and yesterday every few minutes and most members' rows
 * stay as they were. The small tables are rewritten with one stamp and the rows the upsert did not
 * touch are deleted.
 * `members` (a pass over the day's changes): only those members' rows of the two per-member tables
 * are recomputed, the others stay as stored; the tables summed from them are summed whole, but for
 * the per-game rows: only `games` (those whose member rows moved) are summed again.
 */
export async function refreshNetRevenue(
  trx: Conn,
  day: Day,
  tz: string,
  stamp: Date,
  s: AgentNgrSettings,
  members: readonly number[] | null = null,
  games: readonly GameKey[] | null = null,
) {
  const { start, end } = await dayWindow(trx, day, tz);
  const only = (column: string) => amongIds(column, members);
  const named = (c: string) => sql`coalesce(n.${sql.ref(`d_${c}`)}, 0) AS ${sql.ref(c)}`;
  // memberRevenueSql's d_* columns as the report's categories (FIGURE_COLUMNS order): the manual
  // adjustments are one cost to the operator, corrections and goodwill alike; then the provider
  // fee (the payment fee, to which the payouts' bank fees are added, is written below).
  const ledgerN = NGR_CATEGORIES.map((c) =>
    c === 'manual' ? sql`coalesce(n.d_manual, 0) + coalesce(n.d_goodwill, 0) AS manual` : named(c),
  );
  const providerFeeN = named('provider_fee');
  // The top agent of the day's members, joined once (a lookup per member was most of the job's time).
  await sql`
    WITH n AS (${memberRevenueSql(start, end, s, members)}),
    c AS (
      SELECT a.member_id, sum(e.amount)::bigint AS commission
      FROM ${memberCash(COST_POSTING_TYPES.commission, start, end)}${only('a.member_id')}
      GROUP BY a.member_id
    ),
    o AS (
      SELECT member_id, sum(amount)::bigint AS base FROM (
        SELECT member_id, amount FROM deposit_orders
         WHERE status = 'approved' AND decided_at >= ${start} AND decided_at < ${end}${only('member_id')}
        UNION ALL
        SELECT member_id, amount FROM withdrawal_orders
        WHERE approved_at >= ${start} AND approved_at < ${end} AND status <> 'rejected'${only('member_id')}
      ) x GROUP BY member_id
    ),
    pf AS (${payoutFeesSql(start, end, members)}),
    ids AS (SELECT member_id FROM n UNION SELECT member_id FROM c UNION SELECT member_id FROM o
      UNION SELECT member_id FROM pf),
    top AS (
      SELECT DISTINCT ON (t.member_id) t.member_id, t.ancestor_id FROM ids
      JOIN agent_tree t ON t.member_id = ids.member_id
      JOIN members am ON am.id = t.ancestor_id AND am.type IN (${sql.join([...AGENT_ACCOUNT_TYPES])})
      ORDER BY t.member_id, t.depth DESC
    ),
    computed AS MATERIALIZED (
      SELECT ids.member_id, coalesce(top.ancestor_id, 0) AS agent_id,
        coalesce(n.valid_bets, 0) AS bet_amount, coalesce(n.wins, 0) AS win_amount, ${sql.join(ledgerN)},
        coalesce(c.commission, 0) AS commission, ${providerFeeN}, coalesce(n.d_payment_fee, 0) + coalesce(pf.fee, 0) AS payment_fee,
        coalesce(o.base, 0) AS pay_base
      FROM ids
      LEFT JOIN top ON top.member_id = ids.member_id
      LEFT JOIN n ON n.member_id = ids.member_id
      LEFT JOIN c ON c.member_id = ids.member_id
      LEFT JOIN o ON o.member_id = ids.member_id
      LEFT JOIN pf ON pf.member_id = ids.member_id
    ),
    stale AS (${staleKeys(sql`SELECT member_id FROM report_daily_ngr_members WHERE day = ${day}::date${only('member_id')}`, sql`SELECT member_id FROM computed`, 'member_id')}),
    gone AS (
      DELETE FROM report_daily_ngr_members m WHERE m.day = ${day}::date
        AND m.member_id IN (SELECT member_id FROM stale)
    ),
    ${rangeDeltas({
      day,
      stored: sql`SELECT member_id, ${list(FIGURE_COLUMNS)} FROM report_daily_ngr_members
        WHERE day = ${day}::date${only('member_id')}`,
      computed: sql`SELECT member_id, ${list(FIGURE_COLUMNS)} FROM computed`,
      keys: ['member_id'],
      figures: FIGURE_COLUMNS,
      table: 'members',
    })}
    INSERT INTO report_daily_ngr_members (day, member_id, agent_id, ${list(SUM_COLUMNS)}, refreshed_at)
    SELECT ${day}::date, computed.*, ${stamp}::timestamptz FROM computed
    ON CONFLICT (day, member_id) DO UPDATE SET agent_id = excluded.agent_id, ${updateAll},
      refreshed_at = excluded.refreshed_at
      WHERE ${changed('report_daily_ngr_members', ['agent_id', ...SUM_COLUMNS])}
  `.execute(trx);

  await sql`
    INSERT INTO report_daily_ngr_agents (day, agent_id, members, ${list(SUM_COLUMNS)}, refreshed_at)
    SELECT day, agent_id, count(*)::int, ${list(SUM_COLUMNS, (c) => `sum(${c})::bigint`)}, ${stamp}::timestamptz
    FROM report_daily_ngr_members WHERE day = ${day}::date GROUP BY day, agent_id
    ON CONFLICT (day, agent_id) DO UPDATE SET members = excluded.members, ${updateAll},
      refreshed_at = excluded.refreshed_at
  `.execute(trx);

  // The provider fee per member and vendor, as memberRevenueSql charges it (the same fragments).
  await sql`
    WITH computed AS MATERIALIZED (
      SELECT rv.member_id, rv.vendor_code, rv.vb AS bet_amount, rv.w AS win_amount, coalesce(f.ppm, 0) AS ppm,
        ${providerFeeSql('rv.vb', 'rv.w', 'f.ppm')}::bigint AS provider_fee
      FROM (
        SELECT member_id, vendor_code, ${VALID_BET_SUMS}
        FROM vendor_rounds WHERE ${validRoundsIn(start, end)}${only('member_id')} GROUP BY member_id, vendor_code
      ) rv LEFT JOIN ${providerFeeRates(s)} ON f.vendor_code = rv.vendor_code
    ),
    stale AS (${staleKeys(
      sql`SELECT member_id, vendor_code FROM report_daily_ngr_member_vendors WHERE day = ${day}::date${only('member_id')}`,
      sql`SELECT member_id, vendor_code FROM computed`,
      'member_id, vendor_code',
    )}),
    gone AS (
      DELETE FROM report_daily_ngr_member_vendors v WHERE v.day = ${day}::date
        AND (v.member_id, v.vendor_code) IN (SELECT member_id, vendor_code FROM stale)
    )
    INSERT INTO report_daily_ngr_member_vendors
      (day, member_id, vendor_code, bet_amount, win_amount, ppm, provider_fee, refreshed_at)
    SELECT ${day}::date, computed.*, ${stamp}::timestamptz FROM computed
    ON CONFLICT (day, member_id, vendor_code) DO UPDATE SET bet_amount = excluded.bet_amount,
      win_amount = excluded.win_amount, ppm = excluded.ppm, provider_fee = excluded.provider_fee,
      refreshed_at = excluded.refreshed_at
      WHERE ${changed('report_daily_ngr_member_vendors', ['bet_amount', 'win_amount', 'ppm', 'provider_fee'])}
  `.execute(trx);

  await sql`
    INSERT INTO report_daily_ngr_vendors (day, vendor_code, bet_amount, win_amount, provider_fee, refreshed_at)
    SELECT day, vendor_code, sum(bet_amount)::bigint, sum(win_amount)::bigint, sum(provider_fee)::bigint,
      ${stamp}::timestamptz
    FROM report_daily_ngr_member_vendors WHERE day = ${day}::date GROUP BY day, vendor_code
    ON CONFLICT (day, vendor_code) DO UPDATE SET bet_amount = excluded.bet_amount, win_amount = excluded.win_amount,
      provider_fee = excluded.provider_fee, refreshed_at = excluded.refreshed_at
  `.execute(trx);

  // Per game, summed from the members' rows of the day's games (refreshMemberGames ran first).
  if (games === null || games.length > 0) {
    await sql`
    WITH computed AS MATERIALIZED (
      SELECT vendor_code, game_type, game_code, sum(valid_bet)::bigint AS vb, sum(valid_win)::bigint AS w
      FROM report_daily_member_games m WHERE m.day = ${day}::date AND m.valid_rounds > 0${amongKeys('m', games)}
      GROUP BY vendor_code, game_type, game_code
    ),
    ${rangeDeltas({
      day,
      stored: sql`SELECT vendor_code, game_type, game_code, bet_amount, win_amount FROM report_daily_ngr_games g
        WHERE day = ${day}::date${amongKeys('g', games)}`,
      computed: sql`SELECT vendor_code, game_type, game_code, vb AS bet_amount, w AS win_amount FROM computed`,
      keys: ['vendor_code', 'game_type', 'game_code'],
      figures: GAME_FIGURES,
      table: 'games',
    })}
    INSERT INTO report_daily_ngr_games (day, vendor_code, game_type, game_code, bet_amount, win_amount, refreshed_at)
    SELECT ${day}::date, computed.*, ${stamp}::timestamptz FROM computed
    ON CONFLICT (day, vendor_code, game_type, game_code) DO UPDATE SET bet_amount = excluded.bet_amount,
      win_amount = excluded.win_amount, refreshed_at = excluded.refreshed_at
  `.execute(trx);
    // Each table named where it is written (table-owners.test reads the names); of the games, only
    // those summed again (the others' rows stay as they were).
    await sql`DELETE FROM report_daily_ngr_games g
      WHERE g.day = ${day}::date AND g.refreshed_at <> ${stamp}::timestamptz${amongKeys('g', games)}`.execute(trx);
  }
  await trx.deleteFrom('report_daily_ngr_agents').where('day', '=', day).where('refreshed_at', '<>', stamp).execute();
  await trx.deleteFrom('report_daily_ngr_vendors').where('day', '=', day).where('refreshed_at', '<>', stamp).execute();
  // A range row whose last day row went (the partial indexes hold only these).
  await trx.deleteFrom('report_ngr_range_members').where('days', '=', 0).execute();
  await trx.deleteFrom('report_ngr_range_games').where('days', '=', 0).execute();

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

// ---- ranges summed ahead (migration 0111)

export type Range = { from: Day; to: Day };

/** The ranges summed ahead, by id. */
export async function ranges(db: Conn) {
  const r = await sql<{ id: number; from: string; to: string }>`
    SELECT id, from_day::text AS from, to_day::text AS to FROM report_ngr_ranges`.execute(db);
  return r.rows;
}

/** The id of the range [from, to] when it is summed ahead (null: the report sums the days). */
export async function rangeId(db: Conn, from: Day, to: Day): Promise<number | null> {
  const r = await db
    .selectFrom('report_ngr_ranges')
    .select('id')
    .where('from_day', '=', from)
    .where('to_day', '=', to)
    .executeTakeFirst();
  return r ? Number(r.id) : null;
}

/**
 * Sums the days of `range` into a new range, under the locks of its days (held by the caller's
 * transaction: no day of it is recomputed meanwhile, and each recompute after adds its changes).
 */
export async function buildRange(trx: Conn, range: Range, stamp: Date) {
  // A million members' groups: with the default work_mem the aggregation spills to disk.
  await sql`SET LOCAL work_mem = '128MB'`.execute(trx);
  const head = await trx
    .insertInto('report_ngr_ranges')
    .values({ from_day: range.from, to_day: range.to, members: 0, built_at: stamp })
    .returning('id')
    .executeTakeFirstOrThrow();
  const id = Number(head.id);
  const within = sql`day >= ${range.from}::date AND day <= ${range.to}::date`;
  const members = await sql`
    INSERT INTO report_ngr_range_members (range_id, member_id, days, ${list(FIGURE_COLUMNS)})
    SELECT ${id}::int, member_id, count(*)::int, ${list(FIGURE_COLUMNS, (c) => `sum(${c})::bigint`)}
    FROM report_daily_ngr_members WHERE ${within} GROUP BY member_id`.execute(trx);
  await trx
    .updateTable('report_ngr_ranges')
    .set({ members: Number(members.numAffectedRows ?? 0) })
    .where('id', '=', id)
    .execute();
  await sql`
    INSERT INTO report_ngr_range_games (range_id, vendor_code, game_type, game_code, days, bet_amount, win_amount)
    SELECT ${id}::int, vendor_code, game_type, game_code, count(*)::int, sum(bet_amount)::bigint, sum(win_amount)::bigint
    FROM report_daily_ngr_games WHERE ${within} GROUP BY vendor_code, game_type, game_code`.execute(trx);
}

/** Drops a range summed ahead (its rows go with it); the caller holds its days' locks. */
export async function dropRange(trx: Conn, id: number) {
  await trx.deleteFrom('report_ngr_ranges').where('id', '=', id).execute();
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

/**
 * The game rows of the filter: the range's, summed ahead, when `rangeId` is one (about 10,000 rows
 * for a catalogue's games, against a row per game and day), else the days'.
 */
function gameScope(f: NgrFilter, rangeId: number | null) {
  if (rangeId === null) return { table: sql`report_daily_ngr_games`, where: gameWhere(f) };
  return {
    table: sql`report_ngr_range_games`,
    where: sql`range_id = ${rangeId} ${f.vendor ? sql`AND vendor_code = ${f.vendor}` : sql``}
      ${f.gameType ? sql`AND game_type = ${f.gameType}` : sql``}`,
  };
}

/** Vendor rows read the vendor rollup (with the fee) unless a game type narrows them to games. */
const byVendorRollup = (group: NgrGroup, f: NgrFilter) => group === 'vendor' && !f.gameType;

/** A grouping's rows (players: playerPage); `rangeId`: the range summed ahead, if any. */
function source(group: Exclude<NgrGroup, 'player'>, f: NgrFilter, rangeId: number | null) {
  const range = sql`day >= ${f.from}::date AND day <= ${f.to}::date`;
  const games = gameScope(f, rangeId);
  switch (group) {
    case 'day': {
      const s = memberScope(f);
      return sql`SELECT day::text AS key, ${NO_KEYS}, NULL::bigint AS member_id, ${sums()}
        FROM ${s.table} WHERE ${s.where} GROUP BY day`;
    }
    case 'agent':
      return sql`SELECT agent_id::text AS key, ${NO_KEYS}, agent_id AS member_id, ${sums()} FROM report_daily_ngr_agents
        WHERE ${range} ${f.agentId !== undefined ? sql`AND agent_id = ${f.agentId}` : sql``} GROUP BY agent_id`;
    case 'vendor':
      return byVendorRollup(group, f)
        ? sql`SELECT vendor_code AS key, vendor_code, NULL::text AS game_type, NULL::text AS game_code,
            NULL::bigint AS member_id, ${sums(VENDOR_FIGURES)} FROM report_daily_ngr_vendors
            WHERE ${gameWhere(f)} GROUP BY vendor_code`
        : sql`SELECT vendor_code AS key, vendor_code, NULL::text AS game_type, NULL::text AS game_code,
            NULL::bigint AS member_id, ${sums(GAME_FIGURES)} FROM ${games.table}
            WHERE ${games.where} GROUP BY vendor_code`;
    case 'gameType':
      return sql`SELECT game_type AS key, NULL::text AS vendor_code, game_type, NULL::text AS game_code,
        NULL::bigint AS member_id, ${sums(GAME_FIGURES)} FROM ${games.table} WHERE ${games.where}
        GROUP BY game_type`;
    case 'game':
      return sql`SELECT vendor_code || ':' || game_code AS key, vendor_code, game_type, game_code,
        NULL::bigint AS member_id, ${sums(GAME_FIGURES)} FROM ${games.table} WHERE ${games.where}
        GROUP BY vendor_code, game_type, game_code`;
  }
}

function numbers<T extends Record<string, unknown>>(row: T): T {
  const out: Record<string, unknown> = { ...row };
  for (const k of [...FIGURE_COLUMNS, 'member_id'])
    if (out[k] !== null && out[k] !== undefined) out[k] = Number(out[k]);
  return out as T;
}

/** The sort column over a group's rows, as a sum of the rollup's columns (or the key). */
function sortSum(sort: Sort) {
  const column = SORT[sort.column] ?? 'key';
  return column === 'key' ? null : sql.raw(`sum(${column})`);
}

/**
 * A page of players: a member-day row per day and member who did anything, about a million members
 * over 30 days at scale, so the ranking sums the sort column alone (one sum, not every figure, per
 * member) and the figures are summed for the page's members only, with the same filter. The order
 * is ngrPage's (the sort column, then the key as text, NULLS LAST as there); a sum of a difference
 * equals the difference of the sums (bigint into numeric, exact).
 */
async function playerPage(
  db: Conn,
  f: NgrFilter,
  sort: Sort,
  page: Paging,
): Promise<{ rows: NgrRow[]; total: number }> {
  if (f.agentId === undefined && f.memberId === undefined) {
    const id = await rangeId(db, f.from, f.to);
    if (id !== null) return rangePlayerPage(db, id, sort, page);
  }
  const where = sql`day >= ${f.from}::date AND day <= ${f.to}::date
    ${f.agentId !== undefined ? sql`AND agent_id = ${f.agentId}` : sql``}
    ${f.memberId !== undefined ? sql`AND member_id = ${f.memberId}` : sql``}`;
  const dir = sql.raw(sort.order === 'asc' ? 'ASC' : 'DESC');
  const by = sortSum(sort);
  // The ranking's hash table holds every member of the range (about 150 bytes each); with the
  // default work_mem (4 MB) it spilled to disk in dozens of batches at a million members.
  const ranked = await db.transaction().execute(async (trx) => {
    await sql`SET LOCAL work_mem = '128MB'`.execute(trx);
    return sql<{ member_id: string; groups: number }>`
      SELECT member_id, count(*) OVER ()::int AS groups FROM report_daily_ngr_members WHERE ${where}
      GROUP BY member_id
      ORDER BY ${by === null ? sql`` : sql`${by} ${dir} NULLS LAST, `}member_id::text ${dir}
      LIMIT ${page.pageSize} OFFSET ${pageOffset(page)}`.execute(trx);
  });
  const ids = ranked.rows.map((r) => Number(r.member_id));
  const total =
    ranked.rows[0]?.groups ??
    (page.pageNo > 1
      ? ((
          await sql<{ n: number }>`SELECT count(DISTINCT member_id)::int AS n FROM report_daily_ngr_members
            WHERE ${where}`.execute(db)
        ).rows[0]?.n ?? 0)
      : 0);
  if (ids.length === 0) return { rows: [], total };
  const r = await sql<NgrRow>`
    SELECT member_id::text AS key, ${NO_KEYS}, member_id, ${sums()} FROM report_daily_ngr_members
    WHERE ${where} AND member_id = ANY(${ids}::bigint[]) GROUP BY member_id`.execute(db);
  const byId = new Map(r.rows.map((row) => [Number(row.member_id), numbers(row)]));
  return { rows: ids.flatMap((id) => byId.get(id) ?? []), total };
}

/** The range's stored sort columns (ggr, deductions and ngr are indexed, as is the key). */
const RANGE_SORT: Record<string, string> = { ...SORT, ggr: 'ggr', deductions: 'deductions', ngr: 'ngr' };

/**
 * A page of players of a range summed ahead: its member rows in the order playerPage gives (the
 * sort column, then the key as text; no NULLS LAST, as no figure is null, so that the indexes serve
 * both directions), with the range's member count read in the same statement.
 */
async function rangePlayerPage(db: Conn, id: number, sort: Sort, page: Paging) {
  const column = RANGE_SORT[sort.column] ?? 'key';
  const dir = sort.order === 'asc' ? 'ASC' : 'DESC';
  const order = sql.raw(`${column === 'key' ? '' : `${column} ${dir}, `}member_id::text ${dir}`);
  const r = await sql<NgrRow & { groups: number }>`
    SELECT r.members AS groups, p.* FROM report_ngr_ranges r LEFT JOIN LATERAL (
      SELECT member_id::text AS key, ${NO_KEYS}, member_id, ${list(FIGURE_COLUMNS)} FROM report_ngr_range_members
      WHERE range_id = r.id ORDER BY ${order} LIMIT ${page.pageSize} OFFSET ${pageOffset(page)}
    ) p ON true WHERE r.id = ${id}`.execute(db);
  return {
    rows: r.rows.filter((row) => row.key !== null).map(({ groups: _, ...row }) => numbers(row as NgrRow)),
    total: r.rows[0]?.groups ?? 0,
  };
}

/** One page of the report's groups, sorted, with the number of groups (one aggregation; players: two steps). */
export async function ngrPage(
  db: Conn,
  group: NgrGroup,
  filter: NgrFilter,
  sort: Sort,
  page: Paging,
): Promise<{ rows: NgrRow[]; total: number }> {
  if (group === 'player') return playerPage(db, filter, sort, page);
  const gameGroup = group === 'vendor' || group === 'gameType' || group === 'game';
  const grouped = source(group, filter, gameGroup ? await rangeId(db, filter.from, filter.to) : null);
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
  const games = gameScope(f, gameGroup ? await rangeId(db, f.from, f.to) : null);
  const whole = !gameGroup
    ? sql`SELECT ${sums()} FROM ${scope.table} WHERE ${scope.where}`
    : f.gameType
      ? sql`SELECT ${sums(GAME_FIGURES)} FROM ${games.table} WHERE ${games.where}`
      : f.vendor
        ? sql`SELECT ${sums(VENDOR_FIGURES)} FROM report_daily_ngr_vendors WHERE ${gameWhere(f)}`
        : sql`SELECT ${sums()} FROM report_daily_ngr WHERE ${gameWhere(f)}`;
  const rows = !gameGroup
    ? null
    : byVendorRollup(group, f)
      ? sql`SELECT ${sums(VENDOR_FIGURES)} FROM report_daily_ngr_vendors WHERE ${gameWhere(f)}`
      : sql`SELECT ${sums(GAME_FIGURES)} FROM ${games.table} WHERE ${games.where}`;
  const [a, b] = await Promise.all([
    sql<NgrFigures>`${whole}`.execute(db),
    rows ? sql<NgrFigures>`${rows}`.execute(db) : Promise.resolve(null),
  ]);
  return { whole: numbers(a.rows[0] as NgrFigures), rows: b ? numbers(b.rows[0] as NgrFigures) : null };
}

/** When the job last computed `day` (null: not yet). */
export async function refreshedAt(db: Conn, day: Day): Promise<Date | null> {
  // The job's last pass over the day when it found nothing changed since it computed the day.
  const r = await sql<{ at: Date }>`
    SELECT greatest(n.refreshed_at, p.refreshed_at) AS at FROM report_daily_ngr n
      LEFT JOIN report_day_passes p ON p.day = n.day WHERE n.day = ${day}::date`.execute(db);
  const at = r.rows[0]?.at;
  return at ? new Date(at) : null;
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

/**
 * The payment fee's rows: per brand day and member, the rate on the approved deposits and
 * withdrawals (the base, the rate and the fee, rounded down as memberRevenueSql charges it), and
 * each payout's recorded bank fee (the withdrawal, its amount as the base, the paying account).
 */
export function drillPaymentFees(db: Conn, f: DrillFilter, tz: string, page: Paging) {
  return drillPage(
    db,
    sql`SELECT * FROM (
      SELECT m.day::text || ':' || m.member_id AS id, m.day::text AS at, m.member_id, 'payments' AS what,
        NULL::text AS reference, m.pay_base AS base, d.payment_fee_ppm AS rate_ppm,
        (m.pay_base * d.payment_fee_ppm / 1000000)::bigint AS amount
      FROM report_daily_ngr_members m JOIN report_daily_ngr d ON d.day = m.day
      WHERE m.day >= ${f.from}::date AND m.day <= ${f.to}::date AND m.pay_base * d.payment_fee_ppm >= 1000000
        ${whoScope('m.member_id', sql`m.day`, f)}
      UNION ALL
      SELECT w.reference AS id, to_char(w.paid_at AT TIME ZONE 'UTC', ${sql.raw(ISO)}) AS at, w.member_id,
        'payout fee: ' || coalesce(a.label, '') AS what, w.reference, w.amount AS base, NULL::bigint AS rate_ppm,
        w.fee AS amount
      FROM withdrawal_orders w LEFT JOIN cashier_house_accounts a ON a.id = w.paid_from_account_id
      WHERE w.paid_at >= ${dayStart(f.from, tz)} AND w.paid_at < ${dayEnd(f.to, tz)} AND w.fee > 0
        ${whoScope('w.member_id', sql`(w.paid_at AT TIME ZONE ${tz})::date`, f)}
    ) x`,
    page,
  );
}

// ---- payment fees (the cashier report's section; docs/back-office.md "Payment fees")

/**
 * Per brand day of [from, to] with a payment fee: the NGR rollup's payment fee (the same figure the
 * NGR report shows), its rate part (per member, rounded down, as it was charged) and so its payout
 * part (the bank fees recorded on the day's payouts), and the day's payouts with a fee.
 */
export async function paymentFeeDays(db: Conn, from: Day, to: Day, tz: string) {
  const r = await sql<{ day: string; total: number | string; rate: number | string; payouts: number }>`
    SELECT d.day::text AS day, d.payment_fee AS total,
      coalesce((SELECT sum(m.pay_base * d.payment_fee_ppm / 1000000) FROM report_daily_ngr_members m
        WHERE m.day = d.day), 0)::bigint AS rate,
      (SELECT count(*) FROM withdrawal_orders w WHERE w.fee > 0
        AND w.paid_at >= ${dayStart(from, tz)} AND w.paid_at < ${dayEnd(to, tz)}
        AND (w.paid_at AT TIME ZONE ${tz})::date = d.day)::int AS payouts
    FROM report_daily_ngr d
    WHERE d.day >= ${from}::date AND d.day <= ${to}::date AND d.payment_fee <> 0
    ORDER BY d.day`.execute(db);
  return r.rows.map((x) => ({ day: x.day, total: Number(x.total), rate: Number(x.rate), payouts: x.payouts }));
}

/** The payouts of [from, to] with a fee, per paying account (none: paid before accounts were recorded). */
export async function payoutFeeAccounts(db: Conn, from: Day, to: Day, tz: string) {
  const r = await sql<{ account_id: number | null; label: string | null; payouts: number; fees: number | string }>`
    SELECT w.paid_from_account_id AS account_id, max(a.label) AS label, count(*)::int AS payouts,
      sum(w.fee)::bigint AS fees
    FROM withdrawal_orders w LEFT JOIN cashier_house_accounts a ON a.id = w.paid_from_account_id
    WHERE w.fee > 0 AND w.paid_at >= ${dayStart(from, tz)} AND w.paid_at < ${dayEnd(to, tz)}
    GROUP BY w.paid_from_account_id ORDER BY max(a.label), w.paid_from_account_id`.execute(db);
  return r.rows.map((x) => ({
    accountId: x.account_id === null ? null : Number(x.account_id),
    label: x.label,
    payouts: x.payouts,
    fees: Number(x.fees),
  }));
}

/** The payouts with a fee of [from, to] (brand days), of one paying account if asked, newest first. */
export async function payoutFeeRows(
  db: Conn,
  f: { from: Day; to: Day; accountId?: number | undefined },
  tz: string,
  page: Paging,
) {
  const r = await sql<{
    reference: string;
    member_id: number;
    username: string;
    amount: number | string;
    fee: number | string;
    paid_at: Date | string;
    account_id: number | null;
    label: string | null;
    payout_reference: string | null;
    total: number;
  }>`
    SELECT w.reference, w.member_id, m.username, w.amount, w.fee, w.paid_at, w.paid_from_account_id AS account_id,
      a.label, w.payout_reference, count(*) OVER ()::int AS total
    FROM withdrawal_orders w
    JOIN members m ON m.id = w.member_id
    LEFT JOIN cashier_house_accounts a ON a.id = w.paid_from_account_id
    WHERE w.fee > 0 AND w.paid_at >= ${dayStart(f.from, tz)} AND w.paid_at < ${dayEnd(f.to, tz)}
      ${f.accountId !== undefined ? sql`AND w.paid_from_account_id = ${f.accountId}` : sql``}
    ORDER BY w.paid_at DESC, w.id DESC LIMIT ${page.pageSize} OFFSET ${pageOffset(page)}`.execute(db);
  return {
    rows: r.rows.map((x) => ({
      reference: x.reference,
      memberId: Number(x.member_id),
      username: x.username,
      amount: Number(x.amount),
      fee: Number(x.fee),
      paidAt: new Date(x.paid_at),
      accountId: x.account_id === null ? null : Number(x.account_id),
      label: x.label,
      payoutReference: x.payout_reference,
    })),
    total: r.rows[0]?.total ?? 0,
  };
}
