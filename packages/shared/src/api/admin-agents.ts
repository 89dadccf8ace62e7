import { z } from 'zod';
import { Money } from './common';
import {
  Contract,
  ContractKind,
  ContractStatus,
  ContractTiers,
  DividendPeriod,
  RatePpm,
  Statement,
  StatementStatus,
} from './contracts';
import { grid, gridQuery } from './operators';

// The back office's agents area (spec §7 Contracts): contract templates and the rate
// limits for top agents, offering a contract to a top agent, every agent's contracts and
// statements, holding and releasing payouts, the team tree of any agent and an agent search.
// Reads need admin:agents.read, changes admin:agents.write. Money is major units (Money).

const Id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
export const AdminAgentIdParams = z.object({ id: Id });

// ---- templates: GET/POST /admin/agents/contract-templates, PUT/DELETE /admin/agents/contract-templates/:id

export const ContractTemplateBody = z
  .object({
    name: z.string().trim().min(1).max(60),
    kind: ContractKind,
    /** Dividends only (required there). */
    period: DividendPeriod.optional(),
    tiers: ContractTiers,
    enabled: z.boolean().default(true),
  })
  .strict();
export type ContractTemplateBody = z.infer<typeof ContractTemplateBody>;

export const ContractTemplate = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: ContractKind,
  period: z.string(),
  tiers: ContractTiers,
  ratePpm: RatePpm,
  enabled: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ContractTemplate = z.infer<typeof ContractTemplate>;
export const ContractTemplateList = z.object({ list: z.array(ContractTemplate) });

// ---- limits: GET/PUT /admin/agents/contract-limits (the highest rate the operator may give a top agent)

export const ContractLimit = z.object({ kind: ContractKind, maxRatePpm: RatePpm });
export type ContractLimit = z.infer<typeof ContractLimit>;
export const ContractLimits = z.object({ list: z.array(ContractLimit) });
export const ContractLimitsBody = z
  .object({
    list: z
      .array(ContractLimit)
      .min(1)
      .max(4)
      .refine((l) => new Set(l.map((x) => x.kind)).size === l.length, { params: { reason: 'DUPLICATE' } }),
  })
  .strict();
export type ContractLimitsBody = z.infer<typeof ContractLimitsBody>;

// ---- offering to a top agent: POST /admin/agents/contracts; terminating: POST /admin/agents/contracts/:id/terminate

/** Either a template or the kind, period and tiers written out. */
export const AdminOfferBody = z.union([
  z.object({ agentId: Id, templateId: Id }).strict(),
  z
    .object({
      agentId: Id,
      kind: ContractKind,
      period: DividendPeriod.optional(),
      tiers: ContractTiers,
    })
    .strict(),
]);
export type AdminOfferBody = z.infer<typeof AdminOfferBody>;

export const AdminTerminateBody = z.object({ reason: z.string().trim().min(1).max(200) }).strict();

// ---- every agent's contracts: GET /admin/agents/contracts

export const ADMIN_CONTRACT_SORTS = ['id', 'createdAt', 'ratePpm'] as const;
export const AdminContractsQuery = gridQuery(ADMIN_CONTRACT_SORTS, 'id').extend({
  kind: ContractKind.optional(),
  status: ContractStatus.optional(),
  /** The holder's username (exact, any case). */
  holder: z.string().trim().min(1).max(64).optional(),
  /** The offering agent's username (exact, any case); `operator` is not a username: use offeredBy. */
  upline: z.string().trim().min(1).max(64).optional(),
  offeredBy: z.enum(['operator', 'agent']).optional(),
});
export type AdminContractsQuery = z.infer<typeof AdminContractsQuery>;
export const AdminContractList = grid(Contract);

// ---- statements: GET /admin/agents/statements, GET /admin/agents/statements/:id,
// POST /admin/agents/statements/:id/release

export const ADMIN_STATEMENT_SORTS = ['id', 'periodStart', 'amount'] as const;
export const AdminStatementsQuery = gridQuery(ADMIN_STATEMENT_SORTS, 'id').extend({
  kind: ContractKind.optional(),
  status: StatementStatus.optional(),
  holder: z.string().trim().min(1).max(64).optional(),
  contractId: Id.optional(),
  /** Periods starting on or after / before these instants (ISO). */
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
});
export type AdminStatementsQuery = z.infer<typeof AdminStatementsQuery>;
/** An operator's deliberate hold on a held statement. */
export const StatementHold = z.object({ note: z.string(), heldBy: z.string(), heldAt: z.string() });
export type StatementHold = z.infer<typeof StatementHold>;
/** A statement as the back office lists it: with the operator's hold on it, if any. */
export const AdminStatement = Statement.extend({ hold: StatementHold.nullable() });
export type AdminStatement = z.infer<typeof AdminStatement>;
export const AdminStatementList = grid(AdminStatement).extend({
  /** The held amount over every matching statement. */
  heldTotal: Money,
});
export const AdminReleaseBody = z.object({ note: z.string().trim().max(200).optional() }).strict();

// ---- held statements in bulk (docs/agents.md "Holding"): POST /admin/agents/statements/release,
// /hold and /unhold with many ids. Each statement is its own audited action, so one that cannot be
// done leaves the others done and is answered with its error code.

/** At most this many statements per bulk request. */
export const BULK_STATEMENTS_MAX = 100;
const BulkIds = z
  .array(z.number().int().positive().max(Number.MAX_SAFE_INTEGER))
  .min(1)
  .max(BULK_STATEMENTS_MAX)
  .refine((ids) => new Set(ids).size === ids.length, 'DUPLICATE');
export const BulkReleaseBody = z.object({ ids: BulkIds, note: z.string().trim().max(200).optional() }).strict();
export type BulkReleaseBody = z.infer<typeof BulkReleaseBody>;
/** A hold needs its reason: whoever looks at the statement next reads why it is kept back. */
export const BulkHoldBody = z.object({ ids: BulkIds, note: z.string().trim().min(1).max(200) }).strict();
export type BulkHoldBody = z.infer<typeof BulkHoldBody>;
export const BulkUnholdBody = z.object({ ids: BulkIds, note: z.string().trim().max(200).optional() }).strict();
export type BulkUnholdBody = z.infer<typeof BulkUnholdBody>;
export const BulkStatementResult = z.object({
  id: z.number().int(),
  ok: z.boolean(),
  /** Why this one was not done (STATEMENT_NOT_FOUND, STATEMENT_NOT_HELD, STATEMENT_ON_HOLD, ...). */
  code: z.string().nullable(),
  /** The statement's status after the request (null when there is no such statement). */
  status: StatementStatus.nullable(),
});
export const BulkStatementValue = z.object({
  results: z.array(BulkStatementResult),
  done: z.number().int(),
  failed: z.number().int(),
});
export type BulkStatementValue = z.infer<typeof BulkStatementValue>;

// ---- the team tree: GET /admin/agents/tree?parentId (top agents when none), GET /admin/agents/search

export const TreeQuery = z.object({ parentId: Id.optional() });
export const TreeNode = z.object({
  id: z.number().int(),
  username: z.string(),
  type: z.number().int(),
  isAgent: z.boolean(),
  /** Members under this one, all levels. */
  teamSize: z.number().int(),
  directCount: z.number().int(),
  /** Kinds of the contracts it holds (active). */
  activeContracts: z.array(ContractKind),
});
export type TreeNode = z.infer<typeof TreeNode>;
export const TreeValue = z.object({ parentId: z.number().int().nullable(), list: z.array(TreeNode) });

export const AgentSearchQuery = z.object({
  q: z.string().trim().min(1).max(64),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});
export const AgentSearchHit = TreeNode.extend({
  upline: z.object({ id: z.number().int(), username: z.string() }).nullable(),
  depth: z.number().int(),
});
export const AgentSearchValue = z.object({ list: z.array(AgentSearchHit) });

// ---- commission cost report: GET /admin/agents/commission-report (docs/agents.md "Commission cost
// report"): every statement of the range, per agent, kind and period, with what it cost.

const ReportDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
export const COMMISSION_REPORT_SORTS = ['periodStart', 'paid', 'held', 'base'] as const;
export const CommissionReportQuery = gridQuery(COMMISSION_REPORT_SORTS, 'periodStart').extend({
  /** Brand days (the brand's time zone) the statements' periods start on, both included; at most 366 days. */
  from: ReportDay,
  to: ReportDay,
  kind: ContractKind.optional(),
  /** The agent's username (any case). */
  agent: z.string().trim().min(1).max(64).optional(),
});
export type CommissionReportQuery = z.infer<typeof CommissionReportQuery>;
export const CommissionCosts = z.object({
  /** What the rate applied to: net loss (dividend) or valid bets (salaries) of the agent's team. */
  base: Money,
  /** Paid out to the agent. */
  paid: Money,
  /** Written as held, waiting for an operator's release. */
  held: Money,
  /** A dividend's negative carried into the next period (<= 0): what the team still owes first. */
  carried: Money,
});
export const CommissionReportRow = CommissionCosts.extend({
  statementId: z.number().int(),
  agent: z.object({ id: z.number().int(), username: z.string() }),
  kind: ContractKind,
  periodStart: z.string(),
  periodEnd: z.string(),
  status: StatementStatus,
  /** The operator's hold on a held statement, if any. */
  onHold: z.boolean(),
});
export type CommissionReportRow = z.infer<typeof CommissionReportRow>;
export const CommissionReportValue = grid(CommissionReportRow).extend({
  /** The brand's time zone (IANA name) the days are in. */
  timeZone: z.string(),
  /** Over every matching statement, not only the page. */
  totals: CommissionCosts.extend({ statements: z.number().int() }),
});
export type CommissionReportValue = z.infer<typeof CommissionReportValue>;
