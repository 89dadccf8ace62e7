import { z } from 'zod';
import { Money } from './common';
import { ContractInfo } from './contracts';
import { RegisterFieldRule } from './registration';

// The logged-in member (spec §3 "Member info", "Public state", §6, §7 /wps/member/info*,
// /wps/member/publicState, language update, security centre).

/** Avatars served at /art/avatars/{n}.svg for n = 1..AVATAR_COUNT. */
export const AVATAR_COUNT = 12;
export function avatarUrl(n: number): string {
  return `/art/avatars/${n}.svg`;
}

export const MemberInfo = z.object({
  id: z.number().int(),
  account: z.string(),
  nickname: z.string().nullable(),
  type: z.number().int(),
  isAgent: z.boolean(),
  isTrial: z.boolean(),
  /** Masked: a***@example.com. */
  email: z.string().nullable(),
  /** Masked: 917****567. */
  mobileNum: z.string().nullable(),
  countryDialingCode: z.string().nullable(),
  language: z.string(),
  vipLevel: z.number().int(),
  imgUrl: z.string(),
  currency: z.string(),
  registerTime: z.string(),
  lastLoginTime: z.string().nullable(),
  firstTimeLogin: z.boolean(),
  hasPaymentPassword: z.boolean(),
  /** The consolidated contract info (spec §3; contracts.ts ContractInfo). */
  ...ContractInfo.shape,
});
export type MemberInfo = z.infer<typeof MemberInfo>;

export const MemberIcons = z.object({
  current: z.number().int(),
  icons: z.array(z.object({ id: z.number().int(), url: z.string() })),
});
export type MemberIcons = z.infer<typeof MemberIcons>;

export const SetIconBody = z.object({ icon: z.coerce.number().int().min(1).max(AVATAR_COUNT) });
export type SetIconBody = z.infer<typeof SetIconBody>;

/** spec §3 public state. */
export const PublicState = z.object({
  balance: Money,
  /** Promotions paid as bonus: playable, not withdrawable (docs/rewards.md). */
  bonusBalance: Money,
  currencySymbol: z.string(),
  hasVip: z.boolean(),
  vipLabelName: z.string(),
  vipRankLevel: z.number().int(),
  availablePromoCount: z.number().int(),
  /** Completed missions whose reward waits to be claimed (the missions badge). */
  missionCount: z.number().int(),
  unreadMessage: z.number().int(),
  availablePromo: z.object({ REFERRAL: z.boolean() }),
  imgUrl: z.string(),
});
export type PublicState = z.infer<typeof PublicState>;

/** PUT /wps/member/language: one of the brand's supported languages, any case. */
export const LanguageBody = z.object({ language: z.string().trim().min(1).max(10) });
export type LanguageBody = z.infer<typeof LanguageBody>;
export const LanguageValue = z.object({ language: z.string() });
export type LanguageValue = z.infer<typeof LanguageValue>;

/** The member centre's security page (spec §2 securityCenter). */
export const SecurityCentre = z.object({
  mobileBound: z.boolean(),
  emailBound: z.boolean(),
  /** Masked like member info: 917****567 with its dialing code, a***@example.com. */
  mobileNum: z.string().nullable(),
  countryDialingCode: z.string().nullable(),
  email: z.string().nullable(),
  paymentPasswordSet: z.boolean(),
  totpEnabled: z.boolean(),
  passwordChangedAt: z.string(),
  loginHistory: z.array(
    z.object({ success: z.boolean(), ip: z.string().nullable(), userAgent: z.string().nullable(), time: z.string() }),
  ),
});
export type SecurityCentre = z.infer<typeof SecurityCentre>;

/**
 * Details a member may add after registering (the sign-up asks only what the brand requires): the
 * optional registration fields that the brand has enabled, each held to its rule.
 */
export const PROFILE_DETAIL_FIELDS = [
  'payeeName',
  'birthday',
  'fullName',
  'address',
  'nationality',
  'occupation',
  'sourceOfIncome',
  'placeOfBirth',
  'qqNum',
  'line',
  'whatsapp',
  'facebook',
  'wechat',
  'telegram',
  'zalo',
] as const;
export type ProfileDetailField = (typeof PROFILE_DETAIL_FIELDS)[number];

export const ProfileDetails = z.object({
  fields: z.array(
    z.object({
      field: z.enum(PROFILE_DETAIL_FIELDS),
      value: z.string().nullable(),
      /** Set once and kept: the real name that payouts go to, and the birthday the age check used. */
      locked: z.boolean(),
      rule: RegisterFieldRule,
    }),
  ),
});
export type ProfileDetails = z.infer<typeof ProfileDetails>;

export const ProfileDetailsBody = z
  .object(
    Object.fromEntries(PROFILE_DETAIL_FIELDS.map((f) => [f, z.string().max(500).optional()])) as Record<
      ProfileDetailField,
      z.ZodOptional<z.ZodString>
    >,
  )
  .strict();
export type ProfileDetailsBody = z.infer<typeof ProfileDetailsBody>;
