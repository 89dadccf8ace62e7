import { z } from 'zod';

// The member centre's security actions (spec §2 "My account (securityCenter)"): the payment
// password, and binding the mobile number and the email address. Calls carrying a secret are E.

const Secret = z.string().min(1).max(200);
const Code = z.string().trim().min(1).max(20);

/** Where a code to the member's own bound contact goes. */
export const CodeChannel = z.enum(['sms', 'email']);
export type CodeChannel = z.infer<typeof CodeChannel>;

/** POST /wps/member/security/code: a code to the bound mobile or email, before a payment-password change. */
export const SecurityCodeBody = z.object({ channel: CodeChannel });
export type SecurityCodeBody = z.infer<typeof SecurityCodeBody>;

/** Answer of every send: the countdown (spec §4) and where the code went, masked. */
export const CodeSentValue = z.object({ expiredMinutes: z.number().int(), sentTo: z.string() });
export type CodeSentValue = z.infer<typeof CodeSentValue>;

/**
 * POST /wps/member/security/paymentPassword (E): the first payment password. The login password
 * always; a code from the bound mobile or email when the member has one.
 */
export const SetPaymentPasswordBody = z.object({
  loginPassword: Secret,
  newPaymentPassword: Secret,
  confirmPaymentPassword: Secret,
  channel: CodeChannel.optional(),
  verificationCode: Code.optional(),
});
export type SetPaymentPasswordBody = z.infer<typeof SetPaymentPasswordBody>;

/** PUT /wps/member/security/paymentPassword (E): change with the current payment password. */
export const ChangePaymentPasswordBody = z.object({
  oldPaymentPassword: Secret,
  newPaymentPassword: Secret,
  confirmPaymentPassword: Secret,
});
export type ChangePaymentPasswordBody = z.infer<typeof ChangePaymentPasswordBody>;

/** POST /wps/member/security/paymentPassword/reset (E): forgot, proven by a code to the bound mobile or email. */
export const ResetPaymentPasswordBody = z.object({
  channel: CodeChannel,
  verificationCode: Code,
  newPaymentPassword: Secret,
  confirmPaymentPassword: Secret,
});
export type ResetPaymentPasswordBody = z.infer<typeof ResetPaymentPasswordBody>;

/** POST /wps/member/security/mobile/code: an SMS code to the number about to be bound. */
export const MobileCodeBody = z.object({
  countryDialingCode: z.string().trim().min(1).max(6),
  mobileNum: z.string().trim().min(1).max(30),
});
export type MobileCodeBody = z.infer<typeof MobileCodeBody>;

/** POST /wps/member/security/mobile (E): bind or change the mobile number. */
export const BindMobileBody = MobileCodeBody.extend({ verificationCode: Code, loginPassword: Secret });
export type BindMobileBody = z.infer<typeof BindMobileBody>;

/** POST /wps/member/security/email/code: a mailed code to the address about to be bound. */
export const EmailCodeBody = z.object({ email: z.string().trim().min(3).max(200) });
export type EmailCodeBody = z.infer<typeof EmailCodeBody>;

/** POST /wps/member/security/email (E): bind or change the email address. */
export const BindEmailBody = EmailCodeBody.extend({ verificationCode: Code, loginPassword: Secret });
export type BindEmailBody = z.infer<typeof BindEmailBody>;
