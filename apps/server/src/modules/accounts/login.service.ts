import { randomBytes } from 'node:crypto';
import type { LoginVerificationMethod, LoginVerificationSentValue } from '@gamehall/shared/api/session';
import { TRIAL_ACCOUNT_TYPE } from '@gamehall/shared/constants';
import type { ErrorCode } from '@gamehall/shared/errors';
import type { AppContext } from '../../context';
import type { Conn } from '../../db/database';
import { isAgentType, OPERATOR_ACCOUNT_TYPE, type Principal } from '../../http/auth';
import { AppError } from '../../http/errors';
import type { RequestMeta } from '../../http/request-meta';
import { audit } from '../audit/audit.service';
import { type Brand, getBrand, switchOn } from '../brand/brand.service';
import { sendTextMessage } from '../messages/messages.service';
import { hit, lockedUntil, release, reserve, reset, spend, UNLIMITED } from '../throttle/throttle.service';
import type { SessionArea } from './accounts.tables';
import { verifyChallenge } from './challenge.service';
import type { LoginOutcome } from './login.presenter';
import {
  countLoginVerificationAttempt,
  findLoginVerification,
  findMemberForLogin,
  findMemberForLoginById,
  insertLoginVerification,
  insertTrialMember,
  knownIpState,
  type LoginMember,
  type LoginVerificationRow,
  markLoggedIn,
  markLoginVerificationUsed,
  recordLoginIp,
  setFirstLogin,
  setLoginVerificationCode,
} from './login.queries';
import {
  beginLoginAttempt,
  countOperatorFailure,
  failLoginAttempt,
  type LoginAttempt,
  type LoginAttemptKeys,
  releaseLoginAttempt,
} from './login-attempts';
import { maskEmail } from './masking';
import { recordDevice } from './member-devices.service';
import { burnPasswordCheck, hashPassword, verifyPassword } from './passwords';
import { endSession, issueSession } from './sessions.service';
import {
  consumeSmsCode,
  defaultDialingCode,
  keyedHash,
  maskPhone,
  memberByMobile,
  parseMobile,
  randomDigits,
  refusalsAudited,
  sameHash,
  writeSms,
} from './sms.service';
import { checkSecondFactor } from './two-factor.service';

// Throttles of the login (api-conventions: counters that protect accounts live in the database, so
// every node shares them).
const FAILURE_WINDOW_SECONDS = 15 * 60;
/** At most ten passwords of one account are checked per window; the 10th failure locks it for 15 minutes. */
const ACCOUNT_FAILURE_LIMIT = { max: 10, windowSeconds: FAILURE_WINDOW_SECONDS, lockSeconds: 15 * 60 } as const;
/** Failures per address only count, towards the captcha. */
const IP_FAILURE_COUNT = { max: UNLIMITED, windowSeconds: FAILURE_WINDOW_SECONDS } as const;
const VERIFICATION_TTL_MS = 10 * 60_000;
const VERIFICATION_MAX_ATTEMPTS = 5;
/**
 * Bank holder names a member's new-address verifications may get wrong, across all of them: a name
 * is guessable, and each login opens a fresh verification. The fifth wrong name locks the method
 * for the member for a day (RATE_LIMITED with retryAfterSeconds); the codes sent by SMS or email and
 * the authenticator still work. A right name clears the count.
 */
const BANK_NAME_TRIES = { max: 5, windowSeconds: 24 * 3600, lockSeconds: 24 * 3600 } as const;
const bankNameKey = (memberId: number) => `login:bank-name:${memberId}`;

/** A holder name as compared: compatibility forms, case, and runs of spaces folded, ends trimmed. */
function foldHolderName(name: string): string {
  return name.normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase();
}
const FREEPLAY_PER_IP = { max: 5, windowSeconds: 3600 } as const;

export type LoginInput = {
  username: string;
  password: string;
  captcha?: string | undefined;
  type: 'username' | 'sms';
  challenge?: string | undefined;
  countryDialingCode?: string | undefined;
  area: 'member' | 'agent';
};

/** spec §4 Login: challenge, captcha when due, credentials, role rules, new-IP verification, session. */
export async function login(ctx: AppContext, meta: RequestMeta, input: LoginInput): Promise<LoginOutcome> {
  const now = ctx.now();
  const brand = await getBrand(ctx.db);
  await hit(ctx.db, `login:ip:${meta.ip}`, { max: ctx.config.loginLimitPerIp, windowSeconds: 5 * 60 }, now);
  if (input.type === 'sms' && !switchOn(brand, 'MOBILEVERCODELOGIN3')) throw new AppError('FEATURE_DISABLED');

  // For an SMS login the username carries the mobile number and the password the code (spec §3).
  const mobile =
    input.type === 'sms'
      ? parseMobile(input.countryDialingCode?.trim() || (await defaultDialingCode(ctx.db)), input.username)
      : undefined;
  const keys: LoginAttemptKeys = {
    audience: input.area,
    lock: {
      key: accountLockKey(mobile ? mobile.phone : input.username),
      limit: ACCOUNT_FAILURE_LIMIT,
    },
    count: { key: `login:fail:ip:${meta.ip}`, limit: IP_FAILURE_COUNT },
  };
  if (input.type === 'username') await verifyChallenge(ctx, ctx.db, input.challenge);
  const attempt = await beginLoginAttempt(ctx, meta, brand, keys, input.captcha);

  let member: LoginMember | undefined;
  if (mobile) {
    try {
      await consumeSmsCode(ctx, ctx.db, {
        purpose: 'noLogin',
        countryDialingCode: mobile.countryDialingCode,
        mobileNum: mobile.mobileNum,
        code: input.password,
      });
    } catch (error) {
      if (error instanceof AppError) await loginFailed(ctx, meta, brand, attempt, input, error.code);
      throw error;
    }
    const holder = await memberByMobile(ctx.db, mobile);
    member = holder ? await findMemberForLoginById(ctx.db, holder.id) : undefined;
    if (!member) await loginFailed(ctx, meta, brand, attempt, input, 'ACCOUNT_PASSWORD_INVALID');
  } else {
    member = await findMemberForLogin(ctx.db, input.username);
    // The same answer, in the same time, whether or not the username exists.
    const passwordOk = member
      ? await verifyPassword(member.password_hash, input.password)
      : await burnPasswordCheck(input.password).then(() => false);
    // An operator never signs in here, and the answer must not tell whether the operator's
    // password was right. Right or wrong, it is refused as a wrong password, and counted against the
    // operator's own username lock too.
    if (member?.type === OPERATOR_ACCOUNT_TYPE) {
      await countOperatorFailure(ctx, member.username);
      await loginFailed(ctx, meta, brand, attempt, input, 'ACCOUNT_PASSWORD_INVALID', member.id);
    }
    if (!passwordOk) await loginFailed(ctx, meta, brand, attempt, input, 'ACCOUNT_PASSWORD_INVALID', member?.id);
  }
  if (!member) throw new AppError('ACCOUNT_PASSWORD_INVALID');
  // The password was right: whatever is refused next (role, new address) is no failed guess.
  await releaseLoginAttempt(ctx, attempt);

  await assertMayEnter(ctx, meta, member, input.area, { type: input.type });

  const passwordExpired =
    switchOn(brand, 'PWDEXPFORCECHANGE3') &&
    now.getTime() - new Date(member.password_changed_at).getTime() > brand.passwordExpiryDays * 86_400_000;
  // spec §4: the default password or an expired one forces a change, except after an SMS login; so
  // does an operator's request until the member has set a password after it.
  const forceChangePassword =
    input.type !== 'sms' && (input.password === brand.defaultPassword || passwordExpired || changeRequired(member));
  const area: SessionArea = input.area === 'agent' ? 'agent' : 'member';

  let unverifiedNewIp = false;
  // spec §4: a login from an IP the member never used needs a second factor. An SMS login has just
  // proved the phone, and a member with no history (first login) has nothing to compare against.
  if (brand.newIpVerification && input.type === 'username') {
    const ips = await knownIpState(ctx.db, member.id, meta.ip);
    if (ips.total > 0 && !ips.known) {
      const methods = verificationMethodsOf(member);
      if (methods.length > 0) {
        const verificationId = randomBytes(24).toString('base64url');
        await ctx.db.transaction().execute(async (trx) => {
          await insertLoginVerification(trx, {
            id: verificationId,
            memberId: member.id,
            ip: meta.ip,
            area,
            loginType: input.type,
            passwordExpired,
            mustChangePassword: forceChangePassword,
            expiresAt: new Date(now.getTime() + VERIFICATION_TTL_MS),
            now,
          });
          await audit(trx, meta, {
            event: 'login.verification',
            success: false,
            memberId: member.id,
            username: member.username,
            detail: { step: 'required', methods },
          });
        });
        throw new AppError('LOGIN_VERIFICATION_REQUIRED', { value: { verificationId, methods } });
      }
      // Nothing to verify with: let the member in, but leave a trace for the back office.
      unverifiedNewIp = true;
    }
  }

  return ctx.db.transaction().execute(async (trx) => {
    const token = await startSession(ctx, trx, meta, member, {
      area,
      event: 'login',
      detail: { type: input.type, area, ...(unverifiedNewIp ? { newIpUnverified: true } : {}) },
    });
    await reset(trx, keys.lock.key);
    await reset(trx, keys.count.key);
    return { token, member, passwordExpired, forceChangePassword };
  });
}

/**
 * spec §4 forgot password by phone: the reset has just spent an SMS code sent to the member's number,
 * the proof an SMS login gives, so it signs the member in with that login's rules (no new-IP
 * verification, no captcha, no forced change: the password was just chosen). Runs in the reset's
 * transaction. Undefined for an account that may not enter the member site (the reset still stands;
 * the client sends the member to the login form).
 */
export async function sessionAfterPhoneReset(
  ctx: AppContext,
  trx: Conn,
  meta: RequestMeta,
  memberId: number,
): Promise<LoginOutcome | undefined> {
  const member = await findMemberForLoginById(trx, memberId);
  if (!member || member.type === OPERATOR_ACCOUNT_TYPE || member.status !== 'active') return undefined;
  const token = await startSession(ctx, trx, meta, member, {
    area: 'member',
    event: 'login',
    detail: { type: 'passwordReset', area: 'member' },
  });
  await reset(trx, accountLockKey(member.username));
  return { token, member, passwordExpired: false, forceChangePassword: false };
}

/** The failed-password counter of one account (its username, or the mobile of an SMS login). */
function accountLockKey(usernameOrPhone: string): string {
  return `login:fail:account:${usernameOrPhone.toLowerCase()}`;
}

/** Back office: until when wrong passwords keep the account out; null when they do not. */
export function loginLockedUntil(ctx: AppContext, username: string): Promise<Date | null> {
  return lockedUntil(ctx.db, accountLockKey(username), ctx.now());
}

/** Back office: an operator's unlock also ends the lockout after wrong passwords. */
export function clearLoginLockout(ctx: AppContext, username: string): Promise<void> {
  return reset(ctx.db, accountLockKey(username));
}

function changeRequired(member: LoginMember): boolean {
  const at = member.password_change_required_at;
  return at !== null && new Date(at).getTime() > new Date(member.password_changed_at).getTime();
}

/**
 * A failed login keeps the slots its attempt reserved on the account and the IP; audits it and
 * throws. Once either count reaches the brand's captchaAfterFailures the failure carries
 * { captcha: true } (spec §4), and the 10th failure for one account locks it.
 */
async function loginFailed(
  ctx: AppContext,
  meta: RequestMeta,
  brand: Brand,
  attempt: LoginAttempt,
  input: LoginInput,
  code: ErrorCode,
  memberId?: number,
): Promise<never> {
  await audit(ctx.db, meta, {
    event: 'login',
    success: false,
    memberId: memberId ?? null,
    username: input.username.slice(0, 100),
    detail: { type: input.type, area: input.area, reason: code },
  });
  const failure = await failLoginAttempt(ctx, brand, attempt);
  if (failure.lockedForSeconds !== undefined)
    throw new AppError('RATE_LIMITED', { value: { retryAfterSeconds: failure.lockedForSeconds } });
  throw new AppError(code, failure.captcha ? { value: { captcha: true } } : {});
}

/** spec §6: only members log in to the member site, only agents to the agent area; disabled accounts never. */
async function assertMayEnter(
  ctx: AppContext,
  meta: RequestMeta,
  member: LoginMember,
  area: 'member' | 'agent',
  detail: Record<string, unknown>,
) {
  const refusal: ErrorCode | undefined =
    member.type === OPERATOR_ACCOUNT_TYPE
      ? 'ACCOUNT_NOT_MEMBER'
      : area === 'agent' && !isAgentType(member.type)
        ? 'ACCOUNT_NOT_AGENT'
        : member.status !== 'active'
          ? 'ACCOUNT_DISABLED'
          : undefined;
  if (!refusal) return;
  await audit(ctx.db, meta, {
    event: 'login',
    success: false,
    memberId: member.id,
    username: member.username,
    detail: { ...detail, area, reason: refusal },
  });
  throw new AppError(refusal);
}

/** Issues the session and records the login: IP, last login, audit. Runs in the caller's transaction. */
async function startSession(
  ctx: AppContext,
  trx: Conn,
  meta: RequestMeta,
  member: Pick<LoginMember, 'id' | 'username'>,
  o: { area: SessionArea; event: 'login' | 'login.verification' | 'freeplay'; detail: Record<string, unknown> },
): Promise<string> {
  const now = ctx.now();
  const token = await issueSession(ctx, trx, {
    memberId: member.id,
    area: o.area,
    ip: meta.ip,
    userAgent: meta.userAgent?.slice(0, 500) ?? null,
  });
  await recordLoginIp(trx, member.id, meta.ip, now);
  await recordDevice(trx, meta, member.id, now);
  await markLoggedIn(trx, member.id, meta.ip, now);
  await audit(trx, meta, {
    event: o.event,
    success: true,
    memberId: member.id,
    username: member.username,
    detail: o.detail,
  });
  return token;
}

export function verificationMethodsOf(
  member: Pick<LoginMember, 'mobile_num' | 'country_dialing_code' | 'email' | 'payee_name' | 'totp_enabled'>,
): LoginVerificationMethod[] {
  const methods: LoginVerificationMethod[] = [];
  if (member.mobile_num && member.country_dialing_code) methods.push('SMS');
  if (member.email) methods.push('EMAIL');
  if (member.payee_name?.trim()) methods.push('BANK');
  // spec §4 "Google code": offered only to members with an authenticator switched on.
  if (member.totp_enabled) methods.push('TOTP');
  return methods;
}

/** An open verification of this client: unknown, used, expired, out of tries or from another IP all read as expired. */
async function openVerification(ctx: AppContext, meta: RequestMeta, verificationId: string) {
  const v = await findLoginVerification(ctx.db, verificationId);
  if (
    !v ||
    v.used_at ||
    new Date(v.expires_at) <= ctx.now() ||
    v.attempts >= VERIFICATION_MAX_ATTEMPTS ||
    v.ip !== meta.ip
  )
    throw new AppError('LOGIN_VERIFICATION_EXPIRED');
  const member = await findMemberForLoginById(ctx.db, v.member_id);
  if (!member) throw new AppError('LOGIN_VERIFICATION_EXPIRED');
  return { v, member };
}

function assertMethod(member: LoginMember, method: LoginVerificationMethod) {
  if (!verificationMethodsOf(member).includes(method)) throw new AppError('LOGIN_VERIFICATION_METHOD_UNAVAILABLE');
}

function codeLabel(v: Pick<LoginVerificationRow, 'id'>, method: string) {
  return `login-verification:${v.id}:${method}`;
}

/** Sends a 6-digit code to the member's mobile or email for a pending new-IP verification. */
export async function sendLoginVerificationCode(
  ctx: AppContext,
  meta: RequestMeta,
  input: { verificationId: string; method: 'SMS' | 'EMAIL' },
): Promise<LoginVerificationSentValue> {
  const now = ctx.now();
  const { v, member } = await openVerification(ctx, meta, input.verificationId);
  assertMethod(member, input.method);
  await hit(ctx.db, `login-verification:send-burst:${v.id}`, { max: 1, windowSeconds: 1 }, now);
  await hit(ctx.db, `login-verification:send:${v.id}`, { max: 5, windowSeconds: VERIFICATION_TTL_MS / 1000 }, now);
  const brand = await getBrand(ctx.db);
  const code = randomDigits(6);
  const minutes = Math.max(1, Math.ceil((new Date(v.expires_at).getTime() - now.getTime()) / 60_000));
  const text = `${brand.siteName}: your login verification code is ${code}. It expires in ${minutes} minutes.`;
  const phone = input.method === 'SMS' ? parseMobile(member.country_dialing_code, member.mobile_num).phone : '';
  const email = member.email ?? '';
  const who = {
    memberId: member.id,
    username: member.username,
    detail: { purpose: 'loginVerification', phone: maskPhone(phone) },
  };
  await refusalsAudited(ctx, meta, who, () =>
    ctx.db.transaction().execute(async (trx) => {
      await setLoginVerificationCode(trx, v.id, input.method, keyedHash(ctx, codeLabel(v, input.method), code));
      if (input.method === 'SMS') await writeSms(ctx, trx, 'code', { to: phone, text, code });
      else await ctx.messenger.mail(trx, { to: email, subject: `${brand.siteName} login verification`, text, code });
      await audit(trx, meta, {
        event: 'login.verification',
        success: true,
        memberId: member.id,
        username: member.username,
        detail: { step: 'send', method: input.method },
      });
    }),
  );
  return { expiredMinutes: minutes, destination: input.method === 'SMS' ? maskPhone(phone) : maskEmail(email) };
}

/** Answers a pending new-IP verification; on success the IP becomes known and the login completes. */
export async function completeLoginVerification(
  ctx: AppContext,
  meta: RequestMeta,
  input: { verificationId: string; method: LoginVerificationMethod; code: string },
): Promise<LoginOutcome> {
  const now = ctx.now();
  const { v, member } = await openVerification(ctx, meta, input.verificationId);
  assertMethod(member, input.method);
  // A holder name's slot in the member's count is taken before the name is compared, so answers
  // in parallel never compare more names than the count allows; a wrong one keeps it.
  const bankSlot =
    input.method === 'BANK' ? await reserve(ctx.db, bankNameKey(member.id), BANK_NAME_TRIES, now) : undefined;
  let proof: string | null;
  try {
    // The try is counted before the answer is looked at, atomically, on the root handle: a wrong
    // answer must stay counted.
    if (!(await countLoginVerificationAttempt(ctx.db, v.id, VERIFICATION_MAX_ATTEMPTS, now)))
      throw new AppError('LOGIN_VERIFICATION_EXPIRED');
    // What proved it: the method, or RECOVERY when a recovery code stood in for the authenticator.
    proof = await proofOf(ctx, v, member, input.method, input.code);
  } catch (error) {
    if (bankSlot) await release(ctx.db, bankSlot);
    throw error;
  }
  if (bankSlot) {
    if (proof) await reset(ctx.db, bankSlot.key);
    else await spend(ctx.db, bankSlot, BANK_NAME_TRIES, now);
  }
  if (!proof) {
    await audit(ctx.db, meta, {
      event: 'login.verification',
      success: false,
      memberId: member.id,
      username: member.username,
      detail: { step: 'answer', method: input.method },
    });
    throw new AppError('LOGIN_VERIFICATION_INVALID');
  }
  const area: 'member' | 'agent' = v.area === 'agent' ? 'agent' : 'member';
  // The account may have been disabled since the password was checked.
  await assertMayEnter(ctx, meta, member, area, { type: v.login_type, step: 'verification' });
  return ctx.db.transaction().execute(async (trx) => {
    if (!(await markLoginVerificationUsed(trx, v.id, now))) throw new AppError('LOGIN_VERIFICATION_EXPIRED');
    const token = await startSession(ctx, trx, meta, member, {
      area,
      event: 'login.verification',
      detail: { step: 'answer', method: proof, area },
    });
    await reset(trx, accountLockKey(member.username));
    return { token, member, passwordExpired: v.password_expired, forceChangePassword: v.must_change_password };
  });
}

async function proofOf(
  ctx: AppContext,
  v: LoginVerificationRow,
  member: LoginMember,
  method: LoginVerificationMethod,
  answer: string,
): Promise<string | null> {
  switch (method) {
    case 'SMS':
    case 'EMAIL':
      return v.code_method === method &&
        v.code_hash !== null &&
        sameHash(keyedHash(ctx, codeLabel(v, method), answer.trim()), v.code_hash)
        ? method
        : null;
    case 'BANK': {
      // The bank account holder name, without regard to case, repeated spaces or spaces at the ends
      // (the spaces between the words count: "Juan Dela Cruz" is not "JuanDela Cruz").
      const expected = foldHolderName(member.payee_name ?? '');
      return expected.length > 0 &&
        sameHash(keyedHash(ctx, 'bank', foldHolderName(answer)), keyedHash(ctx, 'bank', expected))
        ? method
        : null;
    }
    case 'TOTP':
      // The authenticator code (each accepted once) or a recovery code, throttled per member.
      return member.totp_enabled ? checkSecondFactor(ctx, member.id, answer) : null;
  }
}

/** DELETE /wps/session/logout: the token stops working at once. */
export async function logout(ctx: AppContext, meta: RequestMeta, principal: Principal): Promise<void> {
  await endSession(ctx, principal.sessionId);
  await audit(ctx.db, meta, {
    event: 'logout',
    success: true,
    memberId: principal.memberId,
    username: principal.username,
  });
}

/** spec §4 Guest and trial: with FREEPLAY3 on, a fresh trial account (type 4), logged in. */
export async function freeplay(ctx: AppContext, meta: RequestMeta): Promise<LoginOutcome> {
  const brand = await getBrand(ctx.db);
  if (!switchOn(brand, 'FREEPLAY3')) throw new AppError('FEATURE_DISABLED');
  const now = ctx.now();
  await hit(ctx.db, `freeplay:ip:${meta.ip}`, FREEPLAY_PER_IP, now);
  // Nobody ever learns this password: a trial account is entered only through this call.
  const passwordHash = await hashPassword(randomBytes(32).toString('base64url'));
  return ctx.db.transaction().execute(async (trx) => {
    const username = `try${randomBytes(6).toString('hex')}`;
    const id = await insertTrialMember(trx, {
      username,
      passwordHash,
      type: TRIAL_ACCOUNT_TYPE,
      referralCode: randomBytes(5).toString('hex').toUpperCase(),
      ip: meta.ip,
      now,
    });
    const token = await startSession(
      ctx,
      trx,
      meta,
      { id, username },
      { area: 'member', event: 'freeplay', detail: {} },
    );
    return {
      token,
      member: { type: TRIAL_ACCOUNT_TYPE, first_login_at: null },
      passwordExpired: false,
      forceChangePassword: false,
    };
  });
}

/** spec §4: the client calls this after a login that reported firstTimeLogin; idempotent. */
export async function firstLogin(ctx: AppContext, principal: Principal): Promise<{ firstTimeLogin: false }> {
  const brand = await getBrand(ctx.db);
  const now = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await setFirstLogin(trx, principal.memberId, now))) return;
    await sendTextMessage(trx, {
      memberId: principal.memberId,
      title: `Welcome to ${brand.siteName}`,
      content: `Welcome to ${brand.siteName}, ${principal.username}! Your account is ready. Visit the member centre to make a deposit and start playing.`,
      now,
    });
  });
  return { firstTimeLogin: false };
}
