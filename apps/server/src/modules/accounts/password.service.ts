import { randomBytes } from 'node:crypto';
import type {
  ChangePasswordBody,
  ForgotByEmailBody,
  ResetByPhoneBody,
  ResetByTokenBody,
} from '@gamehall/shared/api/password';
import { checkField, type FieldRule } from '@gamehall/shared/patterns';
import type { AppContext } from '../../context';
import type { Conn } from '../../db/database';
import type { Principal } from '../../http/auth';
import { AppError } from '../../http/errors';
import type { RequestMeta } from '../../http/request-meta';
import { audit } from '../audit/audit.service';
import { type Brand, getBrand, switchOn } from '../brand/brand.service';
import { sendSystemMessage } from '../messages/messages.service';
import { assertNotLocked, hit, reset } from '../throttle/throttle.service';
import { verifyChallenge } from './challenge.service';
import type { LoginOutcome } from './login.presenter';
import { sessionAfterPhoneReset } from './login.service';
import {
  findMemberByUsernameAndEmail,
  findMemberSecret,
  insertPasswordReset,
  retireOpenResets,
  takePasswordReset,
  updatePassword,
} from './password.queries';
import { hashPassword, verifyPassword } from './passwords';
import { loadRuleSet } from './registration.service';
import { findSecurityMember } from './security.queries';
import { hashToken, revokeOtherSessions } from './sessions.service';
import { checkMobile, consumeSmsCode, defaultDialingCode, memberByMobile } from './sms.service';

export const RESET_LINK_MINUTES = 30;
// Wrong old passwords on a logged-in session: a stolen session must not become a password oracle.
const OLD_PASSWORD_TRIES = { max: 5, windowSeconds: 900, lockSeconds: 900 } as const;
const RESET_MAILS_PER_IP = { max: 10, windowSeconds: 3600 } as const;
const RESET_MAILS_PER_USERNAME = { max: 5, windowSeconds: 3600 } as const;
const RESET_TOKEN_TRIES_PER_IP = { max: 20, windowSeconds: 3600 } as const;

// Used only before the seed has written the password rule.
const FALLBACK_PASSWORD_RULE: FieldRule = {
  enabled: true,
  required: true,
  minLength: 6,
  maxLength: 64,
  patternId: null,
  acceptedPattern: '*',
};

/**
 * spec §5 "new password with password rule; confirmation equals new". The registration rule of
 * `password` applies to every new password, and the brand's default password is never accepted
 * since it is the one that forces a change (spec §4).
 */
async function checkNewPassword(ctx: AppContext, brand: Brand, newPassword: string, confirm: string | undefined) {
  const rule = (await loadRuleSet(ctx.db)).get('password') ?? FALLBACK_PASSWORD_RULE;
  const reason = checkField(newPassword, { ...rule, required: true });
  if (reason) throw new AppError('PASSWORD_FORMAT_INVALID', { value: { fields: { newPassword: reason } } });
  if (newPassword === brand.defaultPassword)
    throw new AppError('PASSWORD_FORMAT_INVALID', { value: { fields: { newPassword: 'NOT_ALLOWED' } } });
  if (confirm !== undefined && confirm !== newPassword)
    throw new AppError('PASSWORD_CONFIRM_MISMATCH', { value: { fields: { confirmNewPassword: 'MISMATCH' } } });
}

/** POST /wps/member/password: change with the old password; the member's other sessions end. */
export async function changePassword(
  ctx: AppContext,
  meta: RequestMeta,
  principal: Principal,
  body: ChangePasswordBody,
): Promise<void> {
  const now = ctx.now();
  const member = await findMemberSecret(ctx.db, principal.memberId);
  if (!member) throw new AppError('AUTH_REQUIRED');
  const triesKey = `password:old:${member.id}`;
  await assertNotLocked(ctx.db, triesKey, now);
  if (!(await verifyPassword(member.password_hash, body.oldPassword))) {
    await audit(ctx.db, meta, {
      event: 'password.change',
      success: false,
      memberId: member.id,
      username: member.username,
      detail: { reason: 'PASSWORD_OLD_INVALID' },
    });
    await hit(ctx.db, triesKey, OLD_PASSWORD_TRIES, now);
    throw new AppError('PASSWORD_OLD_INVALID');
  }
  const brand = await getBrand(ctx.db);
  await checkNewPassword(ctx, brand, body.newPassword, body.confirmNewPassword);
  if (body.newPassword === body.oldPassword) throw new AppError('PASSWORD_SAME_AS_OLD');
  const passwordHash = await hashPassword(body.newPassword);
  await ctx.db.transaction().execute(async (trx) => {
    await setPassword(ctx, trx, meta, member, passwordHash, {
      event: 'password.change',
      keepSessionId: principal.sessionId,
    });
  });
  await reset(ctx.db, triesKey);
}

function resetLink(ctx: AppContext, token: string): string {
  return `${ctx.config.publicUrl.replace(/\/+$/, '')}/resetPassword?token=${encodeURIComponent(token)}`;
}

/**
 * POST /wps/member/password/email (spec §4, §8): when username and email belong to one member, mail
 * a single-use link valid for 30 minutes; otherwise ACCOUNT_NOT_FOUND ('Username/Email does not
 * exist', as the spec's client shows it). Throttled per address and per username.
 */
export async function forgotByEmail(ctx: AppContext, meta: RequestMeta, body: ForgotByEmailBody): Promise<void> {
  const now = ctx.now();
  await hit(ctx.db, `password:mail:ip:${meta.ip}`, RESET_MAILS_PER_IP, now);
  await hit(ctx.db, `password:mail:user:${body.username.toLowerCase()}`, RESET_MAILS_PER_USERNAME, now);
  const member = await findMemberByUsernameAndEmail(ctx.db, body.username, body.email);
  if (member?.status !== 'active' || !member.email) throw new AppError('ACCOUNT_NOT_FOUND');
  await mailResetLink(ctx, meta, { ...member, email: member.email }, { stage: 'link sent' });
}

/**
 * The same single-use link, sent by an operator from the back office to the member's
 * bound email. A member without one, or a disabled member, gets none: ACCOUNT_NOT_FOUND.
 */
export async function sendResetLinkFor(ctx: AppContext, meta: RequestMeta, memberId: number): Promise<void> {
  const member = await findSecurityMember(ctx.db, memberId);
  if (member?.status !== 'active' || !member.email) throw new AppError('ACCOUNT_NOT_FOUND');
  await mailResetLink(ctx, meta, { ...member, email: member.email }, { stage: 'link sent', by: 'operator' });
}

async function mailResetLink(
  ctx: AppContext,
  meta: RequestMeta,
  member: { id: number; username: string; email: string },
  detail: Record<string, unknown>,
): Promise<void> {
  const now = ctx.now();
  const email = member.email;
  const brand = await getBrand(ctx.db);
  const token = randomBytes(32).toString('base64url');
  const link = resetLink(ctx, token);
  await ctx.db.transaction().execute(async (trx) => {
    await retireOpenResets(trx, member.id, now);
    await insertPasswordReset(trx, {
      memberId: member.id,
      tokenHash: hashToken(token),
      ip: meta.ip,
      expiresAt: new Date(now.getTime() + RESET_LINK_MINUTES * 60_000),
      now,
    });
    await ctx.messenger.mail(trx, {
      to: email,
      subject: `${brand.siteName}: reset your password`,
      text: [
        `Hello ${member.username},`,
        '',
        `Open this link within ${RESET_LINK_MINUTES} minutes to choose a new password:`,
        link,
        '',
        'If you did not ask for this, ignore this mail; your password stays as it is.',
      ].join('\n'),
      code: token,
    });
    await audit(trx, meta, {
      event: 'password.reset.email',
      success: true,
      memberId: member.id,
      username: member.username,
      detail,
    });
  });
}

/** POST /wps/member/password/reset: spends the mailed token, sets the password, ends every session. */
export async function resetByToken(ctx: AppContext, meta: RequestMeta, body: ResetByTokenBody): Promise<void> {
  const now = ctx.now();
  await hit(ctx.db, `password:token:ip:${meta.ip}`, RESET_TOKEN_TRIES_PER_IP, now);
  const brand = await getBrand(ctx.db);
  await checkNewPassword(ctx, brand, body.newPassword, body.confirmNewPassword);
  const passwordHash = await hashPassword(body.newPassword);
  await ctx.db.transaction().execute(async (trx) => {
    const spent = await takePasswordReset(trx, hashToken(body.token), now);
    const member = spent ? await findMemberSecret(trx, spent.member_id) : undefined;
    if (member?.status !== 'active') throw new AppError('PASSWORD_RESET_TOKEN_INVALID');
    await setPassword(ctx, trx, meta, member, passwordHash, {
      event: 'password.reset.email',
      detail: { stage: 'password set' },
    });
  });
}

/**
 * POST /wps/member/password/verification (spec §4, §7): with CHNGPASSVERIF3, a new password for the
 * member holding this mobile number, proven by an SMS code ('noLogin'). Every session ends; the
 * username goes back so the client logs in again automatically.
 */
export async function resetByPhone(
  ctx: AppContext,
  meta: RequestMeta,
  body: ResetByPhoneBody,
): Promise<{ username: string; session: LoginOutcome | undefined }> {
  const brand = await getBrand(ctx.db);
  if (!switchOn(brand, 'CHNGPASSVERIF3')) throw new AppError('FEATURE_DISABLED');
  await checkNewPassword(ctx, brand, body.newPassword, body.confirmNewPassword ?? undefined);
  await verifyChallenge(ctx, ctx.db, body.challenge ?? undefined);
  const countryDialingCode = body.countryDialingCode?.trim() || (await defaultDialingCode(ctx.db));
  const mobile = await checkMobile(ctx.db, countryDialingCode, body.mobileNum);
  if (!body.verificationCode?.trim()) throw new AppError('SMS_CODE_MISSING');
  const passwordHash = await hashPassword(body.newPassword);
  return ctx.db.transaction().execute(async (trx) => {
    // The code comes first: without it, the answer must not tell whether the number has an account.
    await consumeSmsCode(ctx, trx, {
      purpose: 'noLogin',
      countryDialingCode: mobile.countryDialingCode,
      mobileNum: mobile.mobileNum,
      code: body.verificationCode ?? undefined,
    });
    const holder = await memberByMobile(trx, mobile);
    const member = holder ? await findMemberSecret(trx, holder.id) : undefined;
    if (member?.status !== 'active') throw new AppError('ACCOUNT_NOT_FOUND');
    await setPassword(ctx, trx, meta, member, passwordHash, { event: 'password.reset.phone' });
    const session = await sessionAfterPhoneReset(ctx, trx, meta, member.id);
    return { username: member.username, session };
  });
}

/**
 * Stores a new password hash, ends the member's other sessions (every change and reset does)
 * and audits it, in the caller's transaction.
 */
async function setPassword(
  ctx: AppContext,
  trx: Conn,
  meta: RequestMeta,
  member: { id: number; username: string },
  passwordHash: string,
  o: {
    event: 'password.change' | 'password.reset.email' | 'password.reset.phone';
    keepSessionId?: number;
    detail?: Record<string, unknown>;
  },
): Promise<void> {
  await updatePassword(trx, member.id, passwordHash, ctx.now());
  const revoked = await revokeOtherSessions(ctx, trx, member.id, o.keepSessionId);
  // The inbox says so, whichever way the password was changed.
  await sendSystemMessage(trx, { memberId: member.id, kind: 'password_changed', now: ctx.now() });
  await audit(trx, meta, {
    event: o.event,
    success: true,
    memberId: member.id,
    username: member.username,
    detail: { ...o.detail, revokedSessions: revoked },
  });
}
