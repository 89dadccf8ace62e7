import type { ContractKind, IncomeQuery, RevenueQuery, StatementsQuery } from '@gamehall/shared/api/contracts';
import { toMajor } from '@gamehall/shared/money';
import type { AppContext } from '../../context';
import { AppError } from '../../http/errors';
import { presentStatementDetail } from './contracts.views';
import * as q from './statements.queries';
import { resolveRange } from './team.service';

// The agent centre's contract pages (spec §2 "Agent centre menu": dividend record, daily wages,
// hourly salary, real-time salary, my income, revenue report): the signed-in agent's own
// statements only. The lists and reports read the replica (context.ts readDb): the job writes
// them, the agent only reads; the back office's reads below stay on the primary, since an operator
// reloads a statement right after holding or releasing it.

function paging(total: number, pageNo: number, pageSize: number) {
  return { pageNum: pageNo, pageSize, totalPages: Math.ceil(total / pageSize), totalElements: total };
}

export async function statements(ctx: AppContext, agentId: number, query: StatementsQuery) {
  const range = await resolveRange(ctx, query);
  const page = await q.pageStatements(
    ctx.readDb,
    { holderId: agentId, kind: query.kind, days: { from: range.from, to: range.to, tz: range.tz } },
    { pageNo: query.pageNo, pageSize: query.pageSize, sort: 'periodStart', order: 'desc' },
  );
  const lines = await q.linesOf(
    ctx.readDb,
    page.rows.map((r) => Number(r.id)),
  );
  return {
    content: page.rows.map((r) => presentStatementDetail(r, lines)),
    ...paging(page.total, query.pageNo, query.pageSize),
    from: range.from,
    to: range.to,
    totals: {
      validBets: toMajor(page.totals.validBets),
      netLoss: toMajor(page.totals.netLoss),
      amount: toMajor(page.totals.amount),
    },
  };
}

/** One statement with its lines; another agent's statement is STATEMENT_NOT_FOUND. */
export async function statement(ctx: AppContext, agentId: number, id: number) {
  const row = await q.findStatement(ctx.db, id);
  if (!row || Number(row.holder_id) !== agentId) throw new AppError('STATEMENT_NOT_FOUND');
  return presentStatementDetail(row, await q.linesOf(ctx.db, [id]));
}

type ByKind = Record<ContractKind | 'total', number>;
function emptyByKind(): ByKind {
  return { dividend: 0, daily_salary: 0, hourly_salary: 0, realtime_salary: 0, total: 0 };
}
function majorByKind(b: ByKind) {
  return Object.fromEntries(Object.entries(b).map(([k, v]) => [k, toMajor(v)])) as ByKind;
}

export async function income(ctx: AppContext, agentId: number, query: IncomeQuery) {
  const range = await resolveRange(ctx, query);
  const rows = await q.incomeByDay(ctx.readDb, agentId, range.from, range.to, range.tz);
  const days = new Map<string, ByKind>();
  const totals = emptyByKind();
  for (const r of rows) {
    const d = days.get(r.day) ?? emptyByKind();
    d[r.kind] += r.amount;
    d.total += r.amount;
    totals[r.kind] += r.amount;
    totals.total += r.amount;
    days.set(r.day, d);
  }
  const list = [...days.entries()].map(([day, b]) => ({ day, ...majorByKind(b) }));
  const start = (query.pageNo - 1) * query.pageSize;
  return {
    content: list.slice(start, start + query.pageSize),
    ...paging(list.length, query.pageNo, query.pageSize),
    from: range.from,
    to: range.to,
    totals: majorByKind(totals),
  };
}

export async function revenue(ctx: AppContext, agentId: number, query: RevenueQuery) {
  const range = await resolveRange(ctx, query);
  const rows = await q.revenue(ctx.readDb, agentId, range.from, range.to, range.tz, query.groupBy);
  const totals = emptyByKind();
  for (const r of rows) {
    totals[r.kind] += r.amount;
    totals.total += r.amount;
  }
  const start = (query.pageNo - 1) * query.pageSize;
  return {
    content: rows
      .slice(start, start + query.pageSize)
      .map((r) => ({ ...r, validBets: toMajor(r.validBets), amount: toMajor(r.amount) })),
    ...paging(rows.length, query.pageNo, query.pageSize),
    from: range.from,
    to: range.to,
    totals: majorByKind(totals),
  };
}

// ---- the back office (modules/admin-agents)

export function findStatements(
  ctx: AppContext,
  filter: q.StatementFilter,
  page: Parameters<typeof q.pageStatements>[2],
) {
  return q.pageStatements(ctx.db, filter, page);
}

export async function statementWithLines(ctx: AppContext, id: number) {
  const row = await q.findStatement(ctx.db, id);
  if (!row) throw new AppError('STATEMENT_NOT_FOUND');
  return { row, lines: await q.linesOf(ctx.db, [id]) };
}
