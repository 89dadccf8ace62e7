import { z } from 'zod';
import { ChallengeField } from './verification';

// Session calls (spec §3 login request and response, §4 login states, §7 session and member).

const Credential = z.string().trim().min(1).max(200);

/** POST /wps/session/login (E): the decrypted payload. */
export const LoginBody = z.object({
  /** For type 'sms' this is the mobile number. */
  username: Credential,
  /** For type 'sms' this is the SMS code. */
  password: Credential,
  captcha: z.string().max(16).optional(),
  type: z.enum(['username', 'sms']).default('username'),
  /** Solved proof-of-work challenge; required for type 'username' while the brand has it on. */
  challenge: ChallengeField.optional(),
  /** For type 'sms'; defaults to the brand's first country. */
  countryDialingCode: z.string().max(8).optional(),
  /** 'agent' for the agent-page login: only agents may enter it (spec §6). */
  area: z.enum(['member', 'agent']).default('member'),
});
export type LoginBody = z.input<typeof LoginBody>;

/** Success value of every login (password, SMS, new-IP verification, free play). */
export const LoginValue = z.object({
  token: z.string(),
  firstTimeLogin: z.boolean(),
  passwordExpired: z.boolean(),
  /** spec §4: default password or expired password, and not an SMS login: open the change-password modal. */
  forceChangePassword: z.boolean(),
  isAgent: z.boolean(),
  isTrial: z.boolean(),
});
export type LoginValue = z.infer<typeof LoginValue>;

export const LOGIN_VERIFICATION_METHODS = ['SMS', 'EMAIL', 'BANK', 'TOTP'] as const;
export const LoginVerificationMethod = z.enum(LOGIN_VERIFICATION_METHODS);
export type LoginVerificationMethod = z.infer<typeof LoginVerificationMethod>;

/** Value of the LOGIN_VERIFICATION_REQUIRED (403) refusal: a login from an IP the member never used. */
export const LoginVerificationRequiredValue = z.object({
  verificationId: z.string(),
  methods: z.array(LoginVerificationMethod),
});
export type LoginVerificationRequiredValue = z.infer<typeof LoginVerificationRequiredValue>;

const VerificationId = z.string().trim().min(1).max(100);

/** POST /wps/session/login/verification/send: a code to the member's mobile or email. */
export const LoginVerificationSendBody = z.object({
  verificationId: VerificationId,
  method: z.enum(['SMS', 'EMAIL']),
});
export const LoginVerificationSentValue = z.object({
  expiredMinutes: z.number().int(),
  /** Where the code went, masked: '+639***567', 'd***@example.com'. */
  destination: z.string(),
});
export type LoginVerificationSentValue = z.infer<typeof LoginVerificationSentValue>;

/**
 * POST /wps/session/login/verification: the answer for one method. SMS and EMAIL take the code that
 * was sent, BANK the bank account holder name, TOTP the authenticator code.
 */
export const LoginVerificationBody = z.object({
  verificationId: VerificationId,
  method: LoginVerificationMethod,
  code: z.string().trim().min(1).max(200),
});

/** POST /wps/session/login/freeplay: a fresh trial account (spec §7). */
export const FreeplayBody = z.object({
  os: z.string().max(50).optional(),
  platform: z.literal('W'),
  /** A random string from the client. */
  random: z.string().min(8).max(128),
  gatewayVersion: z.union([z.literal(3), z.literal('3')]),
});

/** POST /wps/member/firstLogin. */
export const FirstLoginValue = z.object({ firstTimeLogin: z.literal(false) });
