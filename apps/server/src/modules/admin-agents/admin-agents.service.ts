import type {
  AdminContractsQuery,
  AdminOfferBody,
  AdminStatementsQuery,
  CommissionReportQuery,
  ContractLimitsBody,
  ContractTemplateBody,
} from '@gamehall/shared/api/admin-agents';
import type { AppContext } from '../../context';
import { brandDayBounds } from '../../db/brand-days';
import type { Principal } from '../../http/auth';
import { AppError, fieldErrors } from '../../http/errors';
import { statementPaidMessages } from '../agents/contract-messages';
import * as contracts from '../agents/contracts.service';
import { headlineRate, periodFor, storedTiers } from '../agents/contracts.service';
import { payStatement } from '../agents/settlement.service';
import * as statements from '../agents/statements.service';
import { getBrand } from '../brand/brand.service';
import * as q from './admin-agents.queries';

// The back office's agents area (issue 12; spec §7 Contracts). The routes audit every change
// through operatorAction.

function templateValues(body: ContractTemplateBody): q.TemplateValues {
  const tiers = storedTiers(body.tiers);
  return {
    name: body.name,
    kind: body.kind,
    period: periodFor(body.kind, body.period),
    tiers,
    ratePpm: headlineRate(tiers),
    enabled: body.enabled,
  };
}

export function templates(ctx: AppContext) {
  return q.listTemplates(ctx.db);
}

export async function createTemplate(ctx: AppContext, body: ContractTemplateBody) {
  const id = await q.insertTemplate(ctx.db, templateValues(body), ctx.now());
  return (await q.findTemplate(ctx.db, id)) as NonNullable<Awaited<ReturnType<typeof q.findTemplate>>>;
}

export async function changeTemplate(ctx: AppContext, id: number, body: ContractTemplateBody) {
  const before = await q.findTemplate(ctx.db, id);
  if (!before || !(await q.updateTemplate(ctx.db, id, templateValues(body), ctx.now())))
    throw new AppError('CONTRACT_TEMPLATE_NOT_FOUND');
  return { before, after: (await q.findTemplate(ctx.db, id)) as typeof before };
}

export async function removeTemplate(ctx: AppContext, id: number) {
  const before = await q.findTemplate(ctx.db, id);
  if (!before || !(await q.deleteTemplate(ctx.db, id))) throw new AppError('CONTRACT_TEMPLATE_NOT_FOUND');
  return before;
}

export function limits(ctx: AppContext) {
  return q.limits(ctx.db);
}

export async function setLimits(ctx: AppContext, body: ContractLimitsBody) {
  const before = await q.limits(ctx.db);
  await ctx.db.transaction().execute(async (trx) => {
    for (const l of body.list) await q.setLimit(trx, l.kind, l.maxRatePpm, ctx.now());
  });
  return { before, after: await q.limits(ctx.db) };
}

/** POST /admin/agents/contracts: from a template or written out, within the kind's limit. */
export async function offer(ctx: AppContext, operator: Principal, body: AdminOfferBody) {
  if ('templateId' in body) {
    const t = await q.findTemplate(ctx.db, body.templateId);
    if (!t?.enabled) throw new AppError('CONTRACT_TEMPLATE_NOT_FOUND');
    return contracts.operatorOffer(ctx, operator.memberId, {
      agentId: body.agentId,
      kind: t.kind,
      period: t.kind === 'dividend' ? t.period : undefined,
      tiers: t.tiers,
      maxRatePpm: await q.limitOf(ctx.db, t.kind),
    });
  }
  return contracts.operatorOffer(ctx, operator.memberId, {
    agentId: body.agentId,
    kind: body.kind,
    period: body.period,
    tiers: storedTiers(body.tiers),
    maxRatePpm: await q.limitOf(ctx.db, body.kind),
  });
}

export function terminate(ctx: AppContext, id: number, reason: string) {
  return contracts.operatorTerminate(ctx, id, reason);
}

export function contractGrid(ctx: AppContext, query: AdminContractsQuery) {
  return contracts.allContracts(
    ctx,
    {
      kind: query.kind,
      status: query.status,
      holderUsername: query.holder,
      uplineUsername: query.upline,
      offeredBy: query.offeredBy,
    },
    query,
  );
}

export function statementGrid(ctx: AppContext, query: AdminStatementsQuery) {
  return statements.findStatements(
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

export function statement(ctx: AppContext, id: number) {
  return statements.statementWithLines(ctx, id);
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
    if ((await q.holdsOf(trx, [id])).has(id)) throw new AppError('STATEMENT_ON_HOLD');
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
  return statement(ctx, id);
}

/** A statement's status now, or undefined when there is none (a bulk request's answer per id). */
export async function statusOf(ctx: AppContext, id: number) {
  return (await q.findStatementStatus(ctx.db, id))?.status;
}

/** The operator's holds on these statements, by statement id. */
export function holds(ctx: AppContext, ids: number[]) {
  return q.holdsOf(ctx.db, ids);
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
    const before = (await q.holdsOf(trx, [id])).get(id) ?? null;
    await q.setHold(trx, id, note, operator.memberId, ctx.now());
    return { status: s.status, before: before?.note ?? null, after: note };
  });
}

/** Takes an operator's hold off a statement; one without a hold is left as it is. */
export async function unhold(ctx: AppContext, id: number) {
  return ctx.db.transaction().execute(async (trx) => {
    const s = await q.lockStatement(trx, id);
    if (!s) throw new AppError('STATEMENT_NOT_FOUND');
    const before = (await q.holdsOf(trx, [id])).get(id) ?? null;
    await q.clearHold(trx, id);
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

const TREE_LIMIT = 500;

export async function tree(ctx: AppContext, parentId: number | undefined) {
  if (parentId !== undefined && !(await q.memberExists(ctx.db, parentId))) throw new AppError('MEMBER_NOT_FOUND');
  return q.children(ctx.db, parentId ?? null, TREE_LIMIT);
}

export function search(ctx: AppContext, text: string, limit: number) {
  return q.searchAgents(ctx.db, text, limit);
}
