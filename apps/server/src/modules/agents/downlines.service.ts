import type { DownlineCreateBody, DownlinesQuery } from '@gamehall/shared/api/agents';
import type { RegistrationRuleField } from '@gamehall/shared/api/registration';
import { AGENT_ACCOUNT_TYPES, MEMBER_ACCOUNT_TYPE } from '@gamehall/shared/constants';
import type { AppContext } from '../../context';
import { isAgentType } from '../../http/auth';
import { AppError, fieldErrors } from '../../http/errors';
import { pageWindow } from '../../http/paging';
import type { RequestMeta } from '../../http/request-meta';
import { setMemberType } from '../accounts/member-record.service';
import { hashPassword } from '../accounts/passwords';
import {
  checkIdentity,
  checkNewMember,
  cleanValues,
  createMember,
  loadRuleSet,
  type MemberFields,
  uniqueConstraint,
} from '../accounts/registration.service';
import { effectiveRules } from '../accounts/registration-rules';
import { audit } from '../audit/audit.service';
import { getBrand } from '../brand/brand.service';
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
  // A search (every level, a name, a registration window) reads the replica (context.ts readDb);
  // the plain direct list stays on the primary: the page reloads it after a transfer or a new
  // sub-agent and must show the balance and type just changed.
  const page = await q.downlinesPage(
    isSearch(query) ? ctx.readDb : ctx.db,
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
  return { ...page, timeZone: brand.timeZone };
}

function isSearch(query: DownlinesQuery): boolean {
  return query.scope === 'all' || query.q !== undefined || query.from !== undefined || query.to !== undefined;
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

/**
 * POST /wps/agent/downlines (register centre): a member account under the signed-in agent, held to
 * the brand's registration field rules as a username sign-up is (spec §5), with its password. The
 * account is created and audited in one transaction; a refused one leaves nothing behind.
 */
export async function create(ctx: AppContext, meta: RequestMeta, agentId: number, body: DownlineCreateBody) {
  const brand = await getBrand(ctx.db);
  const values = cleanValues(body);
  const rules = effectiveRules(await loadRuleSet(ctx.db), {
    kind: 'username',
    passwordApplies: true,
    smsApplies: false,
  });
  for (const field of NOT_APPLICABLE) rules[field] = { ...rules[field], enabled: false, required: false };

  const nickname = body.nickname?.trim() || null;
  const now = ctx.now();
  const birthday = checkNewMember(values, rules, brand, now, { passwordApplies: true });
  const mobile = await checkIdentity(ctx.db, values, body.countryDialingCode);
  const agent = await q.findAgent(ctx.db, agentId);
  if (!agent) throw new AppError('AUTH_REQUIRED');

  const member: MemberFields = {
    username: values.username as string,
    nickname,
    values,
    mobile,
    birthday,
    passwordHash: await hashPassword(values.password as string),
    paymentPasswordHash: values.paymentPassword ? await hashPassword(values.paymentPassword) : null,
    language: agent.language,
    registerIp: meta.ip,
    registerMethod: 'AGENT',
    now,
  };

  // A generated referral code may collide: the unique index decides and we draw again. A username
  // or mobile number taken by a concurrent sign-up is a 409.
  for (let attempt = 0; ; attempt++) {
    try {
      const created = await ctx.db.transaction().execute(async (trx) => {
        const inserted = await createMember(trx, member, { uplineId: agentId, signedIn: false });
        await audit(trx, meta, {
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
export async function makeSubAgent(ctx: AppContext, meta: RequestMeta, agentId: number, memberId: number) {
  const now = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    const m = await q.lockDownline(trx, agentId, memberId);
    if (!m) throw new AppError('NOT_FOUND');
    if (Number(m.depth) !== 1) throw new AppError('AGENT_NOT_DIRECT_DOWNLINE');
    if (isAgentType(m.type)) throw new AppError('AGENT_DOWNLINE_ALREADY_AGENT');
    if (m.type !== MEMBER_ACCOUNT_TYPE) throw new AppError('AGENT_DOWNLINE_NOT_MEMBER');
    if (m.status !== 'active') throw new AppError('AGENT_DOWNLINE_DISABLED');
    await setMemberType(trx, memberId, SUB_AGENT_TYPE, now);
    await audit(trx, meta, {
      event: 'agent.downline.subAgent',
      success: true,
      memberId: agentId,
      username: meta.principal?.username ?? null,
      detail: { downlineId: memberId, downline: m.username, type: SUB_AGENT_TYPE },
    });
  });
  return find(ctx, agentId, memberId);
}

// ---- the back office's team tree and agent search

const TREE_LIMIT = 500;

export async function tree(ctx: AppContext, parentId: number | undefined) {
  if (parentId !== undefined && !(await q.memberExists(ctx.db, parentId))) throw new AppError('MEMBER_NOT_FOUND');
  return q.children(ctx.db, parentId ?? null, TREE_LIMIT);
}

export function search(ctx: AppContext, text: string, limit: number) {
  return q.searchAgents(ctx.db, text, limit);
}
