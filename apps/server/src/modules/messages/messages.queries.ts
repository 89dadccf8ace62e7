import { AGENT_ACCOUNT_TYPES, MEMBER_ACCOUNT_TYPE } from '@gamehall/shared/constants';
import { type Expression, type RawBuilder, sql } from 'kysely';
import type { Conn } from '../../db/database';
import type { BroadcastText, MessageParams } from './messages.tables';

/** Account types a broadcast can reach: members and agents (never trial accounts or operators). */
const REACHABLE_TYPES = [MEMBER_ACCOUNT_TYPE, ...AGENT_ACCOUNT_TYPES];

/**
 * THE audience rule of a broadcast: whether member row `m` is in the audience of
 * broadcast row `b` (SQL aliases). Every reader goes through it: a member's inbox, the unread count,
 * mark-all-read and the reach count. A member who joined after the broadcast went out does not get
 * it. A marketing broadcast also leaves out a member on a time-out or self-exclusion (no
 * marketing message during a break), for as long as the break lasts: it is neither counted, listed
 * nor reached while it does (the database's clock decides, as for the reach count at sending).
 */
export function inAudience(b: string, m: string): RawBuilder<boolean> {
  const bc = (c: string) => sql.ref(`${b}.${c}`);
  const mc = (c: string) => sql.ref(`${m}.${c}`);
  return sql<boolean>`(
    ${mc('type')} IN (${sql.join(REACHABLE_TYPES)})
    AND ${mc('created_at')} <= COALESCE(${bc('sent_at')}, ${bc('send_at')})
    -- responsible.queries marketingBlocked's rule, on the database's clock (queries cannot import it).
    AND NOT (${bc('marketing')} AND EXISTS (
      SELECT 1 FROM responsible_settings rs WHERE rs.member_id = ${mc('id')}
        AND rs.break_kind IS NOT NULL AND (rs.break_until IS NULL OR rs.break_until > now())))
    AND (
      ${bc('audience')} = 'everyone'
      OR (${bc('audience')} = 'vip_level' AND ${mc('vip_level')} = ${bc('vip_level')})
      OR (${bc('audience')} = 'team' AND EXISTS (
        SELECT 1 FROM agent_tree t WHERE t.ancestor_id = ${bc('agent_id')} AND t.member_id = ${mc('id')} AND t.depth > 0))
      OR (${bc('audience')} = 'members' AND EXISTS (
        SELECT 1 FROM broadcast_members bm WHERE bm.broadcast_id = ${bc('id')} AND bm.member_id = ${mc('id')}))
    )
  )`;
}

export type InboxRow = {
  source: 'm' | 'b';
  id: number | string;
  kind: string | null;
  params: MessageParams | null;
  title: string;
  content: string;
  texts: Record<string, BroadcastText> | null;
  fallback_language: string | null;
  read_at: Date | string | null;
  created_at: Date | string;
};

export function findMemberForInbox(db: Conn, memberId: number) {
  return db
    .selectFrom('members')
    .select(['id', 'type', 'language', 'vip_level', 'created_at'])
    .where('id', '=', memberId)
    .executeTakeFirst();
}

export async function listInbox(db: Conn, memberId: number, page: { limit: number; offset: number }) {
  // Each part is read newest first on its own index and cut at offset + limit before the merge, so
  // a page near the top of a long inbox reads a page's worth of rows, not the whole inbox.
  const top = page.offset + page.limit;
  const result = await sql<InboxRow>`
    SELECT * FROM (
      (SELECT 'm' AS source, mm.id, mm.kind, mm.params, mm.title, mm.content, NULL::jsonb AS texts,
              NULL::text AS fallback_language, mm.read_at, mm.created_at
         FROM member_messages mm
        WHERE mm.member_id = ${memberId} AND mm.deleted_at IS NULL
        ORDER BY mm.created_at DESC, mm.id DESC
        LIMIT ${top})
      UNION ALL
      (SELECT 'b' AS source, b.id, NULL, NULL, '', '', b.texts, b.fallback_language, r.read_at, b.sent_at
         FROM broadcasts b
         JOIN members m ON m.id = ${memberId}
         LEFT JOIN broadcast_receipts r ON r.broadcast_id = b.id AND r.member_id = ${memberId}
        WHERE b.status = 'sent' AND r.deleted_at IS NULL AND ${inAudience('b', 'm')}
        ORDER BY b.sent_at DESC, b.id DESC
        LIMIT ${top})
    ) x
     ORDER BY x.created_at DESC, x.id DESC, x.source DESC
     LIMIT ${page.limit} OFFSET ${page.offset}`.execute(db);
  return result.rows;
}

export async function countInbox(db: Conn, memberId: number) {
  // Counted apart (each on its own index) rather than over the merged list: an inbox of 10,000
  // messages pages in under 20 ms (docs/benchmarks.md "Member inbox").
  const result = await sql<{ total: string | number }>`
    SELECT
      (SELECT count(*) FROM member_messages mm WHERE mm.member_id = ${memberId} AND mm.deleted_at IS NULL)
    + (SELECT count(*) FROM broadcasts b
         JOIN members m ON m.id = ${memberId}
         LEFT JOIN broadcast_receipts r ON r.broadcast_id = b.id AND r.member_id = ${memberId}
        WHERE b.status = 'sent' AND r.deleted_at IS NULL AND ${inAudience('b', 'm')}) AS total`.execute(db);
  return { total: Number(result.rows[0]?.total ?? 0), unread: await countUnread(db, memberId) };
}

/**
 * The member's unread messages, their own and the broadcasts that reach them, as a scalar subquery
 * on `member`, an id column of the enclosing query (the inbox's and the header's badge).
 */
export function unreadMessagesSql(member: Expression<unknown>): RawBuilder<string> {
  return sql<string>`((SELECT count(*) FROM member_messages mm
        WHERE mm.member_id = ${member} AND mm.read_at IS NULL AND mm.deleted_at IS NULL)
    + (SELECT count(*) FROM broadcasts b
         JOIN members um ON um.id = ${member}
         LEFT JOIN broadcast_receipts r ON r.broadcast_id = b.id AND r.member_id = um.id
        WHERE b.status = 'sent' AND r.read_at IS NULL AND ${inAudience('b', 'um')}))`;
}

export async function countUnread(db: Conn, memberId: number) {
  const row = await db.selectNoFrom(unreadMessagesSql(sql`${memberId}`).as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

export function findOwnMessage(db: Conn, memberId: number, id: number) {
  return db
    .selectFrom('member_messages')
    .select(['id', 'kind', 'params', 'title', 'content', 'read_at', 'created_at'])
    .where('id', '=', id)
    .where('member_id', '=', memberId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

export async function findVisibleBroadcast(db: Conn, memberId: number, id: number) {
  const result = await sql<{
    id: number;
    texts: Record<string, BroadcastText>;
    fallback_language: string;
    sent_at: Date | string;
    read_at: Date | string | null;
  }>`
    SELECT b.id, b.texts, b.fallback_language, b.sent_at, r.read_at
      FROM broadcasts b
      JOIN members m ON m.id = ${memberId}
      LEFT JOIN broadcast_receipts r ON r.broadcast_id = b.id AND r.member_id = ${memberId}
     WHERE b.id = ${id} AND b.status = 'sent' AND r.deleted_at IS NULL AND ${inAudience('b', 'm')}`.execute(db);
  return result.rows[0];
}

export async function markOwnRead(db: Conn, memberId: number, id: number, now: Date) {
  await db
    .updateTable('member_messages')
    .set({ read_at: now })
    .where('id', '=', id)
    .where('member_id', '=', memberId)
    .where('read_at', 'is', null)
    .execute();
}

export async function markBroadcastRead(db: Conn, memberId: number, broadcastId: number, now: Date) {
  await db
    .insertInto('broadcast_receipts')
    .values({ member_id: memberId, broadcast_id: broadcastId, read_at: now })
    .onConflict((oc) =>
      oc
        .columns(['member_id', 'broadcast_id'])
        .doUpdateSet({ read_at: sql`COALESCE(broadcast_receipts.read_at, ${now})` }),
    )
    .execute();
}

export async function markAllRead(db: Conn, memberId: number, now: Date) {
  await db
    .updateTable('member_messages')
    .set({ read_at: now })
    .where('member_id', '=', memberId)
    .where('read_at', 'is', null)
    .execute();
  // A receipt for each visible broadcast the member has none for yet (lazily: only on this call).
  await sql`
    INSERT INTO broadcast_receipts (member_id, broadcast_id, read_at)
    SELECT ${memberId}, b.id, ${now}
      FROM broadcasts b
      JOIN members m ON m.id = ${memberId}
     WHERE b.status = 'sent' AND ${inAudience('b', 'm')}
    ON CONFLICT (member_id, broadcast_id) DO UPDATE SET read_at = COALESCE(broadcast_receipts.read_at, EXCLUDED.read_at)`.execute(
    db,
  );
}

export async function deleteOwn(db: Conn, memberId: number, id: number, now: Date) {
  const result = await db
    .updateTable('member_messages')
    .set({ deleted_at: now, read_at: sql`COALESCE(read_at, ${now})` })
    .where('id', '=', id)
    .where('member_id', '=', memberId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function deleteBroadcastFor(db: Conn, memberId: number, broadcastId: number, now: Date) {
  await db
    .insertInto('broadcast_receipts')
    .values({ member_id: memberId, broadcast_id: broadcastId, read_at: now, deleted_at: now })
    .onConflict((oc) =>
      oc.columns(['member_id', 'broadcast_id']).doUpdateSet({
        read_at: sql`COALESCE(broadcast_receipts.read_at, ${now})`,
        deleted_at: now,
      }),
    )
    .execute();
}

export async function insertMemberMessage(
  db: Conn,
  m: { memberId: number; kind: string | null; params: MessageParams; title: string; content: string; now?: Date },
) {
  return db
    .insertInto('member_messages')
    .values({
      member_id: m.memberId,
      kind: m.kind,
      params: JSON.stringify(m.params),
      title: m.title,
      content: m.content,
      created_at: m.now,
    })
    .returning(['id', 'created_at'])
    .executeTakeFirstOrThrow();
}

/** Several members' messages in one statement (a settlement run's payouts, a contract's ending). */
export async function insertMemberMessages(
  db: Conn,
  list: { memberId: number; kind: string; params: MessageParams; title: string; content: string; now?: Date }[],
): Promise<void> {
  if (list.length === 0) return;
  await db
    .insertInto('member_messages')
    .values(
      list.map((m) => ({
        member_id: m.memberId,
        kind: m.kind,
        params: JSON.stringify(m.params),
        title: m.title,
        content: m.content,
        created_at: m.now,
      })),
    )
    .execute();
}

// ---- broadcasts (the back office writes them through messages' service)

export function insertBroadcast(
  db: Conn,
  b: {
    audience: 'everyone' | 'vip_level' | 'team' | 'members';
    vipLevel: number | null;
    agentId: number | null;
    texts: Record<string, BroadcastText>;
    fallbackLanguage: string;
    marketing: boolean;
    sendAt: Date;
    sendKey: string | null;
    createdBy: number;
    now: Date;
  },
) {
  return db
    .insertInto('broadcasts')
    .values({
      send_key: b.sendKey,
      audience: b.audience,
      vip_level: b.vipLevel,
      agent_id: b.agentId,
      texts: JSON.stringify(b.texts),
      fallback_language: b.fallbackLanguage,
      marketing: b.marketing,
      status: 'scheduled',
      send_at: b.sendAt,
      created_by: b.createdBy,
      created_at: b.now,
    })
    .onConflict((oc) => oc.column('send_key').doNothing())
    .returning('id')
    .executeTakeFirst();
}

/** The broadcast a send key made, as the list shows it, if any. */
export function findBroadcastByKey(db: Conn, sendKey: string) {
  return broadcastViews(db).where('b.send_key', '=', sendKey).executeTakeFirst();
}

/** Members in a broadcast's audience now, by THE audience rule (inAudience). */
export async function countBroadcastAudience(db: Conn, id: number): Promise<number> {
  const { rows } = await sql<{ n: string | number }>`
    SELECT count(*) AS n FROM broadcasts b, members m WHERE b.id = ${id} AND ${inAudience('b', 'm')}`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

export async function insertBroadcastMembers(db: Conn, broadcastId: number, memberIds: number[]) {
  for (let i = 0; i < memberIds.length; i += 1000) {
    await db
      .insertInto('broadcast_members')
      .values(memberIds.slice(i, i + 1000).map((member_id) => ({ broadcast_id: broadcastId, member_id })))
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
}

/** Marks a scheduled broadcast sent now and records how many members its audience holds. */
export async function markBroadcastSent(db: Conn, id: number, now: Date) {
  const sent = await db
    .updateTable('broadcasts')
    .set({ status: 'sent', sent_at: now })
    .where('id', '=', id)
    .where('status', '=', 'scheduled')
    .executeTakeFirst();
  if (Number(sent.numUpdatedRows) !== 1) return false;
  await sql`
    UPDATE broadcasts SET reach = (
      SELECT count(*) FROM members m WHERE ${inAudience('broadcasts', 'm')}
    ) WHERE id = ${id}`.execute(db);
  return true;
}

export function dueBroadcasts(db: Conn, now: Date) {
  return db
    .selectFrom('broadcasts')
    .select('id')
    .where('status', '=', 'scheduled')
    .where('send_at', '<=', now)
    .orderBy('send_at')
    .forUpdate()
    .skipLocked()
    .limit(100)
    .execute();
}

export function findBroadcast(db: Conn, id: number, options: { forUpdate?: boolean } = {}) {
  let q = db.selectFrom('broadcasts').selectAll().where('id', '=', id);
  if (options.forUpdate) q = q.forUpdate();
  return q.executeTakeFirst();
}

export function cancelBroadcast(db: Conn, id: number) {
  return db
    .updateTable('broadcasts')
    .set({ status: 'cancelled' })
    .where('id', '=', id)
    .where('status', '=', 'scheduled')
    .executeTakeFirst();
}

export type BroadcastView = Awaited<ReturnType<typeof pageBroadcasts>>['rows'][number];

function broadcastViews(db: Conn) {
  return db
    .selectFrom('broadcasts as b')
    .leftJoin('members as a', 'a.id', 'b.agent_id')
    .selectAll('b')
    .select((eb) => [
      'a.username as agent_username',
      eb
        .selectFrom('broadcast_members as bm')
        .select((x) => x.fn.countAll<string>().as('n'))
        .whereRef('bm.broadcast_id', '=', 'b.id')
        .as('member_count'),
      eb
        .selectFrom('broadcast_receipts as r')
        .select((x) => x.fn.countAll<string>().as('n'))
        .whereRef('r.broadcast_id', '=', 'b.id')
        .where('r.read_at', 'is not', null)
        .as('read_count'),
    ]);
}

export async function pageBroadcasts(db: Conn, page: { limit: number; offset: number }) {
  const rows = await broadcastViews(db).orderBy('b.id', 'desc').limit(page.limit).offset(page.offset).execute();
  const total = await db
    .selectFrom('broadcasts')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return { rows, total: Number(total.n) };
}

export function memberIdsByUsername(db: Conn, usernames: string[]) {
  return db.selectFrom('members').select(['id', 'username', 'type']).where('username', 'in', usernames).execute();
}

export function memberTypeOf(db: Conn, id: number) {
  return db.selectFrom('members').select(['id', 'type']).where('id', '=', id).executeTakeFirst();
}

export async function vipLevelExists(db: Conn, level: number) {
  return (
    (await db.selectFrom('vip_levels').select('level').where('level', '=', level).executeTakeFirst()) !== undefined
  );
}

/**
 * Which of `memberIds` (a node's connected members) a sent broadcast reaches: one query through the
 * audience rule, for the live push (messages.service audienceMembers).
 */
export async function broadcastReaches(db: Conn, broadcastId: number, memberIds: number[]) {
  if (memberIds.length === 0) return [];
  const result = await sql<{ id: number | string }>`
    SELECT m.id FROM members m JOIN broadcasts b ON b.id = ${broadcastId}
     WHERE m.id = ANY(${sql.val(memberIds)}::bigint[]) AND b.status = 'sent' AND ${inAudience('b', 'm')}`.execute(db);
  return result.rows.map((r) => Number(r.id));
}
