import { z } from 'zod';
import { Money, PageQuery } from './common';
import { grid } from './operators';

// Risk (docs/risk.md): linked accounts, abuse flags and the member's risk level, for the back
// office (/admin/risk/..., permissions risk.read and risk.write). Amounts are major units (Money).

/** A member's risk level, lowest first; a member nobody set one for is `normal`. */
export const RISK_LEVELS = ['low', 'normal', 'high', 'blocked'] as const;
export const RiskLevel = z.enum(RISK_LEVELS);
export type RiskLevel = z.infer<typeof RiskLevel>;

/** What two linked members share. */
export const RISK_LINK_KINDS = ['device', 'ip', 'bank_account', 'payee_name'] as const;
export const RiskLinkKind = z.enum(RISK_LINK_KINDS);
export type RiskLinkKind = z.infer<typeof RiskLinkKind>;
export const RiskLinkStatus = z.enum(['pending', 'confirmed', 'dismissed']);
export type RiskLinkStatus = z.infer<typeof RiskLinkStatus>;

/** The abuse patterns the platform flags (docs/risk.md "Flags"). */
export const RISK_FLAG_KINDS = ['bonus_hit_and_run', 'referral_device'] as const;
export const RiskFlagKind = z.enum(RISK_FLAG_KINDS);
export type RiskFlagKind = z.infer<typeof RiskFlagKind>;
export const RiskFlagStatus = z.enum(['open', 'confirmed', 'dismissed']);
export type RiskFlagStatus = z.infer<typeof RiskFlagStatus>;

export const RiskLevelSource = z.enum(['operator', 'link', 'flag']);

const MemberRef = z.object({ id: z.number().int(), username: z.string(), level: RiskLevel });
const Id = z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER);

/**
 * A link between two members. `value` is what they share as an operator may read it: a device's
 * hash prefix, the IP address, the bank account number and the payee name (both masked without
 * members.pii).
 */
export const AdminRiskLink = z.object({
  id: z.number().int(),
  kind: RiskLinkKind,
  value: z.string(),
  member: MemberRef,
  other: MemberRef,
  status: RiskLinkStatus,
  note: z.string().nullable(),
  reviewedBy: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminRiskLink = z.infer<typeof AdminRiskLink>;

export const AdminRiskLinkQuery = PageQuery.extend({
  /** Absent: every status. The queue of new links is status=pending. */
  status: RiskLinkStatus.optional(),
  kind: RiskLinkKind.optional(),
  /** Links of this member (either side). */
  memberId: Id.optional(),
});
export const AdminRiskLinkList = grid(AdminRiskLink);

/**
 * The linked accounts that share one value, as one group (one café's IP address with 30 accounts is
 * one group, not its 435 pairs). `id` is the group's first link, which its review names; `value` as
 * on a link (masked without members.pii). The links are counted by status; `members` lists up to
 * LINK_GROUP_LISTED of the `accounts`, lowest id first. The note and reviewer are the latest review's.
 */
export const LINK_GROUP_LISTED = 20;
export const AdminRiskLinkGroup = z.object({
  id: z.number().int(),
  kind: RiskLinkKind,
  value: z.string(),
  accounts: z.number().int(),
  members: z.array(MemberRef),
  links: z.object({ pending: z.number().int(), confirmed: z.number().int(), dismissed: z.number().int() }),
  note: z.string().nullable(),
  reviewedBy: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  firstAt: z.string(),
  lastAt: z.string(),
});
export type AdminRiskLinkGroup = z.infer<typeof AdminRiskLinkGroup>;
export const AdminRiskLinkGroupQuery = PageQuery.extend({
  /** Groups with at least one link of this status; absent: every group. The review queue is pending. */
  status: RiskLinkStatus.optional(),
  kind: RiskLinkKind.optional(),
  /** Groups this member is part of. */
  memberId: Id.optional(),
});
export const AdminRiskLinkGroupList = grid(AdminRiskLinkGroup);
/** A group's review: every pending link of the group confirmed or dismissed with one note (audited). */
export const AdminRiskLinkGroupReviewed = z.object({
  group: AdminRiskLinkGroup,
  /** How many pending links the review decided. */
  reviewed: z.number().int(),
  /** The members a confirmation raised to high. */
  raised: z.array(z.number().int()),
});

/** Deposit, bonus, minimal low-risk wagering, withdrawal: the figures the flag was raised on. */
export const BonusHitAndRunEvidence = z.object({
  kind: z.literal('bonus_hit_and_run'),
  rewardId: z.number().int(),
  /** The promotion's English title; null for a mission's bonus. */
  promotion: z.string().nullable(),
  bonus: Money,
  payAs: z.enum(['cash', 'bonus']),
  claimedAt: z.string(),
  deposit: Money,
  depositAt: z.string(),
  turnover: Money,
  lowRiskTurnover: Money,
  /** Share of the turnover on low-risk bets, whole percent (100 when there were no bets). */
  lowRiskPercent: z.number().int(),
  /** The turnover the bonus required (its wagering, or bonus + deposit for a bonus without one). */
  required: Money,
  withdrawal: Money,
  withdrawalReference: z.string().nullable(),
  requestedAt: z.string(),
  /** Whole hours from the claim to the withdrawal request. */
  hoursAfterClaim: z.number().int(),
});

/** Many accounts under one referrer from one device. */
export const ReferralDeviceEvidence = z.object({
  kind: z.literal('referral_device'),
  /** The first 12 hex digits of the device's hash. */
  device: z.string(),
  accounts: z.number().int(),
  /** Up to 20 of the referred accounts on the device, newest first. */
  members: z.array(z.object({ id: z.number().int(), username: z.string() })),
  /** Whether the referrer signed in from the same device too. */
  referrerUsedDevice: z.boolean(),
});

export const RiskFlagEvidence = z.discriminatedUnion('kind', [BonusHitAndRunEvidence, ReferralDeviceEvidence]);
export type RiskFlagEvidence = z.infer<typeof RiskFlagEvidence>;

export const AdminRiskFlag = z.object({
  id: z.number().int(),
  kind: RiskFlagKind,
  member: MemberRef,
  status: RiskFlagStatus,
  evidence: RiskFlagEvidence,
  note: z.string().nullable(),
  reviewedBy: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminRiskFlag = z.infer<typeof AdminRiskFlag>;

export const AdminRiskFlagQuery = PageQuery.extend({
  /** Absent: every status. */
  status: RiskFlagStatus.optional(),
  kind: RiskFlagKind.optional(),
  memberId: Id.optional(),
});
export const AdminRiskFlagList = grid(AdminRiskFlag);

export const AdminRiskIdParams = z.object({ id: Id });
export const AdminRiskMemberParams = z.object({ memberId: Id });

/** Confirming or dismissing a link or a flag, with the operator's note (audited). */
export const AdminRiskReviewBody = z.object({
  decision: z.enum(['confirm', 'dismiss']),
  note: z.string().trim().min(1).max(500),
});
export type AdminRiskReviewBody = z.infer<typeof AdminRiskReviewBody>;

/** An operator sets a member's level, with the reason (audited). */
export const AdminRiskLevelBody = z.object({ level: RiskLevel, reason: z.string().trim().min(1).max(500) });
export type AdminRiskLevelBody = z.infer<typeof AdminRiskLevelBody>;

export const AdminRiskLevelChange = z.object({
  id: z.number().int(),
  from: RiskLevel,
  to: RiskLevel,
  reason: z.string(),
  source: RiskLevelSource,
  operator: z.string().nullable(),
  createdAt: z.string(),
});

/** GET /admin/risk/members/:memberId: the member's risk panel. */
export const AdminMemberRisk = z.object({
  memberId: z.number().int(),
  username: z.string(),
  level: RiskLevel,
  reason: z.string().nullable(),
  source: RiskLevelSource.nullable(),
  updatedAt: z.string().nullable(),
  history: z.array(AdminRiskLevelChange),
  links: z.array(AdminRiskLink),
  flags: z.array(AdminRiskFlag),
});
export type AdminMemberRisk = z.infer<typeof AdminMemberRisk>;

/**
 * The links backfill (docs/risk.md "Backfill"): a run over the members that existed when it
 * started, linking them by the consumer's rules; `membersDone` of `membersTotal` is its progress.
 */
export const AdminRiskBackfill = z.object({
  id: z.number().int(),
  status: z.enum(['running', 'done']),
  membersTotal: z.number().int(),
  membersDone: z.number().int(),
  keysAdded: z.number().int(),
  linksAdded: z.number().int(),
  startedAt: z.string(),
  updatedAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type AdminRiskBackfill = z.infer<typeof AdminRiskBackfill>;
/** The latest run (null: never run). */
export const AdminRiskBackfillState = z.object({ run: AdminRiskBackfill.nullable() });
export type AdminRiskBackfillState = z.infer<typeof AdminRiskBackfillState>;
