import { sql } from 'kysely';
import type { Conn } from '../../db/database';
import type { RestrictionKindValue } from './chatroom.tables';

export type { RestrictionKindValue } from './chatroom.tables';

const MESSAGE_COLUMNS = [
  'm.id',
  'm.room_id',
  'm.seq',
  'm.member_id',
  'm.author',
  'm.client_message_id',
  'm.body',
  'm.created_at',
] as const;

/** The brand's room: the first one (migration 0120 creates it). */
export function firstRoom(db: Conn) {
  return db.selectFrom('chatroom_rooms').select(['id', 'name']).orderBy('id').limit(1).executeTakeFirst();
}

/** The room's latest visible messages, newest first (the service turns them around). */
export function recentMessages(db: Conn, roomId: number, limit: number) {
  return db
    .selectFrom('chatroom_messages as m')
    .select(MESSAGE_COLUMNS)
    .where('m.room_id', '=', roomId)
    .where('m.deleted_at', 'is', null)
    .orderBy('m.seq', 'desc')
    .limit(limit)
    .execute();
}
export type MessageRow = Awaited<ReturnType<typeof recentMessages>>[number];

export function findByClientId(db: Conn, roomId: number, memberId: number, clientMessageId: string) {
  return db
    .selectFrom('chatroom_messages as m')
    .select(MESSAGE_COLUMNS)
    .select('m.deleted_at')
    .where('m.room_id', '=', roomId)
    .where('m.member_id', '=', memberId)
    .where('m.client_message_id', '=', clientMessageId)
    .executeTakeFirst();
}

/** Locks the room row until the caller's transaction ends (posts take seq in commit order); answers its last seq. */
export async function lockRoom(db: Conn, roomId: number): Promise<number> {
  const row = await db
    .selectFrom('chatroom_rooms')
    .select('last_seq')
    .where('id', '=', roomId)
    .forUpdate()
    .executeTakeFirstOrThrow();
  return Number(row.last_seq);
}

export async function setLastSeq(db: Conn, roomId: number, seq: number): Promise<void> {
  await db.updateTable('chatroom_rooms').set({ last_seq: seq }).where('id', '=', roomId).execute();
}

export function insertMessage(
  db: Conn,
  v: {
    roomId: number;
    seq: number;
    memberId: number;
    author: string;
    clientMessageId: string;
    body: string;
    now: Date;
  },
) {
  return db
    .insertInto('chatroom_messages')
    .values({
      room_id: v.roomId,
      seq: v.seq,
      member_id: v.memberId,
      author: v.author,
      client_message_id: v.clientMessageId,
      body: v.body,
      created_at: v.now,
    })
    .returning(['id', 'room_id', 'seq', 'member_id', 'author', 'client_message_id', 'body', 'created_at'])
    .executeTakeFirstOrThrow();
}

/** The member's username (masked by the service for players) and account type. */
export function memberNames(db: Conn, memberId: number) {
  return db.selectFrom('members').select(['id', 'username', 'type']).where('id', '=', memberId).executeTakeFirst();
}

/** The member's restrictions of the room still in force at `now`. */
export function activeRestrictions(db: Conn, roomId: number, memberId: number, now: Date) {
  return db
    .selectFrom('chatroom_restrictions')
    .select(['kind', 'until'])
    .where('room_id', '=', roomId)
    .where('member_id', '=', memberId)
    .where((eb) => eb.or([eb('until', 'is', null), eb('until', '>', now)]))
    .execute();
}

/** Every restriction of the room still in force, latest first, with the member's and the operator's names. */
export function restrictionsInForce(db: Conn, roomId: number, now: Date) {
  return db
    .selectFrom('chatroom_restrictions as r')
    .innerJoin('members as m', 'm.id', 'r.member_id')
    .leftJoin('members as o', 'o.id', 'r.created_by')
    .select([
      'r.member_id',
      'm.username',
      'r.kind',
      'r.until',
      'r.reason',
      'o.username as created_by_name',
      'r.created_at',
    ])
    .where('r.room_id', '=', roomId)
    .where((eb) => eb.or([eb('r.until', 'is', null), eb('r.until', '>', now)]))
    .orderBy('r.created_at', 'desc')
    .orderBy('r.member_id')
    .execute();
}
export type RestrictionRow = Awaited<ReturnType<typeof restrictionsInForce>>[number];

/** Sets the member's restriction of that kind (a new one replaces the current one). */
export function upsertRestriction(
  db: Conn,
  v: {
    roomId: number;
    memberId: number;
    kind: RestrictionKindValue;
    until: Date | null;
    reason: string;
    by: number;
    now: Date;
  },
) {
  return db
    .insertInto('chatroom_restrictions')
    .values({
      room_id: v.roomId,
      member_id: v.memberId,
      kind: v.kind,
      until: v.until,
      reason: v.reason,
      created_by: v.by,
      created_at: v.now,
    })
    .onConflict((oc) =>
      oc.columns(['room_id', 'member_id', 'kind']).doUpdateSet({
        until: v.until,
        reason: v.reason,
        created_by: v.by,
        created_at: v.now,
      }),
    )
    .execute();
}

/** Removes the member's restriction of that kind if it is still in force; answers the removed row. */
export function deleteRestriction(db: Conn, roomId: number, memberId: number, kind: RestrictionKindValue, now: Date) {
  return db
    .deleteFrom('chatroom_restrictions')
    .where('room_id', '=', roomId)
    .where('member_id', '=', memberId)
    .where('kind', '=', kind)
    .where((eb) => eb.or([eb('until', 'is', null), eb('until', '>', now)]))
    .returning(['kind', 'until', 'reason'])
    .executeTakeFirst();
}

/** The room's messages for the back office, deleted ones included, newest first. */
export function adminMessages(db: Conn, roomId: number, before: number | undefined, limit: number) {
  let query = db
    .selectFrom('chatroom_messages as m')
    .innerJoin('members as a', 'a.id', 'm.member_id')
    .leftJoin('members as d', 'd.id', 'm.deleted_by')
    .select(MESSAGE_COLUMNS)
    .select(['a.username', 'm.deleted_at', 'd.username as deleted_by_name'])
    .where('m.room_id', '=', roomId);
  if (before !== undefined) query = query.where('m.seq', '<', before);
  return query.orderBy('m.seq', 'desc').limit(limit).execute();
}
export type AdminMessageRow = Awaited<ReturnType<typeof adminMessages>>[number];

/** Marks a visible message deleted; answers it (undefined when there is none or it is deleted already). */
export function markDeleted(db: Conn, roomId: number, id: number, by: number, now: Date) {
  return db
    .updateTable('chatroom_messages')
    .set({ deleted_at: now, deleted_by: by })
    .where('room_id', '=', roomId)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .returning(['id', 'seq', 'member_id', 'body'])
    .executeTakeFirst();
}

export function messageExists(db: Conn, roomId: number, id: number) {
  return db
    .selectFrom('chatroom_messages')
    .select(['id', 'deleted_at'])
    .where('room_id', '=', roomId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Sends a room notice to every node's listener (delivered when the caller's transaction commits). */
export async function notifyRoom(db: Conn, channel: string, payload: string): Promise<void> {
  await sql`SELECT pg_notify(${channel}, ${payload})`.execute(db);
}
