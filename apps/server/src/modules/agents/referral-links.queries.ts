import { sql } from 'kysely';
import type { Conn, Trx } from '../../db/database';
import type {} from './referral-links.tables';

// An agent's named referral links (affiliate_codes), their visits (affiliate_code_visitors), and the
// members who registered with them (members.affiliate_code) with their first deposits.

const LINK_COLUMNS = ['code', 'name', 'domain', 'active', 'created_at'] as const;

/** Every code of the agent, oldest first (the order GET /wps/agent/referral picks its default by). */
export function agentCodes(db: Conn, agentId: number) {
  return db
    .selectFrom('affiliate_codes')
    .select(LINK_COLUMNS)
    .where('agent_id', '=', agentId)
    .orderBy('created_at')
    .orderBy('code')
    .execute();
}

/** One code of the agent, named without regard to case; undefined when it is not the agent's. */
export function agentCode(db: Conn, agentId: number, code: string) {
  return db
    .selectFrom('affiliate_codes')
    .select(LINK_COLUMNS)
    .where('agent_id', '=', agentId)
    .where(sql<string>`lower(code)`, '=', code.toLowerCase())
    .executeTakeFirst();
}

export async function activeCount(trx: Trx, agentId: number): Promise<number> {
  const r = await trx
    .selectFrom('affiliate_codes')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('agent_id', '=', agentId)
    .where('active', '=', true)
    .executeTakeFirst();
  return Number(r?.n ?? 0);
}

/** Whether another of the agent's codes already has this name (compared without regard to case). */
export async function nameTaken(trx: Trx, agentId: number, name: string, exceptCode: string | null) {
  let query = trx
    .selectFrom('affiliate_codes')
    .select('code')
    .where('agent_id', '=', agentId)
    .where(sql<string>`lower(name)`, '=', name.toLowerCase());
  if (exceptCode !== null) query = query.where('code', '<>', exceptCode);
  return (await query.executeTakeFirst()) !== undefined;
}

/** Inserts a named code; false when the code is taken (the caller draws another). */
export async function insertNamedCode(trx: Trx, f: { code: string; agentId: number; name: string; now: Date }) {
  const r = await trx
    .insertInto('affiliate_codes')
    .values({ code: f.code, agent_id: f.agentId, name: f.name, active: true, created_at: f.now })
    .onConflict((oc) => oc.column('code').doNothing())
    .returning('code')
    .executeTakeFirst();
  return r !== undefined;
}

export async function updateCode(trx: Trx, code: string, patch: { name?: string; active?: boolean }) {
  await trx.updateTable('affiliate_codes').set(patch).where('code', '=', code).execute();
}

/** Clicks, registrations and approved first deposits (count and sum, minor units) per code. */
export async function linkStats(db: Conn, codes: string[]) {
  if (codes.length === 0) return { clicks: [], members: [] };
  const [clicks, members] = await Promise.all([
    db
      .selectFrom('affiliate_code_visitors')
      .select(['code', (eb) => eb.fn.sum<string>('clicks').as('clicks')])
      .where('code', 'in', codes)
      .groupBy('code')
      .execute(),
    db
      .selectFrom('members as m')
      .leftJoin('deposit_orders as d', (join) =>
        join.onRef('d.member_id', '=', 'm.id').on('d.first_deposit', '=', true).on('d.status', '=', 'approved'),
      )
      .select([
        'm.affiliate_code as code',
        sql<string>`count(DISTINCT m.id)`.as('registrations'),
        sql<string>`count(DISTINCT d.member_id)`.as('first_deposits'),
        sql<string>`coalesce(sum(d.amount), 0)`.as('first_deposit_amount'),
      ])
      .where('m.affiliate_code', 'in', codes)
      .groupBy('m.affiliate_code')
      .execute(),
  ]);
  return { clicks, members };
}

/** An active code with its agent's account, named without regard to case (a visit's code). */
export function visitedCode(db: Conn, code: string) {
  return db
    .selectFrom('affiliate_codes')
    .innerJoin('members', 'members.id', 'affiliate_codes.agent_id')
    .select(['affiliate_codes.code', 'members.type', 'members.status'])
    .where(sql<string>`lower(affiliate_codes.code)`, '=', code.toLowerCase())
    .where('affiliate_codes.active', '=', true)
    .executeTakeFirst();
}

/**
 * Counts the visitor's visit unless one was counted in the last `windowSeconds`: one statement, so
 * two reloads at once count once. True when this visit counted.
 */
export async function countVisit(db: Conn, f: { code: string; visitor: string; now: Date; windowSeconds: number }) {
  const since = new Date(f.now.getTime() - f.windowSeconds * 1000);
  const r = await db
    .insertInto('affiliate_code_visitors')
    .values({ code: f.code, visitor: f.visitor, clicks: 1, counted_at: f.now })
    .onConflict((oc) =>
      oc
        .columns(['code', 'visitor'])
        .doUpdateSet({
          clicks: sql<number>`affiliate_code_visitors.clicks + 1`,
          counted_at: (eb) => eb.ref('excluded.counted_at'),
        })
        .where('affiliate_code_visitors.counted_at', '<=', since),
    )
    .returning('clicks')
    .executeTakeFirst();
  return r !== undefined;
}
