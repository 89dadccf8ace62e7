import type { AdminLoginBody } from '@gamehall/shared/api/admin';
import type { WhitelabelSwitch } from '@gamehall/shared/constants';
import type { FieldErrorReason } from '@gamehall/shared/errors';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { OPERATOR_ACCOUNT_TYPE } from '../../http/auth';
import { AppError, fieldErrors } from '../../http/errors';
import { verifyChallenge } from '../accounts/challenge.service';
import {
  beginLoginAttempt,
  failLoginAttempt,
  type LoginAttemptKeys,
  OPERATOR_USERNAME_FAILURES,
  operatorUsernameKey,
  releaseLoginAttempt,
} from '../accounts/login-attempts';
import { burnPasswordCheck, verifyPassword } from '../accounts/passwords';
import { issueSession } from '../accounts/sessions.service';
import { smsSentToday } from '../accounts/sms.service';
import { checkSecondFactor, twoFactorEnabled } from '../accounts/two-factor.service';
import { audit } from '../audit/audit.service';
import { type BrandSettings, BrandSettingsSchema, getBrand, setBrandSetting, setSwitch } from '../brand/brand.service';
import { reset } from '../throttle/throttle.service';
import {
  findAccountForAdminLogin,
  findSwitchForOperator,
  listSwitchesForOperator,
  recordOperatorLogin,
} from './admin.queries';

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
export async function adminLogin(ctx: AppContext, request: FastifyRequest, body: AdminLoginBody) {
  const brand = await getBrand(ctx.db);
  await verifyChallenge(ctx, ctx.db, body.challenge);
  const keys: LoginAttemptKeys = {
    lock: { key: `admin-login:${request.ip}`, limit: FAILURES },
    count: { key: operatorUsernameKey(body.username), limit: OPERATOR_USERNAME_FAILURES },
  };
  const attempt = await beginLoginAttempt(ctx, request, brand, keys, body.captcha);
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
    audit(ctx.db, request, {
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

  const twoFactorOn = await twoFactorEnabled(ctx, account.id);
  let secondFactor: 'TOTP' | 'RECOVERY' | null = null;
  if (twoFactorOn) {
    if (!body.code) {
      await releaseLoginAttempt(ctx, attempt);
      await refused('OPERATOR_TWO_FACTOR_REQUIRED', account.id);
      throw new AppError('OPERATOR_TWO_FACTOR_REQUIRED');
    }
    try {
      secondFactor = await checkSecondFactor(ctx, account.id, body.code);
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
      ip: request.ip,
      userAgent: typeof request.headers['user-agent'] === 'string' ? request.headers['user-agent'].slice(0, 500) : null,
    });
    await recordOperatorLogin(trx, account.id, request.ip, now);
    await audit(trx, request, {
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

/** Every brand setting with the value the site uses now, and the whitelabel switches. */
export async function brandConfiguration(ctx: AppContext) {
  const [brand, switches, smsSent] = await Promise.all([
    getBrand(ctx.db),
    listSwitchesForOperator(ctx.db),
    smsSentToday(ctx, ctx.db),
  ]);
  return { brand, switches, smsSentToday: smsSent };
}

function isBrandKey(key: string): key is keyof BrandSettings {
  return Object.hasOwn(BrandSettingsSchema.shape, key);
}

/**
 * Changes one brand setting; the value must have the type the brand schema gives the key. Without a
 * value the schema would store the key's default, so a missing value is refused, not a reset.
 */
export async function changeBrandSetting(ctx: AppContext, key: string, value: unknown) {
  if (!isBrandKey(key)) throw new AppError('NOT_FOUND');
  if (value === undefined) throw fieldErrors({ value: 'REQUIRED' });
  const parsed = (BrandSettingsSchema.shape[key] as z.ZodType).safeParse(value);
  if (!parsed.success) throw fieldErrors({ value: reasonOf(parsed.error.issues[0]) });
  const old = (await getBrand(ctx.db))[key];
  await setBrandSetting(ctx.db, key, parsed.data as BrandSettings[typeof key]);
  return { key, old, value: parsed.data };
}

/** Turns a whitelabel switch on or off; only switches the brand has rows for exist. */
export async function changeSwitch(ctx: AppContext, modId: string, enabled: boolean) {
  const row = await findSwitchForOperator(ctx.db, modId);
  if (!row) throw new AppError('NOT_FOUND');
  await setSwitch(ctx.db, row.mod_id as WhitelabelSwitch, enabled);
  return { row: { ...row, enabled }, old: row.enabled };
}

// The field reasons of api-conventions (REQUIRED, TOO_SHORT, ...) for a zod issue on a setting value.
function reasonOf(issue: z.core.$ZodIssue | undefined): FieldErrorReason {
  switch (issue?.code) {
    case 'too_small':
      return 'TOO_SHORT';
    case 'too_big':
      return 'TOO_LONG';
    case 'invalid_format':
      return 'PATTERN';
    default:
      return 'INVALID';
  }
}
