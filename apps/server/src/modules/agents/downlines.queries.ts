import { AGENT_ACCOUNT_TYPES } from '@gamehall/shared/constants';
import { type RawBuilder, sql } from 'kysely';
import type { Conn, Trx } from '../../db/database';

// The agent's downlines (spec §2 "downline management", "register centre"). Reads go through
// agent_tree with ancestor_id = the signed-in agent; the register centre's member row is inserted
// by the registration module (the tree follows by trigger, migration 0026), "set as sub-agent"
// changes its type.

export type DownlineFilter = {
  scope: 'direct' | 'all';
  q?: string | undefined;
  status?: 'active' | 'disabled' | undefined;
  isAgent?: boolean | undefined;
  agentTypes: readonly number[];
  registeredFrom?: Date | undefined;
  registeredTo?: Date | undefined;
  currency: string;
};

const SORTS: Record<string, string> = {
  username: 'lower(m.username)',
  level: 't.depth',
  balance: 'coalesce(a.balance, 0)',
  registeredAt: 'm.created_at',
  lastLoginAt: 'm.last_login_at',
};

function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function whereOf(agentId: number, f: DownlineFilter): RawBuilder<unknown> {
  const parts = [sql`t.ancestor_id = ${agentId}`, f.scope === 'direct' ? sql`t.depth = 1` : sql`t.depth >= 1`];
  // The trigram index on lower(username) (migration 0023) serves both a prefix and a part.
  if (f.q !== undefined) parts.push(sql`lower(m.username) LIKE ${`%${escapeLike(f.q.toLowerCase())}%`}`);
  if (f.status !== undefined) parts.push(sql`m.status = ${f.status}`);
  if (f.isAgent !== undefined)
    parts.push(f.isAgent ? sql`m.type IN (${sql.join(f.agentTypes)})` : sql`m.type NOT IN (${sql.join(f.agentTypes)})`);
  if (f.registeredFrom !== undefined) parts.push(sql`m.created_at >= ${f.registeredFrom}`);
  if (f.registeredTo !== undefined) parts.push(sql`m.created_at < ${f.registeredTo}`);
  return sql.join(parts, sql` AND `);
}

export type DownlineRow = {
  id: number;
  username: string;
  nickname: string | null;
  depth: number;
  type: number;
  status: 'active' | 'disabled';
  balance: number;
  created_at: Date;
  last_login_at: Date | null;
  upline_id: number | null;
  upline_username: string | null;
  direct_downlines: number;
};

type RawRow = Record<keyof DownlineRow, string | number | Date | null>;

function rowOf(x: RawRow): DownlineRow {
  return {
    id: Number(x.id),
    username: String(x.username),
    nickname: x.nickname === null ? null : String(x.nickname),
    depth: Number(x.depth),
    type: Number(x.type),
    status: x.status as 'active' | 'disabled',
    balance: Number(x.balance ?? 0),
    created_at: new Date(x.created_at as Date),
    last_login_at: x.last_login_at === null ? null : new Date(x.last_login_at as Date),
    upline_id: x.upline_id === null ? null : Number(x.upline_id),
    upline_username: x.upline_username === null ? null : String(x.upline_username),
    direct_downlines: Number(x.direct_downlines ?? 0),
  };
}

const SELECT = sql`
  SELECT m.id, m.username, m.nickname, p.depth, m.type, m.status, coalesce(a.balance, 0) AS balance, m.created_at,
    m.last_login_at, m.upline_id, u.username AS upline_username,
    (SELECT count(*) FROM agent_tree d WHERE d.ancestor_id = m.id AND d.depth = 1) AS direct_downlines`;

/** One page of the agent's downlines, the count and the balance total of all that match. */
export async function downlinesPage(
  db: Conn,
  agentId: number,
  f: DownlineFilter,
  sort: { column: string; order: 'asc' | 'desc' },
  page: { limit: number; offset: number },
) {
  const dir = sort.order === 'asc' ? 'ASC' : 'DESC';
  const nulls = sort.column === 'lastLoginAt' ? (sort.order === 'asc' ? ' NULLS FIRST' : ' NULLS LAST') : '';
  const column = SORTS[sort.column] ?? 'm.created_at';
  const order = sql.raw(`${column} ${dir}${nulls}, m.id ${dir}`);
  // The page's rows again in the same order (the level is p's column outside the CTE).
  const outer = sql.raw(`${column === 't.depth' ? 'p.depth' : column} ${dir}${nulls}, m.id ${dir}`);
  const from = sql`
    FROM agent_tree t
    JOIN members m ON m.id = t.member_id
    LEFT JOIN ledger_accounts a ON a.member_id = m.id AND a.kind = 'cash' AND a.currency = ${f.currency}
    WHERE ${whereOf(agentId, f)}`;
  const [rows, totals] = await Promise.all([
    sql<RawRow>`
      WITH p AS (
        SELECT m.id, t.depth ${from} ORDER BY ${order} LIMIT ${page.limit} OFFSET ${page.offset}
      )
      ${SELECT}
      FROM p JOIN members m ON m.id = p.id
      LEFT JOIN members u ON u.id = m.upline_id
      LEFT JOIN ledger_accounts a ON a.member_id = m.id AND a.kind = 'cash' AND a.currency = ${f.currency}
      ORDER BY ${outer}`.execute(db),
    sql<{
      n: string;
      balance: string | null;
    }>`SELECT count(*) AS n, sum(coalesce(a.balance, 0)) AS balance ${from}`.execute(db),
  ]);
  const t = totals.rows[0];
  return { rows: rows.rows.map(rowOf), total: Number(t?.n ?? 0), balance: Number(t?.balance ?? 0) };
}

/** One member of the agent's team (depth >= 1) as the list shows it, or undefined. */
export async function findDownline(db: Conn, agentId: number, memberId: number, currency: string) {
  const r = await sql<RawRow>`
    WITH p AS (SELECT member_id AS id, depth FROM agent_tree WHERE ancestor_id = ${agentId} AND member_id = ${memberId} AND depth >= 1)
    ${SELECT}
    FROM p JOIN members m ON m.id = p.id
    LEFT JOIN members u ON u.id = m.upline_id
    LEFT JOIN ledger_accounts a ON a.member_id = m.id AND a.kind = 'cash' AND a.currency = ${currency}`.execute(db);
  const row = r.rows[0];
  return row ? rowOf(row) : undefined;
}

/**
 * The downline row locked for the type change, with its depth under the agent. FOR NO KEY UPDATE, as
 * every lock of a member row (docs/wallet.md "Lock order"): the id never changes.
 */
export async function lockDownline(trx: Trx, agentId: number, memberId: number) {
  const r = await sql<{ id: string; type: number; status: 'active' | 'disabled'; username: string; depth: number }>`
    SELECT m.id, m.type, m.status, m.username, t.depth
    FROM members m JOIN agent_tree t ON t.member_id = m.id AND t.ancestor_id = ${agentId} AND t.depth >= 1
    WHERE m.id = ${memberId}
    FOR NO KEY UPDATE OF m`.execute(trx);
  return r.rows[0];
}

/** The agent's own row (language for the new downline, status). */
export function findAgent(db: Conn, agentId: number) {
  return db
    .selectFrom('members')
    .select(['id', 'username', 'language', 'type', 'status'])
    .where('id', '=', agentId)
    .executeTakeFirst();
}

// ---- the back office's team tree and agent search

const agentTypes = sql.join([...AGENT_ACCOUNT_TYPES]);

export type NodeRow = {
  id: number;
  username: string;
  type: number;
  upline_id: number | null;
  upline_username: string | null;
  depth: number;
  team_size: number;
  direct_count: number;
  kinds: string[] | null;
};

function nodeSelect() {
  return sql`
    SELECT m.id, m.username, m.type, m.upline_id, u.username AS upline_username,
           (SELECT count(*) FROM agent_tree d WHERE d.member_id = m.id AND d.depth > 0)::int AS depth,
           (SELECT count(*) FROM agent_tree t WHERE t.ancestor_id = m.id AND t.depth >= 1)::int AS team_size,
           (SELECT count(*) FROM agent_tree t WHERE t.ancestor_id = m.id AND t.depth = 1)::int AS direct_count,
           (SELECT array_agg(c.kind ORDER BY c.kind) FROM contracts c WHERE c.holder_id = m.id AND c.status = 'active') AS kinds
      FROM members m LEFT JOIN members u ON u.id = m.upline_id`;
}

/** Direct downlines of a member (members and agents), or the top agents when parentId is null. */
export async function children(db: Conn, parentId: number | null, limit: number): Promise<NodeRow[]> {
  const where =
    parentId === null
      ? sql`m.type IN (${agentTypes}) AND (m.upline_id IS NULL OR u.type NOT IN (${agentTypes}))`
      : sql`m.upline_id = ${parentId}`;
  const r =
    await sql<NodeRow>`${nodeSelect()} WHERE ${where} AND m.type <> 90 ORDER BY lower(m.username) LIMIT ${limit}`.execute(
      db,
    );
  return r.rows;
}

export async function memberExists(db: Conn, id: number) {
  return db.selectFrom('members').select('id').where('id', '=', id).where('type', '<>', 90).executeTakeFirst();
}

/** Agents whose username contains the text (any case), prefix matches first. */
export async function searchAgents(db: Conn, text: string, limit: number): Promise<NodeRow[]> {
  const t = text.toLowerCase();
  const r = await sql<NodeRow>`${nodeSelect()}
     WHERE m.type IN (${agentTypes}) AND lower(m.username) LIKE ${`%${escapeLike(t)}%`}
     ORDER BY (lower(m.username) LIKE ${`${escapeLike(t)}%`}) DESC, lower(m.username) LIMIT ${limit}`.execute(db);
  return r.rows;
}
