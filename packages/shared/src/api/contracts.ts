import { z } from 'zod';
import { AgentRangeQuery, NgrFigures } from './agents';
import { Money, PageQuery, paged } from './common';

// Agent contracts (spec §3 "Contract", §4 "Contracts", §7 Contracts, §9; docs/agents.md
// "Contracts"): the member calls that offer, accept, reject and terminate them, the consolidated
// contract info of member info, and the agent centre's statements and income. Rates are parts per
// million (1% = 10,000); money is major units like the rest of the player-side API.

export const CONTRACT_KINDS = ['dividend', 'daily_salary', 'hourly_salary', 'realtime_salary'] as const;
export const ContractKind = z.enum(CONTRACT_KINDS);
export type ContractKind = z.infer<typeof ContractKind>;

/** Dividend periods (spec §3); salaries have a fixed period (daily, hour, 5 minutes). */
export const DIVIDEND_PERIODS = ['daily', 'weekly', 'semimonthly', 'monthly'] as const;
export const ContractPeriod = z.enum([...DIVIDEND_PERIODS, 'hourly', 'realtime']);
export type ContractPeriod = z.infer<typeof ContractPeriod>;
export const DividendPeriod = z.enum(DIVIDEND_PERIODS);

/** The period a salary kind always has; a dividend's is chosen per contract. */
export const FIXED_PERIOD: Record<Exclude<ContractKind, 'dividend'>, ContractPeriod> = {
  daily_salary: 'daily',
  hourly_salary: 'hourly',
  realtime_salary: 'realtime',
};

export const MAX_RATE_PPM = 1_000_000;
export const MAX_TIERS = 10;
export const RatePpm = z.number().int().min(0).max(MAX_RATE_PPM);

/** One tier (docs/agents.md "Tiers are data"): the highest tier whose thresholds the team met applies. */
export const ContractTier = z.object({
  minValidBet: Money.refine((v) => v >= 0, { params: { reason: 'INVALID' } }),
  minActiveMembers: z.number().int().min(0).max(1_000_000),
  ratePpm: RatePpm,
});
export type ContractTier = z.infer<typeof ContractTier>;

/** Tiers: 1 to MAX_TIERS, thresholds rising strictly (no two tiers with the same thresholds). */
export const ContractTiers = z
  .array(ContractTier)
  .min(1)
  .max(MAX_TIERS)
  .superRefine((tiers, c) => {
    for (let i = 1; i < tiers.length; i++) {
      const a = tiers[i - 1] as ContractTier;
      const b = tiers[i] as ContractTier;
      const rising =
        b.minValidBet >= a.minValidBet && b.minActiveMembers >= a.minActiveMembers && b.ratePpm >= a.ratePpm;
      const same = b.minValidBet === a.minValidBet && b.minActiveMembers === a.minActiveMembers;
      if (!rising || same) c.addIssue({ code: 'custom', path: [i], params: { reason: 'INVALID' } });
    }
  });

export const ContractStatus = z.enum(['offered', 'active', 'rejected', 'terminated']);
export type ContractStatus = z.infer<typeof ContractStatus>;

/** Who asked to terminate (the other side accepts or rejects it). */
export const ContractSide = z.enum(['upline', 'holder']);

export const ContractParty = z.object({ id: z.number().int(), username: z.string() });

export const Contract = z.object({
  id: z.number().int(),
  kind: ContractKind,
  period: ContractPeriod,
  tiers: z.array(ContractTier),
  /** The highest tier's rate. */
  ratePpm: RatePpm,
  /** The agent that offered it; null when the operator did. */
  upline: ContractParty.nullable(),
  holder: ContractParty,
  status: ContractStatus,
  /** A termination request waiting for the other side. */
  terminationRequestedBy: ContractSide.nullable(),
  terminationRequestedAt: z.string().nullable(),
  createdAt: z.string(),
  acceptedAt: z.string().nullable(),
  endedAt: z.string().nullable(),
  /** rejected | terminated: who ended it (upline, holder, operator, system) and why. */
  endedBy: z.enum(['upline', 'holder', 'operator', 'system']).nullable(),
  endReason: z.string().nullable(),
});
export type Contract = z.infer<typeof Contract>;

// ---- the spec calls: POST /wps/relay/MCS2_processDividendReq, MCS2_processDailySalContract,
// MCS2_processContractHourSalary, MCSFE_processRealTimeSalaryContract (one per kind)

export const CONTRACT_RELAY_PATHS: Record<ContractKind, string> = {
  dividend: '/wps/relay/MCS2_processDividendReq',
  daily_salary: '/wps/relay/MCS2_processDailySalContract',
  hourly_salary: '/wps/relay/MCS2_processContractHourSalary',
  realtime_salary: '/wps/relay/MCSFE_processRealTimeSalaryContract',
};

const ContractId = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

export const CONTRACT_ACTIONS = [
  'offer',
  'accept',
  'reject',
  'requestTermination',
  'acceptTermination',
  'rejectTermination',
] as const;
export const ContractAction = z.enum(CONTRACT_ACTIONS);
export type ContractAction = z.infer<typeof ContractAction>;

/**
 * One body for the four calls. `offer`: a new contract to a direct downline (`period` only for
 * dividends, required there). The others act on `contractId` of the call's kind: accept/reject an
 * offer (holder), requestTermination (either side), accept/rejectTermination (the side that did not ask).
 */
export const ContractActionBody = z.discriminatedUnion('action', [
  z
    .object({
      action: z.literal('offer'),
      downlineId: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
      period: DividendPeriod.optional(),
      tiers: ContractTiers,
    })
    .strict(),
  z.object({ action: z.literal('accept'), contractId: ContractId }).strict(),
  z.object({ action: z.literal('reject'), contractId: ContractId }).strict(),
  z
    .object({
      action: z.literal('requestTermination'),
      contractId: ContractId,
      reason: z.string().trim().max(200).optional(),
    })
    .strict(),
  z.object({ action: z.literal('acceptTermination'), contractId: ContractId }).strict(),
  z.object({ action: z.literal('rejectTermination'), contractId: ContractId }).strict(),
]);
export type ContractActionBody = z.infer<typeof ContractActionBody>;

/** The contract as it is after the action. */
export const ContractActionValue = Contract;

// ---- lists: GET /wps/contracts (held, auth member), GET /wps/agent/contracts/offered (auth agent),
// GET /wps/contracts/pending (what waits for this member's answer: the contract popup)

export const ContractListQuery = PageQuery.extend({
  kind: ContractKind.optional(),
  status: ContractStatus.optional(),
});
export type ContractListQuery = z.infer<typeof ContractListQuery>;
export const ContractList = paged(Contract);

/** Offers made to this member, and termination requests the other side made on its contracts. */
export const PendingContracts = z.object({
  offers: z.array(Contract),
  terminationRequests: z.array(Contract),
});
export type PendingContracts = z.infer<typeof PendingContracts>;

// ---- consolidated contract info (spec §3): GET /wps/contracts/info, also in /wps/member/info

/**
 * `*req*`: a request of that kind waits for this member (an offer to it, or a termination request
 * the upline made), 1 or 0. `*info*`: the member holds an active contract of that kind, 1 or 0 (the
 * agent centre shows the matching menu entry). Names as the spec has them.
 */
export const ContractInfo = z.object({
  dailysalreqtype: z.number().int(),
  divtypereq: z.number().int(),
  contracthoursalreq: z.number().int(),
  realtimesalreqtype: z.number().int(),
  /** real-time salary */
  contractmrdailysalinfotype: z.number().int(),
  /** hourly salary */
  contracthoursalinfo: z.number().int(),
  /** daily salary */
  dailysalinfotype: z.number().int(),
  /** dividend */
  divtypeinfo: z.number().int(),
});
export type ContractInfo = z.infer<typeof ContractInfo>;

// ---- statements (the agent centre's dividend record, daily wages, hourly salary, real-time salary)

/** paid: posted at settlement; held: at or above the brand's hold threshold, waits for an operator. */
export const StatementStatus = z.enum(['paid', 'held']);
export type StatementStatus = z.infer<typeof StatementStatus>;

/** One line: the agent's own direct members together, or one direct downline's branch. */
export const StatementLine = z.object({
  /** null: the agent's direct members outside any contracted branch. */
  downline: ContractParty.nullable(),
  validBets: Money,
  /** valid bets minus wins (dividends share it). */
  netLoss: Money,
  activeMembers: z.number().int(),
  /** The branch's own contract rate from this agent (0 when none). */
  downlineRatePpm: RatePpm,
  /** Wins of the line's rounds; valid bets - wins - deductions = net loss (dividends). */
  wins: Money,
  /** Dividends: what the house paid the line's members, by category (docs/agents.md "Figures"). */
  deductions: z.record(z.string(), Money),
  /** The agent's rate on the line's base. */
  gross: Money,
  /** What the branch's contracted downline and its own downlines were paid for the period. */
  branchPaid: Money,
  /** What this line adds to the agent's amount: gross - branchPaid. */
  amount: Money,
});
export type StatementLine = z.infer<typeof StatementLine>;

export const Statement = z.object({
  id: z.number().int(),
  contractId: z.number().int(),
  kind: ContractKind,
  holder: ContractParty,
  periodStart: z.string(),
  periodEnd: z.string(),
  /** The team's figures for the period (all levels). */
  validBets: Money,
  wins: Money,
  /** Dividends: the net gaming revenue, valid bets - wins - deductions (the dividend base). */
  netLoss: Money,
  /** Dividends: what the house paid the team's members in the period, by category. */
  deductions: z.record(z.string(), Money),
  activeMembers: z.number().int(),
  /** The tier rate that applied (0 when no tier was met). */
  ratePpm: RatePpm,
  /** The agent's rate on its whole team's base (each line's share rounded down). */
  gross: Money,
  /** What the contracted downline branches were paid for the period (their whole subtrees). */
  downlinePaid: Money,
  /**
   * What the upline's cap withheld: the team's top contract could pay no more in all this period
   * (docs/agents.md "Multi-level pay"). Never owed later. amount = gross + carryIn - downlinePaid
   * - capped - carryOut.
   */
  capped: Money,
  /** A dividend's negative carried in from the previous period (<= 0), set off before paying. */
  carryIn: Money,
  /** What was paid (or is held). */
  amount: Money,
  /** A dividend's negative carried into the next period (<= 0). */
  carryOut: Money,
  status: StatementStatus,
  paidAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Statement = z.infer<typeof Statement>;
export const StatementDetail = Statement.extend({ lines: z.array(StatementLine) });
export type StatementDetail = z.infer<typeof StatementDetail>;

/** GET /wps/agent/statements?kind=...&from&to: the agent's statements of a kind, newest first. */
export const StatementsQuery = AgentRangeQuery.safeExtend({ ...PageQuery.shape, kind: ContractKind });
export type StatementsQuery = z.infer<typeof StatementsQuery>;
export const StatementTotals = z.object({ validBets: Money, netLoss: Money, amount: Money });
export const StatementsValue = paged(StatementDetail).extend({
  from: z.string(),
  to: z.string(),
  /** The brand's time zone (IANA name): the days asked for and the period edges to show. */
  timeZone: z.string(),
  totals: StatementTotals,
});
export type StatementsValue = z.infer<typeof StatementsValue>;
export const StatementParams = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

/**
 * GET /wps/agent/statements/:id: the statement's base broken down (docs/agents.md "Figures"), per
 * direct downline branch and per member of the holder's team: a dividend's settled days as they
 * were settled (docs/agents.md "Settled periods are frozen"), any other statement recomputed from
 * the rounds and postings of its window with the brand's current deduction settings. The members
 * come a page at a time (pageNo, pageSize), by branch and level; `line` keeps them to one line of
 * the statement: a direct downline's id (its branch), or `own` for the line of the holder's own
 * direct members (every branch that has no line of its own). The branches are always all listed.
 */
export const StatementDetailQuery = PageQuery.extend({
  line: z.union([z.literal('own'), z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER)]).optional(),
});
export type StatementDetailQuery = z.infer<typeof StatementDetailQuery>;
export const StatementBase = NgrFigures.extend({ validBets: Money, wins: Money });
export type StatementBase = z.infer<typeof StatementBase>;
/** A direct downline and everyone under it. */
export const StatementBranchBase = StatementBase.extend({ downline: ContractParty, members: z.number().int() });
export const StatementMemberBase = StatementBase.extend({
  member: ContractParty,
  /** 1: a direct downline of the holder. */
  level: z.number().int(),
  branch: ContractParty,
});
export type StatementMemberBase = z.infer<typeof StatementMemberBase>;
export const StatementBreakdown = z.object({
  branches: z.array(StatementBranchBase),
  members: paged(StatementMemberBase),
  totals: StatementBase,
});
export type StatementBreakdown = z.infer<typeof StatementBreakdown>;
export const StatementWithBreakdown = StatementDetail.extend({ breakdown: StatementBreakdown });
export type StatementWithBreakdown = z.infer<typeof StatementWithBreakdown>;

// ---- my income: GET /wps/agent/income?from&to (paid commissions by day and kind)

export const IncomeByKind = z.object({
  dividend: Money,
  daily_salary: Money,
  hourly_salary: Money,
  realtime_salary: Money,
  total: Money,
});
export type IncomeByKind = z.infer<typeof IncomeByKind>;
export const IncomeQuery = AgentRangeQuery.safeExtend(PageQuery.shape);
export type IncomeQuery = z.infer<typeof IncomeQuery>;
export const IncomeDay = IncomeByKind.extend({ day: z.string() });
export const IncomeValue = paged(IncomeDay).extend({
  from: z.string(),
  to: z.string(),
  /** The brand's time zone (IANA name) the days are in. */
  timeZone: z.string(),
  totals: IncomeByKind,
});
export type IncomeValue = z.infer<typeof IncomeValue>;

// ---- revenue report: GET /wps/agent/revenue?from&to&groupBy (income by source and period)

export const RevenueGroup = z.enum(['day', 'week', 'month']);
export const RevenueQuery = AgentRangeQuery.safeExtend({ ...PageQuery.shape, groupBy: RevenueGroup.default('day') });
export type RevenueQuery = z.infer<typeof RevenueQuery>;
/** One contract kind's statements in a period: every statement counts, paid, held or zero. */
export const RevenueKind = z.object({
  kind: ContractKind,
  statements: z.number().int(),
  /** Paid with money (amount above zero). */
  paid: z.number().int(),
  held: z.number().int(),
  /** Settled at zero (no tier met, a team that won, a carry set off). */
  zero: z.number().int(),
  /** Paid out. */
  amount: Money,
  /** Waiting for an operator's release. */
  heldAmount: Money,
});
export type RevenueKind = z.infer<typeof RevenueKind>;
export const RevenueRow = z.object({
  /** The first day of the group (day, ISO week's Monday, month's 1st), a brand-time-zone day. */
  period: z.string(),
  /** The team's turnover (valid bets of every member, all levels) on the range's days of this period. */
  validBets: Money,
  statements: z.number().int(),
  paid: z.number().int(),
  held: z.number().int(),
  zero: z.number().int(),
  amount: Money,
  heldAmount: Money,
  /** By contract kind, the kinds that have statements in the period. */
  kinds: z.array(RevenueKind),
});
export type RevenueRow = z.infer<typeof RevenueRow>;
export const RevenueTotals = IncomeByKind.extend({
  validBets: Money,
  statements: z.number().int(),
  paid: z.number().int(),
  held: z.number().int(),
  zero: z.number().int(),
  heldAmount: Money,
});
/**
 * Statements are placed in the period their own window starts in (brand time zone), whatever day
 * they were paid; `timeZone` is the brand's (IANA name) the days and period edges are in.
 */
export const RevenueValue = paged(RevenueRow).extend({
  from: z.string(),
  to: z.string(),
  timeZone: z.string(),
  /** Paid amounts by kind and in all (`total`), with the counts and the team's turnover. */
  totals: RevenueTotals,
});
export type RevenueValue = z.infer<typeof RevenueValue>;

// ---- my contracts: GET /wps/agent/my-contracts (the agent centre's "My contracts" page) and
// GET /wps/contracts/:id/cascade (what accepting an offer would end, spec §4 auto-termination)

/** One statement of a contract as the "My contracts" page lists it. */
export const ContractStatementBrief = z.object({
  id: z.number().int(),
  periodStart: z.string(),
  periodEnd: z.string(),
  amount: Money,
  carryOut: Money,
  status: StatementStatus,
});
export const MyContract = Contract.extend({
  /** A dividend's negative carried into its next period (<= 0); 0 for salaries. */
  carry: Money,
  /** How many statements the contract has, and the paid total of them. */
  statementCount: z.number().int(),
  paidTotal: Money,
  /** The newest statements, newest first (at most MY_CONTRACT_STATEMENTS). */
  statements: z.array(ContractStatementBrief),
});
export type MyContract = z.infer<typeof MyContract>;
export const MY_CONTRACT_STATEMENTS = 5;
/** held: from the upline or the operator; given: to the agent's direct downlines. Open ones first, then the newest. */
export const MyContracts = z.object({ held: z.array(MyContract), given: z.array(MyContract), timeZone: z.string() });
export type MyContracts = z.infer<typeof MyContracts>;
export const ContractIdParams = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

/**
 * The downline contracts that would end if the member accepted offer `id` now (spec §4
 * auto-termination): level 1 are contracts the member gave at a rate above the offer's, level 2 the
 * contracts their holders gave, and so on.
 */
/**
 * Why accepting would end a contract, the end reason it would get: its rate is above the offer's
 * (upline_rate_lowered) or, for a dividend, its period is another than the offer's
 * (upline_period_changed); a contract under one of those ends with it (upline_contract_ended).
 */
export const CASCADE_REASONS = ['upline_rate_lowered', 'upline_period_changed', 'upline_contract_ended'] as const;
export type CascadeReason = (typeof CASCADE_REASONS)[number];
export const CascadeEntry = z.object({
  level: z.number().int().min(1),
  reason: z.enum(CASCADE_REASONS),
  contract: Contract,
});
export const CascadePreview = z.object({ contractId: z.number().int(), ends: z.array(CascadeEntry) });
export type CascadePreview = z.infer<typeof CascadePreview>;

/** The end reasons the platform writes (an operator's or a side's own words are free text besides). */
export const CONTRACT_END_REASONS = [
  'rejected',
  'terminated_by_agreement',
  'upline_rate_lowered',
  'upline_contract_ended',
  'upline_period_changed',
] as const;
