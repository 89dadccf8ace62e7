import { z } from 'zod';
import { Money } from './common';

// The back office's dashboard and reports. Every figure comes from daily rollups kept
// by a job (server modules/reports), keyed by brand-time-zone day; amounts are Money (major units,
// like the rest of the admin API). Unique players over more than one day (or more than one game)
// are HyperLogLog estimates (about 3% error above a few thousand players, near exact below).

/** A brand-time-zone day. */
export const ReportDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** The longest range a report covers. */
export const MAX_REPORT_DAYS = 366;

function daysBetween(from: string, to: string): number {
  return (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;
}

/** The query fields every report grid takes (plan: pageNo 1-based, pageSize <= 200, sort, order). */
function gridFields<S extends readonly [string, ...string[]], G extends readonly [string, ...string[]]>(
  sorts: S,
  groups: G,
) {
  return {
    from: ReportDay,
    to: ReportDay,
    groupBy: z.enum(groups).default(groups[0] as G[number]),
    pageNo: z.coerce.number().int().min(1).max(100_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(200).default(50),
    sort: z.enum(sorts).default('key' as S[number]),
    order: z.enum(['asc', 'desc']).default('asc'),
  };
}

/** A range runs forward and covers at most MAX_REPORT_DAYS days. */
function checkRange(v: { from: string; to: string }, c: z.RefinementCtx) {
  const span = daysBetween(v.from, v.to);
  if (Number.isNaN(span)) c.addIssue({ code: 'custom', path: ['from'], params: { reason: 'INVALID' } });
  else if (span < 0) c.addIssue({ code: 'custom', path: ['to'], params: { reason: 'INVALID' } });
  else if (span >= MAX_REPORT_DAYS) c.addIssue({ code: 'custom', path: ['to'], params: { reason: 'TOO_LONG' } });
}

function grid<T extends z.ZodType, F extends z.ZodType>(row: T, totals: F) {
  return z.object({
    list: z.array(row),
    total: z.number().int(),
    pageNo: z.number().int(),
    pageSize: z.number().int(),
    totals,
  });
}

// ---- games

export const GAME_REPORT_GROUPS = ['day', 'vendor', 'gameType', 'game'] as const;
export const GAME_REPORT_SORTS = ['key', 'rounds', 'betAmount', 'winAmount', 'ggr', 'rtp'] as const;

export const GamesReportQuery = z
  .object({
    ...gridFields(GAME_REPORT_SORTS, GAME_REPORT_GROUPS),
    vendor: z.string().trim().min(1).max(40).optional(),
    gameType: z.string().trim().min(1).max(40).optional(),
  })
  .superRefine(checkRange);
export type GamesReportQuery = z.infer<typeof GamesReportQuery>;

const GameFigures = z.object({
  rounds: z.number().int(),
  betAmount: Money,
  winAmount: Money,
  /** Gross gaming revenue: bets minus wins. */
  ggr: Money,
  /** Return to player in percent (wins / bets); null when nothing was bet. */
  rtp: z.number().nullable(),
  uniquePlayers: z.number().int(),
});

export const GamesReportRow = GameFigures.extend({
  /** The group: a day, a vendor code, a game type, or vendor:gameCode. */
  key: z.string(),
  vendorCode: z.string().nullable(),
  gameType: z.string().nullable(),
  gameCode: z.string().nullable(),
  gameName: z.string().nullable(),
});
export type GamesReportRow = z.infer<typeof GamesReportRow>;
export const GamesReport = grid(GamesReportRow, GameFigures);
export type GamesReport = z.infer<typeof GamesReport>;

// ---- cashier

export const CASHIER_REPORT_GROUPS = ['method', 'day'] as const;
export const CASHIER_REPORT_SORTS = [
  'key',
  'depositOrders',
  'depositAmount',
  'withdrawalOrders',
  'withdrawalAmount',
  'net',
] as const;
export const CashierReportQuery = z
  .object(gridFields(CASHIER_REPORT_SORTS, CASHIER_REPORT_GROUPS))
  .superRefine(checkRange);
export type CashierReportQuery = z.infer<typeof CashierReportQuery>;

const CashierFigures = z.object({
  depositOrders: z.number().int(),
  depositAmount: Money,
  withdrawalOrders: z.number().int(),
  withdrawalAmount: Money,
  /** Deposits minus withdrawals. */
  net: Money,
  /**
   * Balance adjustments posted to members' cash (the ledger's adjustment.credit and .debit): by day
   * and in the totals; null on a payment method's row (an adjustment has no method).
   */
  adjustmentCount: z.number().int().nullable(),
  adjustmentCredits: Money.nullable(),
  adjustmentDebits: Money.nullable(),
});
export const CashierReportRow = CashierFigures.extend({
  /** A day or a payment method code. */
  key: z.string(),
  methodCode: z.string().nullable(),
  methodName: z.string().nullable(),
});
export type CashierReportRow = z.infer<typeof CashierReportRow>;
export const CashierReport = grid(CashierReportRow, CashierFigures);
export type CashierReport = z.infer<typeof CashierReport>;

// ---- payment fees (beside the cashier report)

/**
 * The house's payment fees: the rate of agentNgr.paymentFeePpm on approved deposits and withdrawals
 * (per member and brand day, rounded down; it has no paying account) and the bank fee recorded on
 * each payout marked paid. Their sum is the NGR report's payment fee, day by day.
 */
export const PAYMENT_FEE_GROUPS = ['day', 'account'] as const;
export const PaymentFeesQuery = z
  .object({ from: ReportDay, to: ReportDay, groupBy: z.enum(PAYMENT_FEE_GROUPS).default('day') })
  .superRefine(checkRange);
export type PaymentFeesQuery = z.infer<typeof PaymentFeesQuery>;

const PaymentFeeFigures = z.object({
  /** Payouts marked paid with a fee. */
  payouts: z.number().int(),
  payoutFees: Money,
  /** The rate's fees; null on a paying account's row (the rate belongs to no account). */
  rateFees: Money.nullable(),
  /** payoutFees + rateFees. */
  paymentFees: Money,
});
export const PaymentFeeRow = PaymentFeeFigures.extend({
  /** A brand day, a paying account's id, or 'rate' (the rate's fees, by account grouping). */
  key: z.string(),
  accountId: z.number().int().nullable(),
  accountLabel: z.string().nullable(),
});
export type PaymentFeeRow = z.infer<typeof PaymentFeeRow>;
export const PaymentFees = z.object({ list: z.array(PaymentFeeRow), totals: PaymentFeeFigures });
export type PaymentFees = z.infer<typeof PaymentFees>;

/** The payouts behind a fee figure: of a day (from = to) or a paying account, newest first. */
export const PaymentFeePayoutsQuery = z
  .object({
    from: ReportDay,
    to: ReportDay,
    accountId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
    pageNo: z.coerce.number().int().min(1).max(100_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(200).default(50),
  })
  .superRefine(checkRange);
export type PaymentFeePayoutsQuery = z.infer<typeof PaymentFeePayoutsQuery>;
export const PaymentFeePayout = z.object({
  reference: z.string(),
  memberId: z.number().int(),
  username: z.string(),
  amount: Money,
  fee: Money,
  paidAt: z.string(),
  accountId: z.number().int().nullable(),
  accountLabel: z.string().nullable(),
  payoutReference: z.string().nullable(),
});
export const PaymentFeePayouts = z.object({
  list: z.array(PaymentFeePayout),
  total: z.number().int(),
  pageNo: z.number().int(),
  pageSize: z.number().int(),
});
export type PaymentFeePayouts = z.infer<typeof PaymentFeePayouts>;

// ---- registrations

export const REGISTRATION_REPORT_GROUPS = ['day', 'week'] as const;
export const REGISTRATION_REPORT_SORTS = ['key', 'registrations', 'firstDepositors', 'firstDepositAmount'] as const;
export const RegistrationsReportQuery = z
  .object(gridFields(REGISTRATION_REPORT_SORTS, REGISTRATION_REPORT_GROUPS))
  .superRefine(checkRange);
export type RegistrationsReportQuery = z.infer<typeof RegistrationsReportQuery>;

export const RegistrationsReportRow = z.object({
  /** The day, or the Monday the week starts on. */
  key: z.string(),
  registrations: z.number().int(),
  /** Members whose first deposit was approved in the period (whenever they registered). */
  firstDepositors: z.number().int(),
  firstDepositAmount: Money,
});
export type RegistrationsReportRow = z.infer<typeof RegistrationsReportRow>;

export const RegistrationCohort = z.object({
  /** Monday of the registration week. */
  week: z.string(),
  registrations: z.number().int(),
  /** Of them, how many have made a first deposit so far. */
  firstDepositors: z.number().int(),
  /** First depositors by weeks after the registration week began: [same week, 1 week, ..., 7 or more]. */
  byWeek: z.array(z.number().int()),
});
export type RegistrationCohort = z.infer<typeof RegistrationCohort>;

export const RegistrationsReport = z.object({
  list: z.array(RegistrationsReportRow),
  total: z.number().int(),
  pageNo: z.number().int(),
  pageSize: z.number().int(),
  /** Registration-week cohorts of the range, oldest first (not paged: at most 53). */
  cohorts: z.array(RegistrationCohort),
});
export type RegistrationsReport = z.infer<typeof RegistrationsReport>;

// ---- dashboard

export const DashboardFigures = z.object({
  registrations: z.number().int(),
  firstDepositors: z.number().int(),
  depositOrders: z.number().int(),
  depositAmount: Money,
  withdrawalOrders: z.number().int(),
  withdrawalAmount: Money,
  rounds: z.number().int(),
  betAmount: Money,
  winAmount: Money,
  /** Bets minus wins. */
  ggr: Money,
  /** Distinct members who played (over 30 days: a HyperLogLog estimate). */
  activePlayers: z.number().int(),
  /**
   * The net revenue report's GGR: valid bets minus wins of the rounds that closed in the period, at
   * their close (the agents' basis; ggr above counts rounds by the day they began, open ones with
   * their win so far: the two agree once every round has closed on the day it began).
   */
  ngrGgr: Money,
  /** Every deduction of the net revenue report (house money paid to members, commissions, fees). */
  deductions: Money,
  /** Net gaming revenue: ngrGgr minus the deductions. */
  ngr: Money,
});
export type DashboardFigures = z.infer<typeof DashboardFigures>;

export const Dashboard = z.object({
  /** The brand time zone the days are cut in, and today there. */
  timeZone: z.string(),
  today: ReportDay,
  /** When the job last recomputed today's figures (null: not yet). */
  refreshedAt: z.string().nullable(),
  todayFigures: DashboardFigures,
  /** Today and the 29 days before. */
  last30Days: DashboardFigures,
  /** One entry per day of the 30, oldest first (the chart). */
  daily: z.array(DashboardFigures.extend({ day: ReportDay })),
  /** Members with a session used in the last five minutes (live). */
  onlineNow: z.number().int(),
  /** Work waiting for an operator (live): bank-transfer deposits, withdrawals, bank accounts to confirm. */
  pending: z.object({ deposits: z.number().int(), withdrawals: z.number().int(), bankAccounts: z.number().int() }),
  /**
   * What the house owes members but has not paid out (the job's snapshot, refreshedAt; null before
   * its first run): bonus balances (granted, not yet converted or forfeited) and points not yet
   * redeemed, valued at the points mall's cash rate.
   */
  liabilities: z
    .object({
      bonus: Money,
      bonusMembers: z.number().int(),
      points: z.number().int(),
      pointsValue: Money,
      pointsMembers: z.number().int(),
      refreshedAt: z.string(),
    })
    .nullable(),
});
export type Dashboard = z.infer<typeof Dashboard>;

// ---- net revenue

export const NGR_REPORT_GROUPS = ['day', 'vendor', 'gameType', 'game', 'player', 'agent'] as const;
/** The costs paid through the ledger, in report order (the server's net-revenue.sql.ts COST_CATEGORIES). */
export const NGR_COST_CATEGORIES = [
  'bonus',
  'rebate',
  'mission',
  'ticket',
  'referral',
  'vip',
  'points',
  'manual',
  'commission',
] as const;
export type NgrCostCategory = (typeof NGR_COST_CATEGORIES)[number];
/** Every figure of the report that has rows behind it. */
export const NGR_FIGURES = ['ggr', ...NGR_COST_CATEGORIES, 'providerFee', 'paymentFee'] as const;
export type NgrFigure = (typeof NGR_FIGURES)[number];
export const NGR_REPORT_SORTS = [
  'key',
  'ggr',
  'deductions',
  'ngr',
  ...NGR_COST_CATEGORIES,
  'providerFee',
  'paymentFee',
] as const;

const Id = z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

export const NgrReportQuery = z
  .object({
    ...gridFields(NGR_REPORT_SORTS, NGR_REPORT_GROUPS),
    vendor: z.string().trim().min(1).max(40).optional(),
    gameType: z.string().trim().min(1).max(40).optional(),
    /** A top agent's id (0: members under no agent). */
    agentId: Id.optional(),
    memberId: Id.optional(),
  })
  .superRefine(checkRange)
  .superRefine((q, ctx) => {
    // Games have no member costs and members no games: each filter goes with its own groupings.
    const games = q.groupBy === 'vendor' || q.groupBy === 'gameType' || q.groupBy === 'game';
    for (const key of games ? (['agentId', 'memberId'] as const) : (['vendor', 'gameType'] as const))
      if (q[key] !== undefined) ctx.addIssue({ code: 'custom', path: [key], message: 'NOT_WITH_GROUPING' });
  });
export type NgrReportQuery = z.infer<typeof NgrReportQuery>;

export const NgrFigures = z.object({
  betAmount: Money,
  winAmount: Money,
  ggr: Money,
  bonus: Money,
  rebate: Money,
  mission: Money,
  ticket: Money,
  referral: Money,
  vip: Money,
  points: Money,
  /** Balance adjustments: credits minus debits (may be negative). */
  manual: Money,
  commission: Money,
  providerFee: Money,
  paymentFee: Money,
  deductions: Money,
  /** GGR minus the deductions. */
  ngr: Money,
});
export type NgrFigures = z.infer<typeof NgrFigures>;

export const NgrReportRow = NgrFigures.extend({
  /** The group: a day, a vendor code, a game type, vendor:gameCode, a member id or a top agent id. */
  key: z.string(),
  /** A game's, member's or agent's name (null: none; agent 0 is "no agent"). */
  label: z.string().nullable(),
  vendorCode: z.string().nullable(),
  gameType: z.string().nullable(),
  gameCode: z.string().nullable(),
  memberId: z.number().int().nullable(),
});
export type NgrReportRow = z.infer<typeof NgrReportRow>;

export const NgrReport = grid(NgrReportRow, NgrFigures).extend({
  /** The brand time zone every day of the report is cut in. */
  timeZone: z.string(),
  /**
   * By vendor, game type or game: what belongs to no row (the costs paid per member and, by game
   * type or game, the provider fee, charged per member and vendor); the rows and this add up to the
   * totals. Null when nothing is left over.
   */
  notByGame: NgrFigures.nullable(),
  /** When the job last recomputed the range's newest day (null: not yet). */
  refreshedAt: z.string().nullable(),
});
export type NgrReport = z.infer<typeof NgrReport>;

export const NgrRowsQuery = z
  .object({
    from: ReportDay,
    to: ReportDay,
    figure: z.enum(NGR_FIGURES),
    vendor: z.string().trim().min(1).max(40).optional(),
    gameType: z.string().trim().min(1).max(40).optional(),
    gameCode: z.string().trim().min(1).max(80).optional(),
    agentId: Id.optional(),
    memberId: Id.optional(),
    pageNo: z.coerce.number().int().min(1).max(100_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(200).default(50),
  })
  .superRefine(checkRange);
export type NgrRowsQuery = z.infer<typeof NgrRowsQuery>;

export const NgrDrillRow = z.object({
  /** A posting id, a round id, or a fee row's day:member[:vendor]. */
  id: z.string(),
  /** When it happened (an instant), or the brand day of a fee row. */
  at: z.string(),
  memberId: z.number().int().nullable(),
  username: z.string().nullable(),
  /** A posting type, vendor:game (a round), a vendor code (provider fee) or 'payments' (payment fee). */
  what: z.string(),
  /** The posting's reference or the vendor's round id. */
  reference: z.string().nullable(),
  /**
   * What a fee was charged on (the member's GGR at the vendor that day; the member's approved
   * deposits and withdrawals that day), or a round's bet.
   */
  base: Money.nullable(),
  ratePpm: z.number().int().nullable(),
  /** What the row adds to the figure. */
  amount: Money,
});
export type NgrDrillRow = z.infer<typeof NgrDrillRow>;

export const NgrRows = z.object({
  /** postings (ledger categories), rounds (GGR), fees (provider or payment fee per day and member). */
  kind: z.enum(['postings', 'rounds', 'fees']),
  timeZone: z.string(),
  list: z.array(NgrDrillRow),
  total: z.number().int(),
  pageNo: z.number().int(),
  pageSize: z.number().int(),
});
export type NgrRows = z.infer<typeof NgrRows>;
