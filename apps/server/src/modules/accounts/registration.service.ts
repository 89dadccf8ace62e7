import { randomBytes, randomInt } from 'node:crypto';
import {
  type AffiliateCheckBody,
  REGISTRATION_RULE_FIELDS,
  type RegisterBody,
  type RegistrationRuleField,
} from '@gamehall/shared/api/registration';
import { parsePatternDate } from '@gamehall/shared/patterns';
import type { AppContext } from '../../context';
import type { Conn, Trx } from '../../db/database';
import { isAgentType, isTrialType, OPERATOR_ACCOUNT_TYPE } from '../../http/auth';
import { AppError, fieldErrors } from '../../http/errors';
import type { RequestMeta } from '../../http/request-meta';
import { audit } from '../audit/audit.service';
import { type Brand, getBrand, switchOn } from '../brand/brand.service';
import { hit } from '../throttle/throttle.service';
import { checkCaptcha } from './captcha.service';
import { verifyChallenge } from './challenge.service';
import type { LoginOutcome } from './login.presenter';
import { recordLoginIp } from './login.queries';
import { recordDevice } from './member-devices.service';
import { hashPassword } from './passwords';
import {
  findAffiliateCode,
  findMemberById,
  findMemberByReferralCode,
  insertMember,
  insertRegistrationAcceptance,
  listFieldRules,
  usernameExists,
} from './registration.queries';
import { checkFields, effectiveRules, type FieldReason, type RuleSet } from './registration-rules';
import { issueSession } from './sessions.service';
import { checkMobile, consumeSmsCode, defaultDialingCode, type Mobile, memberByMobile } from './sms.service';

// Attempts are counted before any work so a flood is cheap to refuse; accounts made are counted in
// the registering transaction, so only real sign-ups use up the hourly allowance of an address.
const REGISTRATION_WINDOW_SECONDS = 3600;

export async function loadRuleSet(db: Conn): Promise<RuleSet> {
  const rows = await listFieldRules(db);
  return new Map(
    rows.map((r) => [
      r.field,
      {
        enabled: r.enabled,
        required: r.required,
        minLength: r.min_length,
        maxLength: r.max_length,
        patternId: r.pattern_id,
        acceptedPattern: r.accepted_pattern,
      },
    ]),
  );
}

export function fieldRules(ctx: AppContext) {
  return listFieldRules(ctx.db);
}

function hostOf(url: string | null | undefined): string | undefined {
  if (!url) return undefined;
  try {
    return new URL(url).hostname;
  } catch {
    return undefined;
  }
}

/** The domain a sign-up comes from: what the client says, else its page URL, else the Host header. */
function domainOf(meta: RequestMeta, domain: string | null | undefined, url: string | null | undefined) {
  const given = domain?.trim().toLowerCase();
  return (given || hostOf(url) || meta.hostname || '').toLowerCase();
}

/**
 * An active affiliate code of an active agent. A code bound to a domain is valid only on that
 * domain. Throws AFFILIATE_CODE_INVALID.
 */
async function affiliateAgent(db: Conn, code: string, domain: string) {
  const row = await findAffiliateCode(db, code);
  if (row?.status !== 'active' || !isAgentType(row.type)) throw new AppError('AFFILIATE_CODE_INVALID');
  if (row.domain && row.domain.toLowerCase() !== domain) throw new AppError('AFFILIATE_CODE_INVALID');
  return { agentId: row.agentId, agent: row.nickname || row.username, code: row.code };
}

/** POST /wps/agent/affiliate (spec §4 "check affiliate code if shown"). */
export async function checkAffiliate(ctx: AppContext, meta: RequestMeta, body: AffiliateCheckBody) {
  const { agent } = await affiliateAgent(ctx.db, body.code.trim(), domainOf(meta, body.domain, body.url));
  return { valid: true as const, agent };
}

// A member who can invite: active, a real member or agent (not trial, not a back-office operator).
function canRefer<T extends { type: number; status: string }>(m: T | undefined): m is T {
  return m !== undefined && m.status === 'active' && !isTrialType(m.type) && m.type !== OPERATOR_ACCOUNT_TYPE;
}

const REFERRAL_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
function newReferralCode(): string {
  let code = '';
  for (let i = 0; i < 8; i++) code += REFERRAL_ALPHABET[randomInt(REFERRAL_ALPHABET.length)];
  return code;
}

export function ageOn(birthday: string, now: Date): number {
  const [y, m, d] = birthday.split('-').map(Number) as [number, number, number];
  let age = now.getUTCFullYear() - y;
  const month = now.getUTCMonth() + 1;
  if (month < m || (month === m && now.getUTCDate() < d)) age--;
  return age;
}

function languageOf(meta: RequestMeta, brand: Brand): string {
  const wanted = meta.language?.trim().toUpperCase() ?? '';
  const supported = brand.supportedLanguages.map((l) => l.toUpperCase());
  return supported.includes(wanted) ? wanted : brand.defaultLanguage.toUpperCase();
}

/** The constraint a unique violation (23505) names ('' when it names none); undefined for any other error. */
export function uniqueConstraint(error: unknown): string | undefined {
  const e = error as { code?: unknown; constraint?: unknown } | null;
  if (!e || typeof e !== 'object' || e.code !== '23505') return undefined;
  return typeof e.constraint === 'string' ? e.constraint : '';
}

export type MemberValues = Partial<Record<RegistrationRuleField, string>>;

// Everything but the secrets is trimmed; an empty value counts as not given.
const SECRET_FIELDS = new Set<string>(['password', 'confirmPassword', 'paymentPassword']);
/** The sign-up fields of a body (a visitor's or the register centre's), cleaned. */
export function cleanValues(body: { [F in RegistrationRuleField]?: unknown }): MemberValues {
  const out: MemberValues = {};
  for (const field of REGISTRATION_RULE_FIELDS) {
    const raw = body[field];
    if (raw === null || raw === undefined) continue;
    const text = SECRET_FIELDS.has(field) ? String(raw) : String(raw).trim();
    if (text !== '') out[field] = text;
  }
  return out;
}

/**
 * Holds the values to the rules (spec §5) with the checks every new account shares: a birthday in
 * the pattern, never the brand's default password (spec §4: it is the one that forces a change),
 * the password confirmed, and the birthday check age (21, never below the minimum age). `more`
 * adds the caller's own failures before they are reported together. Returns the birthday.
 */
export function checkNewMember(
  values: MemberValues,
  rules: ReturnType<typeof effectiveRules>,
  brand: Brand,
  now: Date,
  o: { passwordApplies: boolean; more?: (failures: Record<string, FieldReason>) => void },
): string | null {
  const failures: Record<string, FieldReason> = checkFields(values, rules);
  o.more?.(failures);
  const birthday = values.birthday ? parsePatternDate(values.birthday) : null;
  if (values.birthday && !birthday) failures.birthday ??= 'PATTERN';
  if (values.password && values.password === brand.defaultPassword) failures.password ??= 'NOT_ALLOWED';
  const mismatch = o.passwordApplies && values.password !== undefined && values.confirmPassword !== values.password;
  if (Object.keys(failures).length > 0) {
    if (mismatch && !failures.confirmPassword) failures.confirmPassword = 'MISMATCH';
    throw fieldErrors(failures);
  }
  if (mismatch) throw new AppError('PASSWORD_CONFIRM_MISMATCH', { value: { fields: { confirmPassword: 'MISMATCH' } } });
  if (birthday && ageOn(birthday, now) < Math.max(brand.minAge, brand.birthdayCheckAge))
    throw new AppError('ACCOUNT_AGE_RESTRICTED');
  return birthday;
}

/**
 * The new account's mobile number (checked against the brand's countries; without a dialing code,
 * the brand's first country's) and username, both still free. Returns the mobile, if one is given.
 */
export async function checkIdentity(
  db: Conn,
  values: MemberValues,
  countryDialingCode: string | null | undefined,
): Promise<Mobile | undefined> {
  let mobile: Mobile | undefined;
  if (values.mobileNum) {
    mobile = await checkMobile(db, countryDialingCode?.trim() || (await defaultDialingCode(db)), values.mobileNum);
    if (await memberByMobile(db, mobile)) throw new AppError('ACCOUNT_MOBILE_TAKEN');
  }
  if (values.username && (await usernameExists(db, values.username))) throw new AppError('ACCOUNT_USERNAME_TAKEN');
  return mobile;
}

export type MemberFields = {
  username: string;
  nickname?: string | null;
  values: MemberValues;
  mobile: Mobile | undefined;
  birthday: string | null;
  passwordHash: string;
  paymentPasswordHash: string | null;
  language: string;
  registerIp: string;
  registerDomain?: string | null;
  registerUrl?: string | null;
  registerMethod: string;
  now: Date;
};

/**
 * Inserts a member account (type 0) with a fresh referral code, in the caller's transaction: a
 * visitor's sign-up (`signedIn`: they are logged in at once, so it is their last login) or an agent's
 * register centre (upline the agent, no login yet). A referral code that collides is a unique
 * violation the caller retries.
 */
export function createMember(
  trx: Trx,
  f: MemberFields,
  placement: {
    uplineId: number | null;
    referrerId?: number | null;
    /** The affiliate code of the agent's link the member registered by (its stored case). */
    affiliateCode?: string | null;
    signedIn: boolean;
  },
) {
  const v = f.values;
  return insertMember(trx, {
    username: f.username,
    nickname: f.nickname ?? null,
    passwordHash: f.passwordHash,
    email: v.email ?? null,
    mobileNum: f.mobile?.mobileNum ?? null,
    countryDialingCode: f.mobile?.countryDialingCode ?? null,
    payeeName: v.payeeName ?? null,
    qqNum: v.qqNum ?? null,
    line: v.line ?? null,
    whatsapp: v.whatsapp ?? null,
    facebook: v.facebook ?? null,
    wechat: v.wechat ?? null,
    telegram: v.telegram ?? null,
    zalo: v.zalo ?? null,
    idNumber: v.idNumber ?? null,
    birthday: f.birthday,
    address: v.address ?? null,
    nationality: v.nationality ?? null,
    occupation: v.occupation ?? null,
    sourceOfIncome: v.sourceOfIncome ?? null,
    placeOfBirth: v.placeOfBirth ?? null,
    fullName: v.fullName ?? null,
    paymentPasswordHash: f.paymentPasswordHash,
    referralCode: newReferralCode(),
    referrerId: placement.referrerId ?? null,
    uplineId: placement.uplineId,
    affiliateCode: placement.affiliateCode ?? null,
    language: f.language,
    registerIp: f.registerIp,
    registerDomain: f.registerDomain ?? null,
    registerUrl: f.registerUrl ?? null,
    registerMethod: f.registerMethod,
    lastLogin: placement.signedIn ? { at: f.now, ip: f.registerIp } : null,
    now: f.now,
  });
}

/**
 * PUT /wps/member/register ('username') and /wps/member/register/mobile ('mobile'), spec §3-§5.
 * Every field is held to its rule; codes, referrers and age are checked; then one transaction
 * spends the SMS code, creates the member, logs them in and audits it. A refused registration
 * leaves no member, session or spent code behind.
 */
export async function register(ctx: AppContext, meta: RequestMeta, kind: 'username' | 'mobile', body: RegisterBody) {
  const brand = await getBrand(ctx.db);
  if (!switchOn(brand, kind === 'username' ? 'USERNAMEREG3' : 'MOBILENUMREG3')) throw new AppError('FEATURE_DISABLED');

  const values = cleanValues(body);
  const passwordApplies = kind === 'username' || switchOn(brand, 'MOBILENUMPASSREG3');
  const smsApplies = switchOn(brand, 'REGMOBVERF3') && (kind === 'mobile' || values.mobileNum !== undefined);
  const rules = effectiveRules(await loadRuleSet(ctx.db), { kind, passwordApplies, smsApplies });

  const now = ctx.now();
  const birthday = checkNewMember(values, rules, brand, now, {
    passwordApplies,
    more: (failures) => {
      if (values.recommenderId && !failures.recommenderId && !/^\d{1,15}$/.test(values.recommenderId))
        failures.recommenderId = 'PATTERN';
    },
  });
  assertAccepted(body, brand);

  const perIp = ctx.config.registrationLimitPerIp;
  await hit(ctx.db, `register:attempt:${meta.ip}`, { max: 3 * perIp, windowSeconds: REGISTRATION_WINDOW_SECONDS }, now);
  await verifyChallenge(ctx, ctx.db, body.challenge ?? undefined);
  if (rules.captcha.enabled && (rules.captcha.required || values.captcha))
    await checkCaptcha(ctx, ctx.db, meta, values.captcha);

  const mobile = await checkIdentity(ctx.db, values, body.countryDialingCode);

  if (!values.username && !mobile) throw fieldErrors({ username: 'REQUIRED' });

  const domain = domainOf(meta, body.domain, body.registerUrl);
  const upline = values.affiliateCode ? await affiliateAgent(ctx.db, values.affiliateCode, domain) : undefined;
  let referrerId: number | null = null;
  if (values.referralCode) {
    const referrer = await findMemberByReferralCode(ctx.db, values.referralCode);
    if (!canRefer(referrer)) throw new AppError('REFERRAL_CODE_INVALID');
    referrerId = referrer.id;
  }
  if (values.recommenderId) {
    const recommender = await findMemberById(ctx.db, Number(values.recommenderId));
    if (!canRefer(recommender)) throw new AppError('REFERRAL_CODE_INVALID');
    referrerId ??= recommender.id;
  }

  // Without MOBILENUMPASSREG3 the member signs in by SMS code; the password is random and unknown.
  const passwordHash = await hashPassword(values.password ?? randomBytes(24).toString('base64url'));
  const paymentPasswordHash = values.paymentPassword ? await hashPassword(values.paymentPassword) : null;
  const member = {
    values,
    mobile,
    birthday,
    passwordHash,
    paymentPasswordHash,
    language: languageOf(meta, brand),
    registerIp: meta.ip,
    registerDomain: domain || null,
    registerUrl: body.registerUrl?.trim() || null,
    registerMethod: (body.registerMethod?.trim() || brand.registerMethod).toUpperCase(),
    now,
  };
  const uplineId = upline?.agentId ?? null;
  const userAgent = meta.userAgent;

  // A generated username or referral code may collide; the unique indexes decide and we draw again.
  // A username the visitor chose, or their mobile number, taken by a concurrent sign-up is a 409.
  for (let attempt = 0; ; attempt++) {
    const username = values.username ?? (await generatedUsername(ctx.db, mobile as Mobile, attempt > 0));
    try {
      return await ctx.db.transaction().execute(async (trx) => {
        if (smsApplies && mobile) {
          await consumeSmsCode(ctx, trx, {
            purpose: 'register',
            countryDialingCode: mobile.countryDialingCode,
            mobileNum: mobile.mobileNum,
            code: values.verificationCode,
          });
        }
        await hit(trx, `register:ip:${meta.ip}`, { max: perIp, windowSeconds: REGISTRATION_WINDOW_SECONDS }, now);
        const created = await createMember(
          trx,
          { ...member, username },
          { uplineId, referrerId, affiliateCode: upline?.code ?? null, signedIn: true },
        );
        await insertRegistrationAcceptance(trx, {
          memberId: created.id,
          minimumAge: brand.minAge,
          ip: meta.ip,
          now,
        });
        await recordLoginIp(trx, created.id, meta.ip, now);
        await recordDevice(trx, meta, created.id, now);
        const token = await issueSession(ctx, trx, { memberId: created.id, area: 'member', ip: meta.ip, userAgent });
        await audit(trx, meta, {
          event: 'register',
          success: true,
          memberId: created.id,
          username: created.username,
          detail: { method: kind, uplineId, referrerId },
        });
        // A new password is neither the default nor expired; first_login_at stays empty until the
        // client's first-login call (spec §4), so the member sees firstTimeLogin.
        const outcome: LoginOutcome = {
          token,
          member: { type: created.type, first_login_at: null },
          passwordExpired: false,
          forceChangePassword: false,
        };
        return outcome;
      });
    } catch (error) {
      const constraint = uniqueConstraint(error);
      if (constraint === undefined) throw error;
      if (constraint.includes('mobile')) throw new AppError('ACCOUNT_MOBILE_TAKEN');
      if (constraint.includes('username') && values.username) throw new AppError('ACCOUNT_USERNAME_TAKEN');
      if (attempt >= 4) throw error;
    }
  }
}

/**
 * A licensed site's sign-up: the visitor accepts the terms and the privacy policy and confirms the
 * brand's minimum age (spec §5, 18 unless configured; none asked at 0), each explicitly. Anything
 * missing refuses the registration with REGISTRATION_ACCEPTANCE_REQUIRED, naming what is missing.
 */
function assertAccepted(body: RegisterBody, brand: Brand): void {
  const missing: Record<string, 'REQUIRED'> = {};
  if (body.termsAccepted !== true) missing.termsAccepted = 'REQUIRED';
  if (body.privacyAccepted !== true) missing.privacyAccepted = 'REQUIRED';
  if (brand.minAge > 0 && body.ageConfirmed !== true) missing.ageConfirmed = 'REQUIRED';
  if (Object.keys(missing).length > 0)
    throw new AppError('REGISTRATION_ACCEPTANCE_REQUIRED', { value: { fields: missing, minAge: brand.minAge } });
}

/** spec §5 mobile sign-up without a username: one made from the number, with a suffix if taken. */
async function generatedUsername(db: Conn, mobile: Mobile, withSuffix: boolean): Promise<string> {
  const base = `m${mobile.countryDialingCode}${mobile.mobileNum}`;
  if (!withSuffix && !(await usernameExists(db, base))) return base;
  for (let i = 0; i < 20; i++) {
    const candidate = `${base}${randomInt(100, 1000)}`;
    if (!(await usernameExists(db, candidate))) return candidate;
  }
  return `${base}${randomBytes(4).toString('hex')}`;
}
