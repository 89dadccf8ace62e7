import { AGENT_ACCOUNT_TYPES } from '@gamehall/shared/constants';
import { type RawBuilder, sql } from 'kysely';
import type { Conn } from '../../db/database';
import type {} from './agent-stats.tables';
import { DEDUCTION_COLUMNS } from './member-revenue.sql';

// The agent's team views. Every query is scoped by agent_tree (ancestor_id = the signed-in agent,
// depth >= 1), so nothing outside the agent's subtree can be read (docs/agents.md "The tree"). Like
// the back office's reports, these read other areas' tables (rounds, orders, ledger movements) for
// aggregation and listing only, and write nothing.

export type Window = { start: Date; end: Date };
export type Page = { limit: number; offset: number };
export type Sort = { column: string; order: 'asc' | 'desc' };

function orderBy(sort: Sort, columns: Record<string, string>, tieBreak: string): RawBuilder<unknown> {
  const column = columns[sort.column] ?? tieBreak;
  const dir = sort.order === 'asc' ? 'ASC' : 'DESC';
  return sql.raw(`${column} ${dir}, ${tieBreak} ${dir}`);
}

/**
 * Team size, direct downlines and sub-agents, now: one scan of the agent's agent_tree range, the
 * agents found through the partial index of agent members (migration 0030).
 */
export async function teamCounts(db: Conn, agentId: number) {
  const r = await sql<{ team: string; direct: string; agents: string }>`
    SELECT count(*) AS team, count(*) FILTER (WHERE t.depth = 1) AS direct, count(m.id) AS agents
    FROM agent_tree t
    LEFT JOIN members m ON m.id = t.member_id AND m.type IN (${sql.join(AGENT_ACCOUNT_TYPES)})
    WHERE t.ancestor_id = ${agentId} AND t.depth >= 1
  `.execute(db);
  const row = r.rows[0];
  return { team: Number(row?.team ?? 0), direct: Number(row?.direct ?? 0), agents: Number(row?.agents ?? 0) };
}

/** The agent's team-day rows in [from, to] (days without team activity have none). */
export function teamDays(db: Conn, agentId: number, from: string, to: string) {
  return db
    .selectFrom('agent_team_days')
    .select([
      sql<string>`day::text`.as('day'),
      'new_members',
      'active_members',
      'active_hll',
      'first_depositors',
      'deposit_count',
      'deposits',
      'withdrawal_count',
      'withdrawals',
      'rounds',
      'valid_bets',
      'wins',
    ])
    .where('agent_id', '=', agentId)
    .where(sql<boolean>`day BETWEEN ${from}::date AND ${to}::date`)
    .execute();
}
export type TeamDayRow = Awaited<ReturnType<typeof teamDays>>[number];

// ---- team betting

const BET_SORTS = {
  key: 'key',
  rounds: 'rounds',
  validBets: 'valid_bets',
  wins: 'wins',
  profitLoss: '(wins - valid_bets)',
};

export type BetGroupRow = { key: string; name: string | null; rounds: number; valid_bets: number; wins: number };
export type BetTotals = { rounds: number; valid_bets: number; wins: number };

/**
 * The team's closed rounds in the window: by game type or vendor, one page, with the group count and
 * totals. One statement: the rounds are grouped once (a CTE used twice is computed once), and the
 * totals row always comes back, with the page's groups beside it (none past the last page).
 */
export async function betGroups(
  db: Conn,
  agentId: number,
  window: Window,
  groupBy: 'gameType' | 'vendor',
  sort: Sort,
  page: Page,
) {
  const key = groupBy === 'vendor' ? sql.raw('vr.vendor_code') : sql.raw('vr.game_type');
  const order = orderBy(sort, BET_SORTS, 'key');
  const r = await sql<
    Record<keyof BetGroupRow, string | null> & {
      n: string;
      all_rounds: string | null;
      all_bets: string | null;
      all_wins: string | null;
    }
  >`
    WITH g AS (
      SELECT ${key} AS key, count(*)::bigint AS rounds, sum(vr.bet_amount - vr.void_amount)::bigint AS valid_bets,
        sum(vr.win_amount - vr.void_amount)::bigint AS wins
      FROM agent_tree t JOIN vendor_rounds vr ON vr.member_id = t.member_id
      WHERE t.ancestor_id = ${agentId} AND t.depth >= 1 AND vr.status = 'closed'
        AND vr.closed_at >= ${window.start} AND vr.closed_at < ${window.end}
      GROUP BY 1
    )
    SELECT tot.*, p.*
    FROM (SELECT count(*) AS n, sum(rounds) AS all_rounds, sum(valid_bets) AS all_bets, sum(wins) AS all_wins FROM g) tot
    LEFT JOIN LATERAL (
      SELECT g.key, ${groupBy === 'vendor' ? sql`v.name` : sql`NULL::text`} AS name, g.rounds, g.valid_bets, g.wins
      FROM g ${groupBy === 'vendor' ? sql`LEFT JOIN vendors v ON v.code = g.key` : sql``}
      ORDER BY ${order}
      LIMIT ${page.limit} OFFSET ${page.offset}
    ) p ON true
    ORDER BY ${order}`.execute(db);
  const t = r.rows[0];
  return {
    rows: r.rows
      .filter((x) => x.key !== null)
      .map(
        (x): BetGroupRow => ({
          key: x.key ?? '',
          name: x.name,
          rounds: Number(x.rounds),
          valid_bets: Number(x.valid_bets),
          wins: Number(x.wins),
        }),
      ),
    total: Number(t?.n ?? 0),
    totals: {
      rounds: Number(t?.all_rounds ?? 0),
      valid_bets: Number(t?.all_bets ?? 0),
      wins: Number(t?.all_wins ?? 0),
    },
  };
}

export type RoundFilter = { memberId?: number | undefined; vendor?: string | undefined; gameType?: string | undefined };

function roundsWhere(agentId: number, window: Window, f: RoundFilter) {
  return sql`t.ancestor_id = ${agentId} AND t.depth >= 1 AND vr.status = 'closed'
    AND vr.closed_at >= ${window.start} AND vr.closed_at < ${window.end}
    ${f.memberId !== undefined ? sql`AND vr.member_id = ${f.memberId}` : sql``}
    ${f.vendor !== undefined ? sql`AND vr.vendor_code = ${f.vendor}` : sql``}
    ${f.gameType !== undefined ? sql`AND vr.game_type = ${f.gameType}` : sql``}`;
}

/** The team's closed rounds in the window, newest first. */
export async function roundsPage(db: Conn, agentId: number, window: Window, f: RoundFilter, page: Page) {
  const r = await sql<{
    id: string;
    round_id: string;
    member_id: string;
    username: string;
    vendor_code: string;
    game_type: string;
    game_code: string;
    game_name: string | null;
    bet_amount: string;
    win_amount: string;
    closed_at: Date;
  }>`
    SELECT vr.id, vr.round_id, vr.member_id, m.username, vr.vendor_code, vr.game_type, vr.game_code, g.name AS game_name,
      vr.bet_amount - vr.void_amount AS bet_amount, vr.win_amount - vr.void_amount AS win_amount, vr.closed_at
    FROM agent_tree t
    JOIN vendor_rounds vr ON vr.member_id = t.member_id
    JOIN members m ON m.id = vr.member_id
    LEFT JOIN games g ON g.vendor_code = vr.vendor_code AND g.game_code = vr.game_code AND g.game_type = vr.game_type
    WHERE ${roundsWhere(agentId, window, f)}
    ORDER BY vr.closed_at DESC, vr.id DESC
    LIMIT ${page.limit} OFFSET ${page.offset}
  `.execute(db);
  return r.rows.map((x) => ({
    id: Number(x.id),
    round_id: x.round_id,
    member_id: Number(x.member_id),
    username: x.username,
    vendor_code: x.vendor_code,
    game_type: x.game_type,
    game_code: x.game_code,
    game_name: x.game_name,
    bet_amount: Number(x.bet_amount),
    win_amount: Number(x.win_amount),
    closed_at: new Date(x.closed_at),
  }));
}
export type RoundRow = Awaited<ReturnType<typeof roundsPage>>[number];

export async function roundsTotals(db: Conn, agentId: number, window: Window, f: RoundFilter) {
  const r = await sql<{ n: string; bets: string | null; wins: string | null }>`
    SELECT count(*) AS n, sum(vr.bet_amount - vr.void_amount) AS bets, sum(vr.win_amount - vr.void_amount) AS wins
    FROM agent_tree t JOIN vendor_rounds vr ON vr.member_id = t.member_id
    WHERE ${roundsWhere(agentId, window, f)}
  `.execute(db);
  const row = r.rows[0];
  return { rounds: Number(row?.n ?? 0), valid_bets: Number(row?.bets ?? 0), wins: Number(row?.wins ?? 0) };
}

// ---- user loss statements

const LOSS_SORTS = {
  username: 'lower(username)',
  level: 'depth',
  validBets: 'valid_bets',
  wins: 'wins',
  profitLoss: '(wins - valid_bets)',
  deposits: 'deposits',
  withdrawals: 'withdrawals',
  ngr: 'ngr',
};

export type LossRow = {
  member_id: number;
  username: string;
  depth: number;
  rounds: number;
  valid_bets: number;
  wins: number;
  deposits: number;
  withdrawals: number;
} & Deductions;

/** The dividend base's deductions (agent_member_days' d_* columns, member-revenue.sql.ts). */
export type Deductions = Record<(typeof DEDUCTION_COLUMNS)[number], number>;

const summed = sql.join(DEDUCTION_COLUMNS.map((c) => sql`sum(md.${sql.ref(c)})::bigint AS ${sql.ref(c)}`));
const anyDeduction = sql.join(
  DEDUCTION_COLUMNS.map((c) => sql`sum(md.${sql.ref(c)}) <> 0`),
  sql` OR `,
);
const pageDeductions = sql.join(DEDUCTION_COLUMNS.map((c) => sql.ref(`x.${c}`)));
const totalDeductions = sql.join(DEDUCTION_COLUMNS.map((c) => sql`sum(${sql.ref(c)}) AS ${sql.ref(`all_${c}`)}`));

/** A branch's figures over the range (downline_id null: the agent's other direct members). */
export type LossBranchRow = Omit<LossRow, 'member_id' | 'username' | 'depth'> & {
  downline_id: number | null;
  downline_username: string | null;
  members: number;
};

const LOSS_FIGURES = ['rounds', 'valid_bets', 'wins', 'deposits', 'withdrawals', ...DEDUCTION_COLUMNS] as const;

function lossFiguresOf(x: Record<string, unknown>, prefix = ''): Omit<LossRow, 'member_id' | 'username' | 'depth'> {
  return Object.fromEntries(LOSS_FIGURES.map((c) => [c, Number(x[`${prefix}${c}`] ?? 0)])) as Omit<
    LossRow,
    'member_id' | 'username' | 'depth'
  >;
}

/**
 * Each downline's own figures over [from, to] from the daily member figures, with the dividend
 * base's deductions, and the same figures per branch; one page, count, totals and branches in one
 * statement (the per-member sums are computed once). A member's branch is the direct downline it
 * is under (or is) when that downline is an agent or has members of its own; the other direct
 * members make one branch together (branch_id NULL). `branch` keeps the page and its totals to one
 * branch; the branches are always all listed. The usernames are joined for the page only, unless
 * the search or the sort needs them for every row.
 */
export async function lossPage(
  db: Conn,
  agentId: number,
  range: { from: string; to: string; q?: string | undefined; branch?: number | 'own' | undefined },
  sort: Sort,
  page: Page,
) {
  const q = range.q;
  const names = q !== undefined || sort.column === 'username';
  const order = orderBy(sort, LOSS_SORTS, 'member_id');
  const inBranch =
    range.branch === undefined
      ? sql`true`
      : range.branch === 'own'
        ? sql`branch_id IS NULL`
        : sql`branch_id = ${range.branch}`;
  const r = await sql<Record<string, unknown> & { n: string; branches: Record<string, unknown>[] | null }>`
    WITH a AS (
      SELECT md.member_id, ${names ? sql`m.username` : sql`NULL::text AS username`}, t.depth,
        sum(md.rounds)::bigint AS rounds, sum(md.valid_bets)::bigint AS valid_bets, sum(md.wins)::bigint AS wins,
        sum(md.deposits)::bigint AS deposits, sum(md.withdrawals)::bigint AS withdrawals, ${summed}
      FROM agent_tree t
      JOIN agent_member_days md ON md.member_id = t.member_id
      ${names ? sql`JOIN members m ON m.id = t.member_id` : sql``}
      WHERE t.ancestor_id = ${agentId} AND t.depth >= 1 AND md.day BETWEEN ${range.from}::date AND ${range.to}::date
        ${q !== undefined ? sql`AND lower(m.username) LIKE ${`%${escapeLike(q.toLowerCase())}%`}` : sql``}
      GROUP BY md.member_id, t.depth${names ? sql`, m.username` : sql``}
      HAVING sum(md.rounds) > 0 OR sum(md.deposit_count) > 0 OR sum(md.withdrawal_count) > 0 OR ${anyDeduction}
    ), s AS (
      SELECT a.*, a.valid_bets - a.wins - ${sql.join(
        DEDUCTION_COLUMNS.map((c) => sql.ref(`a.${c}`)),
        sql` - `,
      )} AS ngr,
        CASE WHEN a.depth > 1 OR d.type IN (${sql.join(AGENT_ACCOUNT_TYPES)})
               OR EXISTS (SELECT 1 FROM agent_tree c WHERE c.ancestor_id = d.id AND c.depth = 1)
             THEN d.id END AS branch_id
      FROM a
      JOIN agent_tree b ON b.member_id = a.member_id AND b.depth = a.depth - 1
      JOIN members d ON d.id = b.ancestor_id
    ), p AS (
      SELECT * FROM s WHERE ${inBranch}
    )
    SELECT * FROM (
      SELECT tot.*, br.branches, x.member_id, coalesce(x.username, pm.username) AS username, x.depth, x.rounds,
        x.valid_bets, x.wins, x.deposits, x.withdrawals, ${pageDeductions}, x.ngr
      FROM (
        SELECT count(*) AS n, sum(rounds) AS all_rounds, sum(valid_bets) AS all_valid_bets, sum(wins) AS all_wins,
          sum(deposits) AS all_deposits, sum(withdrawals) AS all_withdrawals, ${totalDeductions}
        FROM p
      ) tot
      CROSS JOIN (
        SELECT json_agg(json_build_object('downline_id', g.branch_id, 'downline_username', bm.username,
                 'members', g.members, ${sql.join(LOSS_FIGURES.map((c) => sql`${sql.lit(c)}, g.${sql.ref(c)}`))})
                 ORDER BY g.branch_id IS NULL, lower(bm.username), g.branch_id) AS branches
        FROM (
          SELECT branch_id, count(*) AS members, ${sql.join(LOSS_FIGURES.map((c) => sql`sum(${sql.ref(c)})::bigint AS ${sql.ref(c)}`))}
          FROM s GROUP BY branch_id
        ) g
        LEFT JOIN members bm ON bm.id = g.branch_id
      ) br
      LEFT JOIN LATERAL (SELECT * FROM p ORDER BY ${order} LIMIT ${page.limit} OFFSET ${page.offset}) x ON true
      LEFT JOIN members pm ON pm.id = x.member_id
    ) y
    ORDER BY ${order}`.execute(db);
  const t = r.rows[0];
  return {
    rows: r.rows
      .filter((x) => x.member_id !== null)
      .map(
        (x): LossRow => ({
          member_id: Number(x.member_id),
          username: String(x.username),
          depth: Number(x.depth),
          ...lossFiguresOf(x),
        }),
      ),
    total: Number(t?.n ?? 0),
    totals: lossFiguresOf(t ?? {}, 'all_'),
    branches: (t?.branches ?? []).map(
      (b): LossBranchRow => ({
        downline_id: b.downline_id === null ? null : Number(b.downline_id),
        downline_username: b.downline_username === null ? null : String(b.downline_username),
        members: Number(b.members),
        ...lossFiguresOf(b),
      }),
    ),
  };
}

export function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

// ---- downline transaction details

export type TransactionRow = {
  reference: string;
  member_id: number;
  username: string;
  amount: number;
  status: string;
  detail: string | null;
  counterparty: string | null;
  created_at: Date;
};

const COMPLETED = {
  deposit: sql`status = 'approved'`,
  withdrawal: sql`status IN ('approved', 'paid', 'confirmed')`,
  transfer: sql`true`,
};

function transactionSource(
  kind: 'deposit' | 'withdrawal' | 'transfer',
  agentId: number,
  window: Window,
  memberId?: number,
) {
  const member = memberId !== undefined ? sql`AND t.member_id = ${memberId}` : sql``;
  if (kind === 'deposit')
    return sql`
      SELECT o.id, o.reference, o.member_id, m.username, o.amount, o.status::text AS status, o.method_code AS detail,
        NULL::text AS counterparty, o.created_at
      FROM agent_tree t JOIN deposit_orders o ON o.member_id = t.member_id JOIN members m ON m.id = o.member_id
      WHERE t.ancestor_id = ${agentId} AND t.depth >= 1 ${member}
        AND o.created_at >= ${window.start} AND o.created_at < ${window.end}`;
  if (kind === 'withdrawal')
    return sql`
      SELECT o.id, o.reference, o.member_id, m.username, o.amount, o.status::text AS status, NULL::text AS detail,
        NULL::text AS counterparty, o.created_at
      FROM agent_tree t JOIN withdrawal_orders o ON o.member_id = t.member_id JOIN members m ON m.id = o.member_id
      WHERE t.ancestor_id = ${agentId} AND t.depth >= 1 ${member}
        AND o.created_at >= ${window.start} AND o.created_at < ${window.end}`;
  // Transfers between members (transfer.upline, transfer.downline): one row per downline side.
  return sql`
    SELECT e.id, p.reference, a.member_id, m.username, abs(e.amount) AS amount, 'completed' AS status,
      CASE WHEN e.amount > 0 THEN 'in' ELSE 'out' END AS detail, om.username AS counterparty, p.created_at
    FROM agent_tree t
    JOIN ledger_accounts a ON a.member_id = t.member_id
    JOIN ledger_entries e ON e.account_id = a.id
    JOIN ledger_postings p ON p.id = e.posting_id
    JOIN members m ON m.id = a.member_id
    LEFT JOIN ledger_entries oe ON oe.posting_id = p.id AND oe.id <> e.id
    LEFT JOIN ledger_accounts oa ON oa.id = oe.account_id
    LEFT JOIN members om ON om.id = oa.member_id
    WHERE t.ancestor_id = ${agentId} AND t.depth >= 1 ${member}
      AND p.type LIKE 'transfer.%' AND p.created_at >= ${window.start} AND p.created_at < ${window.end}`;
}

/** The downlines' deposits, withdrawals or transfers created in the window, newest first; count and totals. */
export async function transactionsPage(
  db: Conn,
  agentId: number,
  kind: 'deposit' | 'withdrawal' | 'transfer',
  window: Window,
  memberId: number | undefined,
  page: Page,
) {
  const source = transactionSource(kind, agentId, window, memberId);
  const [rows, totals] = await Promise.all([
    sql<Record<keyof TransactionRow, string>>`
      SELECT * FROM (${source}) s ORDER BY created_at DESC, id DESC LIMIT ${page.limit} OFFSET ${page.offset}`.execute(
      db,
    ),
    sql<{ n: string; amount: string | null; done_n: string; done_amount: string | null }>`
      SELECT count(*) AS n, sum(amount) AS amount, count(*) FILTER (WHERE ${COMPLETED[kind]}) AS done_n,
        sum(amount) FILTER (WHERE ${COMPLETED[kind]}) AS done_amount
      FROM (${source}) s`.execute(db),
  ]);
  const t = totals.rows[0];
  return {
    rows: rows.rows.map(
      (x): TransactionRow => ({
        reference: x.reference,
        member_id: Number(x.member_id),
        username: x.username,
        amount: Number(x.amount),
        status: x.status,
        detail: x.detail,
        counterparty: x.counterparty,
        created_at: new Date(x.created_at),
      }),
    ),
    total: Number(t?.n ?? 0),
    totals: {
      count: Number(t?.n ?? 0),
      amount: Number(t?.amount ?? 0),
      completedCount: Number(t?.done_n ?? 0),
      completedAmount: Number(t?.done_amount ?? 0),
    },
  };
}
