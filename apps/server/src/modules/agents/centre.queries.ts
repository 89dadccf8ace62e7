import type { Conn, Trx } from '../../db/database';

// The agent centre's referral link (affiliate_codes) and announcements (audience G).

/** Locks the agent's member row so two first asks for a code create one (FOR NO KEY UPDATE: docs/wallet.md "Lock order"). */
export async function lockAgent(trx: Trx, agentId: number) {
  return trx.selectFrom('members').select(['id']).where('id', '=', agentId).forNoKeyUpdate().executeTakeFirst();
}

/** The agent's active codes that work on any domain, oldest first. */
export function activeCodes(db: Conn, agentId: number) {
  return db
    .selectFrom('affiliate_codes')
    .select(['code', 'created_at'])
    .where('agent_id', '=', agentId)
    .where('active', '=', true)
    .where('domain', 'is', null)
    .orderBy('created_at')
    .orderBy('code')
    .execute();
}

/** Inserts the code; false when the code is taken (the caller draws another). */
export async function insertCode(trx: Trx, code: string, agentId: number, now: Date): Promise<boolean> {
  const r = await trx
    .insertInto('affiliate_codes')
    .values({ code, agent_id: agentId, active: true, created_at: now })
    .onConflict((oc) => oc.column('code').doNothing())
    .returning('code')
    .executeTakeFirst();
  return r !== undefined;
}

function liveFor(db: Conn, audience: string, language: string, now: Date) {
  return db
    .selectFrom('announcements')
    .where('audience', '=', audience)
    .where('active', '=', true)
    .where('starts_at', '<=', now)
    .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', now)]))
    .where((eb) => eb.or([eb('language', 'is', null), eb(eb.fn('upper', ['language']), '=', language)]));
}

/** Live announcements of an audience in a language (or for every language), one page and the count. */
export async function announcementsPage(
  db: Conn,
  f: { audience: string; language: string; now: Date },
  page: { limit: number; offset: number },
) {
  const [rows, count] = await Promise.all([
    liveFor(db, f.audience, f.language, f.now)
      .select(['id', 'type', 'title', 'content', 'starts_at', 'ends_at'])
      .orderBy('sort')
      .orderBy('starts_at', 'desc')
      .orderBy('id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    liveFor(db, f.audience, f.language, f.now)
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirst(),
  ]);
  return { rows, total: Number(count?.n ?? 0) };
}
