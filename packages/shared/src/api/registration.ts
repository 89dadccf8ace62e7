import { z } from 'zod';

// Registration (spec §3 "Registration user" and "Registration field rule", §4, §5, §7
// /wps/member/register, /wps/member/register/mobile, /wps/system/setting/register, /wps/agent/affiliate).

/** The fields that have a rule in the registration settings (spec §3, §5). */
export const REGISTRATION_RULE_FIELDS = [
  'username',
  'password',
  'confirmPassword',
  'payeeName',
  'email',
  'qqNum',
  'mobileNum',
  'recommenderId',
  'captcha',
  'verificationCode',
  'affiliateCode',
  'paymentPassword',
  'line',
  'whatsapp',
  'facebook',
  'wechat',
  'telegram',
  'zalo',
  'idNumber',
  'referralCode',
  'birthday',
  'address',
  'nationality',
  'occupation',
  'sourceOfIncome',
  'placeOfBirth',
  'fullName',
] as const;
export type RegistrationRuleField = (typeof REGISTRATION_RULE_FIELDS)[number];

/** One field's rule as GET /wps/system/setting/register serves it, with its hint text. */
export const RegisterFieldRule = z.object({
  field: z.string(),
  enabled: z.boolean(),
  required: z.boolean(),
  minLength: z.number().int(),
  maxLength: z.number().int(),
  patternId: z.number().int().nullable(),
  /** An extra regular expression for the whole value; '*' accepts anything. */
  acceptedPattern: z.string(),
  /** The pattern's text with (min) and (max) replaced by the bounds (spec §5). */
  hint: z.string(),
});
export type RegisterFieldRule = z.infer<typeof RegisterFieldRule>;
export const RegisterFieldRules = z.array(RegisterFieldRule);

// Values are checked against their rule by the server; the schema only bounds the size and type.
const Text = z.string().max(500).nullish();

/**
 * PUT /wps/member/register and /wps/member/register/mobile (E): the spec's user object at the top
 * level of the decrypted payload (api-conventions: Requests), plus the challenge and the age
 * confirmation.
 */
export const RegisterBody = z.object({
  username: Text,
  password: Text,
  confirmPassword: Text,
  payeeName: Text,
  email: Text,
  qqNum: Text,
  mobileNum: Text,
  /** The id of the member who recommended this one. */
  recommenderId: z.union([z.string().max(30), z.number().int()]).nullish(),
  captcha: Text,
  verificationCode: Text,
  affiliateCode: Text,
  paymentPassword: Text,
  line: Text,
  whatsapp: Text,
  facebook: Text,
  wechat: Text,
  telegram: Text,
  zalo: Text,
  idNumber: Text,
  referralCode: Text,
  domain: Text,
  countryDialingCode: Text,
  /** The client asks to be logged in straight away (spec §4 "register with login true"). */
  login: z.boolean().nullish(),
  firebaseChannel: Text,
  firebaseIdToken: z.string().max(5000).nullish(),
  registerUrl: z.string().max(2000).nullish(),
  registerMethod: z.string().max(20).nullish(),
  birthday: Text,
  address: Text,
  nationality: Text,
  occupation: Text,
  sourceOfIncome: Text,
  placeOfBirth: Text,
  fullName: Text,
  /** The base64 ALTCHA payload (api-conventions: Challenge). */
  challenge: z.string().max(10_000).nullish(),
  /** spec §5: the visitor confirms the brand's minimum age (18 unless configured). */
  ageConfirmed: z.boolean().nullish(),
  /** The visitor accepts the terms and conditions (/legal/terms); required, recorded with the time. */
  termsAccepted: z.boolean().nullish(),
  /** The visitor accepts the privacy policy (/legal/privacy); required, recorded with the time. */
  privacyAccepted: z.boolean().nullish(),
});
export type RegisterBody = z.infer<typeof RegisterBody>;
// Registering logs the member in: the success value is the login value (LoginValue in ./session).

/** POST /wps/agent/affiliate: is this invitation code valid (spec §4 "check affiliate code")? */
export const AffiliateCheckBody = z.object({
  code: z.string().trim().min(1).max(64),
  domain: z.string().max(255).nullish(),
  url: z.string().max(2000).nullish(),
});
export type AffiliateCheckBody = z.infer<typeof AffiliateCheckBody>;

export const AffiliateCheckValue = z.object({
  valid: z.literal(true),
  /** The agent's nickname, or username when there is none. */
  agent: z.string(),
});
export type AffiliateCheckValue = z.infer<typeof AffiliateCheckValue>;
