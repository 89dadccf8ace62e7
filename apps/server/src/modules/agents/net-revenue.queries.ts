import { sql } from 'kysely';
import type { Conn } from '../../db/database';
import {
  type AgentNgrSettings,
  DEDUCTION_COLUMNS,
  dayRevenueSql,
  type MemberRevenueRow,
  memberRevenueSql,
} from './member-revenue.sql';

export type TeamMemberRevenue = MemberRevenueRow & {
  username: string;
  level: number;
  branch_id: number;
  branch_username: string;
};
export type BranchRevenue = Omit<MemberRevenueRow, 'member_id'> & {
  branch_id: number;
  branch_username: string;
  members: number;
};

const FIGURES = ['valid_bets', 'wins', ...DEDUCTION_COLUMNS, 'ngr'] as const;

function numbers<T>(x: Record<string, unknown>): T {
  return Object.fromEntries(
    Object.entries(x).map(([k, v]) => [k, k.endsWith('username') ? String(v) : Number(v)]),
  ) as T;
}

/**
 * Where the members' figures come from: brand days as the agent figures keep them (settled days
 * frozen), or computed for a window with these settings.
 */
export type RevenueSource = { days: { from: string; to: string } } | { start: Date; end: Date; ngr: AgentNgrSettings };

function revenueOf(source: RevenueSource) {
  return 'days' in source
    ? dayRevenueSql(source.days.from, source.days.to)
    : memberRevenueSql(source.start, source.end, source.ngr);
}

/** Which branches' members a page lists: these direct downlines' (`in`), or all but these (`notIn`). */
export type BranchFilter = { in: number[] } | { notIn: number[] };

/**
 * The holder's team's figures from `source` (docs/agents.md "Figures"): per direct downline branch (the
 * downline and everyone under it, as the settlement's lines) and one page of members, by branch,
 * level and id, of the branches `only` keeps (every branch without it). The tree is today's.
 */
export async function teamRevenue(
  db: Conn,
  holderId: number,
  source: RevenueSource,
  page: { limit: number; offset: number },
  only?: BranchFilter,
) {
  const ids = only === undefined ? [] : 'in' in only ? only.in : only.notIn;
  const kept =
    only === undefined || ('notIn' in only && ids.length === 0)
      ? sql`true`
      : ids.length === 0
        ? sql`false`
        : 'in' in only
          ? sql`x.branch_id IN (${sql.join(ids)})`
          : sql`x.branch_id NOT IN (${sql.join(ids)})`;
  const keeps = (branchId: number) =>
    only === undefined || ('in' in only ? only.in.includes(branchId) : !only.notIn.includes(branchId));
  const cte = sql`
    WITH n AS (${revenueOf(source)}
    ), x AS (
      SELECT d.member_id AS branch_id, t.depth + 1 AS level, n.*
        FROM agent_tree d
        JOIN agent_tree t ON t.ancestor_id = d.member_id
        JOIN n ON n.member_id = t.member_id
       WHERE d.ancestor_id = ${holderId} AND d.depth = 1
    )`;
  const sums = sql.join(FIGURES.map((c) => sql`sum(x.${sql.ref(c)})::bigint AS ${sql.ref(c)}`));
  const [branches, members] = await Promise.all([
    sql<Record<string, string>>`${cte}
      SELECT x.branch_id, b.username AS branch_username, count(*)::int AS members, ${sums}
        FROM x JOIN members b ON b.id = x.branch_id
       GROUP BY x.branch_id, b.username ORDER BY lower(b.username), x.branch_id`.execute(db),
    sql<Record<string, string>>`${cte}
      SELECT p.*, m.username, b.username AS branch_username
        FROM (SELECT x.* FROM x WHERE ${kept}
               ORDER BY x.branch_id, x.level, x.member_id LIMIT ${page.limit} OFFSET ${page.offset}) p
        JOIN members m ON m.id = p.member_id
        JOIN members b ON b.id = p.branch_id
       ORDER BY p.branch_id, p.level, p.member_id`.execute(db),
  ]);
  const branchRows = branches.rows.map((r) => numbers<BranchRevenue>(r));
  return {
    branches: branchRows,
    members: members.rows.map((r) => numbers<TeamMemberRevenue>(r)),
    memberCount: branchRows.reduce((n, b) => n + (keeps(b.branch_id) ? b.members : 0), 0),
  };
}
