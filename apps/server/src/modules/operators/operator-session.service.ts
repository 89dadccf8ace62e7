import type { AdminLoginBody } from '@gamehall/shared/api/admin';
import {
  DEFAULT_OPERATOR_DISPLAY_NAME,
  type OperatorMe,
  type OperatorRecoveryCodes,
  type OperatorTwoFactorEnrolment,
} from '@gamehall/shared/api/operators';
import type { AppContext } from '../../context';
import { OPERATOR_ACCOUNT_TYPE, type Principal } from '../../http/auth';
import { AppError } from '../../http/errors';
import type { RequestMeta } from '../../http/request-meta';
import { verifyChallenge } from '../accounts/challenge.service';
import {
  beginLoginAttempt,
  failLoginAttempt,
  type LoginAttemptKeys,
  OPERATOR_USERNAME_FAILURES,
  operatorUsernameKey,
  releaseLoginAttempt,
} from '../accounts/login-attempts';
import { recordOperatorLogin } from '../accounts/operator-accounts.service';
import { burnPasswordCheck, verifyPassword } from '../accounts/passwords';
import { endSession, issueSession, revokeOtherSessions } from '../accounts/sessions.service';
import * as twoFactor from '../accounts/two-factor.service';
import { audit } from '../audit/audit.service';
import { getBrand } from '../brand/brand.service';
import { reset } from '../throttle/throttle.service';
import { findAccountForAdminLogin } from './operators.queries';
import { operatorDetail } from './operators.service';

// The operator's own session: signing in, who they are, signing out, and their authenticator. Two-factor
// authentication is the members' own (accounts/two-factor.service: sealed secret, one use per time
// step, recovery codes, tries counted before the check); operators are accounts like members.

export async function me(ctx: AppContext, principal: Principal): Promise<OperatorMe> {
  const [{ row, roles }, status, brand] = await Promise.all([
    operatorDetail(ctx.db, principal.memberId),
    twoFactor.twoFactorStatus(ctx, principal),
    getBrand(ctx.db),
  ]);
  return {
    id: row.id,
    username: row.username,
    displayName: row.operator_display_name ?? DEFAULT_OPERATOR_DISPLAY_NAME,
    mustChangePassword: row.password_must_change,
    permissions: row.permissions ?? [],
    roles: roles.map((r) => ({ id: r.id, name: r.name })),
    twoFactor: {
      enabled: status.enabled,
      required: brand.operatorTwoFactorRequired,
      recoveryCodesLeft: status.recoveryCodesLeft,
    },
    mustEnrol: brand.operatorTwoFactorRequired && !status.enabled,
    idleMinutes: brand.operatorIdleMinutes,
    brandTimeZone: brand.timeZone,
  };
}

export async function logout(ctx: AppContext, meta: RequestMeta, principal: Principal): Promise<void> {
  await endSession(ctx, principal.sessionId);
  await audit(ctx.db, meta, {
    event: 'admin.logout',
    success: true,
    memberId: principal.memberId,
    username: principal.username,
  });
}

/** Ends every session of the operator, this one included (a lost laptop, a shared computer). */
export async function logoutAll(ctx: AppContext, meta: RequestMeta, principal: Principal) {
  const revoked = await ctx.db.transaction().execute(async (trx) => {
    const n = await revokeOtherSessions(ctx, trx, principal.memberId);
    await audit(trx, meta, {
      event: 'admin.logoutAll',
      success: true,
      memberId: principal.memberId,
      username: principal.username,
      detail: { revoked: n },
    });
    return n;
  });
  return { revoked };
}

export async function startEnrolment(
  ctx: AppContext,
  meta: RequestMeta,
  principal: Principal,
  password: string,
): Promise<OperatorTwoFactorEnrolment> {
  const e = await twoFactor.startEnrolment(ctx, meta, principal, { loginPassword: password });
  return { secret: e.secret, otpauthUrl: e.otpauthUri, issuer: e.issuer, account: e.account, expiresAt: e.expiresAt };
}

export function confirmEnrolment(
  ctx: AppContext,
  meta: RequestMeta,
  principal: Principal,
  code: string,
): Promise<OperatorRecoveryCodes> {
  return twoFactor.confirmEnrolment(ctx, meta, principal, { code });
}

export function disableTwoFactor(ctx: AppContext, meta: RequestMeta, principal: Principal, code: string) {
  return twoFactor.disableTwoFactor(ctx, meta, principal, { code });
}

export function regenerateRecoveryCodes(
  ctx: AppContext,
  meta: RequestMeta,
  principal: Principal,
  code: string,
): Promise<OperatorRecoveryCodes> {
  return twoFactor.regenerateRecoveryCodes(ctx, meta, principal, { code });
}

// Operator passwords checked per IP: at most ten in 15 minutes, the 10th failure locks the IP out
// for 15 minutes. The username has a lock of its own (OPERATOR_USERNAME_FAILURES), so guesses spread
// over many addresses lock it too; the member login counts an operator's passwords there as well.
const FAILURES = { max: 10, windowSeconds: 900, lockSeconds: 900 } as const;

/**
 * Operator login: only operator accounts (type 90) get an 'admin' session. Like the member login it
 * asks for the proof-of-work challenge (while the brand has it on) and, after the brand's
 * captchaAfterFailures, for the captcha; the attempt is reserved before the password is checked.
 * The password is checked before the account type, so the answer never tells whether a username
 * belongs to a member or an operator without the right password.
 *
 * An operator with two-factor authentication on also sends `code` (authenticator or recovery code).
 * Without one the answer is OPERATOR_TWO_FACTOR_REQUIRED and the attempt is given back (the password
 * was right, nothing was guessed); a wrong code keeps the attempt's slots, like a wrong password, and
 * also counts against the account's second-factor tries (two-factor.service), each reserved before
 * the code is looked at. When the brand requires two-factor authentication and the operator has
 * none, the session is issued but can only reach /admin/session/* until enrolment (mustEnrol).
 */
export async function adminLogin(ctx: AppContext, meta: RequestMeta, body: AdminLoginBody) {
  const brand = await getBrand(ctx.db);
  await verifyChallenge(ctx, ctx.db, body.challenge);
  const keys: LoginAttemptKeys = {
    audience: 'operator',
    lock: { key: `admin-login:${meta.ip}`, limit: FAILURES },
    count: { key: operatorUsernameKey(body.username), limit: OPERATOR_USERNAME_FAILURES },
  };
  const attempt = await beginLoginAttempt(ctx, meta, brand, keys, body.captcha);
  const account = await findAccountForAdminLogin(ctx.db, body.username);
  const passwordOk = account ? await verifyPassword(account.password_hash, body.password) : false;
  if (!account) await burnPasswordCheck(body.password);
  const refusal: AppError | null =
    !account || !passwordOk
      ? new AppError('ACCOUNT_PASSWORD_INVALID')
      : account.type !== OPERATOR_ACCOUNT_TYPE
        ? new AppError('AUTH_FORBIDDEN')
        : account.status !== 'active'
          ? new AppError('ACCOUNT_DISABLED')
          : null;
  const refused = (reason: string, memberId: number | null) =>
    audit(ctx.db, meta, {
      event: 'admin.login',
      success: false,
      memberId,
      username: body.username,
      detail: { area: 'admin', reason },
      operator: account?.type === OPERATOR_ACCOUNT_TYPE,
    });
  if (refusal || !account) {
    await refused(refusal?.code ?? 'ACCOUNT_PASSWORD_INVALID', account?.id ?? null);
    if (passwordOk) await releaseLoginAttempt(ctx, attempt);
    else {
      const failure = await failLoginAttempt(ctx, brand, attempt);
      if (failure.captcha) throw new AppError('ACCOUNT_PASSWORD_INVALID', { value: { captcha: true } });
    }
    throw refusal ?? new AppError('ACCOUNT_PASSWORD_INVALID');
  }

  const twoFactorOn = await twoFactor.twoFactorEnabled(ctx, account.id);
  let secondFactor: 'TOTP' | 'RECOVERY' | null = null;
  if (twoFactorOn) {
    if (!body.code) {
      await releaseLoginAttempt(ctx, attempt);
      await refused('OPERATOR_TWO_FACTOR_REQUIRED', account.id);
      throw new AppError('OPERATOR_TWO_FACTOR_REQUIRED');
    }
    try {
      secondFactor = await twoFactor.checkSecondFactor(ctx, account.id, body.code);
    } catch (error) {
      // The account's code tries are locked: no code was checked, so the login attempt goes back.
      await releaseLoginAttempt(ctx, attempt);
      throw error;
    }
    if (!secondFactor) {
      await refused('TWO_FACTOR_CODE_INVALID', account.id);
      const failure = await failLoginAttempt(ctx, brand, attempt);
      throw new AppError('TWO_FACTOR_CODE_INVALID', failure.captcha ? { value: { captcha: true } } : {});
    }
  }
  await releaseLoginAttempt(ctx, attempt);

  const now = ctx.now();
  const token = await ctx.db.transaction().execute(async (trx) => {
    const issued = await issueSession(ctx, trx, {
      memberId: account.id,
      area: 'admin',
      ip: meta.ip,
      userAgent: meta.userAgent?.slice(0, 500) ?? null,
    });
    await recordOperatorLogin(trx, account.id, meta.ip, now);
    await audit(trx, meta, {
      event: 'admin.login',
      success: true,
      memberId: account.id,
      username: account.username,
      detail: { area: 'admin', ...(secondFactor ? { secondFactor } : {}) },
      operator: true,
    });
    return issued;
  });
  await reset(ctx.db, keys.lock.key);
  await reset(ctx.db, keys.count.key);
  return {
    token,
    username: account.username,
    permissions: account.permissions ?? [],
    twoFactor: { enabled: twoFactorOn, required: brand.operatorTwoFactorRequired },
    mustEnrol: brand.operatorTwoFactorRequired && !twoFactorOn,
    mustChangePassword: account.password_must_change,
  };
}
