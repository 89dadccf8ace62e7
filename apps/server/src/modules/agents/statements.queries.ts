import type { ContractKind } from '@gamehall/shared/api/contracts';
import { sql } from 'kysely';
import type { Conn, Trx } from '../../db/database';
import { pageOffset } from '../../http/paging';
import type { LineRow, StatementRow } from './contracts.presenter';

// Statement reads for the agent centre and the back office. Days are brand-time-zone days.

export type StatementFilter = {
  holderId?: number | undefined;
  holderUsername?: string | undefined;
  kind?: ContractKind | undefined;
  status?: 'paid' | 'held' | undefined;
  contractId?: number | undefined;
  /** Period start within these brand days (inclusive), in the zone tz. */
  days?: { from: string; to: string; tz: string } | undefined;
  startFrom?: Date | undefined;
  startTo?: Date | undefined;
};

function whereOf(f: StatementFilter) {
  const parts = [sql`true`];
  if (f.holderId !== undefined) parts.push(sql`s.holder_id = ${f.holderId}`);
  if (f.holderUsername !== undefined) parts.push(sql`lower(h.username) = ${f.holderUsername.toLowerCase()}`);
  if (f.kind !== undefined) parts.push(sql`s.kind = ${f.kind}`);
  if (f.status !== undefined) parts.push(sql`s.status = ${f.status}`);
  if (f.contractId !== undefined) parts.push(sql`s.contract_id = ${f.contractId}`);
  if (f.days !== undefined)
    parts.push(
      sql`s.period_start >= (${f.days.from}::date::timestamp AT TIME ZONE ${f.days.tz}) AND s.period_start < ((${f.days.to}::date + 1)::timestamp AT TIME ZONE ${f.days.tz})`,
    );
  if (f.startFrom !== undefined) parts.push(sql`s.period_start >= ${f.startFrom}`);
  if (f.startTo !== undefined) parts.push(sql`s.period_start < ${f.startTo}`);
  return sql.join(parts, sql` AND `);
}

const SORTS = { id: sql`s.id`, periodStart: sql`s.period_start`, amount: sql`s.amount` } as const;

export async function pageStatements(
  db: Conn,
  f: StatementFilter,
  page: { pageNo: number; pageSize: number; sort?: keyof typeof SORTS; order?: 'asc' | 'desc' },
) {
  const where = whereOf(f);
  const totals = await sql<{ n: string; valid_bets: string; net_loss: string; amount: string; held: string }>`
    SELECT count(*) AS n, coalesce(sum(s.valid_bets), 0) AS valid_bets, coalesce(sum(s.net_loss), 0) AS net_loss,
           coalesce(sum(s.amount), 0) AS amount, coalesce(sum(s.amount) FILTER (WHERE s.status = 'held'), 0) AS held
      FROM contract_statements s JOIN members h ON h.id = s.holder_id WHERE ${where}`.execute(db);
  const order = page.order === 'asc' ? sql`ASC` : sql`DESC`;
  const rows = await sql<StatementRow>`
    SELECT s.*, h.username AS holder_username
      FROM contract_statements s JOIN members h ON h.id = s.holder_id
     WHERE ${where}
     ORDER BY ${SORTS[page.sort ?? 'periodStart']} ${order}, s.id ${order}
     LIMIT ${page.pageSize} OFFSET ${pageOffset(page)}`.execute(db);
  const t = totals.rows[0];
  return {
    rows: rows.rows,
    total: Number(t?.n ?? 0),
    totals: {
      validBets: Number(t?.valid_bets ?? 0),
      netLoss: Number(t?.net_loss ?? 0),
      amount: Number(t?.amount ?? 0),
      held: Number(t?.held ?? 0),
    },
  };
}

export async function findStatement(db: Conn, id: number): Promise<StatementRow | undefined> {
  const r = await sql<StatementRow>`
    SELECT s.*, h.username AS holder_username
      FROM contract_statements s JOIN members h ON h.id = s.holder_id WHERE s.id = ${id}`.execute(db);
  return r.rows[0];
}

export async function linesOf(db: Conn, statementIds: number[]): Promise<LineRow[]> {
  if (statementIds.length === 0) return [];
  const r = await sql<LineRow>`
    SELECT l.statement_id, l.downline_id, m.username AS downline_username, l.valid_bets, l.net_loss,
           l.active_members, l.downline_rate_ppm, l.wins, l.deductions, l.gross, l.branch_paid, l.amount
      FROM contract_statement_lines l LEFT JOIN members m ON m.id = l.downline_id
     WHERE l.statement_id IN (${sql.join(statementIds)})
     ORDER BY l.statement_id, l.line_no`.execute(db);
  return r.rows;
}

/** Paid commissions of the agent by brand day and kind (statements with money paid out). */
export async function incomeByDay(db: Conn, holderId: number, from: string, to: string, tz: string) {
  const r = await sql<{ day: string; kind: ContractKind; amount: string }>`
    SELECT (s.paid_at AT TIME ZONE ${tz})::date::text AS day, s.kind, sum(s.amount) AS amount
      FROM contract_statements s
     WHERE s.holder_id = ${holderId} AND s.paid_at IS NOT NULL
       AND s.paid_at >= (${from}::date::timestamp AT TIME ZONE ${tz})
       AND s.paid_at < ((${to}::date + 1)::timestamp AT TIME ZONE ${tz})
     GROUP BY 1, 2 ORDER BY 1 DESC, 2`.execute(db);
  return r.rows.map((x) => ({ day: x.day, kind: x.kind, amount: Number(x.amount) }));
}

/**
 * Every statement of the agent (paid, held, zero) by kind and period (day, ISO week from Monday,
 * month) of the brand day its window starts on.
 */
export async function revenue(
  db: Conn,
  holderId: number,
  from: string,
  to: string,
  tz: string,
  groupBy: 'day' | 'week' | 'month',
) {
  const unit = sql.lit(groupBy);
  const r = await sql<{
    period: string;
    kind: ContractKind;
    statements: string;
    paid: string;
    held: string;
    zero: string;
    amount: string;
    held_amount: string;
  }>`
    SELECT date_trunc(${unit}, (s.period_start AT TIME ZONE ${tz}))::date::text AS period, s.kind,
           count(*) AS statements,
           count(*) FILTER (WHERE s.status = 'paid' AND s.amount > 0) AS paid,
           count(*) FILTER (WHERE s.status = 'held') AS held,
           count(*) FILTER (WHERE s.status = 'paid' AND s.amount = 0) AS zero,
           coalesce(sum(s.amount) FILTER (WHERE s.status = 'paid'), 0) AS amount,
           coalesce(sum(s.amount) FILTER (WHERE s.status = 'held'), 0) AS held_amount
      FROM contract_statements s
     WHERE s.holder_id = ${holderId}
       AND s.period_start >= (${from}::date::timestamp AT TIME ZONE ${tz})
       AND s.period_start < ((${to}::date + 1)::timestamp AT TIME ZONE ${tz})
     GROUP BY 1, 2 ORDER BY 1 DESC, 2`.execute(db);
  return r.rows.map((x) => ({
    period: x.period,
    kind: x.kind,
    statements: Number(x.statements),
    paid: Number(x.paid),
    held: Number(x.held),
    zero: Number(x.zero),
    amount: Number(x.amount),
    heldAmount: Number(x.held_amount),
  }));
}

/** The team's turnover (agent_team_days: every member under the agent) by period of the range's days. */
export async function teamTurnover(
  db: Conn,
  agentId: number,
  from: string,
  to: string,
  groupBy: 'day' | 'week' | 'month',
) {
  const unit = sql.lit(groupBy);
  const r = await sql<{ period: string; valid_bets: string }>`
    SELECT date_trunc(${unit}, d.day::timestamp)::date::text AS period, sum(d.valid_bets) AS valid_bets
      FROM agent_team_days d
     WHERE d.agent_id = ${agentId} AND d.day BETWEEN ${from}::date AND ${to}::date
     GROUP BY 1`.execute(db);
  return new Map(r.rows.map((x) => [x.period, Number(x.valid_bets)]));
}

// ---- the back office: releasing a held statement

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
     LIMIT ${page.pageSize} OFFSET ${pageOffset(page)}`.execute(db);
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
