import { z } from 'zod';
import { Money, PageQuery, paged } from './common';

// Referrals, "invite friends" (spec §1 invitations and referrals, §2 member centre
// "invite friends (referral)", §3 availablePromo.REFERRAL; docs/referrals-tickets.md). Money is in
// major units like the rest of the API.

export const REFERRAL_STAGES = ['registration', 'first_deposit', 'turnover'] as const;
export const ReferralStage = z.enum(REFERRAL_STAGES);
export type ReferralStage = z.infer<typeof ReferralStage>;

/** A ticket granted with a stage's reward (an id of a ticket kind). */
const TicketGrant = z.number().int().positive().nullable().default(null);

const StageAmount = Money.refine((v) => v >= 0, { params: { reason: 'INVALID' } });

/**
 * The referrer's reward per stage; null: the stage pays nothing. First deposit: `amount` plus
 * `percent` of the deposit, the percentage part at most `cap`, from `minDeposit`.
 */
export const ReferralRules = z
  .object({
    payAs: z.enum(['cash', 'bonus']).default('cash'),
    registration: z.object({ amount: StageAmount, ticketKindId: TicketGrant }).strict().nullable().default(null),
    firstDeposit: z
      .object({
        minDeposit: StageAmount.default(0),
        amount: StageAmount.default(0),
        percent: z.number().min(0).max(100).multipleOf(0.01).default(0),
        cap: StageAmount.nullable().default(null),
        ticketKindId: TicketGrant,
      })
      .strict()
      .nullable()
      .default(null),
    turnover: z
      .object({
        threshold: Money.refine((v) => v > 0, { params: { reason: 'INVALID' } }),
        amount: StageAmount,
        ticketKindId: TicketGrant,
      })
      .strict()
      .nullable()
      .default(null),
  })
  .strict();
export type ReferralRules = z.infer<typeof ReferralRules>;

// ---- GET /wps/referrals (the member's invite friends page)

export const ReferralSummary = z.object({
  /** The programme is on (brand setting in the back office). */
  enabled: z.boolean(),
  /** The programme is on and this member may invite (not a trial account). */
  canInvite: z.boolean(),
  code: z.string(),
  /** The site's register address with the code prefilled. */
  link: z.string(),
  rules: ReferralRules,
  invited: z.number().int(),
  /** Rewards paid to the member by this programme, major units. */
  earned: z.number(),
  currency: z.string(),
});
export type ReferralSummary = z.infer<typeof ReferralSummary>;

// ---- GET /wps/referrals/invitees

export const InviteesQuery = PageQuery;
export const Invitee = z.object({
  /** Masked: first two and last character. */
  username: z.string(),
  registeredAt: z.string(),
  firstDeposit: z.boolean(),
  turnoverReached: z.boolean(),
  /** What the member earned from this friend, major units. */
  earned: z.number(),
});
export type Invitee = z.infer<typeof Invitee>;
export const InviteeList = paged(Invitee);
export type InviteeList = z.infer<typeof InviteeList>;

// ---- back office: /admin/referrals/settings, /admin/referrals/report

export const ReferralSettings = z.object({ enabled: z.boolean(), rules: ReferralRules });
export type ReferralSettings = z.infer<typeof ReferralSettings>;
export const ReferralSettingsBody = z.object({ enabled: z.boolean(), rules: ReferralRules }).strict();
export type ReferralSettingsBody = z.infer<typeof ReferralSettingsBody>;

const Day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
export const ReferralReportQuery = z.object({ from: Day, to: Day });
export const ReferralReportRow = z.object({
  day: z.string(),
  stage: ReferralStage,
  paid: z.number(),
  rewards: z.number().int(),
  refused: z.number().int(),
});
/** Days are brand days of `timeZone` (the brand's IANA zone). */
export const ReferralReportValue = z.object({
  rows: z.array(ReferralReportRow),
  currency: z.string(),
  timeZone: z.string(),
});
export type ReferralReportValue = z.infer<typeof ReferralReportValue>;
