import { z } from 'zod';
import { PageQuery, paged } from './common';

// The member's signed-in devices and login history (spec §2 securityCenter).

/** One live session: where and on what it was opened, and when it was last used. */
export const MemberSession = z.object({
  id: z.number().int(),
  device: z.string(),
  userAgent: z.string().nullable(),
  ip: z.string().nullable(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  current: z.boolean(),
});
export type MemberSession = z.infer<typeof MemberSession>;

/** GET /wps/member/security/sessions */
export const MemberSessionList = z.object({ list: z.array(MemberSession) });
export type MemberSessionList = z.infer<typeof MemberSessionList>;

/** DELETE /wps/member/security/sessions/:id */
export const SessionIdParams = z.object({ id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER) });
export type SessionIdParams = z.infer<typeof SessionIdParams>;

/** POST /wps/member/security/sessions/revokeOthers: how many sessions were signed out. */
export const RevokedSessions = z.object({ revoked: z.number().int() });
export type RevokedSessions = z.infer<typeof RevokedSessions>;

export const LOGIN_HISTORY_RESULTS = ['success', 'failure', 'verificationRequired'] as const;

/** One login attempt; method is username, sms or the new-IP verification's (SMS, EMAIL, BANK, TOTP, RECOVERY). */
export const LoginHistoryItem = z.object({
  id: z.number().int(),
  time: z.string(),
  ip: z.string().nullable(),
  device: z.string(),
  result: z.enum(LOGIN_HISTORY_RESULTS),
  method: z.string().nullable(),
});
export type LoginHistoryItem = z.infer<typeof LoginHistoryItem>;

/** GET /wps/member/security/loginHistory?pageNo&pageSize */
export const LoginHistoryQuery = PageQuery;
export type LoginHistoryQuery = z.infer<typeof LoginHistoryQuery>;
export const LoginHistoryPage = paged(LoginHistoryItem);
export type LoginHistoryPage = z.infer<typeof LoginHistoryPage>;
