import { z } from 'zod';
import { Money, PageQuery, paged } from './common';
import { RiskLevel } from './risk';

// Promotions, the reward centre and bonus wagering (spec §1 "promotions by type", §2
// member centre "reward centre" and "bonus details", §4 activity statuses, §7 promotion calls).

/** Spec §1 "promotions by type". */
export const PROMOTION_TYPES = [
  'SPORTS',
  'LIVE',
  'SLOTS',
  'CARDS',
  'FISH',
  'LOTTO',
  'REBATE',
  'POINTS_MALL',
  'RANKING',
  'DEPOSIT',
  'APP_DOWNLOAD',
  'NEWBIE',
] as const;
export const PromotionType = z.enum(PROMOTION_TYPES);

export const PROMOTION_KINDS = ['deposit_match', 'fixed', 'application', 'ranking'] as const;
export const PromotionKind = z.enum(PROMOTION_KINDS);

/** What an operator sets; `scheduled` is an active programme whose period has not started. */
export const PROMOTION_STATES = ['draft', 'active', 'paused', 'ended'] as const;
export const PromotionState = z.enum(PROMOTION_STATES);

/** Spec §4 activity statuses, as the member sees a promotion or a reward. */
export const ACTIVITY_STATUSES = [
  'Join',
  'Applying',
  'Claim',
  'Issued',
  'Claimed',
  /** Claimed as bonus, then given up (a withdrawal request or the wagering days running out). */
  'Forfeited',
  'Rejected',
  'Process',
  'Joined',
  'Close',
  'signed',
  'coming soon',
] as const;
export const ActivityStatus = z.enum(ACTIVITY_STATUSES);
export type ActivityStatus = z.infer<typeof ActivityStatus>;

/** Game types whose settled bets count towards wagering, with their share in percent (0-100). */
export const Contributions = z.record(z.string().min(1).max(16), z.number().int().min(0).max(100));

export const Wagering = z
  .object({
    /** Turnover needed = multiple x base. */
    multiple: z.number().int().min(1).max(100),
    base: z.enum(['bonus', 'bonus_deposit']),
    /** Game types not listed contribute `otherPercent`. */
    contributions: Contributions.default({}),
    otherPercent: z.number().int().min(0).max(100).default(100),
    /** Days to meet it after the claim; then the bonus left is forfeited. */
    days: z.number().int().min(1).max(365),
  })
  .strict();
export type Wagering = z.infer<typeof Wagering>;

/**
 * Who a promotion is for (docs/rewards.md "Audience"). Every list that is set must match (an empty
 * or absent list matches everyone); a member outside does not see the promotion, earns nothing from
 * it and cannot join, apply or claim (PROMOTION_NOT_ELIGIBLE).
 */
export const Audience = z
  .object({
    /** VIP levels (members.vip_level) the promotion is for. */
    vipLevels: z.array(z.number().int().min(0).max(1000)).max(100).default([]),
    /** The member carries at least one of these tags (the member page's tags). */
    tags: z.array(z.string().trim().min(1).max(40)).max(50).default([]),
    /** Agent teams: the member is one of these agents or in the downline tree of one. */
    agentIds: z.array(z.number().int().positive()).max(50).default([]),
    /** ISO 3166 country codes of the member's registration IP (the offline IP database). */
    countries: z
      .array(z.string().regex(/^[A-Z]{2}$/))
      .max(250)
      .default([]),
    /** The member's risk level (docs/risk.md; no level set reads 'normal'). */
    riskLevels: z.array(RiskLevel).max(4).default([]),
    /** Registered on or after this instant. */
    registeredFrom: z.string().datetime({ offset: true }).optional(),
    /** Registered before this instant. */
    registeredTo: z.string().datetime({ offset: true }).optional(),
  })
  .strict();
export type Audience = z.infer<typeof Audience>;

/** Claims beyond a cap are refused (PROMOTION_BUDGET_REACHED, PROMOTION_CLAIMS_REACHED, PROMOTION_MEMBER_CLAIMS_REACHED). */
export const PromotionCaps = z
  .object({
    /** Total money the promotion's claims may pay (cash and bonus). */
    budget: Money.optional(),
    /** Claims of the promotion over all members. */
    claims: z.number().int().min(1).max(10_000_000).optional(),
    /** Claims of the promotion per member. */
    claimsPerMember: z.number().int().min(1).max(1000).optional(),
  })
  .strict();
export type PromotionCaps = z.infer<typeof PromotionCaps>;

/** A ranking promotion: top N members by valid-bet turnover in its period, prizes per rank. */
export const RankingRules = z
  .object({
    /** prizes[0] is the first place's prize; N = the number of prizes. */
    prizes: z.array(Money).min(1).max(100),
    /** Game types whose valid bets count; empty: every game type. */
    gameTypes: z.array(z.string().min(1).max(16)).max(20).default([]),
  })
  .strict();

export const PromotionRules = z
  .object({
    /** deposit_match: a credited deposit; fixed: registration, login or any deposit; application: none. */
    trigger: z.enum(['deposit', 'registration', 'login', 'none']),
    /** deposit_match: percent of the deposit (1-1000) up to `cap`. */
    percent: z.number().int().min(1).max(1000).optional(),
    cap: Money.optional(),
    /** The smallest deposit that qualifies. */
    minDeposit: Money.optional(),
    /** 1: the first deposit only; n: the nth; absent: every qualifying deposit. */
    nthDeposit: z.number().int().min(1).max(100).optional(),
    /** fixed and application: the amount (payAs ticket: the number of tickets, 1-100). */
    amount: Money.optional(),
    /** ticket: the reward is tickets of `ticketKindId` (fixed and application promotions only). */
    payAs: z.enum(['cash', 'bonus', 'ticket']),
    /** payAs ticket: the ticket kind issued at the claim (it must exist and be enabled). */
    ticketKindId: z.number().int().positive().optional(),
    wagering: Wagering.optional(),
    /** Days a reward stays claimable in the reward centre. */
    claimDays: z.number().int().min(1).max(365).default(7),
    /** The member must join (MCSFE_signUpPromotionJoin) before the fact counts. */
    requiresJoin: z.boolean().default(false),
    /** At most this many rewards of the promotion per member. */
    perMember: z.number().int().min(1).max(1000).default(1),
    /**
     * One bonus per person: refused (and recorded with the reason) when another member the promotion
     * already rewarded shares the member's IP, a bank account number or the mobile number.
     */
    onePerPerson: z.boolean().default(false),
    /** ranking: the prizes and the game types that count. */
    ranking: RankingRules.optional(),
    /** Who the promotion is for (absent: everyone). */
    audience: Audience.optional(),
    /** Budget and claim caps (absent: none). */
    caps: PromotionCaps.optional(),
    /** payAs bonus with wagering: while the bonus is being wagered, bets above this are refused. */
    maxBet: Money.optional(),
  })
  .strict()
  .superRefine((r, issue) => {
    const add = (path: string, reason: string) =>
      issue.addIssue({ code: 'custom', path: [path], message: reason, params: { reason } });
    if (r.payAs === 'ticket') {
      if (r.ticketKindId === undefined) add('ticketKindId', 'REQUIRED');
      if (r.wagering) add('wagering', 'INVALID');
      if (r.amount !== undefined && (!Number.isInteger(r.amount) || r.amount < 1 || r.amount > 100))
        add('amount', 'INVALID');
    } else if (r.ticketKindId !== undefined) add('ticketKindId', 'INVALID');
    if (r.maxBet !== undefined && (r.payAs !== 'bonus' || !r.wagering || r.maxBet <= 0)) add('maxBet', 'INVALID');
    const a = r.audience;
    if (a?.registeredFrom && a.registeredTo && new Date(a.registeredTo) <= new Date(a.registeredFrom))
      add('audience', 'INVALID');
  });
export type PromotionRules = z.infer<typeof PromotionRules>;

export const PromotionText = z
  .object({
    title: z.string().trim().min(1).max(120),
    summary: z.string().trim().max(300).default(''),
    rules: z.string().trim().max(5000).default(''),
  })
  .strict();

/**
 * Per-language texts keyed by the language in lower case (en, ty, zh-hant...): the brand's
 * languages, its default language required (the fallback); checked against the brand on save.
 */
export const PromotionTexts = z.record(z.string().min(2).max(8), PromotionText);

// ---- member side

export const PromotionListQuery = z.object({
  type: PromotionType.optional(),
  language: z.string().min(2).max(8).default('en'),
});

export const PromotionItem = z.object({
  id: z.number().int(),
  type: PromotionType,
  kind: PromotionKind,
  title: z.string(),
  summary: z.string(),
  rules: z.string(),
  startsAt: z.string(),
  endsAt: z.string().nullable(),
  status: ActivityStatus,
  payAs: z.enum(['cash', 'bonus', 'ticket']),
  percent: z.number().nullable(),
  cap: z.number().nullable(),
  minDeposit: z.number().nullable(),
  nthDeposit: z.number().nullable(),
  amount: z.number().nullable(),
  wageringMultiple: z.number().nullable(),
  wageringBase: z.enum(['bonus', 'bonus_deposit']).nullable(),
  requiresJoin: z.boolean(),
  onePerPerson: z.boolean(),
  /** ranking: the prize per rank (first place first). */
  prizes: z.array(z.number()).nullable(),
  /** The promotion's image (null: none). */
  imageUrl: z.string().nullable(),
  /** Bets above this are refused while its bonus is being wagered (null: no limit). */
  maxBet: z.number().nullable(),
});
export const PromotionListValue = z.object({ list: z.array(PromotionItem) });
export const PromotionIdParams = z.object({ id: z.coerce.number().int().positive() });

export const JoinBody = z.object({ promotionId: z.number().int().positive() }).strict();
export const JoinValue = z.object({ promotionId: z.number().int(), status: ActivityStatus });

export const LeaderboardQuery = z.object({ promotionId: z.coerce.number().int().positive() });
export const LeaderboardEntry = z.object({
  rank: z.number().int(),
  /** Masked: the first two and last character kept. */
  username: z.string(),
  turnover: z.number(),
  prize: z.number().nullable(),
});
export const LeaderboardValue = z.object({
  promotionId: z.number().int(),
  currency: z.string(),
  /** The prizes were paid (the period is over and the payout job ran). */
  settled: z.boolean(),
  list: z.array(LeaderboardEntry),
  /** The signed-in member's own place (null: a guest, or no turnover yet). */
  mine: LeaderboardEntry.nullable(),
});

export const ApplicationComment = z.string().trim().min(1).max(140);

export const RequestRewardBody = z.object({ rewardId: z.number().int().positive() }).strict();
export const RaffleClaimBody = z.object({ promotionId: z.number().int().positive() }).strict();

export const REWARD_STATES = ['waiting', 'claimable', 'claimed', 'expired'] as const;
export const RewardState = z.enum(REWARD_STATES);

export const RewardItem = z.object({
  id: z.number().int(),
  /** Null for a mission's bonus (its title is the mission's) and a bonus credited by the operator. */
  promotionId: z.number().int().nullable(),
  title: z.string(),
  /** A bonus the operator credited by hand (a bonus adjustment): no promotion or mission, no title. */
  fromOperator: z.boolean(),
  /** Money; for a ticket reward, the number of tickets. */
  amount: z.number(),
  currency: z.string(),
  payAs: z.enum(['cash', 'bonus', 'ticket']),
  /** payAs ticket: the kind's name and the tickets issued at the claim. */
  ticketKindName: z.string().nullable(),
  ticketIds: z.array(z.number().int()),
  state: RewardState,
  status: ActivityStatus,
  /** A bonus reward's wagering since the claim (null: not paid as bonus, or not claimed). */
  wagerState: z.enum(['active', 'converted', 'forfeited']).nullable(),
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
  claimedAt: z.string().nullable(),
});
export const RewardListQuery = PageQuery.extend({ state: RewardState.optional(), language: z.string().default('en') });
export const RewardListValue = paged(RewardItem).extend({ claimable: z.number().int() });

export const ClaimValue = z.object({ claimed: z.array(RewardItem) });

export const WagerItem = z.object({
  id: z.number().int(),
  rewardId: z.number().int(),
  title: z.string(),
  /** The wager of a bonus the operator credited by hand: no promotion or mission, no title. */
  fromOperator: z.boolean(),
  bonus: z.number(),
  required: z.number(),
  progress: z.number(),
  state: z.enum(['active', 'converted', 'forfeited']),
  expiresAt: z.string(),
  settledAt: z.string().nullable(),
  /** Bets above this are refused while this wager is active (null: no limit). */
  maxBet: z.number().nullable(),
});
export const WageringValue = z.object({
  bonusBalance: z.number(),
  currency: z.string(),
  list: z.array(WagerItem),
  /** A withdrawal request now forfeits these (the member is warned first). */
  activeCount: z.number().int(),
});

// ---- back office

export const PromotionInput = z
  .object({
    type: PromotionType,
    kind: PromotionKind,
    startsAt: z.string().datetime({ offset: true }),
    endsAt: z.string().datetime({ offset: true }).nullable(),
    rules: PromotionRules,
    texts: PromotionTexts,
    sort: z.number().int().min(0).max(10_000).default(0),
    /** An image uploaded at POST /admin/promotions/images (null: none). */
    imageId: z.number().int().positive().nullable().default(null),
  })
  .strict();
export type PromotionInput = z.infer<typeof PromotionInput>;

export const AdminPromotion = z.object({
  id: z.number().int(),
  type: PromotionType,
  kind: PromotionKind,
  state: PromotionState,
  /** scheduled: active but before its start; over: past its end. */
  phase: z.enum(['draft', 'scheduled', 'running', 'paused', 'over', 'ended']),
  startsAt: z.string(),
  endsAt: z.string().nullable(),
  rules: z.record(z.string(), z.unknown()),
  texts: z.record(z.string(), PromotionText),
  sort: z.number().int(),
  imageId: z.number().int().nullable(),
  imageUrl: z.string().nullable(),
  createdAt: z.string(),
});
export const AdminPromotionImage = z.object({ id: z.number().int(), url: z.string() });
export const AdminPromotionList = z.object({
  list: z.array(AdminPromotion),
  /** The brand's languages (lower case), the keys of a promotion's texts; the default one is required. */
  languages: z.array(z.string()),
  defaultLanguage: z.string(),
});
export const PromotionStateBody = z.object({ state: PromotionState }).strict();

export const ApplicationsQuery = PageQuery.extend({ status: z.enum(['pending', 'approved', 'rejected']).optional() });
export const AdminApplication = z.object({
  id: z.number().int(),
  promotionId: z.number().int(),
  promotionTitle: z.string(),
  memberId: z.number().int(),
  username: z.string(),
  comment: z.string(),
  images: z.array(z.object({ id: z.number().int(), url: z.string() })),
  status: z.enum(['pending', 'approved', 'rejected']),
  reason: z.string().nullable(),
  createdAt: z.string(),
});
export const AdminApplicationList = paged(AdminApplication);
export const ApplicationDecisionBody = z
  .object({ decision: z.enum(['approve', 'reject']), reason: z.string().trim().max(300).optional() })
  .strict();

export const CostReportQuery = z.object({
  from: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  to: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  promotionId: z.coerce.number().int().positive().optional(),
});
export const CostRow = z.object({
  day: z.string(),
  promotionId: z.number().int(),
  title: z.string(),
  paid: z.number(),
  converted: z.number(),
  forfeited: z.number(),
  claims: z.number().int(),
  /** The part of `paid` that was ranking prizes. */
  ranking: z.number(),
});
/** Days are brand days of `timeZone` (the brand's IANA zone). */
export const CostReportValue = z.object({ rows: z.array(CostRow), currency: z.string(), timeZone: z.string() });

export const REFUSAL_REASONS = ['member', 'device', 'ip', 'bank_account', 'mobile'] as const;
export const RefusalsQuery = PageQuery.extend({ promotionId: z.coerce.number().int().positive().optional() });
export const AdminRefusal = z.object({
  id: z.number().int(),
  promotionId: z.number().int(),
  promotionTitle: z.string(),
  memberId: z.number().int(),
  username: z.string(),
  reason: z.enum(REFUSAL_REASONS),
  /** The member already rewarded who shares the IP, bank account or mobile number. */
  otherMemberId: z.number().int().nullable(),
  otherUsername: z.string().nullable(),
  amount: z.number(),
  createdAt: z.string(),
});
export const AdminRefusalList = paged(AdminRefusal);

/** One promotion's report (docs/rewards.md "Promotion report"): money in major units. */
export const ReportGroup = z.object({
  members: z.number().int(),
  /** Credited deposits of the group's members in the period. */
  deposits: z.number(),
  /** Gross gaming revenue of the group's members in the period: settled stakes minus wins. */
  ggr: z.number(),
  /** Per member of the group (0 for an empty group). */
  depositsPerMember: z.number(),
  ggrPerMember: z.number(),
});
export const PromotionReportValue = z.object({
  promotionId: z.number().int(),
  title: z.string(),
  currency: z.string(),
  /** The period measured: the promotion's start to its end, or to now while it runs. */
  from: z.string(),
  to: z.string(),
  /** Members the audience holds now. */
  eligible: z.number().int(),
  /** Members with at least one claimed reward of the promotion. */
  claimed: z.number().int(),
  claims: z.number().int(),
  /** Bonus wagers of the promotion met (converted) and given up (forfeited). */
  completedWagering: z.number().int(),
  forfeited: z.number().int(),
  /** Paid by claims, and its parts converted to cash and forfeited back. */
  cost: z.object({ paid: z.number(), converted: z.number(), forfeited: z.number() }),
  /** Members who claimed, against members eligible who did not claim, over the same period. */
  participants: ReportGroup,
  comparison: ReportGroup,
});
