import { z } from 'zod';
import { LoginValue } from './session';

// Passwords (spec §4 change password and forgot password, §5, §7 /wps/member/password*).

const Password = z.string().min(1).max(200);

/** POST /wps/member/password (T, E). */
export const ChangePasswordBody = z.object({
  oldPassword: Password,
  newPassword: Password,
  confirmNewPassword: Password,
});
export type ChangePasswordBody = z.infer<typeof ChangePasswordBody>;

/** POST /wps/member/password/email, form-encoded (spec §7). */
export const ForgotByEmailBody = z.object({
  username: z.string().trim().min(1).max(100),
  email: z.string().trim().min(1).max(200),
});
export type ForgotByEmailBody = z.infer<typeof ForgotByEmailBody>;

/** POST /wps/member/password/reset (E): the token from the mailed link and the new password. */
export const ResetByTokenBody = z.object({
  token: z.string().trim().min(1).max(200),
  newPassword: Password,
  confirmNewPassword: Password,
});
export type ResetByTokenBody = z.infer<typeof ResetByTokenBody>;

/** POST /wps/member/password/verification (E): reset by phone with an SMS code (spec §4, §7). */
export const ResetByPhoneBody = z.object({
  newPassword: Password,
  /** Optional: when sent it must equal newPassword. */
  confirmNewPassword: z.string().max(200).nullish(),
  mobileNum: z.string().trim().min(1).max(30),
  /** Without it, the brand's first country's dialing code. */
  countryDialingCode: z.string().trim().max(6).nullish(),
  verificationCode: z.string().trim().max(20).nullish(),
  challenge: z.string().max(10_000).nullish(),
});
export type ResetByPhoneBody = z.infer<typeof ResetByPhoneBody>;

/**
 * The username, and the session the reset opens (spec §4: the member is logged in afterwards). The
 * code just spent proves the phone as an SMS login does, so no second login (which may demand a
 * captcha) is needed; null when the account may not enter the member site.
 */
export const ResetByPhoneValue = z.object({ username: z.string(), login: LoginValue.nullable() });
export type ResetByPhoneValue = z.infer<typeof ResetByPhoneValue>;
