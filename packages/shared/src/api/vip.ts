import { z } from 'zod';
import { GAME_TYPES } from '../constants';
import { Money, PageQuery, paged } from './common';

// VIP levels and rebates (spec §1, §2 manual rebate, §3 public state,
// §9 rebate rates; docs/vip.md). Money is major units at the JSON edge; rebate rates are integers
// in parts per million (1% = 10,000), as every rate of the platform (docs/agents.md).

export const RebateGameType = z.enum(GAME_TYPES);
export type RebateGameType = z.infer<typeof RebateGameType>;

/** At most 10% per game type: anything above is a typing mistake, not a rebate. */
export const MAX_REBATE_PPM = 100_000;
export const RatePpm = z.number().int().min(0).max(MAX_REBATE_PPM);

/** A non-negative amount (a threshold or a bonus; 0: none). */
const Amount = Money.refine((m) => m >= 0, { params: { reason: 'INVALID' } });

export const REBATE_MODES = ['automatic', 'manual'] as const;
export const RebateMode = z.enum(REBATE_MODES);
export type RebateMode = z.infer<typeof RebateMode>;

export const RebateRate = z.object({ gameType: RebateGameType, ratePpm: RatePpm });

/** One level with its privileges (the member's privileges table and the back office grid). */
export const VipLevelView = z.object({
  level: z.number().int(),
  labelName: z.string(),
  minDeposit: z.number(),
  minValidBet: z.number(),
  upgradeBonus: z.number(),
  monthlyBonus: z.number(),
  birthdayBonus: z.number(),
  /** null: no limit. */
  withdrawDailyCount: z.number().int().nullable(),
  withdrawDailyAmount: z.number().nullable(),
  rebateRates: z.array(RebateRate),
});
export type VipLevelView = z.infer<typeof VipLevelView>;

// ---- member: GET /wps/vip/summary

export const VipProgress = z.object({
  level: z.number().int(),
  labelName: z.string(),
  minDeposit: z.number(),
  minValidBet: z.number(),
  /** What is still missing of each threshold (0 when met). */
  depositsNeeded: z.number(),
  validBetsNeeded: z.number(),
});

export const VipSummaryValue = z.object({
  level: z.number().int(),
  labelName: z.string(),
  /** Days the thresholds count over, today included. */
  windowDays: z.number().int(),
  deposits: z.number(),
  validBets: z.number(),
  next: VipProgress.nullable(),
  levels: z.array(VipLevelView),
});
export type VipSummaryValue = z.infer<typeof VipSummaryValue>;

// ---- member: rebates

export const RebateLine = z.object({
  gameType: z.string(),
  validBet: z.number(),
  ratePpm: z.number().int(),
  amount: z.number(),
});
export type RebateLine = z.infer<typeof RebateLine>;

/** GET /wps/rebate/summary: what has accrued since the last payment, by game type. */
export const RebateSummaryValue = z.object({
  mode: RebateMode,
  /** automatic: the brand hour (its time zone) of the daily payment. */
  payoutHour: z.number().int(),
  timeZone: z.string(),
  accrued: z.number(),
  validBet: z.number(),
  lines: z.array(RebateLine),
  lastPaidAt: z.string().nullable(),
});
export type RebateSummaryValue = z.infer<typeof RebateSummaryValue>;

export const RebatePayout = z.object({
  id: z.number().int(),
  mode: RebateMode,
  amount: z.number(),
  validBet: z.number(),
  lines: z.array(RebateLine),
  createdAt: z.string(),
});
export type RebatePayout = z.infer<typeof RebatePayout>;

export const RebateHistoryQuery = PageQuery;
export const RebateHistoryList = paged(RebatePayout);

// ---- back office

export const VipLevelInput = z
  .object({
    level: z.number().int().min(0).max(99),
    labelName: z.string().trim().min(1).max(40),
    minDeposit: Amount,
    minValidBet: Amount,
    upgradeBonus: Amount,
    monthlyBonus: Amount,
    birthdayBonus: Amount,
    withdrawDailyCount: z.number().int().min(0).max(1000).nullable(),
    withdrawDailyAmount: Amount.nullable(),
    rebateRates: z.array(RebateRate.strict()).max(GAME_TYPES.length),
  })
  .strict();
export type VipLevelInput = z.infer<typeof VipLevelInput>;

/**
 * The whole level table at once: levels 0, 1, 2 ... in order, level 0 with no thresholds, each
 * threshold at least the previous level's, each game type once per level.
 */
export const VipLevelsBody = z
  .object({ levels: z.array(VipLevelInput).min(1).max(100) })
  .strict()
  .superRefine((body, ctx) => {
    body.levels.forEach((l, i) => {
      if (l.level !== i) ctx.addIssue({ code: 'custom', path: ['levels', i, 'level'], params: { reason: 'INVALID' } });
      const prev = body.levels[i - 1];
      if (i === 0 && (l.minDeposit !== 0 || l.minValidBet !== 0))
        ctx.addIssue({ code: 'custom', path: ['levels', i, 'minDeposit'], params: { reason: 'INVALID' } });
      if (prev && l.minDeposit < prev.minDeposit)
        ctx.addIssue({ code: 'custom', path: ['levels', i, 'minDeposit'], params: { reason: 'INVALID' } });
      if (prev && l.minValidBet < prev.minValidBet)
        ctx.addIssue({ code: 'custom', path: ['levels', i, 'minValidBet'], params: { reason: 'INVALID' } });
      const types = l.rebateRates.map((r) => r.gameType);
      if (new Set(types).size !== types.length)
        ctx.addIssue({ code: 'custom', path: ['levels', i, 'rebateRates'], params: { reason: 'INVALID' } });
    });
  });
export type VipLevelsBody = z.infer<typeof VipLevelsBody>;

export const VipSettingsBody = z
  .object({
    windowDays: z.number().int().min(1).max(3650),
    rebateMode: RebateMode,
    rebateHour: z.number().int().min(0).max(23),
  })
  .strict();
export type VipSettingsBody = z.infer<typeof VipSettingsBody>;

export const AdminVipValue = z.object({ levels: z.array(VipLevelView), settings: VipSettingsBody });
export type AdminVipValue = z.infer<typeof AdminVipValue>;

export const MemberIdParams = z.object({ id: z.coerce.number().int().positive() });
/** GET /admin/vip/members?username=: a member's VIP level found by username. */
export const MemberLookupQuery = z.object({ username: z.string().trim().min(1).max(64) });

/** POST /admin/vip/members/:id/level: an operator sets a member's level, with a reason (audited). */
/**
 * A level set by hand (docs/vip.md "Operator"): it holds until `holdUntil`, `review` (the next
 * monthly review: the end of this brand month) or a brand day (YYYY-MM-DD, today or later: the last
 * day it holds), and grants only what is chosen: `upgradeBonus` pays the level's upgrade bonus
 * (once per member and level, ever), off unless chosen.
 */
export const MemberLevelBody = z
  .object({
    level: z.number().int().min(0).max(99),
    reason: z.string().trim().min(1).max(200),
    holdUntil: z.union([z.literal('review'), z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'INVALID' })]),
    upgradeBonus: z.boolean().default(false),
  })
  .strict();
export type MemberLevelBody = z.input<typeof MemberLevelBody>;

/** A level set by hand that still holds: until the next monthly review or through a date (lastDay, a brand day). */
export const VipLevelHold = z.object({
  level: z.number().int(),
  until: z.enum(['review', 'date']),
  lastDay: z.string(),
  setAt: z.string(),
});
export type VipLevelHold = z.infer<typeof VipLevelHold>;

export const MemberVipValue = z.object({
  memberId: z.number().int(),
  username: z.string(),
  level: z.number().int(),
  labelName: z.string(),
  /** The level set by hand while it holds (no upgrade or review changes it), else null. */
  hold: VipLevelHold.nullable(),
  windowDays: z.number().int(),
  deposits: z.number(),
  validBets: z.number(),
  changes: z.array(
    z.object({
      fromLevel: z.number().int(),
      toLevel: z.number().int(),
      source: z.enum(['upgrade', 'review', 'operator']),
      reason: z.string(),
      createdAt: z.string(),
    }),
  ),
});
export type MemberVipValue = z.infer<typeof MemberVipValue>;

const IsoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** GET /admin/vip/rebate-report: brand days from..to (at most 92). */
export const RebateReportQuery = z.object({ from: IsoDay, to: IsoDay });

export const RebateReportDay = z.object({
  day: z.string(),
  /** Rebate earned by the rounds settled that day (paid or not). */
  accrued: z.number(),
  validBet: z.number(),
  /** Rebate paid that day, and in how many payouts. */
  paid: z.number(),
  payouts: z.number().int(),
});
export const RebateReportValue = z.object({ timeZone: z.string(), days: z.array(RebateReportDay) });
export type RebateReportValue = z.infer<typeof RebateReportValue>;
