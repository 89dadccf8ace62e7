import type { ContractKind } from '@gamehall/shared/api/contracts';
import { AGENT_ACCOUNT_TYPES } from '@gamehall/shared/constants';
import { sql } from 'kysely';
import type { Conn, Trx } from '../../db/database';
import type { StoredTier } from '../agents/contracts.tables';

// The back office's agents area: templates, limits, statement holds, the tree and the agent search.

export function listTemplates(db: Conn) {
  return db.selectFrom('contract_templates').selectAll().orderBy('kind').orderBy('id').execute();
}

export function findTemplate(db: Conn, id: number) {
  return db.selectFrom('contract_templates').selectAll().where('id', '=', id).executeTakeFirst();
}

export type TemplateValues = {
  name: string;
  kind: ContractKind;
  period: 'daily' | 'weekly' | 'semimonthly' | 'monthly' | 'hourly' | 'realtime';
  tiers: StoredTier[];
  ratePpm: number;
  enabled: boolean;
};

/** A template's columns as written by both the insert and the update. */
function templateColumns(t: TemplateValues, now: Date) {
  return {
    name: t.name,
    kind: t.kind,
    period: t.period,
    tiers: JSON.stringify(t.tiers),
    rate_ppm: t.ratePpm,
    enabled: t.enabled,
    updated_at: now,
  };
}

export async function insertTemplate(db: Conn, t: TemplateValues, now: Date) {
  const r = await db
    .insertInto('contract_templates')
    .values({ ...templateColumns(t, now), created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(r.id);
}

export async function updateTemplate(db: Conn, id: number, t: TemplateValues, now: Date) {
  const r = await db
    .updateTable('contract_templates')
    .set(templateColumns(t, now))
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

export async function deleteTemplate(db: Conn, id: number) {
  const r = await db.deleteFrom('contract_templates').where('id', '=', id).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

export function limits(db: Conn) {
  return db.selectFrom('contract_limits').select(['kind', 'max_rate_ppm']).orderBy('kind').execute();
}

export async function setLimit(trx: Trx, kind: ContractKind, maxRatePpm: number, now: Date) {
  await trx
    .insertInto('contract_limits')
    .values({ kind, max_rate_ppm: maxRatePpm, updated_at: now })
    .onConflict((oc) => oc.column('kind').doUpdateSet({ max_rate_ppm: maxRatePpm, updated_at: now }))
    .execute();
}

export async function limitOf(db: Conn, kind: ContractKind): Promise<number | undefined> {
  const r = await db.selectFrom('contract_limits').select('max_rate_ppm').where('kind', '=', kind).executeTakeFirst();
  return r?.max_rate_ppm;
}

export async function lockStatement(trx: Trx, id: number) {
  return trx.selectFrom('contract_statements').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function markReleased(trx: Trx, id: number, operatorId: number, postingId: number, now: Date) {
  await trx
    .updateTable('contract_statements')
    .set({ status: 'paid', paid_at: now, released_by: operatorId, posting_id: postingId })
    .where('id', '=', id)
    .execute();
}

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

function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Agents whose username contains the text (any case), prefix matches first. */
export async function searchAgents(db: Conn, text: string, limit: number): Promise<NodeRow[]> {
  const t = text.toLowerCase();
  const r = await sql<NodeRow>`${nodeSelect()}
     WHERE m.type IN (${agentTypes}) AND lower(m.username) LIKE ${`%${escapeLike(t)}%`}
     ORDER BY (lower(m.username) LIKE ${`${escapeLike(t)}%`}) DESC, lower(m.username) LIMIT ${limit}`.execute(db);
  return r.rows;
}

// ---- operators' holds on held statements (migration 0068)

export type HoldRow = { statement_id: number; note: string; held_by: number; held_at: Date; held_by_username: string };

export async function holdsOf(db: Conn, statementIds: number[]): Promise<Map<number, HoldRow>> {
  if (statementIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('contract_statement_holds as h')
    .innerJoin('members as m', 'm.id', 'h.held_by')
    .select(['h.statement_id', 'h.note', 'h.held_by', 'h.held_at', 'm.username as held_by_username'])
    .where('h.statement_id', 'in', statementIds)
    .execute();
  return new Map(rows.map((r) => [Number(r.statement_id), r]));
}

export async function setHold(trx: Trx, statementId: number, note: string, operatorId: number, now: Date) {
  await trx
    .insertInto('contract_statement_holds')
    .values({ statement_id: statementId, note, held_by: operatorId, held_at: now })
    .onConflict((oc) => oc.column('statement_id').doUpdateSet({ note, held_by: operatorId, held_at: now }))
    .execute();
}

export async function clearHold(trx: Trx, statementId: number) {
  await trx.deleteFrom('contract_statement_holds').where('statement_id', '=', statementId).execute();
}

export function findStatementStatus(db: Conn, id: number) {
  return db.selectFrom('contract_statements').select('status').where('id', '=', id).executeTakeFirst();
}

// ---- commission cost report

export type CommissionFilter = { start: Date; end: Date; kind?: ContractKind | undefined; agent?: string | undefined };

function commissionWhere(f: CommissionFilter) {
  const parts = [sql`s.period_start >= ${f.start}`, sql`s.period_start < ${f.end}`];
  if (f.kind !== undefined) parts.push(sql`s.kind = ${f.kind}`);
  if (f.agent !== undefined) parts.push(sql`lower(h.username) = ${f.agent.toLowerCase()}`);
  return sql.join(parts, sql` AND `);
}

const BASE = sql`CASE WHEN s.kind = 'dividend' THEN s.net_loss ELSE s.valid_bets END`;
const COMMISSION_SORTS = {
  periodStart: sql`s.period_start`,
  paid: sql`CASE WHEN s.status = 'paid' THEN s.amount ELSE 0 END`,
  held: sql`CASE WHEN s.status = 'held' THEN s.amount ELSE 0 END`,
  base: BASE,
} as const;

export type CommissionRow = {
  id: number;
  holder_id: number;
  holder_username: string;
  kind: ContractKind;
  period_start: Date;
  period_end: Date;
  status: 'paid' | 'held';
  base: string;
  paid: string;
  held: string;
  carried: string;
  on_hold: boolean;
};

export async function commissionPage(
  db: Conn,
  f: CommissionFilter,
  page: { pageNo: number; pageSize: number; sort: keyof typeof COMMISSION_SORTS; order: 'asc' | 'desc' },
) {
  const where = commissionWhere(f);
  const order = page.order === 'asc' ? sql`ASC` : sql`DESC`;
  const rows = await sql<CommissionRow>`
    SELECT s.id, s.holder_id, h.username AS holder_username, s.kind, s.period_start, s.period_end, s.status,
           ${BASE} AS base,
           CASE WHEN s.status = 'paid' THEN s.amount ELSE 0 END AS paid,
           CASE WHEN s.status = 'held' THEN s.amount ELSE 0 END AS held,
           s.carry_out AS carried,
           EXISTS (SELECT 1 FROM contract_statement_holds x WHERE x.statement_id = s.id) AS on_hold
      FROM contract_statements s JOIN members h ON h.id = s.holder_id
     WHERE ${where}
     ORDER BY ${COMMISSION_SORTS[page.sort]} ${order}, s.id ${order}
     LIMIT ${page.pageSize} OFFSET ${(page.pageNo - 1) * page.pageSize}`.execute(db);
  const totals = await sql<{ n: string; base: string; paid: string; held: string; carried: string }>`
    SELECT count(*) AS n, coalesce(sum(${BASE}), 0) AS base,
           coalesce(sum(s.amount) FILTER (WHERE s.status = 'paid'), 0) AS paid,
           coalesce(sum(s.amount) FILTER (WHERE s.status = 'held'), 0) AS held,
           coalesce(sum(s.carry_out), 0) AS carried
      FROM contract_statements s JOIN members h ON h.id = s.holder_id
     WHERE ${where}`.execute(db);
  const t = totals.rows[0];
  return {
    rows: rows.rows,
    total: Number(t?.n ?? 0),
    totals: {
      statements: Number(t?.n ?? 0),
      base: Number(t?.base ?? 0),
      paid: Number(t?.paid ?? 0),
      held: Number(t?.held ?? 0),
      carried: Number(t?.carried ?? 0),
    },
  };
}
