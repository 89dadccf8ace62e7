import { randomInt } from 'node:crypto';
import type { TwoFactorEnrolment, TwoFactorRecoveryCodes, TwoFactorStatus } from '@gamehall/shared/api/two-factor';
import type { AppContext } from '../../context';
import type { Conn } from '../../db/database';
import type { Principal } from '../../http/auth';
import { AppError } from '../../http/errors';
import type { RequestMeta } from '../../http/request-meta';
import { audit } from '../audit/audit.service';
import { getBrand } from '../brand/brand.service';
import { hit, reset } from '../throttle/throttle.service';
import { noticeTime } from './notice-time';
import { verifyPassword } from './passwords';
import { keyedHash, parseMobile, writeSms } from './sms.service';
import { matchTotp, newTotpSecret, otpauthUri } from './totp';
import { openTotpSecret, sealTotpSecret } from './two-factor.crypto';
import {
  claimTotpStep,
  countRecoveryCodesLeft,
  deleteTwoFactor,
  enableTotp,
  findMemberContact,
  findTotp,
  replaceRecoveryCodes,
  upsertPendingTotp,
  useRecoveryCode,
} from './two-factor.queries';

/** An enrolment must be confirmed within this time, or started again. */
const ENROLMENT_TTL_MS = 15 * 60_000;
export const RECOVERY_CODE_COUNT = 10;
/**
 * Wrong second-factor codes per member, wherever they are tried (security centre or new-IP login):
 * every try is counted before the code is looked at, so parallel guesses cannot pass the limit; the
 * 6th in 15 minutes locks the codes for 15 minutes.
 */
const CODE_TRIES = { max: 5, windowSeconds: 15 * 60, lockSeconds: 15 * 60 } as const;
const PASSWORD_TRIES = { max: 5, windowSeconds: 15 * 60, lockSeconds: 15 * 60 } as const;
// Recovery codes: 10 characters of a 32-letter alphabet without look-alikes (50 bits), shown as xxxxx-xxxxx.
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

function codeTriesKey(memberId: number) {
  return `2fa:code:${memberId}`;
}

export async function twoFactorStatus(ctx: AppContext, principal: Principal): Promise<TwoFactorStatus> {
  const row = await findTotp(ctx.db, principal.memberId);
  const enabledAt = row?.enabled_at ? new Date(row.enabled_at).toISOString() : null;
  return {
    enabled: enabledAt !== null,
    enabledAt,
    recoveryCodesLeft: enabledAt ? await countRecoveryCodesLeft(ctx.db, principal.memberId) : 0,
  };
}

/**
 * Starts an enrolment: a fresh secret, sealed, kept pending until the member proves with a first
 * code that the authenticator has it. The secret is shown now and never again.
 */
export async function startEnrolment(
  ctx: AppContext,
  meta: RequestMeta,
  principal: Principal,
  body: { loginPassword: string },
): Promise<TwoFactorEnrolment> {
  const now = ctx.now();
  const member = await findMemberContact(ctx.db, principal.memberId);
  if (!member) throw new AppError('AUTH_REQUIRED');
  // A session alone (left open on a shared computer) must not be enough to bind someone's phone.
  await hit(ctx.db, `2fa:password:${member.id}`, PASSWORD_TRIES, now);
  if (!(await verifyPassword(member.password_hash, body.loginPassword))) {
    await audit(ctx.db, meta, {
      event: 'twoFactor.enrol',
      success: false,
      memberId: member.id,
      username: member.username,
      detail: { reason: 'SECURITY_PASSWORD_INVALID' },
    });
    throw new AppError('SECURITY_PASSWORD_INVALID');
  }
  await reset(ctx.db, `2fa:password:${member.id}`);
  const secret = newTotpSecret();
  const brand = await getBrand(ctx.db);
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await upsertPendingTotp(trx, member.id, sealTotpSecret(ctx, member.id, secret), now)))
      throw new AppError('TWO_FACTOR_ALREADY_ENABLED');
    await audit(trx, meta, {
      event: 'twoFactor.enrol',
      success: true,
      memberId: member.id,
      username: member.username,
    });
  });
  return {
    secret,
    otpauthUri: otpauthUri({ issuer: brand.siteName, account: member.username, secret }),
    issuer: brand.siteName,
    account: member.username,
    expiresAt: new Date(now.getTime() + ENROLMENT_TTL_MS).toISOString(),
  };
}

/** Confirms an enrolment with the first code; answers the recovery codes, which are never shown again. */
export async function confirmEnrolment(
  ctx: AppContext,
  meta: RequestMeta,
  principal: Principal,
  body: { code: string },
): Promise<TwoFactorRecoveryCodes> {
  const now = ctx.now();
  const memberId = principal.memberId;
  const row = await findTotp(ctx.db, memberId);
  if (row?.enabled_at) throw new AppError('TWO_FACTOR_ALREADY_ENABLED');
  if (!row || now.getTime() - new Date(row.created_at).getTime() > ENROLMENT_TTL_MS)
    throw new AppError('TWO_FACTOR_ENROLMENT_EXPIRED');
  const secret = openTotpSecret(ctx, memberId, row.secret_sealed);
  if (!secret) throw new AppError('TWO_FACTOR_ENROLMENT_EXPIRED');
  await hit(ctx.db, codeTriesKey(memberId), CODE_TRIES, now);
  const step = matchTotp(secret, body.code.trim(), now.getTime());
  if (step === null) await codeRefused(ctx, meta, principal, 'confirm');
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await ctx.db.transaction().execute(async (trx) => {
    // Only the enrolment that was checked: a restart in between gave a new secret.
    if (!(await enableTotp(trx, memberId, row.secret_sealed, step as number, now)))
      throw new AppError('TWO_FACTOR_ENROLMENT_EXPIRED');
    await replaceRecoveryCodes(
      trx,
      memberId,
      codes.map((c) => recoveryHash(ctx, memberId, c)),
      now,
    );
    await audit(trx, meta, { event: 'twoFactor.enable', success: true, memberId, username: principal.username });
    await announce(ctx, trx, memberId, 'two-factor authentication was turned on for your account');
    await reset(trx, codeTriesKey(memberId));
  });
  return { recoveryCodes: codes };
}

/** Turns two-factor authentication off with a current code or a recovery code. */
export async function disableTwoFactor(
  ctx: AppContext,
  meta: RequestMeta,
  principal: Principal,
  body: { code: string },
): Promise<void> {
  const memberId = principal.memberId;
  await assertEnabled(ctx, memberId);
  const used = await checkSecondFactor(ctx, memberId, body.code);
  if (!used) await codeRefused(ctx, meta, principal, 'disable');
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await deleteTwoFactor(trx, memberId))) throw new AppError('TWO_FACTOR_NOT_ENABLED');
    await audit(trx, meta, {
      event: 'twoFactor.disable',
      success: true,
      memberId,
      username: principal.username,
      detail: { method: used },
    });
    await announce(ctx, trx, memberId, 'two-factor authentication was turned off for your account');
  });
}

/** New recovery codes for a current authenticator code; the old ones stop working. */
export async function regenerateRecoveryCodes(
  ctx: AppContext,
  meta: RequestMeta,
  principal: Principal,
  body: { code: string },
): Promise<TwoFactorRecoveryCodes> {
  const memberId = principal.memberId;
  await assertEnabled(ctx, memberId);
  // Only the authenticator: a recovery code must not mint ten more.
  const used = /^\d{6}$/.test(body.code.trim()) ? await checkSecondFactor(ctx, memberId, body.code) : null;
  if (used !== 'TOTP') await codeRefused(ctx, meta, principal, 'recoveryCodes');
  const now = ctx.now();
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await ctx.db.transaction().execute(async (trx) => {
    await replaceRecoveryCodes(
      trx,
      memberId,
      codes.map((c) => recoveryHash(ctx, memberId, c)),
      now,
    );
    await audit(trx, meta, {
      event: 'twoFactor.recoveryCodes',
      success: true,
      memberId,
      username: principal.username,
    });
    await announce(
      ctx,
      trx,
      memberId,
      'new two-factor recovery codes were made for your account (the old ones no longer work)',
    );
  });
  return { recoveryCodes: codes };
}

/**
 * Removes an account's authenticator and recovery codes, in the caller's transaction, without a code:
 * for a back-office reset of an operator who lost their phone (the caller checks the permission and
 * audits). Answers whether two-factor authentication was on.
 */
export async function removeTwoFactor(db: Conn, memberId: number): Promise<boolean> {
  return deleteTwoFactor(db, memberId);
}

/** Whether the member has an authenticator switched on. */
export async function twoFactorEnabled(ctx: AppContext, memberId: number): Promise<boolean> {
  return Boolean((await findTotp(ctx.db, memberId))?.enabled_at);
}

/**
 * Checks a second-factor answer: a 6-digit authenticator code (each time step accepted once) or an
 * unused recovery code (then used up). The try is counted first and the count cleared on success.
 * Answers which one matched, or null. Also the new-IP login verification's "Google code".
 */
export async function checkSecondFactor(
  ctx: AppContext,
  memberId: number,
  answer: string,
): Promise<'TOTP' | 'RECOVERY' | null> {
  const now = ctx.now();
  const code = answer.trim();
  await hit(ctx.db, codeTriesKey(memberId), CODE_TRIES, now);
  const row = await findTotp(ctx.db, memberId);
  if (!row?.enabled_at) return null;
  let used: 'TOTP' | 'RECOVERY' | null = null;
  if (/^\d{6}$/.test(code)) {
    const secret = openTotpSecret(ctx, memberId, row.secret_sealed);
    const step = secret ? matchTotp(secret, code, now.getTime()) : null;
    if (step !== null && (await claimTotpStep(ctx.db, memberId, step))) used = 'TOTP';
  } else if (await useRecoveryCode(ctx.db, memberId, recoveryHash(ctx, memberId, code), now)) {
    used = 'RECOVERY';
  }
  if (used) await reset(ctx.db, codeTriesKey(memberId));
  return used;
}

async function assertEnabled(ctx: AppContext, memberId: number) {
  if (!(await twoFactorEnabled(ctx, memberId))) throw new AppError('TWO_FACTOR_NOT_ENABLED');
}

async function codeRefused(ctx: AppContext, meta: RequestMeta, principal: Principal, step: string): Promise<never> {
  await audit(ctx.db, meta, {
    event: 'twoFactor.code',
    success: false,
    memberId: principal.memberId,
    username: principal.username,
    detail: { step },
  });
  throw new AppError('TWO_FACTOR_CODE_INVALID');
}

function newRecoveryCode(): string {
  let out = '';
  for (let i = 0; i < 10; i++) out += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
  return `${out.slice(0, 5)}-${out.slice(5)}`;
}

/** Keyed hash of a recovery code, forgiving case, spaces and the dash. */
function recoveryHash(ctx: AppContext, memberId: number, code: string): string {
  return keyedHash(ctx, `recovery:${memberId}`, code.toLowerCase().replace(/[\s-]/g, ''));
}

/**
 * Tells the member by mail and SMS (what they have bound), in the caller's transaction, so a change
 * they did not make does not go unnoticed.
 */
async function announce(ctx: AppContext, trx: Conn, memberId: number, what: string) {
  const member = await findMemberContact(trx, memberId);
  if (!member) return;
  const brand = await getBrand(trx);
  const text = `${brand.siteName}: ${what} on ${noticeTime(ctx.now(), brand.timeZone)}. If this was not you, contact customer service at once.`;
  if (member.mobile_num && member.country_dialing_code) {
    const to = parseMobile(member.country_dialing_code, member.mobile_num).phone;
    await writeSms(ctx, trx, 'notice', { to, text });
  }
  if (member.email) {
    await ctx.messenger.mail(trx, {
      to: member.email,
      subject: `${brand.siteName}: security notice`,
      text: `Hello ${member.username},\n\n${text}`,
    });
  }
}
