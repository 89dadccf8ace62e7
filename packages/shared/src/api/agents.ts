import { z } from 'zod';
import { Money, PageQuery, paged } from './common';
import { RegisterBody } from './registration';

// The agent centre (spec §2 "Agent centre menu", §3): every call is the signed-in agent's
// (auth 'agent') and covers its own subtree only (docs/agents.md "The tree"). Money is major units,
// like the rest of the player-side API. Days are brand-time-zone days, yyyy-MM-dd.

/** yyyy-MM-dd naming a day that exists (not 2026-02-30). */
function isCalendarDay(day: string): boolean {
  const t = Date.parse(`${day}T00:00:00Z`);
  return !Number.isNaN(t) && new Date(t).toISOString().slice(0, 10) === day;
}

/** A brand-time-zone day. */
export const AgentDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine(isCalendarDay, { params: { reason: 'INVALID' } });

/** The longest range an agent report covers. */
export const MAX_AGENT_RANGE_DAYS = 92;
/** The range a report covers when none is given: the last 7 days, today included. */
export const DEFAULT_AGENT_RANGE_DAYS = 7;

function daysBetween(from: string, to: string): number {
  return (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;
}

/**
 * `from` and `to` (both included). Either may be left out: without `to` the range ends today;
 * without `from` it starts DEFAULT_AGENT_RANGE_DAYS - 1 days before `to`. The server fills them in.
 */
const RangeFields = { from: AgentDay.optional(), to: AgentDay.optional() };

/** A given range runs forward and covers at most MAX_AGENT_RANGE_DAYS days. */
function checkRange(v: { from?: string | undefined; to?: string | undefined }, c: z.RefinementCtx) {
  if (v.from === undefined || v.to === undefined) return;
  const span = daysBetween(v.from, v.to);
  if (Number.isNaN(span)) return;
  if (span < 0) c.addIssue({ code: 'custom', path: ['to'], params: { reason: 'INVALID' } });
  else if (span >= MAX_AGENT_RANGE_DAYS) c.addIssue({ code: 'custom', path: ['to'], params: { reason: 'TOO_LONG' } });
}

export const AgentRangeQuery = z.object(RangeFields).superRefine(checkRange);
export type AgentRangeQuery = z.infer<typeof AgentRangeQuery>;

const Order = z.enum(['asc', 'desc']);

/** A paged list with its totals over every matching row (not only the page). */
function pagedWithTotals<T extends z.ZodType, F extends z.ZodType>(item: T, totals: F) {
  return paged(item).extend({ from: AgentDay, to: AgentDay, totals });
}

// ---- team overview: GET /wps/agent/team/overview

/** The team's figures for one period (the team: every member under the agent, all levels). */
export const TeamPeriodFigures = z.object({
  from: AgentDay,
  to: AgentDay,
  /** Team members registered in the period. */
  newMembers: z.number().int(),
  /** Team members with at least one valid bet in the period (docs/agents.md "Active member"). */
  activeMembers: z.number().int(),
  /** Team members whose first deposit was approved in the period. */
  firstDepositors: z.number().int(),
  depositCount: z.number().int(),
  deposits: Money,
  withdrawalCount: z.number().int(),
  withdrawals: Money,
  rounds: z.number().int(),
  validBets: Money,
  wins: Money,
  /** The team's own view: wins minus valid bets (docs/agents.md "Team profit and loss"). */
  profitLoss: Money,
});
export type TeamPeriodFigures = z.infer<typeof TeamPeriodFigures>;

export const TeamOverview = z.object({
  /** Every member under the agent, all levels (now). */
  teamSize: z.number().int(),
  /** Members directly under the agent (now). */
  directDownlines: z.number().int(),
  /** Sub-agents in the team (now). */
  subAgents: z.number().int(),
  current: TeamPeriodFigures,
  /** The period of equal length that ends the day before `current.from`. */
  previous: TeamPeriodFigures,
  /**
   * The figures are complete up to this instant: the oldest refresh of the days shown (the job
   * refreshes today every couple of minutes); null when none of the days has been computed yet.
   */
  asOf: z.string().nullable(),
  currency: z.string(),
  /** The brand's time zone (IANA name): the periods are its days, and the page shows times in it. */
  timeZone: z.string(),
});
export type TeamOverview = z.infer<typeof TeamOverview>;

// ---- register centre: POST /wps/agent/downlines (E)

/**
 * The agent creates a downline account under itself. The fields are the member registration's and are
 * held to the brand's registration rules (GET /wps/system/setting/register); the codes, captcha, SMS
 * code and challenge of a visitor's sign-up do not apply (the upline is the agent).
 */
export const DownlineCreateBody = RegisterBody.pick({
  username: true,
  password: true,
  confirmPassword: true,
  payeeName: true,
  email: true,
  qqNum: true,
  mobileNum: true,
  countryDialingCode: true,
  paymentPassword: true,
  line: true,
  whatsapp: true,
  facebook: true,
  wechat: true,
  telegram: true,
  zalo: true,
  idNumber: true,
  birthday: true,
  address: true,
  nationality: true,
  occupation: true,
  sourceOfIncome: true,
  placeOfBirth: true,
  fullName: true,
}).extend({
  nickname: z.string().trim().max(30).nullish(),
});
export type DownlineCreateBody = z.infer<typeof DownlineCreateBody>;
// The answer is the new downline as GET /wps/agent/downlines lists it (Downline below).

// ---- downline management: GET /wps/agent/downlines, PUT /wps/agent/downlines/{memberId}/subAgent

export const DOWNLINE_SORTS = ['username', 'level', 'balance', 'registeredAt', 'lastLoginAt'] as const;

export const DownlinesQuery = PageQuery.extend({
  /** direct: depth 1 only; all: every level. */
  scope: z.enum(['direct', 'all']).default('direct'),
  /** Part of a username or nickname (case-insensitive); a prefix match is the fast path. */
  q: z.string().trim().min(1).max(64).optional(),
  status: z.enum(['active', 'disabled']).optional(),
  /** Agents (type 1, 2, 41, 42) only, or members only. */
  isAgent: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
  /** Registered on or after / on or before (brand days); no default. */
  from: AgentDay.optional(),
  to: AgentDay.optional(),
  sort: z.enum(DOWNLINE_SORTS).default('registeredAt'),
  order: Order.default('desc'),
});
export type DownlinesQuery = z.infer<typeof DownlinesQuery>;

export const Downline = z.object({
  memberId: z.number().int(),
  username: z.string(),
  nickname: z.string().nullable(),
  /** Depth under the signed-in agent: 1 for a direct downline. */
  level: z.number().int(),
  type: z.number().int(),
  isAgent: z.boolean(),
  status: z.enum(['active', 'disabled']),
  balance: Money,
  registeredAt: z.string(),
  lastLoginAt: z.string().nullable(),
  /** The member's direct upline (the signed-in agent for level 1). */
  uplineId: z.number().int().nullable(),
  uplineUsername: z.string().nullable(),
  /** Members directly under this one. */
  directDownlines: z.number().int(),
});
export type Downline = z.infer<typeof Downline>;

export const DownlinesValue = paged(Downline).extend({
  totals: z.object({ members: z.number().int(), balance: Money }),
  /** The brand's time zone (IANA name): the registration days are its days, and the page shows times in it. */
  timeZone: z.string(),
});
export type DownlinesValue = z.infer<typeof DownlinesValue>;

export const DownlineParams = z.object({ memberId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

// ---- team betting: GET /wps/agent/team/bets, GET /wps/agent/team/rounds

export const TEAM_BET_GROUPS = ['gameType', 'vendor'] as const;
export const TEAM_BET_SORTS = ['key', 'rounds', 'validBets', 'wins', 'profitLoss'] as const;

const BetFigures = z.object({
  rounds: z.number().int(),
  validBets: Money,
  wins: Money,
  /** Wins minus valid bets (the team's view). */
  profitLoss: Money,
});

export const TeamBetsQuery = PageQuery.extend({
  ...RangeFields,
  groupBy: z.enum(TEAM_BET_GROUPS).default('gameType'),
  sort: z.enum(TEAM_BET_SORTS).default('validBets'),
  order: Order.default('desc'),
}).superRefine(checkRange);
export type TeamBetsQuery = z.infer<typeof TeamBetsQuery>;

export const TeamBetsRow = BetFigures.extend({
  /** The game type code or the vendor code. */
  key: z.string(),
  /** The vendor's or game type's display name when known. */
  name: z.string().nullable(),
});
export type TeamBetsRow = z.infer<typeof TeamBetsRow>;
export const TeamBetsValue = pagedWithTotals(TeamBetsRow, BetFigures);
export type TeamBetsValue = z.infer<typeof TeamBetsValue>;

export const TeamRoundsQuery = PageQuery.extend({
  ...RangeFields,
  /** One team member's rounds; a member outside the team is NOT_FOUND. */
  memberId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
  vendor: z.string().trim().min(1).max(40).optional(),
  gameType: z.string().trim().min(1).max(40).optional(),
}).superRefine(checkRange);
export type TeamRoundsQuery = z.infer<typeof TeamRoundsQuery>;

export const TeamRound = z.object({
  id: z.number().int(),
  roundId: z.string(),
  memberId: z.number().int(),
  username: z.string(),
  vendorCode: z.string(),
  gameType: z.string(),
  gameCode: z.string(),
  gameName: z.string().nullable(),
  validBet: Money,
  win: Money,
  profitLoss: Money,
  closedAt: z.string(),
});
export type TeamRound = z.infer<typeof TeamRound>;
export const TeamRoundsValue = pagedWithTotals(TeamRound, BetFigures);
export type TeamRoundsValue = z.infer<typeof TeamRoundsValue>;

// ---- user loss statements: GET /wps/agent/team/loss

export const TEAM_LOSS_SORTS = [
  'username',
  'level',
  'validBets',
  'wins',
  'profitLoss',
  'deposits',
  'withdrawals',
  'ngr',
] as const;

/**
 * One branch of the user loss statements: a direct downline's id (its branch), or `own` for the
 * agent's own direct members (the direct downlines that are no branch).
 */
export const TeamLossBranchKey = z.union([
  z.literal('own'),
  z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
]);

export const TeamLossQuery = PageQuery.extend({
  ...RangeFields,
  q: z.string().trim().min(1).max(64).optional(),
  /** Only the members of this branch (the branches themselves are always all listed). */
  branch: TeamLossBranchKey.optional(),
  sort: z.enum(TEAM_LOSS_SORTS).default('profitLoss'),
  order: Order.default('asc'),
}).superRefine(checkRange);
export type TeamLossQuery = z.infer<typeof TeamLossQuery>;

/**
 * The dividend base's deductions (docs/agents.md "Figures"): what the house paid in cash by
 * category, and the provider and payment fees; a category the operator switched off is 0.
 */
export const NGR_DEDUCTIONS = [
  'bonus',
  'rebate',
  'mission',
  'ticket',
  'referral',
  'vip',
  'points',
  'manual',
  'goodwill',
  'providerFee',
  'paymentFee',
] as const;
export type NgrDeduction = (typeof NGR_DEDUCTIONS)[number];
export const NgrDeductions = z.object(
  Object.fromEntries(NGR_DEDUCTIONS.map((k) => [k, Money])) as Record<NgrDeduction, typeof Money>,
);
export type NgrDeductions = z.infer<typeof NgrDeductions>;
/** Valid bets minus wins (`ggr`, the house's view), each deduction, and what is left (`ngr`, the dividend base). */
export const NgrFigures = z.object({ ggr: Money, deductions: NgrDeductions, ngr: Money });
export type NgrFigures = z.infer<typeof NgrFigures>;

const LossFigures = BetFigures.extend({ deposits: Money, withdrawals: Money, ...NgrFigures.shape });
/**
 * One downline's own figures (not its team's) over the range, with its part of the dividend base;
 * downlines without activity are left out.
 */
export const TeamLossRow = LossFigures.extend({
  memberId: z.number().int(),
  username: z.string(),
  level: z.number().int(),
});
export type TeamLossRow = z.infer<typeof TeamLossRow>;
/**
 * The figures of one branch over the range: a direct downline that is an agent or has members under
 * it, with its whole team; `downline` null: the agent's other direct members together. `members`
 * counts the branch's members with figures in the range.
 */
export const TeamLossBranch = LossFigures.extend({
  downline: z.object({ id: z.number().int(), username: z.string() }).nullable(),
  members: z.number().int(),
});
export type TeamLossBranch = z.infer<typeof TeamLossBranch>;
/**
 * A page of members (of the asked branch, when one is asked) with their totals, and every branch
 * (matching the search, when there is one); the days are brand days of `timeZone`.
 */
export const TeamLossValue = pagedWithTotals(TeamLossRow, LossFigures).extend({
  branches: z.array(TeamLossBranch),
  timeZone: z.string(),
});
export type TeamLossValue = z.infer<typeof TeamLossValue>;

// ---- downline transaction details: GET /wps/agent/team/transactions

export const TEAM_TRANSACTION_KINDS = ['deposit', 'withdrawal', 'transfer'] as const;

export const TeamTransactionsQuery = PageQuery.extend({
  ...RangeFields,
  kind: z.enum(TEAM_TRANSACTION_KINDS).default('deposit'),
  memberId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
}).superRefine(checkRange);
export type TeamTransactionsQuery = z.infer<typeof TeamTransactionsQuery>;

export const TeamTransaction = z.object({
  reference: z.string(),
  kind: z.enum(TEAM_TRANSACTION_KINDS),
  memberId: z.number().int(),
  username: z.string(),
  amount: Money,
  /**
   * deposit: pending, approved, rejected, cancelled, expired; withdrawal: pending, approved,
   * rejected, paid, confirmed; transfer: completed.
   */
  status: z.string(),
  /** deposit: payment method code; transfer: 'in' (to the downline) or 'out' (from it). */
  detail: z.string().nullable(),
  /** transfer: the other member's username. */
  counterparty: z.string().nullable(),
  createdAt: z.string(),
});
export type TeamTransaction = z.infer<typeof TeamTransaction>;
export const TeamTransactionsValue = pagedWithTotals(
  TeamTransaction,
  z.object({
    count: z.number().int(),
    amount: Money,
    /** Of them, the ones that completed (deposits approved, withdrawals approved/paid/confirmed, transfers). */
    completedCount: z.number().int(),
    completedAmount: Money,
  }),
).extend({
  /** The brand's time zone (IANA name): the range's days are its days, and the page shows times in it. */
  timeZone: z.string(),
});
export type TeamTransactionsValue = z.infer<typeof TeamTransactionsValue>;

// ---- referral link: GET /wps/agent/referral

export const ReferralValue = z.object({
  /** The agent's affiliate code (created on first ask). */
  affiliateCode: z.string(),
  /** The registration link: a visitor opening it registers under the agent. */
  link: z.string(),
});
export type ReferralValue = z.infer<typeof ReferralValue>;

// ---- named referral links: GET/POST /wps/agent/referral/links, PUT /wps/agent/referral/links/:code

/** How many active links an agent may have at once (the default link counts). */
export const REFERRAL_LINKS_MAX_ACTIVE = 20;

/** A link's name: 1-40 characters after trimming, without control characters. */
export const ReferralLinkName = z
  .string()
  .trim()
  .min(1)
  .max(40)
  .refine((name) => !/\p{Cc}/u.test(name), { params: { reason: 'INVALID' } });

export const ReferralLink = z.object({
  /** The affiliate code: the link's identifier in the paths below. */
  code: z.string(),
  /** null for a link the agent has not named (the one GET /wps/agent/referral created on first ask). */
  name: z.string().nullable(),
  /** The link GET /wps/agent/referral gives: the oldest active one valid on every domain. */
  isDefault: z.boolean(),
  active: z.boolean(),
  /** Set when the code works only on that domain (set by the operator). */
  domain: z.string().nullable(),
  link: z.string(),
  createdAt: z.string(),
  /** Visits of the register page with the code, one per visitor per 24 hours. */
  clicks: z.number().int(),
  /** Members who registered with the code. */
  registrations: z.number().int(),
  /** Of those members, how many have an approved first deposit, and its sum. */
  firstDeposits: z.number().int(),
  firstDepositAmount: Money,
});
export type ReferralLink = z.infer<typeof ReferralLink>;

export const ReferralLinksValue = z.object({
  currency: z.string(),
  maxActive: z.number().int(),
  list: z.array(ReferralLink),
});
export type ReferralLinksValue = z.infer<typeof ReferralLinksValue>;

export const CreateReferralLinkBody = z.object({ name: ReferralLinkName }).strict();
export type CreateReferralLinkBody = z.infer<typeof CreateReferralLinkBody>;

export const ReferralLinkParams = z.object({ code: z.string().trim().min(1).max(40) });

/** Rename, disable or enable again: at least one of the two. */
export const UpdateReferralLinkBody = z
  .object({ name: ReferralLinkName.optional(), active: z.boolean().optional() })
  .strict()
  .refine((b) => b.name !== undefined || b.active !== undefined, { params: { reason: 'REQUIRED' } });
export type UpdateReferralLinkBody = z.infer<typeof UpdateReferralLinkBody>;

// ---- a visit of a referral link: POST /wps/agent/affiliate/click (public)

export const AffiliateClickBody = z.object({ code: z.string().trim().min(1).max(40) }).strict();
export type AffiliateClickBody = z.infer<typeof AffiliateClickBody>;
/** counted: false when this visitor's visit of the link was already counted in the last 24 hours. */
export const AffiliateClickValue = z.object({ counted: z.boolean() });
export type AffiliateClickValue = z.infer<typeof AffiliateClickValue>;

// ---- announcements for agents: GET /wps/agent/announcements

export const AgentAnnouncementsQuery = PageQuery;
export const AgentAnnouncement = z.object({
  id: z.number().int(),
  type: z.string(),
  title: z.string(),
  content: z.string(),
  startsAt: z.string(),
  endsAt: z.string().nullable(),
});
export type AgentAnnouncement = z.infer<typeof AgentAnnouncement>;
export const AgentAnnouncementsValue = paged(AgentAnnouncement);
export type AgentAnnouncementsValue = z.infer<typeof AgentAnnouncementsValue>;
