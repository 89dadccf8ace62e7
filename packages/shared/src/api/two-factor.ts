import { z } from 'zod';

// Two-factor authentication (TOTP, RFC 6238) in the member centre's security page (spec §2
// securityCenter); the enrolled authenticator is also the "Google code" of the new-IP login
// verification (spec §4).

/** A 6-digit authenticator code. */
export const TotpCode = z
  .string()
  .trim()
  .regex(/^\d{6}$/);

/** An authenticator code or one of the recovery codes (xxxxx-xxxxx). */
export const SecondFactorCode = z.string().trim().min(6).max(20);

/** GET /wps/member/security/twoFactor */
export const TwoFactorStatus = z.object({
  enabled: z.boolean(),
  enabledAt: z.string().nullable(),
  recoveryCodesLeft: z.number().int(),
});
export type TwoFactorStatus = z.infer<typeof TwoFactorStatus>;

/** POST /wps/member/security/twoFactor/enrol (E): the login password proves it is the member. */
export const TwoFactorEnrolBody = z.object({ loginPassword: z.string().min(1).max(200) });
export type TwoFactorEnrolBody = z.infer<typeof TwoFactorEnrolBody>;

/** The new secret, shown during enrolment only; never sent again once confirmed. */
export const TwoFactorEnrolment = z.object({
  secret: z.string(),
  otpauthUri: z.string(),
  issuer: z.string(),
  account: z.string(),
  expiresAt: z.string(),
});
export type TwoFactorEnrolment = z.infer<typeof TwoFactorEnrolment>;

/** POST /wps/member/security/twoFactor/confirm: the first code from the authenticator. */
export const TwoFactorConfirmBody = z.object({ code: TotpCode });
export type TwoFactorConfirmBody = z.infer<typeof TwoFactorConfirmBody>;

/** Single-use recovery codes, shown once (after confirming, or when generated anew). */
export const TwoFactorRecoveryCodes = z.object({ recoveryCodes: z.array(z.string()) });
export type TwoFactorRecoveryCodes = z.infer<typeof TwoFactorRecoveryCodes>;

/** POST /wps/member/security/twoFactor/disable: a current code or a recovery code. */
export const TwoFactorDisableBody = z.object({ code: SecondFactorCode });
export type TwoFactorDisableBody = z.infer<typeof TwoFactorDisableBody>;

/** POST /wps/member/security/twoFactor/recoveryCodes: new codes (the old ones stop working), with a current code. */
export const TwoFactorRegenerateBody = z.object({ code: TotpCode });
export type TwoFactorRegenerateBody = z.infer<typeof TwoFactorRegenerateBody>;
