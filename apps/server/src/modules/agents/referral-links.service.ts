import { createHmac } from 'node:crypto';
import { REFERRAL_LINKS_MAX_ACTIVE } from '@gamehall/shared/api/agents';
import type { AppContext } from '../../context';
import { isAgentType } from '../../http/auth';
import { AppError } from '../../http/errors';
import type { RequestMeta } from '../../http/request-meta';
import { getBrand } from '../brand/brand.service';
import { hit } from '../throttle/throttle.service';
import { lockAgent } from './centre.queries';
import { newCode, registerLink } from './centre.service';
import * as q from './referral-links.queries';

// An agent's named referral links (docs/agents.md "Referral link"): each an affiliate code
// with a name, counting its visits, the members who registered with it and their first deposits.

/** A visitor's visit of one link counts once in this window, however often the page is reloaded. */
export const VISIT_WINDOW_SECONDS = 24 * 3600;
/** Visits one IP address may report per hour, over all links: beyond it the call is refused. */
export const VISITS_PER_IP_PER_HOUR = 60;

type CodeRow = Awaited<ReturnType<typeof q.agentCodes>>[number];
type Stats = Awaited<ReturnType<typeof q.linkStats>>;

function linkOf(origin: string, row: Pick<CodeRow, 'code' | 'domain'>): string {
  // A code bound to a domain works only there, so its link names that domain.
  const base = row.domain ? `${new URL(origin).protocol}//${row.domain}` : origin;
  return registerLink(base, row.code);
}

/** The default link: the one GET /wps/agent/referral gives (oldest active code valid on every domain). */
function defaultCode(rows: CodeRow[]): string | undefined {
  return rows.find((r) => r.active && r.domain === null)?.code;
}

function withFigures(rows: CodeRow[], stats: Stats, origin: string) {
  const clicks = new Map(stats.clicks.map((c) => [c.code, Number(c.clicks)]));
  const members = new Map(stats.members.map((m) => [m.code, m]));
  const isDefault = defaultCode(rows);
  return rows.map((row) => {
    const m = members.get(row.code);
    return {
      code: row.code,
      name: row.name,
      isDefault: row.code === isDefault,
      active: row.active,
      domain: row.domain,
      link: linkOf(origin, row),
      createdAt: new Date(row.created_at).toISOString(),
      clicks: clicks.get(row.code) ?? 0,
      registrations: Number(m?.registrations ?? 0),
      firstDeposits: Number(m?.first_deposits ?? 0),
      firstDepositAmountMinor: Number(m?.first_deposit_amount ?? 0),
    };
  });
}

export type LinkFigures = ReturnType<typeof withFigures>[number];

/** GET /wps/agent/referral/links: every link of the agent, oldest first, with its figures. */
export async function list(ctx: AppContext, meta: RequestMeta, agentId: number) {
  const rows = await q.agentCodes(ctx.db, agentId);
  const stats = await q.linkStats(
    ctx.db,
    rows.map((r) => r.code),
  );
  const brand = await getBrand(ctx.db);
  return {
    currency: brand.currency,
    maxActive: REFERRAL_LINKS_MAX_ACTIVE,
    list: withFigures(rows, stats, meta.siteOrigin),
  };
}

async function one(ctx: AppContext, meta: RequestMeta, agentId: number, code: string) {
  const all = await list(ctx, meta, agentId);
  const link = all.list.find((l) => l.code === code);
  if (!link) throw new AppError('NOT_FOUND');
  return { currency: all.currency, link };
}

/** POST /wps/agent/referral/links: a new active link with a name no other link of the agent has. */
export async function create(ctx: AppContext, meta: RequestMeta, agentId: number, name: string) {
  const code = await ctx.db.transaction().execute(async (trx) => {
    // The agent's row lock makes the name and cap checks hold against a concurrent create.
    await lockAgent(trx, agentId);
    if (await q.nameTaken(trx, agentId, name, null)) throw new AppError('REFERRAL_LINK_NAME_TAKEN');
    if ((await q.activeCount(trx, agentId)) >= REFERRAL_LINKS_MAX_ACTIVE) throw new AppError('REFERRAL_LINK_LIMIT');
    for (;;) {
      const candidate = newCode();
      if (await q.insertNamedCode(trx, { code: candidate, agentId, name, now: ctx.now() })) return candidate;
    }
  });
  return one(ctx, meta, agentId, code);
}

/**
 * PUT /wps/agent/referral/links/:code: rename, disable, or enable again (within the cap). Another
 * agent's code answers NOT_FOUND, like an unknown one.
 */
export async function update(
  ctx: AppContext,
  meta: RequestMeta,
  agentId: number,
  code: string,
  body: { name?: string; active?: boolean },
) {
  const stored = await ctx.db.transaction().execute(async (trx) => {
    await lockAgent(trx, agentId);
    const row = await q.agentCode(trx, agentId, code);
    if (!row) throw new AppError('NOT_FOUND');
    if (body.name !== undefined && (await q.nameTaken(trx, agentId, body.name, row.code)))
      throw new AppError('REFERRAL_LINK_NAME_TAKEN');
    if (body.active === true && !row.active && (await q.activeCount(trx, agentId)) >= REFERRAL_LINKS_MAX_ACTIVE)
      throw new AppError('REFERRAL_LINK_LIMIT');
    await q.updateCode(trx, row.code, body);
    return row.code;
  });
  return one(ctx, meta, agentId, stored);
}

function visitorOf(ctx: AppContext, meta: RequestMeta): string {
  const agent = meta.userAgent ?? '';
  return createHmac('sha256', ctx.config.sessionSecret).update(`referral-visitor:${meta.ip}\n${agent}`).digest('hex');
}

/**
 * POST /wps/agent/affiliate/click: the register page opened with an agent's code. A visitor (IP
 * address and user agent) counts once per link per 24 hours; an IP reports at most
 * VISITS_PER_IP_PER_HOUR visits an hour (RATE_LIMITED). An unknown or disabled code, or one of a
 * disabled or non-agent account, is AFFILIATE_CODE_INVALID, as at registration.
 */
export async function click(ctx: AppContext, meta: RequestMeta, code: string) {
  const now = ctx.now();
  await hit(ctx.db, `affiliate:click:${meta.ip}`, { max: VISITS_PER_IP_PER_HOUR, windowSeconds: 3600 }, now);
  const row = await q.visitedCode(ctx.db, code);
  if (row?.status !== 'active' || !isAgentType(row.type)) throw new AppError('AFFILIATE_CODE_INVALID');
  const counted = await q.countVisit(ctx.db, {
    code: row.code,
    visitor: visitorOf(ctx, meta),
    now,
    windowSeconds: VISIT_WINDOW_SECONDS,
  });
  return { counted };
}
