import { z } from 'zod';

// Challenge, captcha and SMS codes (spec §7 verification calls; api-conventions "Challenge,
// captcha, SMS").

/** GET /wps/verification/challenge: an ALTCHA v2 challenge, handed as is to the widget or solver. */
export const ChallengeValue = z.object({
  parameters: z.looseObject({
    algorithm: z.string(),
    nonce: z.string(),
    salt: z.string(),
    cost: z.number(),
    keyLength: z.number(),
    keyPrefix: z.string(),
    keySignature: z.string().optional(),
    expiresAt: z.number().optional(),
  }),
  signature: z.string().optional(),
});
export type ChallengeValue = z.infer<typeof ChallengeValue>;

/** The solved challenge as the client sends it: the base64 ALTCHA payload. */
export const ChallengeField = z.string().max(8_000);

/** GET /wps/captcha: a base64 PNG, without a data: prefix. */
export const CaptchaValue = z.string();

/** Demo mode's /dev/captcha.json: the calling client's live captcha text, or null when it holds none. */
export const DemoCaptchaAnswer = z.object({ answer: z.string().nullable() });

/** Mobile fields are optional in the schema so a missing one answers SMS_PHONE_MISSING (spec §8). */
const MobileField = z.string().max(64).optional();
const DialingCodeField = z.string().max(8).optional();

/** POST /wps/verification/sms/noLogin: a login code by SMS. */
export const SmsNoLoginBody = z.object({
  mobileNum: MobileField,
  countryDialingCode: DialingCodeField,
  challenge: ChallengeField.optional(),
});
export type SmsNoLoginBody = z.infer<typeof SmsNoLoginBody>;

/** POST /wps/verification/sms/register: a registration code by SMS. */
export const SmsRegisterBody = z.object({
  countryDialingCode: DialingCodeField,
  mobileNo: MobileField,
  challenge: ChallengeField.optional(),
  regType: z.string().max(32).optional(),
});
export type SmsRegisterBody = z.infer<typeof SmsRegisterBody>;

/** spec §4: the send button counts down expiredMinutes x 60 s. */
export const SmsSentValue = z.object({ expiredMinutes: z.number().int() });
export type SmsSentValue = z.infer<typeof SmsSentValue>;
