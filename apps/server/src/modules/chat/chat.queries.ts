import { sql } from 'kysely';
import type { Conn } from '../../db/database';
import type { ConversationStateValue, SenderValue } from './chat.tables';

const conversationColumns = [
  'c.id',
  'c.member_id',
  'c.visitor_id',
  'c.visitor_name',
  'c.state',
  'c.operator_id',
  'c.last_seq',
  'c.customer_read_seq',
  'c.operator_read_seq',
  'c.created_at',
  'c.updated_at',
  'c.closed_at',
] as const;

function conversationsWithNames(db: Conn) {
  return db
    .selectFrom('chat_conversations as c')
    .leftJoin('members as m', 'm.id', 'c.member_id')
    .leftJoin('members as o', 'o.id', 'c.operator_id')
    .select(conversationColumns)
    .select([
      'm.username as member_username',
      'o.username as operator_username',
      'o.operator_display_name as operator_display_name',
    ])
    .select((eb) =>
      eb
        .selectFrom('chat_messages as lm')
        .whereRef('lm.conversation_id', '=', 'c.id')
        .whereRef('lm.seq', '=', 'c.last_seq')
        .select('lm.body')
        .as('last_text'),
    );
}
export type ConversationRow = NonNullable<Awaited<ReturnType<typeof findConversation>>>;

export function findConversation(db: Conn, id: number) {
  return conversationsWithNames(db).where('c.id', '=', id).executeTakeFirst();
}

export function lockConversation(db: Conn, id: number) {
  return db.selectFrom('chat_conversations').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

/**
 * The send path's first statement: locks the conversation row and answers what the send needs (who
 * owns it, its state, its last seq) and whether this client message id was already stored (a resend).
 */
export function lockForSend(db: Conn, id: number, sender: SenderValue, clientMessageId: string) {
  return db
    .selectFrom('chat_conversations as c')
    .select(['c.id', 'c.member_id', 'c.visitor_id', 'c.state', 'c.operator_id', 'c.last_seq'])
    .select((eb) =>
      eb
        .selectFrom('chat_messages as cm')
        .whereRef('cm.conversation_id', '=', 'c.id')
        .where('cm.sender', '=', sender)
        .where('cm.client_message_id', '=', clientMessageId)
        .select('cm.id')
        .as('resent_id'),
    )
    .where('c.id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export function findOpenConversation(db: Conn, owner: { memberId: number } | { visitorId: string }) {
  let q = conversationsWithNames(db).where('c.state', '<>', 'closed');
  q = 'memberId' in owner ? q.where('c.member_id', '=', owner.memberId) : q.where('c.visitor_id', '=', owner.visitorId);
  return q.executeTakeFirst();
}

export function latestConversation(db: Conn, owner: { memberId: number } | { visitorId: string }) {
  let q = conversationsWithNames(db).orderBy('c.id', 'desc').limit(1);
  q = 'memberId' in owner ? q.where('c.member_id', '=', owner.memberId) : q.where('c.visitor_id', '=', owner.visitorId);
  return q.executeTakeFirst();
}

/** Inserts the owner's open conversation unless one exists (the partial unique index decides a race). */
export async function insertConversation(
  db: Conn,
  values: {
    memberId: number | null;
    visitorId: string | null;
    visitorName: string | null;
    state: ConversationStateValue;
    operatorId: number | null;
    now: Date;
  },
) {
  const row = await db
    .insertInto('chat_conversations')
    .values({
      member_id: values.memberId,
      visitor_id: values.visitorId,
      visitor_name: values.visitorName,
      state: values.state,
      operator_id: values.operatorId,
      created_at: values.now,
      updated_at: values.now,
    })
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

export function listConversations(
  db: Conn,
  filter: { state?: ConversationStateValue | undefined; operatorId?: number | undefined },
) {
  let q = conversationsWithNames(db);
  if (filter.state) q = q.where('c.state', '=', filter.state);
  else q = q.where('c.state', '<>', 'closed');
  if (filter.operatorId !== undefined) q = q.where('c.operator_id', '=', filter.operatorId);
  return q.orderBy('c.updated_at', 'desc').orderBy('c.id', 'desc').limit(200).execute();
}

export function updateConversation(
  db: Conn,
  id: number,
  patch: Partial<{
    state: ConversationStateValue;
    operator_id: number | null;
    last_seq: number;
    updated_at: Date;
    closed_at: Date | null;
  }>,
) {
  return db.updateTable('chat_conversations').set(patch).where('id', '=', id).execute();
}

export function raiseReadSeq(db: Conn, id: number, side: 'customer' | 'operator', seq: number) {
  const column = side === 'customer' ? 'customer_read_seq' : 'operator_read_seq';
  return db
    .updateTable('chat_conversations')
    .set({ [column]: sql<number>`greatest(${sql.ref(column)}, least(${seq}, last_seq))` })
    .where('id', '=', id)
    .returning(['customer_read_seq', 'operator_read_seq'])
    .executeTakeFirst();
}

const messageColumns = [
  'cm.id',
  'cm.conversation_id',
  'cm.seq',
  'cm.sender',
  'cm.operator_id',
  'cm.client_message_id',
  'cm.body',
  'cm.attachment_id',
  'cm.created_at',
] as const;

function messagesWithNames(db: Conn) {
  return db
    .selectFrom('chat_messages as cm')
    .leftJoin('members as o', 'o.id', 'cm.operator_id')
    .select(messageColumns)
    .select(['o.username as operator_username', 'o.operator_display_name as operator_display_name']);
}
export type MessageRow = NonNullable<Awaited<ReturnType<typeof findMessageByClientId>>>;

export function findMessageByClientId(db: Conn, conversationId: number, sender: SenderValue, clientMessageId: string) {
  return messagesWithNames(db)
    .where('cm.conversation_id', '=', conversationId)
    .where('cm.sender', '=', sender)
    .where('cm.client_message_id', '=', clientMessageId)
    .executeTakeFirst();
}

export function messagesAfter(db: Conn, conversationId: number, after: number, limit: number) {
  return messagesWithNames(db)
    .where('cm.conversation_id', '=', conversationId)
    .where('cm.seq', '>', after)
    .orderBy('cm.seq')
    .limit(limit)
    .execute();
}

/**
 * Stores the next message of a locked conversation and moves its last_seq, in one statement, and
 * answers the stored row as findMessageByClientId does (with the operator's name).
 */
export async function appendMessage(
  db: Conn,
  values: {
    conversationId: number;
    seq: number;
    sender: SenderValue;
    operatorId: number | null;
    clientMessageId: string;
    body: string;
    attachmentId: number | null;
    now: Date;
  },
): Promise<MessageRow> {
  const result = await sql<MessageRow>`
    WITH cm AS (
      INSERT INTO chat_messages (conversation_id, seq, sender, operator_id, client_message_id, body, attachment_id, created_at)
      VALUES (${values.conversationId}, ${values.seq}, ${values.sender}, ${values.operatorId}, ${values.clientMessageId},
              ${values.body}, ${values.attachmentId}, ${values.now})
      RETURNING *
    ), moved AS (
      UPDATE chat_conversations SET last_seq = ${values.seq}, updated_at = ${values.now} WHERE id = ${values.conversationId}
    )
    SELECT cm.id, cm.conversation_id, cm.seq, cm.sender, cm.operator_id, cm.client_message_id, cm.body,
           cm.attachment_id, cm.created_at, o.username AS operator_username,
           o.operator_display_name AS operator_display_name
      FROM cm LEFT JOIN members o ON o.id = cm.operator_id`.execute(db);
  const row = result.rows[0];
  if (!row) throw new Error('chat message not stored');
  return row;
}

export async function insertAttachment(
  db: Conn,
  values: { conversationId: number; contentType: 'image/png' | 'image/jpeg'; data: Buffer; now: Date },
) {
  const { id } = await db
    .insertInto('chat_attachments')
    .values({
      conversation_id: values.conversationId,
      content_type: values.contentType,
      size: values.data.length,
      data: values.data,
      created_at: values.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export function findAttachment(db: Conn, id: number) {
  return db
    .selectFrom('chat_attachments')
    .select(['id', 'conversation_id', 'content_type', 'data'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Online support operators with their active conversation counts, least busy first. */
export function operatorLoads(db: Conn, onlineOnly: boolean) {
  let q = db
    .selectFrom('chat_operators as co')
    .innerJoin('members as o', 'o.id', 'co.operator_id')
    .select(['co.operator_id', 'co.online', 'o.username', 'o.status'])
    .select((eb) =>
      eb
        .selectFrom('chat_conversations as c')
        .whereRef('c.operator_id', '=', 'co.operator_id')
        .where('c.state', '=', 'active')
        .select(eb.fn.countAll<number>().as('n'))
        .as('active_count'),
    );
  if (onlineOnly) q = q.where('co.online', '=', true).where('o.status', '=', 'active');
  return q.orderBy('active_count').orderBy('co.operator_id').execute();
}

export function findOperatorStatus(db: Conn, operatorId: number) {
  return db.selectFrom('chat_operators').select(['online']).where('operator_id', '=', operatorId).executeTakeFirst();
}

export function upsertOperatorStatus(db: Conn, operatorId: number, online: boolean, now: Date) {
  return db
    .insertInto('chat_operators')
    .values({ operator_id: operatorId, online, updated_at: now })
    .onConflict((oc) => oc.column('operator_id').doUpdateSet({ online, updated_at: now }))
    .execute();
}

export async function activeCount(db: Conn, operatorId: number) {
  const row = await db
    .selectFrom('chat_conversations')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('operator_id', '=', operatorId)
    .where('state', '=', 'active')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Oldest queued conversations first (they wait for the next operator that comes online). */
export function queuedConversationIds(db: Conn, limit: number) {
  return db
    .selectFrom('chat_conversations')
    .select('id')
    .where('state', '=', 'queued')
    .orderBy('id')
    .limit(limit)
    .forUpdate()
    .skipLocked()
    .execute();
}

export function findOperator(db: Conn, id: number) {
  return db
    .selectFrom('members')
    .select(['id', 'username', 'type', 'status', 'permissions'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export function cannedReplies(db: Conn) {
  return db.selectFrom('chat_canned_replies').select(['id', 'title', 'body']).orderBy('title').orderBy('id').execute();
}

export async function insertCannedReply(db: Conn, values: { title: string; body: string; by: number; now: Date }) {
  return db
    .insertInto('chat_canned_replies')
    .values({
      title: values.title,
      body: values.body,
      created_by: values.by,
      created_at: values.now,
      updated_at: values.now,
    })
    .returning(['id', 'title', 'body'])
    .executeTakeFirstOrThrow();
}

export function updateCannedReply(db: Conn, id: number, values: { title: string; body: string; now: Date }) {
  return db
    .updateTable('chat_canned_replies')
    .set({ title: values.title, body: values.body, updated_at: values.now })
    .where('id', '=', id)
    .returning(['id', 'title', 'body'])
    .executeTakeFirst();
}

export function deleteCannedReply(db: Conn, id: number) {
  return db.deleteFrom('chat_canned_replies').where('id', '=', id).returning('id').executeTakeFirst();
}

/**
 * Marks the answers members have not read since `cutoff` as notified and returns them: per member
 * conversation with an operator message after what the member read and after what an earlier notice
 * covered, the oldest of them sent before `cutoff`. One UPDATE, so two nodes never notify twice (the
 * second re-checks member_notified_seq after the first's commit and skips the row).
 */
export async function claimUnseenAnswers(db: Conn, cutoff: Date, limit: number) {
  const result = await sql<{ id: number | string; member_id: number | string; seq: number }>`
    UPDATE chat_conversations c SET member_notified_seq = x.seq
      FROM (
        SELECT c2.id, max(m.seq) AS seq
          FROM chat_conversations c2
          JOIN chat_messages m ON m.conversation_id = c2.id AND m.sender = 'operator'
           AND m.seq > GREATEST(c2.customer_read_seq, c2.member_notified_seq)
         WHERE c2.member_id IS NOT NULL AND c2.last_seq > GREATEST(c2.customer_read_seq, c2.member_notified_seq)
         GROUP BY c2.id
        HAVING min(m.created_at) <= ${cutoff}
         LIMIT ${limit}
      ) x
     WHERE c.id = x.id AND c.member_notified_seq < x.seq AND c.customer_read_seq < x.seq
    RETURNING c.id, c.member_id, x.seq`.execute(db);
  return result.rows.map((r) => ({ id: Number(r.id), memberId: Number(r.member_id), seq: r.seq }));
}

/** Sends a chat notice to every node's listener (delivered when the caller's transaction commits). */
export async function notifyChat(db: Conn, channel: string, payload: string): Promise<void> {
  await sql`SELECT pg_notify(${channel}, ${payload})`.execute(db);
}
