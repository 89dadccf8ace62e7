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
});
export type Dashboard = z.infer<typeof Dashboard>;

/** How often the console asks for the dashboard again (its pending counters are live on the server). */
export const DASHBOARD_POLL_MS = 10_000;
