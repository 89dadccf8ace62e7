import { z } from 'zod';
import { PayeeMatch } from './admin';
import { Money, PageQuery, RequestId } from './common';
import { grid, gridQuery } from './operators';
import { BreakKind, BreakView, LimitView } from './responsible';
import { RiskLevel } from './risk';

// The back office's Members area: search, the member page with its tabs, the operator
// actions on a member and the balance adjustments with their four-eyes approval. Amounts are
// major-unit numbers like the rest of the admin API (Money); ids are the members' numeric ids.
// Lists are the back office's grids (operators.ts grid / gridQuery).

/**
 * Where the search text is looked for; `all` tries every field (and the id when it is a number).
 * `name`: the real name, as KYC verified it or as the member entered it in their profile. `payee`: the
 * name a cashier reads on a transfer slip, the holder name of the member's bank accounts (a
 * withdrawal's payee) or the depositor name given on a deposit (cashier data, like `bankAccount`).
 */
export const MemberSearchField = z.enum([
  'all',
  'username',
  'id',
  'name',
  'payee',
  'mobile',
  'email',
  'bankAccount',
  'ip',
]);
export type MemberSearchField = z.infer<typeof MemberSearchField>;
export const MEMBER_SORTS = ['username', 'createdAt', 'lastLogin', 'balance'] as const;
export type MemberSortColumn = (typeof MEMBER_SORTS)[number];
export const MemberStatus = z.enum(['active', 'disabled']);

export const MemberSearchQuery = gridQuery(MEMBER_SORTS, 'createdAt').extend({
  q: z.string().trim().max(100).optional(),
  field: MemberSearchField.default('all'),
  status: MemberStatus.optional(),
  /** Members carrying this tag (any case). */
  tag: z.string().trim().min(1).max(30).optional(),
  agentsOnly: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
});
export type MemberSearchQuery = z.infer<typeof MemberSearchQuery>;

export const MemberRef = z.object({ id: z.number().int(), username: z.string() });

export const MemberRow = z.object({
  id: z.number().int(),
  username: z.string(),
  type: z.number().int(),
  isAgent: z.boolean(),
  status: MemberStatus,
  vipLevel: z.number().int(),
  mobile: z.string().nullable(),
  email: z.string().nullable(),
  upline: MemberRef.nullable(),
  balance: Money,
  createdAt: z.string(),
  lastLoginAt: z.string().nullable(),
  lastLoginIp: z.string().nullable(),
  /** A time-out or self-exclusion in force (the account stays `active`, but the member may not play). */
  break: z.object({ kind: BreakKind, until: z.string().nullable() }).nullable(),
});
export type MemberRow = z.infer<typeof MemberRow>;
/** `totalCapped`: the text matched more members than the search collects; `total` is then that cap. */
export const MemberList = grid(MemberRow).extend({ totalCapped: z.boolean() });

export const MemberIdParams = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

export const MemberOverview = z.object({
  id: z.number().int(),
  username: z.string(),
  nickname: z.string().nullable(),
  fullName: z.string().nullable(),
  type: z.number().int(),
  isAgent: z.boolean(),
  isTrial: z.boolean(),
  status: MemberStatus,
  vipLevel: z.number().int(),
  upline: MemberRef.nullable(),
  downlineCount: z.number().int(),
  mobile: z.string().nullable(),
  email: z.string().nullable(),
  language: z.string(),
  registerIp: z.string().nullable(),
  registerDomain: z.string().nullable(),
  createdAt: z.string(),
  lastLoginAt: z.string().nullable(),
  lastLoginIp: z.string().nullable(),
  balances: z.object({ balance: Money, held: Money, available: Money, currency: z.string() }),
  flags: z.object({
    paymentPasswordSet: z.boolean(),
    mobileBound: z.boolean(),
    emailBound: z.boolean(),
    twoFactor: z.boolean(),
    locked: z.boolean(),
    /** Until when wrong passwords keep the member out (the login lockout), or null. */
    loginLockedUntil: z.string().nullable(),
    mustChangePassword: z.boolean(),
  }),
  tags: z.array(z.string()),
  /** A time-out or self-exclusion in force: `status` stays `active` during one. */
  break: BreakView.nullable(),
});
export type MemberOverview = z.infer<typeof MemberOverview>;

/** A member's money over a period: approved deposits and withdrawals (cashier data). */
export const MemberPayments = z.object({
  deposits: Money,
  depositCount: z.number().int(),
  withdrawals: Money,
  withdrawalCount: z.number().int(),
});
/** A member's play over a period: valid bets and wins of the rounds closed in it, and the house's GGR. */
export const MemberPlay = z.object({ rounds: z.number().int(), bets: Money, wins: Money, ggr: Money });

/**
 * GET /admin/members/:id/summary: what an operator reads before deciding on a member, in one answer.
 * Money in the brand's currency. The figures come from the daily member figures the job
 * agents.daily-figures keeps (today's refreshed every two minutes): `figuresAsOf` is when today's
 * were computed, null when not yet. `last30Days` is today and the 29 brand days before it.
 * `payments` is cashier data: null for an operator without cashier.read. `verifiedName` is masked
 * without members.pii.
 */
export const MemberSummary = z.object({
  id: z.number().int(),
  username: z.string(),
  isAgent: z.boolean(),
  status: MemberStatus,
  identity: z.object({
    verifiedName: z.string().nullable(),
    kycLevel: z.number().int().min(0).max(3),
  }),
  vip: z.object({
    level: z.number().int(),
    labelName: z.string(),
    /** The member's deposits and valid bets over the programme's window of days. */
    deposits: Money,
    validBets: Money,
    windowDays: z.number().int(),
    /** The next level's thresholds over the same window; null at the top level. */
    next: z
      .object({ level: z.number().int(), labelName: z.string(), minDeposit: Money, minValidBet: Money })
      .nullable(),
  }),
  balances: z.object({
    currency: z.string(),
    cash: Money,
    held: Money,
    available: Money,
    bonus: Money,
    points: z.number().int(),
  }),
  figuresAsOf: z.string().nullable(),
  payments: z.object({ lifetime: MemberPayments, last30Days: MemberPayments }).nullable(),
  play: z.object({ lifetime: MemberPlay, last30Days: MemberPlay }),
  responsible: z.object({
    /** The limits set (or with a change waiting), with their use of the period. */
    limits: z.array(LimitView),
    realityCheckMinutes: z.number().int().nullable(),
    /** A time-out or self-exclusion in force. */
    break: BreakView.nullable(),
  }),
  /**
   * The member's risk (docs/risk.md): the level, the abuse flags still open and the linked accounts
   * not dismissed (pending or confirmed links the member is part of).
   */
  risk: z.object({ level: RiskLevel, openFlags: z.number().int(), links: z.number().int() }),
  /**
   * The names a cashier reads on transfer slips: the holder name of each bank account bound (not
   * rejected) and each depositor name given on a deposit, once per name and source, with how it
   * compares to the verified name. Cashier data: null without cashier.read; masked without members.pii.
   */
  payees: z
    .array(
      z.object({
        name: z.string(),
        source: z.enum(['bankAccount', 'deposit']),
        match: PayeeMatch,
      }),
    )
    .nullable(),
  /** The agents above the member, the direct upline first, up to the top agent. */
  uplines: z.array(z.object({ id: z.number().int(), username: z.string(), type: z.number().int() })),
  tags: z.array(z.string()),
  notes: z.object({
    total: z.number().int(),
    /** The newest few. */
    latest: z.array(z.object({ id: z.number().int(), text: z.string(), operator: z.string(), createdAt: z.string() })),
  }),
});
export type MemberSummary = z.infer<typeof MemberSummary>;

export const MemberLedgerQuery = PageQuery.extend({ type: z.string().trim().max(40).optional() });
export const MemberLedgerEntry = z.object({
  reference: z.string(),
  type: z.string(),
  amount: Money,
  balanceAfter: Money,
  time: z.string(),
});
export const MemberLedgerList = grid(MemberLedgerEntry);

export const MemberDeposit = z.object({
  reference: z.string(),
  methodCode: z.string(),
  kind: z.string(),
  amount: Money,
  status: z.string(),
  firstDeposit: z.boolean(),
  reason: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export const MemberDepositList = grid(MemberDeposit);

export const MemberWithdrawal = z.object({
  reference: z.string(),
  amount: Money,
  status: z.string(),
  bankName: z.string(),
  accountNumber: z.string(),
  reason: z.string().nullable(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
});
export const MemberWithdrawalList = grid(MemberWithdrawal);

export const MemberBankAccount = z.object({
  id: z.number().int(),
  bankName: z.string(),
  accountName: z.string(),
  accountNumber: z.string(),
  status: z.enum(['pending', 'confirmed', 'rejected']),
  createdAt: z.string(),
  confirmedAt: z.string().nullable(),
});
export const MemberBankAccountList = z.object({ list: z.array(MemberBankAccount) });

/**
 * POST /admin/members/:id/reveal: one personal field unmasked for an operator who reads it masked
 * (without members.pii), written to the audit log. A bank account's number or holder name needs
 * cashier.read as well, and names the account.
 */
export const RevealField = z.enum([
  'mobile',
  'email',
  'fullName',
  'verifiedName',
  'bankAccountNumber',
  'bankAccountName',
]);
export type RevealField = z.infer<typeof RevealField>;
export const RevealBody = z
  .object({
    field: RevealField,
    bankAccountId: z.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
  })
  .strict();
export type RevealBody = z.infer<typeof RevealBody>;
export const RevealedValue = z.object({ field: RevealField, value: z.string().nullable() });
export type RevealedValue = z.infer<typeof RevealedValue>;

export const MEMBER_DEVICE_OTHERS = 10;

/**
 * One device the member signed in or registered from (the player site's X-Device-Id, stored only as a
 * SHA-256; one bonus per person checks it). `device` is the hash's first 12 hex digits, enough to tell a
 * member's devices apart and to match them across members; the others sharing it come first by last seen.
 */
export const MemberDevice = z.object({
  device: z.string(),
  firstSeenAt: z.string(),
  lastSeenAt: z.string(),
  lastIp: z.string().nullable(),
  /** How many other members recorded the same device. */
  sharedWith: z.number().int(),
  /** Up to MEMBER_DEVICE_OTHERS of them, most recently seen on it first. */
  others: z.array(z.object({ id: z.number().int(), username: z.string() })),
});
export const MemberDeviceList = z.object({ list: z.array(MemberDevice) });

export const MemberRound = z.object({
  roundId: z.string(),
  vendor: z.string(),
  gameCode: z.string(),
  gameName: z.string().nullable(),
  gameType: z.string(),
  bet: Money,
  win: Money,
  status: z.string(),
  createdAt: z.string(),
  closedAt: z.string().nullable(),
  /** Whether its provider shows the round's own record (GET /admin/members/:id/rounds/details). */
  detailsAvailable: z.boolean(),
});
export const MemberRoundList = grid(MemberRound);
/** One of the member's rounds whose details its provider shows. */
export const MemberRoundDetailsQuery = z.object({
  vendor: z.string().min(1).max(32),
  roundId: z.string().min(1).max(256),
});
/** A brand day (yyyy-MM-dd, the brand's time zone) or an instant (ISO with offset). */
const DayOrInstant = z.union([z.string().regex(/^\d{4}-\d{2}-\d{2}$/), z.iso.datetime({ offset: true })]);
/**
 * GET /admin/members/:id/rounds: rounds started from `from` (a day: its start) until `to` (a day:
 * its end, included; an instant: excluded), so a statement's period links to the rounds it counted.
 */
export const MemberRoundsQuery = PageQuery.extend({ from: DayOrInstant.optional(), to: DayOrInstant.optional() });
export type MemberRoundsQuery = z.infer<typeof MemberRoundsQuery>;

export const MemberLogin = z.object({
  success: z.boolean(),
  ip: z.string().nullable(),
  /** ISO country from the offline IP database; null for local or unknown addresses. */
  country: z.string().nullable(),
  device: z.string().nullable(),
  time: z.string(),
});
export const MemberLoginList = grid(MemberLogin);

export const MemberNote = z.object({
  id: z.number().int(),
  text: z.string(),
  operator: z.string(),
  createdAt: z.string(),
});
export const MemberNoteList = grid(MemberNote);

export const MemberAuditRow = z.object({
  id: z.number().int(),
  event: z.string(),
  success: z.boolean(),
  operator: z.string().nullable(),
  ip: z.string().nullable(),
  detail: z.record(z.string(), z.unknown()),
  time: z.string(),
});
export const MemberAuditList = grid(MemberAuditRow);

// ---- actions

export const Reason = z.string().trim().min(1).max(500);

export const LockBody = z.object({ reason: Reason });
export type LockBody = z.infer<typeof LockBody>;

export const UplineBody = z.object({
  /** The new upline's id, or null to detach the member from any upline. */
  uplineId: z.number().int().positive().max(Number.MAX_SAFE_INTEGER).nullable(),
});
export type UplineBody = z.infer<typeof UplineBody>;

/** spec §3: the agent account types. A member is made an agent of one of them. */
export const AgentType = z.union([z.literal(1), z.literal(2), z.literal(41), z.literal(42)]);
export const AgentBody = z.object({ type: AgentType });
export type AgentBody = z.infer<typeof AgentBody>;

export const NoteBody = z.object({ text: z.string().trim().min(1).max(2000) });
export type NoteBody = z.infer<typeof NoteBody>;

export const Tag = z
  .string()
  .trim()
  .min(1)
  .max(30)
  .regex(/^[\p{L}\p{N}][\p{L}\p{N} _.-]*$/u);
/** The member's whole tag set (replaces the old one). */
export const TagsBody = z.object({ tags: z.array(Tag).max(20) });
export type TagsBody = z.infer<typeof TagsBody>;
export const TagsValue = z.object({ tags: z.array(z.string()) });

export const ActionDone = z.object({ overview: MemberOverview });

// ---- balance adjustments

export const AdjustmentDirection = z.enum(['credit', 'debit']);
export const AdjustmentStatus = z.enum(['pending', 'posted', 'rejected', 'cancelled']);
export type AdjustmentStatus = z.infer<typeof AdjustmentStatus>;

/**
 * `requestId`: chosen by the client once per submission, so a double click or a retry of the same
 * request credits once: a repeat answers the first request's adjustment, and the same id sent with
 * other details is refused (ADJUSTMENT_REQUEST_CONFLICT).
 */
/**
 * What an adjustment is for: a correction of a mistake, a goodwill gesture, a manual deposit
 * (money that reached the brand's bank without an order: recorded as a deposit, so it counts
 * wherever deposits count; a credit only), or a bonus (a credit of the bonus wallet with a wagering
 * requirement, converted or forfeited as a claimed bonus is).
 */
export const AdjustmentType = z.enum(['correction', 'goodwill', 'manual_deposit', 'bonus']);
export type AdjustmentType = z.infer<typeof AdjustmentType>;

export const AdjustmentBody = z.object({
  type: AdjustmentType.default('correction'),
  direction: AdjustmentDirection,
  amount: Money.refine((n) => n > 0, { params: { reason: 'INVALID' } }),
  reason: Reason,
  requestId: RequestId,
  /**
   * A bonus's wagering: turnover needed = this multiple x the amount (default: the brand's
   * bonusAdjustmentWagering.multiple). Only with type bonus.
   */
  wageringMultiple: z.number().int().min(1).max(100).optional(),
});
export type AdjustmentBody = z.infer<typeof AdjustmentBody>;

export const Adjustment = z.object({
  id: z.number().int(),
  member: MemberRef,
  type: AdjustmentType,
  /** A manual deposit's deposit order, once posted. */
  depositReference: z.string().nullable(),
  /** A bonus's wagering multiple (null for other types). */
  wageringMultiple: z.number().int().nullable(),
  direction: AdjustmentDirection,
  amount: Money,
  currency: z.string(),
  reason: z.string(),
  status: AdjustmentStatus,
  requestedBy: z.string(),
  decidedBy: z.string().nullable(),
  decisionReason: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type Adjustment = z.infer<typeof Adjustment>;
export const AdjustmentList = grid(Adjustment);
export const AdjustmentQuery = PageQuery.extend({
  status: AdjustmentStatus.optional(),
  memberId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
});
export type AdjustmentQuery = z.infer<typeof AdjustmentQuery>;
export const AdjustmentIdParams = MemberIdParams;

/** The brand's rules the adjust dialog shows: the approval threshold (money) and a bonus's wagering default. */
export const AdjustmentRules = z.object({
  /** What one operator adjusts alone for a member in a brand day above this waits for a second operator. */
  approvalThreshold: Money,
  currency: z.string(),
  bonusWageringMultiple: z.number().int(),
  bonusWageringDays: z.number().int(),
  /**
   * Whether an adjustment of each type counts in the upline agents' dividend base, by the brand's
   * settings now (agentNgr; docs/agents.md "Manual adjustments"); a bonus counts, as bonus, when
   * its wagering converts it.
   */
  agentBase: z.record(AdjustmentType, z.boolean()),
});
export type AdjustmentRules = z.infer<typeof AdjustmentRules>;
export const AdjustmentRejectBody = z.object({ reason: Reason });
