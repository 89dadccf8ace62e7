import { randomInt } from 'node:crypto';
import type { DownlineCreateBody, DownlinesQuery } from '@gamehall/shared/api/agents';
import type { RegistrationRuleField } from '@gamehall/shared/api/registration';
import { AGENT_ACCOUNT_TYPES, MEMBER_ACCOUNT_TYPE } from '@gamehall/shared/constants';
import { parsePatternDate } from '@gamehall/shared/patterns';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { isAgentType } from '../../http/auth';
import { AppError, fieldErrors } from '../../http/errors';
import { pageWindow } from '../../http/paging';
import { hashPassword } from '../accounts/passwords';
import { loadRuleSet } from '../accounts/registration.service';
import { checkFields, effectiveRules, type FieldReason } from '../accounts/registration-rules';
import { checkMobile, defaultDialingCode, type Mobile, memberByMobile } from '../accounts/sms.service';
import { audit } from '../audit/audit.service';
import { getBrand } from '../site/brand.service';
import * as stats from './agent-stats.queries';
import * as q from './downlines.queries';

// Downline management and the register centre (spec §2 "Agent centre menu", docs/agents.md).

/** The type a direct downline gets when its agent makes it a sub-agent (spec §3, docs/agents.md). */
export const SUB_AGENT_TYPE = 2;

/** GET /wps/agent/downlines. */
export async function list(ctx: AppContext, agentId: number, query: DownlinesQuery) {
  const brand = await getBrand(ctx.db);
  const [registeredFrom, registeredTo] = await Promise.all([
    query.from !== undefined ? stats.dayWindow(ctx.db, query.from, query.from, brand.timeZone) : undefined,
    query.to !== undefined ? stats.dayWindow(ctx.db, query.to, query.to, brand.timeZone) : undefined,
  ]);
  if (query.from !== undefined && query.to !== undefined && query.to < query.from) throw fieldErrors({ to: 'INVALID' });
  return q.downlinesPage(
    ctx.db,
    agentId,
    {
      scope: query.scope,
      q: query.q,
      status: query.status,
      isAgent: query.isAgent,
      agentTypes: AGENT_ACCOUNT_TYPES,
      registeredFrom: registeredFrom?.start,
      registeredTo: registeredTo?.end,
      currency: brand.currency,
    },
    { column: query.sort, order: query.order },
    pageWindow(query),
  );
}

/** One downline of the agent as listed; NOT_FOUND outside the agent's team. */
export async function find(ctx: AppContext, agentId: number, memberId: number) {
  const brand = await getBrand(ctx.db);
  const row = await q.findDownline(ctx.db, agentId, memberId, brand.currency);
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

// The fields of a visitor's sign-up that the register centre has no use for: the upline is the
// agent, and the agent is signed in (no captcha, SMS code or invitation code).
const NOT_APPLICABLE: RegistrationRuleField[] = [
  'captcha',
  'verificationCode',
  'affiliateCode',
  'referralCode',
  'recommenderId',
];
const SECRET_FIELDS = new Set<string>(['password', 'confirmPassword', 'paymentPassword']);
const BODY_FIELDS = [
  'username',
  'password',
  'confirmPassword',
  'payeeName',
  'email',
  'qqNum',
  'mobileNum',
  'paymentPassword',
  'line',
  'whatsapp',
  'facebook',
  'wechat',
  'telegram',
  'zalo',
  'idNumber',
  'birthday',
  'address',
  'nationality',
  'occupation',
  'sourceOfIncome',
  'placeOfBirth',
  'fullName',
] as const satisfies readonly RegistrationRuleField[];

function cleanValues(body: DownlineCreateBody): Partial<Record<RegistrationRuleField, string>> {
  const out: Partial<Record<RegistrationRuleField, string>> = {};
  for (const field of BODY_FIELDS) {
    const raw = body[field];
    if (raw === null || raw === undefined) continue;
    const text = SECRET_FIELDS.has(field) ? String(raw) : String(raw).trim();
    if (text !== '') out[field] = text;
  }
  return out;
}

function ageOn(birthday: string, now: Date): number {
  const [y, m, d] = birthday.split('-').map(Number) as [number, number, number];
  let age = now.getUTCFullYear() - y;
  const month = now.getUTCMonth() + 1;
  if (month < m || (month === m && now.getUTCDate() < d)) age--;
  return age;
}

const REFERRAL_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
function newReferralCode(): string {
  let code = '';
  for (let i = 0; i < 8; i++) code += REFERRAL_ALPHABET[randomInt(REFERRAL_ALPHABET.length)];
  return code;
}

function uniqueConstraint(error: unknown): string | undefined {
  const e = error as { code?: unknown; constraint?: unknown } | null;
  if (!e || typeof e !== 'object' || e.code !== '23505') return undefined;
  return typeof e.constraint === 'string' ? e.constraint : '';
}

/**
 * POST /wps/agent/downlines (register centre): a member account under the signed-in agent, held to
 * the brand's registration field rules as a username sign-up is (spec §5), with its password. The
 * account is created and audited in one transaction; a refused one leaves nothing behind.
 */
export async function create(ctx: AppContext, request: FastifyRequest, agentId: number, body: DownlineCreateBody) {
  const brand = await getBrand(ctx.db);
  const values = cleanValues(body);
  const rules = effectiveRules(await loadRuleSet(ctx.db), {
    kind: 'username',
    passwordApplies: true,
    smsApplies: false,
  });
  for (const field of NOT_APPLICABLE) rules[field] = { ...rules[field], enabled: false, required: false };

  const failures: Record<string, FieldReason> = checkFields(values, rules);
  const nickname = body.nickname?.trim() || null;
  const birthday = values.birthday ? parsePatternDate(values.birthday) : null;
  if (values.birthday && !birthday) failures.birthday ??= 'PATTERN';
  if (values.password && values.password === brand.defaultPassword) failures.password ??= 'NOT_ALLOWED';
  const mismatch = values.password !== undefined && values.confirmPassword !== values.password;
  if (Object.keys(failures).length > 0) {
    if (mismatch && !failures.confirmPassword) failures.confirmPassword = 'MISMATCH';
    throw fieldErrors(failures);
  }
  if (mismatch) throw new AppError('PASSWORD_CONFIRM_MISMATCH', { value: { fields: { confirmPassword: 'MISMATCH' } } });
  const now = ctx.now();
  if (birthday && ageOn(birthday, now) < Math.max(brand.minAge, brand.birthdayCheckAge))
    throw new AppError('ACCOUNT_AGE_RESTRICTED');

  let mobile: Mobile | undefined;
  if (values.mobileNum) {
    const dialing = body.countryDialingCode?.trim() || (await defaultDialingCode(ctx.db));
    mobile = await checkMobile(ctx.db, dialing, values.mobileNum);
    if (await memberByMobile(ctx.db, mobile)) throw new AppError('ACCOUNT_MOBILE_TAKEN');
  }
  const username = values.username as string;
  if (await q.usernameExists(ctx.db, username)) throw new AppError('ACCOUNT_USERNAME_TAKEN');
  const agent = await q.findAgent(ctx.db, agentId);
  if (!agent) throw new AppError('AUTH_REQUIRED');

  const row: Omit<q.NewDownline, 'referralCode'> = {
    username,
    nickname,
    passwordHash: await hashPassword(values.password as string),
    paymentPasswordHash: values.paymentPassword ? await hashPassword(values.paymentPassword) : null,
    email: values.email ?? null,
    mobileNum: mobile?.mobileNum ?? null,
    countryDialingCode: mobile?.countryDialingCode ?? null,
    payeeName: values.payeeName ?? null,
    qqNum: values.qqNum ?? null,
    line: values.line ?? null,
    whatsapp: values.whatsapp ?? null,
    facebook: values.facebook ?? null,
    wechat: values.wechat ?? null,
    telegram: values.telegram ?? null,
    zalo: values.zalo ?? null,
    idNumber: values.idNumber ?? null,
    birthday,
    address: values.address ?? null,
    nationality: values.nationality ?? null,
    occupation: values.occupation ?? null,
    sourceOfIncome: values.sourceOfIncome ?? null,
    placeOfBirth: values.placeOfBirth ?? null,
    fullName: values.fullName ?? null,
    uplineId: agentId,
    language: agent.language,
    registerIp: request.ip,
    now,
  };

  // A generated referral code may collide: the unique index decides and we draw again. A username
  // or mobile number taken by a concurrent sign-up is a 409.
  for (let attempt = 0; ; attempt++) {
    try {
      const created = await ctx.db.transaction().execute(async (trx) => {
        const inserted = await q.insertDownline(trx, { ...row, referralCode: newReferralCode() });
        await audit(trx, request, {
          event: 'agent.downline.create',
          success: true,
          memberId: agentId,
          username: agent.username,
          detail: { downlineId: Number(inserted.id), downline: inserted.username },
        });
        return inserted;
      });
      return find(ctx, agentId, Number(created.id));
    } catch (error) {
      const constraint = uniqueConstraint(error);
      if (constraint === undefined) throw error;
      if (constraint.includes('mobile')) throw new AppError('ACCOUNT_MOBILE_TAKEN');
      if (constraint.includes('username')) throw new AppError('ACCOUNT_USERNAME_TAKEN');
      if (attempt >= 4) throw error;
    }
  }
}

/**
 * PUT /wps/agent/downlines/{memberId}/subAgent: a direct downline of type 0 becomes an agent of
 * type 2 (docs/agents.md). Checked and changed under a row lock, audited in the same transaction.
 */
export async function makeSubAgent(ctx: AppContext, request: FastifyRequest, agentId: number, memberId: number) {
  const now = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    const m = await q.lockDownline(trx, agentId, memberId);
    if (!m) throw new AppError('NOT_FOUND');
    if (Number(m.depth) !== 1) throw new AppError('AGENT_NOT_DIRECT_DOWNLINE');
    if (isAgentType(m.type)) throw new AppError('AGENT_DOWNLINE_ALREADY_AGENT');
    if (m.type !== MEMBER_ACCOUNT_TYPE) throw new AppError('AGENT_DOWNLINE_NOT_MEMBER');
    if (m.status !== 'active') throw new AppError('AGENT_DOWNLINE_DISABLED');
    await q.setMemberType(trx, memberId, SUB_AGENT_TYPE, now);
    await audit(trx, request, {
      event: 'agent.downline.subAgent',
      success: true,
      memberId: agentId,
      username: request.principal?.username ?? null,
      detail: { downlineId: memberId, downline: m.username, type: SUB_AGENT_TYPE },
    });
  });
  return find(ctx, agentId, memberId);
}
