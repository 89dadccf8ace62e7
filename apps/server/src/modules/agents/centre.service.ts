import { randomInt } from 'node:crypto';
import type { AppContext } from '../../context';
import { pageWindow } from '../../http/paging';
import type { RequestMeta } from '../../http/request-meta';
import * as q from './centre.queries';

// The agent centre's referral link and announcements (spec §2 "Agent centre menu").

/** The announcement audience of the agent centre (shared constants ANNOUNCEMENT_AUDIENCES). */
export const AGENT_AUDIENCE = 'G';

/** The player site's path that opens the registration form and reads the code from the query. */
export const REGISTER_PATH = '/register';

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export function newCode(): string {
  let code = '';
  for (let i = 0; i < 8; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

/**
 * GET /wps/agent/referral: the agent's affiliate code (the oldest active one valid on every domain,
 * created on first ask) and the registration link a visitor registers under the agent by.
 */
export async function referral(ctx: AppContext, meta: RequestMeta, agentId: number) {
  const existing = await q.activeCodes(ctx.db, agentId);
  let code = existing[0]?.code;
  if (code === undefined) {
    code = await ctx.db.transaction().execute(async (trx) => {
      await q.lockAgent(trx, agentId);
      const again = await q.activeCodes(trx, agentId);
      if (again[0]) return again[0].code;
      for (;;) {
        const candidate = newCode();
        if (await q.insertCode(trx, candidate, agentId, ctx.now())) return candidate;
      }
    });
  }
  return { affiliateCode: code, link: registerLink(meta.siteOrigin, code) };
}

/** `<origin>/register?affiliateCode=<code>`: the page a visitor registers under the agent from. */
export function registerLink(origin: string, code: string): string {
  const link = new URL(REGISTER_PATH, origin);
  link.searchParams.set('affiliateCode', code);
  return link.toString();
}

/** GET /wps/agent/announcements: live announcements for agents in the agent's language or all languages. */
export async function announcements(ctx: AppContext, language: string, query: { pageNo: number; pageSize: number }) {
  return q.announcementsPage(
    ctx.db,
    { audience: AGENT_AUDIENCE, language: language.toUpperCase(), now: ctx.now() },
    pageWindow(query),
  );
}
