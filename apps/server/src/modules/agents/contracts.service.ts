import type {
  AdminContractsQuery,
  AdminOfferBody,
  ContractLimitsBody,
  ContractTemplateBody,
} from '@gamehall/shared/api/admin-agents';
import {
  type ContractActionBody,
  type ContractInfo,
  type ContractKind,
  type ContractListQuery,
  type ContractPeriod,
  type ContractTier,
  FIXED_PERIOD,
} from '@gamehall/shared/api/contracts';
import { toMinor } from '@gamehall/shared/money';
import type { AppContext } from '../../context';
import type { Conn, Trx } from '../../db/database';
import type { Principal } from '../../http/auth';
import { AppError } from '../../http/errors';
import type { RequestMeta } from '../../http/request-meta';
import { audit } from '../audit/audit.service';
import { getBrand } from '../brand/brand.service';
import { contractAnswerMessage, contractOfferMessage, contractsEndedMessages } from './contract-messages';
import * as q from './contracts.queries';
import type { StoredTier } from './contracts.tables';

// Contract rules (spec §3, §4 "Contracts", docs/agents.md "Contracts"): offers to direct
// downlines only, a downline's rate never above the upline's own active contract of the kind, one
// offered-or-active contract per (member, kind), accept / reject / terminate by agreement, and
// the auto-termination cascade when a member accepts a rate below what it gave its downlines.
// Every change is audited in its own transaction.

export function storedTiers(tiers: ContractTier[]): StoredTier[] {
  return tiers.map((t) => ({
    minValidBet: toMinor(t.minValidBet),
    minActiveMembers: t.minActiveMembers,
    ratePpm: t.ratePpm,
  }));
}

/** A contract's headline rate: its highest tier's. */
export function headlineRate(tiers: StoredTier[]): number {
  return tiers.reduce((max, t) => Math.max(max, t.ratePpm), 0);
}

/** Dividends need one of the four periods; salaries have their own and take none. */
export function periodFor(kind: ContractKind, period: string | undefined): ContractPeriod {
  if (kind === 'dividend') {
    if (period === undefined) throw new AppError('CONTRACT_PERIOD_INVALID');
    return period as ContractPeriod;
  }
  if (period !== undefined) throw new AppError('CONTRACT_PERIOD_INVALID');
  return FIXED_PERIOD[kind];
}

function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}

/**
 * Inserts an offer; a second open contract of the kind for the holder is CONTRACT_ALREADY_OPEN (the
 * partial unique index decides, so two offers at once cannot both land). The error rolls back the
 * caller's transaction.
 */
export async function insertOffer(trx: Trx, c: Parameters<typeof q.insertContract>[1]): Promise<number> {
  let id: number;
  try {
    id = await q.insertContract(trx, c);
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('CONTRACT_ALREADY_OPEN');
    throw error;
  }
  // The holder hears of the offer, what and from whom, in the same transaction.
  await contractOfferMessage(trx, c);
  return id;
}

/**
 * Terminates, in the caller's transaction, the open contracts of `kind` that `memberId` gave with
 * a rate above `ratePpm` (every one when null), and the contracts their holders gave in turn
 * (spec §4 auto-termination; docs/agents.md). Returns the terminated ids.
 */
export async function cascadeTerminate(
  trx: Trx,
  memberId: number,
  kind: ContractKind,
  ratePpm: number | null,
  now: Date,
): Promise<number[]> {
  return endCascade(trx, await q.openGivenAbove(trx, [memberId], kind, ratePpm), kind, 'upline_rate_lowered', now);
}

/** Ends these contracts for `why`, then level by level the ones their holders gave. */
async function endCascade(
  trx: Trx,
  first: { id: number | string; holder_id: number | string }[],
  kind: ContractKind,
  why: 'upline_rate_lowered' | 'upline_contract_ended' | 'upline_period_changed',
  now: Date,
): Promise<number[]> {
  const ended: number[] = [];
  let level = first;
  for (let depth = 1; level.length > 0; depth++) {
    const reason = depth === 1 ? why : 'upline_contract_ended';
    const ids = level.map((c) => Number(c.id));
    await q.terminateMany(trx, ids, reason, now);
    ended.push(...ids);
    // Holders and uplines of each level hear why.
    await contractsEndedMessages(trx, ids, reason, now);
    level = await q.openGivenAbove(
      trx,
      level.map((c) => Number(c.holder_id)),
      kind,
      null,
    );
  }
  return ended;
}

async function ownContract(trx: Conn, memberId: number, id: number, kind: ContractKind) {
  const c = await q.findContract(trx, id);
  // Another member's contract, or one of another kind on this call, is not there for this member.
  if (!c || c.kind !== kind || (c.holder_id !== memberId && c.upline_id !== memberId))
    throw new AppError('CONTRACT_NOT_FOUND');
  return c;
}

async function offer(
  ctx: AppContext,
  trx: Trx,
  memberId: number,
  kind: ContractKind,
  body: Extract<ContractActionBody, { action: 'offer' }>,
): Promise<number> {
  const me = await q.memberForContract(trx, memberId);
  if (!me || !q.isAgentType(me.type)) throw new AppError('CONTRACT_NOT_AGENT');
  const downline = await q.memberForContract(trx, body.downlineId);
  if (!downline || downline.upline_id !== memberId) throw new AppError('CONTRACT_NOT_DIRECT_DOWNLINE');
  const period = periodFor(kind, body.period);
  const tiers = storedTiers(body.tiers);
  const rate = headlineRate(tiers);
  const own = await q.activeContractOf(trx, memberId, kind);
  if (!own) throw new AppError('CONTRACT_NO_OWN_CONTRACT');
  if (rate > own.rate_ppm) throw new AppError('CONTRACT_RATE_ABOVE_UPLINE');
  // One tree of dividend contracts settles on one period, so its pay can be capped by its top.
  if (period !== own.period) throw new AppError('CONTRACT_PERIOD_MISMATCH');
  return insertOffer(trx, {
    kind,
    period,
    tiers,
    ratePpm: rate,
    uplineId: memberId,
    holderId: downline.id,
    operatorId: null,
    now: ctx.now(),
  });
}

/**
 * With the brand's agentCarrySurvivesNewContract on, a dividend contract accepted between the same
 * two parties as an ended one with an open carry takes that carry over (docs/agents.md "Dividend
 * carry-over"); settlement moves it once the ended contract has settled its last window.
 */
async function takeOverCarry(trx: Trx, c: q.ContractRow): Promise<void> {
  if (c.kind !== 'dividend' || !(await getBrand(trx)).agentCarrySurvivesNewContract) return;
  const from = await q.carrySource(trx, c.upline_id, c.holder_id, c.kind, c.id);
  if (from !== null) await q.setCarryFrom(trx, c.id, from);
}

/**
 * One of the four spec calls (MCS2_processDividendReq and its siblings, one per kind): the action
 * in the body on a contract of that kind. Returns the contract's id after the action.
 */
export async function act(
  ctx: AppContext,
  meta: RequestMeta,
  memberId: number,
  kind: ContractKind,
  body: ContractActionBody,
): Promise<q.ContractRow> {
  const id = await ctx.db.transaction().execute(async (trx) => {
    const now = ctx.now();
    let contractId: number;
    const detail: Record<string, unknown> = { kind, action: body.action };
    if (body.action === 'offer') {
      contractId = await offer(ctx, trx, memberId, kind, body);
      detail.downlineId = body.downlineId;
    } else {
      contractId = body.contractId;
      await q.lockContract(trx, contractId);
      const c = await ownContract(trx, memberId, contractId, kind);
      const side = c.holder_id === memberId ? 'holder' : 'upline';
      switch (body.action) {
        case 'accept': {
          if (side !== 'holder' || c.status !== 'offered') throw new AppError('CONTRACT_STATE_INVALID');
          // The upline's own rate may have changed since the offer (spec §4: never above it).
          if (c.upline_id !== null) {
            const upline = await q.activeContractOf(trx, c.upline_id, kind);
            if (!upline) throw new AppError('CONTRACT_NO_OWN_CONTRACT');
            if (c.rate_ppm > upline.rate_ppm) throw new AppError('CONTRACT_RATE_ABOVE_UPLINE');
            if (c.period !== upline.period) throw new AppError('CONTRACT_PERIOD_MISMATCH');
          }
          await q.updateContract(trx, c.id, { status: 'active', accepted_at: now }, now);
          await takeOverCarry(trx, c);
          await contractAnswerMessage(trx, c.id, 'accepted', 'holder', now);
          detail.autoTerminated = await cascadeTerminate(trx, memberId, kind, c.rate_ppm, now);
          // A dividend tree settles on one period: contracts this member gave on another end.
          if (kind === 'dividend')
            (detail.autoTerminated as number[]).push(
              ...(await endCascade(
                trx,
                await q.openGivenOtherPeriod(trx, memberId, c.period),
                kind,
                'upline_period_changed',
                now,
              )),
            );
          break;
        }
        case 'reject':
          if (side !== 'holder' || c.status !== 'offered') throw new AppError('CONTRACT_STATE_INVALID');
          await q.updateContract(
            trx,
            c.id,
            { status: 'rejected', ended_at: now, ended_by: 'holder', end_reason: 'rejected' },
            now,
          );
          await contractAnswerMessage(trx, c.id, 'rejected', 'holder', now);
          break;
        case 'requestTermination':
          // An operator's contract (no upline) is ended by the operator in the back office.
          if (c.status !== 'active' || c.termination_requested_by !== null || c.upline_id === null)
            throw new AppError('CONTRACT_STATE_INVALID');
          await q.updateContract(
            trx,
            c.id,
            {
              termination_requested_by: side,
              termination_requested_at: now,
              termination_reason: body.reason ?? null,
            },
            now,
          );
          await contractAnswerMessage(trx, c.id, 'termination_requested', side, now);
          break;
        case 'acceptTermination': {
          const asked = c.termination_requested_by;
          if (c.status !== 'active' || asked === null || asked === side) throw new AppError('CONTRACT_STATE_INVALID');
          await q.updateContract(
            trx,
            c.id,
            {
              status: 'terminated',
              ended_at: now,
              ended_by: asked,
              end_reason: c.termination_reason ?? 'terminated_by_agreement',
              termination_requested_by: null,
              termination_requested_at: null,
            },
            now,
          );
          await contractsEndedMessages(trx, [c.id], 'agreement', now, c.termination_reason);
          break;
        }
        case 'rejectTermination': {
          const asked = c.termination_requested_by;
          if (c.status !== 'active' || asked === null || asked === side) throw new AppError('CONTRACT_STATE_INVALID');
          await q.updateContract(
            trx,
            c.id,
            { termination_requested_by: null, termination_requested_at: null, termination_reason: null },
            now,
          );
          break;
        }
      }
    }
    detail.contractId = contractId;
    const event = {
      offer: 'contract.offer',
      accept: 'contract.accept',
      reject: 'contract.reject',
      requestTermination: 'contract.terminationRequest',
      acceptTermination: 'contract.terminationAccept',
      rejectTermination: 'contract.terminationReject',
    } as const;
    await audit(trx, meta, { event: event[body.action], success: true, memberId, detail });
    return contractId;
  });
  const row = await q.findContract(ctx.db, id);
  if (!row) throw new AppError('CONTRACT_NOT_FOUND');
  return row;
}

/** GET /wps/contracts: the contracts the member holds. */
export function held(ctx: AppContext, memberId: number, query: ContractListQuery) {
  return q.pageContracts(ctx.db, { holderId: memberId, kind: query.kind, status: query.status }, query);
}

/** GET /wps/agent/contracts/offered: the contracts the agent gave its downlines. */
export function offered(ctx: AppContext, memberId: number, query: ContractListQuery) {
  return q.pageContracts(ctx.db, { uplineId: memberId, kind: query.kind, status: query.status }, query);
}

/** GET /wps/contracts/pending: what waits for this member's answer (the contract popup). */
export async function pending(ctx: AppContext, memberId: number) {
  const rows = await q.pendingFor(ctx.db, memberId);
  return {
    offers: rows.filter((r) => r.status === 'offered'),
    terminationRequests: rows.filter((r) => r.status === 'active'),
  };
}

/** The consolidated contract info of member info (spec §3). */
export async function contractInfo(db: Conn, memberId: number): Promise<ContractInfo> {
  const rows = await q.contractFlags(db, memberId);
  const waiting = (kind: ContractKind) =>
    rows.some(
      (r) =>
        r.kind === kind &&
        (r.status === 'offered' ||
          (r.holder_id === memberId && r.termination_requested_by === 'upline') ||
          (r.holder_id !== memberId && r.termination_requested_by === 'holder')),
    )
      ? 1
      : 0;
  const holds = (kind: ContractKind) =>
    rows.some((r) => r.kind === kind && r.status === 'active' && r.holder_id === memberId) ? 1 : 0;
  return {
    dailysalreqtype: waiting('daily_salary'),
    divtypereq: waiting('dividend'),
    contracthoursalreq: waiting('hourly_salary'),
    realtimesalreqtype: waiting('realtime_salary'),
    contractmrdailysalinfotype: holds('realtime_salary'),
    contracthoursalinfo: holds('hourly_salary'),
    dailysalinfotype: holds('daily_salary'),
    divtypeinfo: holds('dividend'),
  };
}

// ---- the back office (agents.admin.routes)

/**
 * The operator offers a contract to a top agent (an agent whose upline, if any, is not an agent),
 * at most `maxRatePpm` (the kind's limit) (docs/agents.md "Offers").
 */
export async function operatorOffer(
  ctx: AppContext,
  operatorId: number,
  o: {
    agentId: number;
    kind: ContractKind;
    period: string | undefined;
    tiers: StoredTier[];
    maxRatePpm: number | undefined;
  },
): Promise<q.ContractRow> {
  const period = periodFor(o.kind, o.period);
  const rate = headlineRate(o.tiers);
  const agent = await q.memberForContract(ctx.db, o.agentId);
  if (!agent) throw new AppError('MEMBER_NOT_FOUND');
  if (!q.isAgentType(agent.type) || (await q.uplineIsAgent(ctx.db, agent.upline_id)))
    throw new AppError('CONTRACT_NOT_TOP_AGENT');
  if (o.maxRatePpm !== undefined && rate > o.maxRatePpm) throw new AppError('CONTRACT_RATE_ABOVE_LIMIT');
  const id = await ctx.db.transaction().execute((trx) =>
    insertOffer(trx, {
      kind: o.kind,
      period,
      tiers: o.tiers,
      ratePpm: rate,
      uplineId: null,
      holderId: agent.id,
      operatorId,
      now: ctx.now(),
    }),
  );
  return (await q.findContract(ctx.db, id)) as q.ContractRow;
}

/**
 * The operator ends an offered or active contract. The contracts its holder gave stay (spec §4:
 * they end only when the holder accepts a lower rate, see cascadeTerminate).
 */
export async function operatorTerminate(ctx: AppContext, id: number, reason: string): Promise<q.ContractRow> {
  await ctx.db.transaction().execute(async (trx) => {
    await q.lockContract(trx, id);
    const c = await q.findContract(trx, id);
    if (!c) throw new AppError('CONTRACT_NOT_FOUND');
    if (c.status !== 'offered' && c.status !== 'active') throw new AppError('CONTRACT_STATE_INVALID');
    const now = ctx.now();
    await q.updateContract(
      trx,
      id,
      {
        status: 'terminated',
        ended_at: now,
        ended_by: 'operator',
        end_reason: reason,
        termination_requested_by: null,
        termination_requested_at: null,
      },
      now,
    );
    await contractsEndedMessages(trx, [id], 'operator', now, reason);
  });
  return (await q.findContract(ctx.db, id)) as q.ContractRow;
}

/** Every agent's contracts (the back office's grid). */
export function allContracts(
  ctx: AppContext,
  filter: q.ContractListFilter,
  page: Parameters<typeof q.pageContracts>[2],
) {
  return q.pageContracts(ctx.db, filter, page);
}

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
export async function offerFromTemplateOrTerms(ctx: AppContext, operator: Principal, body: AdminOfferBody) {
  if ('templateId' in body) {
    const t = await q.findTemplate(ctx.db, body.templateId);
    if (!t?.enabled) throw new AppError('CONTRACT_TEMPLATE_NOT_FOUND');
    return operatorOffer(ctx, operator.memberId, {
      agentId: body.agentId,
      kind: t.kind,
      period: t.kind === 'dividend' ? t.period : undefined,
      tiers: t.tiers,
      maxRatePpm: await q.limitOf(ctx.db, t.kind),
    });
  }
  return operatorOffer(ctx, operator.memberId, {
    agentId: body.agentId,
    kind: body.kind,
    period: body.period,
    tiers: storedTiers(body.tiers),
    maxRatePpm: await q.limitOf(ctx.db, body.kind),
  });
}

export function contractGrid(ctx: AppContext, query: AdminContractsQuery) {
  return allContracts(
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
