import { z } from 'zod';
import { Money, PageQuery, paged } from './common';

// Responsible play: limits, breaks and the back office's view (docs/responsible-play.md).
// Money is major units at the JSON edge; periods are brand-time-zone days, ISO weeks and months.

/** The limits a member can set: deposits, net loss and wagers per period, and a daily session time. */
export const LIMIT_KEYS = [
  'depositDay',
  'depositWeek',
  'depositMonth',
  'lossDay',
  'lossWeek',
  'lossMonth',
  'wagerDay',
  'wagerWeek',
  'wagerMonth',
  'sessionMinutes',
] as const;
export const LimitKey = z.enum(LIMIT_KEYS);
export type LimitKey = z.infer<typeof LimitKey>;

/** Raising or removing a limit waits this long (a 24-hour cooling period). */
export const LIMIT_COOLING_HOURS = 24;

export const REALITY_CHECK_MINUTES = [15, 30, 60] as const;

export const TIMEOUT_PERIODS = ['24h', '7d', '6w'] as const;
export const EXCLUSION_PERIODS = ['6m', '1y', '5y', 'permanent'] as const;
export const BreakPeriod = z.enum([...TIMEOUT_PERIODS, ...EXCLUSION_PERIODS]);
export type BreakPeriod = z.infer<typeof BreakPeriod>;
export const BreakKind = z.enum(['timeout', 'exclusion']);
export type BreakKind = z.infer<typeof BreakKind>;

/** A positive amount (major units) or, for the session, whole minutes from 1 to 24 hours. */
const LimitValue = Money.refine((m) => m > 0, { params: { reason: 'INVALID' } });
export const SESSION_MINUTES_MAX = 1440;

/** PUT /wps/responsible/limits: each key given is set (a number) or removed (null); keys left out stay. */
export const SetLimitsBody = z
  .object({
    depositDay: LimitValue.nullable(),
    depositWeek: LimitValue.nullable(),
    depositMonth: LimitValue.nullable(),
    lossDay: LimitValue.nullable(),
    lossWeek: LimitValue.nullable(),
    lossMonth: LimitValue.nullable(),
    wagerDay: LimitValue.nullable(),
    wagerWeek: LimitValue.nullable(),
    wagerMonth: LimitValue.nullable(),
    sessionMinutes: z.number().int().min(1).max(SESSION_MINUTES_MAX).nullable(),
  })
  .partial()
  .strict()
  .refine((b) => Object.keys(b).length > 0, { params: { reason: 'REQUIRED' } });
export type SetLimitsBody = z.infer<typeof SetLimitsBody>;

export const RealityCheckBody = z.object({
  minutes: z.union([z.literal(15), z.literal(30), z.literal(60)]).nullable(),
});

export const BreakBody = z.object({
  period: BreakPeriod,
  /** The member types the confirmation the page asks for; the server checks it is there. */
  confirm: z.literal(true),
});

/** One limit: the value in force now and, when a raise or removal waits, the value and when it applies. */
export const LimitView = z.object({
  key: LimitKey,
  /** Major units (minutes for sessionMinutes); null: no limit. */
  value: z.number().nullable(),
  /** How much of the period is used (major units; minutes played today for the session). */
  used: z.number(),
  pending: z.object({ value: z.number().nullable(), effectiveAt: z.string() }).nullable(),
});
export type LimitView = z.infer<typeof LimitView>;

export const BreakView = z.object({
  kind: BreakKind,
  period: BreakPeriod,
  startedAt: z.string(),
  /** null: permanent. */
  until: z.string().nullable(),
});
export type BreakView = z.infer<typeof BreakView>;

export const ResponsibleValue = z.object({
  timeZone: z.string(),
  currency: z.string(),
  limits: z.array(LimitView),
  realityCheckMinutes: z.number().int().nullable(),
  break: BreakView.nullable(),
});
export type ResponsibleValue = z.infer<typeof ResponsibleValue>;

/** What the game page needs for the reality check: time and net result since the member's login. */
export const RealityCheckValue = z.object({
  minutes: z.number().int().nullable(),
  loginAt: z.string(),
  /** Server time of the answer, so the page schedules notices on the server's clock. */
  now: z.string(),
  playedMinutes: z.number().int(),
  /** Wins minus bets since login (major units; negative: a loss). */
  net: z.number(),
  currency: z.string(),
});
export type RealityCheckValue = z.infer<typeof RealityCheckValue>;

/** The house studio's game page asks with the game token of its launch. */
export const GameTokenHeaders = z.object({ 'x-game-token': z.string().min(16).max(200) });

export const StatementMonth = z.object({
  month: z.string(),
  deposits: z.number(),
  withdrawals: z.number(),
  bets: z.number(),
  wins: z.number(),
  /** The play result: wins minus bets (negative: a loss). */
  net: z.number(),
});
export type StatementMonth = z.infer<typeof StatementMonth>;

export const StatementQuery = z.object({
  months: z.coerce.number().int().min(1).max(24).default(12),
});

export const StatementValue = z.object({ currency: z.string(), timeZone: z.string(), months: z.array(StatementMonth) });
export type StatementValue = z.infer<typeof StatementValue>;

// ---- back office

export const ProtectionQuery = PageQuery.extend({
  filter: z.enum(['all', 'limits', 'breaks', 'exclusions']).default('all'),
  member: z.string().max(64).optional(),
});

export const RiskSignals = z.object({
  /** Deposits in the last 7 days against the 7 days before. */
  depositFrequencyRising: z.boolean(),
  /** A deposit within 24 hours after a limit refused the member. */
  lossChasing: z.boolean(),
  /** Share of the last 30 days' rounds played between 00:00 and 06:00 brand time, at least a third. */
  nightPlay: z.boolean(),
});
export type RiskSignals = z.infer<typeof RiskSignals>;

export const ProtectionRow = z.object({
  memberId: z.number().int(),
  username: z.string(),
  limits: z.array(LimitView),
  realityCheckMinutes: z.number().int().nullable(),
  break: BreakView.nullable(),
  limitHitAt: z.string().nullable(),
  signals: RiskSignals,
});
export type ProtectionRow = z.infer<typeof ProtectionRow>;
export const ProtectionPage = paged(ProtectionRow);

export const ProtectionNote = z.object({
  id: z.number().int(),
  kind: z.enum(['note', 'contact']),
  text: z.string(),
  operator: z.string(),
  createdAt: z.string(),
});
export const ProtectionDetailValue = ProtectionRow.extend({ notes: z.array(ProtectionNote) });
export type ProtectionDetailValue = z.infer<typeof ProtectionDetailValue>;

export const MemberIdParams = z.object({ memberId: z.coerce.number().int().positive() });

export const ProtectionNoteBody = z.object({
  kind: z.enum(['note', 'contact']),
  text: z.string().trim().min(1).max(2000),
});

export const LiftBreakBody = z.object({ reason: z.string().trim().min(5).max(500) });

export const ProtectionReportQuery = z.object({
  months: z.coerce.number().int().min(1).max(24).default(12),
});
export const ProtectionReportRow = z.object({
  month: z.string(),
  limitsSet: z.number().int(),
  limitsRaised: z.number().int(),
  timeouts: z.number().int(),
  exclusions: z.number().int(),
  lifted: z.number().int(),
});
export const ProtectionReportValue = z.object({ timeZone: z.string(), months: z.array(ProtectionReportRow) });
export type ProtectionReportValue = z.infer<typeof ProtectionReportValue>;
