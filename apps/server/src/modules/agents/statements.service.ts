import type { AdminStatementsQuery, CommissionReportQuery } from '@gamehall/shared/api/admin-agents';
import type {
  ContractKind,
  IncomeQuery,
  RevenueQuery,
  StatementDetailQuery,
  StatementsQuery,
} from '@gamehall/shared/api/contracts';
import { toMajor } from '@gamehall/shared/money';
import type { AppContext } from '../../context';
import { brandDayBounds } from '../../db/brand-days';
import type { Principal } from '../../http/auth';
import { AppError, fieldErrors } from '../../http/errors';
import { pageCounts, pageOffset, pageWindow } from '../../http/paging';
import { getBrand } from '../brand/brand.service';
import { settledDays } from './agent-stats.queries';
import { statementPaidMessages } from './contract-messages';
import { presentStatementDetail, type StatementRow } from './contracts.presenter';
import { agentNgrSettings } from './member-revenue.sql';
import { presentBreakdown } from './net-revenue.presenter';
import { type BranchFilter, teamRevenue } from './net-revenue.queries';
import { payStatement, windowDays } from './settlement.service';
import * as holdsQ from './statement-holds.queries';
import * as q from './statements.queries';
import { resolveRange } from './team.service';

// The agent centre's contract pages (spec §2 "Agent centre menu": dividend record, daily wages,
// hourly salary, real-time salary, my income, revenue report): the signed-in agent's own
// statements only. The lists and reports read the replica (context.ts readDb): the job writes
// them, the agent only reads; the back office's reads below stay on the primary, since an operator
// reloads a statement right after holding or releasing it.

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
    ...pageCounts(page.total, query),
    from: range.from,
    to: range.to,
    timeZone: range.tz,
    totals: {
      validBets: toMajor(page.totals.validBets),
      netLoss: toMajor(page.totals.netLoss),
      amount: toMajor(page.totals.amount),
    },
  };
}

/** One statement with its lines; another agent's statement is STATEMENT_NOT_FOUND. */
export async function statement(ctx: AppContext, agentId: number, id: number, query: StatementDetailQuery) {
  const row = await q.findStatement(ctx.db, id);
  if (!row || Number(row.holder_id) !== agentId) throw new AppError('STATEMENT_NOT_FOUND');
  const [lines, breakdown] = await Promise.all([q.linesOf(ctx.db, [id]), baseOf(ctx, row, query)]);
  return { ...presentStatementDetail(row, lines), breakdown };
}

/**
 * A statement's base broken down per branch and member (docs/agents.md "Figures"), over the
 * holder's team as it is now. A dividend whose brand days are settled reads them as they were
 * settled (docs/agents.md "Settled periods are frozen"), so the breakdown adds up to the statement
 * whatever the settings became since; any other statement (a salary, or one settled before days
 * were frozen) is recomputed for its window with the brand's current settings. The members of one
 * line when the query names it (the own members' line: the branches no other line has).
 */
async function baseOf(ctx: AppContext, row: StatementRow, page: StatementDetailQuery) {
  const [brand, only] = await Promise.all([getBrand(ctx.db), lineFilter(ctx, row, page.line)]);
  const window = { start: new Date(row.period_start), end: new Date(row.period_end) };
  const days = windowDays(window, brand.timeZone);
  const settled = row.kind === 'dividend' ? await settledDays(ctx.readDb, days.from, days.to) : [];
  const source = settled.length === days.list.length ? { days } : { ...window, ngr: agentNgrSettings(brand) };
  const team = await teamRevenue(ctx.readDb, Number(row.holder_id), source, pageWindow(page), only);
  return presentBreakdown(team, page);
}

async function lineFilter(
  ctx: AppContext,
  row: StatementRow,
  line: StatementDetailQuery['line'],
): Promise<BranchFilter | undefined> {
  if (line === undefined) return undefined;
  if (line !== 'own') return { in: [line] };
  const lines = await q.linesOf(ctx.db, [Number(row.id)]);
  return { notIn: lines.flatMap((l) => (l.downline_id === null ? [] : [Number(l.downline_id)])) };
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
  const start = pageOffset(query);
  return {
    content: list.slice(start, start + query.pageSize),
    ...pageCounts(list.length, query),
    from: range.from,
    to: range.to,
    timeZone: range.tz,
    totals: majorByKind(totals),
  };
}

type Counts = { statements: number; paid: number; held: number; zero: number; amount: number; heldAmount: number };
function emptyCounts(): Counts {
  return { statements: 0, paid: 0, held: 0, zero: 0, amount: 0, heldAmount: 0 };
}
function addCounts(to: Counts, x: Counts) {
  to.statements += x.statements;
  to.paid += x.paid;
  to.held += x.held;
  to.zero += x.zero;
  to.amount += x.amount;
  to.heldAmount += x.heldAmount;
}
function majorCounts(c: Counts) {
  return { ...c, amount: toMajor(c.amount), heldAmount: toMajor(c.heldAmount) };
}

/**
 * The revenue report: every statement (paid, held, zero) by period and kind, beside the team's own
 * turnover of the period (agent_team_days), not the sum of the statements' figures, which would
 * count a period once per kind and leave out periods without a statement.
 */
export async function revenue(ctx: AppContext, agentId: number, query: RevenueQuery) {
  const range = await resolveRange(ctx, query);
  const rows = await q.revenue(ctx.readDb, agentId, range.from, range.to, range.tz, query.groupBy);
  const turnover = await q.teamTurnover(ctx.readDb, agentId, range.from, range.to, query.groupBy);
  const periods = new Map<string, { counts: Counts; kinds: (typeof rows)[number][] }>();
  for (const p of turnover.keys()) periods.set(p, { counts: emptyCounts(), kinds: [] });
  const totals = emptyByKind();
  const all = emptyCounts();
  for (const r of rows) {
    const p = periods.get(r.period) ?? { counts: emptyCounts(), kinds: [] };
    addCounts(p.counts, r);
    p.kinds.push(r);
    periods.set(r.period, p);
    addCounts(all, r);
    totals[r.kind] += r.amount;
    totals.total += r.amount;
  }
  const list = [...periods.entries()]
    .sort(([a], [b]) => (a < b ? 1 : a > b ? -1 : 0))
    .map(([period, p]) => ({
      period,
      validBets: toMajor(turnover.get(period) ?? 0),
      ...majorCounts(p.counts),
      kinds: p.kinds.map((k) => ({ ...majorCounts(k), kind: k.kind })),
    }));
  const start = pageOffset(query);
  let validBets = 0;
  for (const v of turnover.values()) validBets += v;
  return {
    content: list.slice(start, start + query.pageSize),
    ...pageCounts(list.length, query),
    from: range.from,
    to: range.to,
    timeZone: range.tz,
    totals: {
      ...majorByKind(totals),
      validBets: toMajor(validBets),
      statements: all.statements,
      paid: all.paid,
      held: all.held,
      zero: all.zero,
      heldAmount: toMajor(all.heldAmount),
    },
  };
}

// ---- the back office (agents.admin.routes): the statements grid, holds and releases, the commission cost report

export function findStatements(
  ctx: AppContext,
  filter: q.StatementFilter,
  page: Parameters<typeof q.pageStatements>[2],
) {
  return q.pageStatements(ctx.db, filter, page);
}

/** The back office's view of a statement's base (GET /admin/agents/statements/:id/base). */
export async function statementBase(ctx: AppContext, id: number, page: StatementDetailQuery) {
  const row = await q.findStatement(ctx.db, id);
  if (!row) throw new AppError('STATEMENT_NOT_FOUND');
  return baseOf(ctx, row, page);
}

export async function statementWithLines(ctx: AppContext, id: number) {
  const row = await q.findStatement(ctx.db, id);
  if (!row) throw new AppError('STATEMENT_NOT_FOUND');
  return { row, lines: await q.linesOf(ctx.db, [id]) };
}

export function statementGrid(ctx: AppContext, query: AdminStatementsQuery) {
  return findStatements(
    ctx,
    {
      kind: query.kind,
      status: query.status,
      holderUsername: query.holder,
      contractId: query.contractId,
      startFrom: query.from ? new Date(query.from) : undefined,
      startTo: query.to ? new Date(query.to) : undefined,
    },
    query,
  );
}

/**
 * Pays a held statement (docs/agents.md "Holding") with the key settlement would have used, so a
 * double click or two operators at once pay it once.
 */
export async function release(ctx: AppContext, operator: Principal, id: number) {
  const currency = (await getBrand(ctx.db)).currency;
  await ctx.db.transaction().execute(async (trx) => {
    const s = await q.lockStatement(trx, id);
    if (!s) throw new AppError('STATEMENT_NOT_FOUND');
    if (s.status !== 'held') throw new AppError('STATEMENT_NOT_HELD');
    if ((await holdsQ.holdsOf(trx, [id])).has(id)) throw new AppError('STATEMENT_ON_HOLD');
    const postingId = await payStatement(trx, {
      contractId: Number(s.contract_id),
      holderId: Number(s.holder_id),
      kind: s.kind,
      start: new Date(s.period_start),
      amount: Number(s.amount),
      statementId: id,
      currency,
    });
    await q.markReleased(trx, id, operator.memberId, postingId, ctx.now());
    await statementPaidMessages(trx, [
      {
        holderId: Number(s.holder_id),
        kind: s.kind,
        amount: Number(s.amount),
        periodStart: new Date(s.period_start),
        periodEnd: new Date(s.period_end),
        status: 'paid',
      },
    ]);
  });
  return statementWithLines(ctx, id);
}

/** A statement's status now, or undefined when there is none (a bulk request's answer per id). */
export async function statusOf(ctx: AppContext, id: number) {
  return (await q.findStatementStatus(ctx.db, id))?.status;
}

/** The operator's holds on these statements, by statement id. */
export function holds(ctx: AppContext, ids: number[]) {
  return holdsQ.holdsOf(ctx.db, ids);
}

/**
 * Keeps a held statement back on purpose (docs/agents.md "Holding"): with the operator's note, a
 * release refuses it until the hold is taken off. Holding again replaces the note. A paid statement
 * cannot be held (STATEMENT_NOT_HELD): its money has left.
 */
export async function hold(ctx: AppContext, operator: Principal, id: number, note: string) {
  return ctx.db.transaction().execute(async (trx) => {
    const s = await q.lockStatement(trx, id);
    if (!s) throw new AppError('STATEMENT_NOT_FOUND');
    if (s.status !== 'held') throw new AppError('STATEMENT_NOT_HELD');
    const before = (await holdsQ.holdsOf(trx, [id])).get(id) ?? null;
    await holdsQ.setHold(trx, id, note, operator.memberId, ctx.now());
    return { status: s.status, before: before?.note ?? null, after: note };
  });
}

/** Takes an operator's hold off a statement; one without a hold is left as it is. */
export async function unhold(ctx: AppContext, id: number) {
  return ctx.db.transaction().execute(async (trx) => {
    const s = await q.lockStatement(trx, id);
    if (!s) throw new AppError('STATEMENT_NOT_FOUND');
    const before = (await holdsQ.holdsOf(trx, [id])).get(id) ?? null;
    await holdsQ.clearHold(trx, id);
    return { status: s.status, before: before?.note ?? null, after: null };
  });
}

/**
 * The commission cost report (docs/agents.md "Commission cost report"): every statement whose
 * period starts on the range's brand days, with its base, what was paid, what is held and what a
 * dividend carries on. Reads the replica the caller gives (a report).
 */
export async function commissionReport(ctx: AppContext, query: CommissionReportQuery) {
  const days = (Date.parse(`${query.to}T00:00:00Z`) - Date.parse(`${query.from}T00:00:00Z`)) / 86_400_000;
  if (!(days >= 0)) throw fieldErrors({ to: 'INVALID' });
  if (days > 366) throw fieldErrors({ to: 'TOO_LONG' });
  const timeZone = (await getBrand(ctx.db)).timeZone;
  const { start, end } = await brandDayBounds(ctx.db, query.from, query.to, timeZone);
  const page = await q.commissionPage(ctx.db, { start, end, kind: query.kind, agent: query.agent }, query);
  return { ...page, timeZone };
}
