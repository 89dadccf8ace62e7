import type { Conn } from '../../db/database';
import { prepared } from '../../db/prepared';
import type { SessionArea } from './accounts.tables';

export async function insertSession(
  db: Conn,
  s: {
    tokenHash: string;
    memberId: number;
    area: SessionArea;
    ip: string;
    userAgent: string | null;
    now: Date;
    expiresAt: Date;
  },
) {
  const row = await db
    .insertInto('sessions')
    .values({
      token_hash: s.tokenHash,
      member_id: s.memberId,
      area: s.area,
      ip: s.ip,
      user_agent: s.userAgent,
      created_at: s.now,
      last_seen_at: s.now,
      expires_at: s.expiresAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

// Every authenticated call whose session is not cached (sessions.cache.ts) reads it: compiled once.
const liveSession = prepared(2, (db, tokenHash: string, now: Date) =>
  db
    .selectFrom('sessions')
    .innerJoin('members', 'members.id', 'sessions.member_id')
    .leftJoin('member_totp', 'member_totp.member_id', 'sessions.member_id')
    .select([
      'member_totp.enabled_at as totpEnabledAt',
      'sessions.id as sessionId',
      'sessions.area',
      'sessions.last_seen_at',
      'sessions.expires_at',
      'members.id as memberId',
      'members.username',
      'members.type',
      'members.status',
      'members.permissions',
      'members.password_must_change',
      'members.language',
    ])
    .where('sessions.token_hash', '=', tokenHash)
    .where('sessions.revoked_at', 'is', null)
    .where('sessions.expires_at', '>', now),
);

export function findLiveSession(db: Conn, tokenHash: string, now: Date) {
  return liveSession.executeTakeFirst(db, tokenHash, now);
}

/**
 * A live session by its token hash with what an operator's socket checks (read only: unlike
 * resolveSession it never touches last_seen_at).
 */
export function findSessionForSocket(db: Conn, tokenHash: string, now: Date) {
  return db
    .selectFrom('sessions')
    .innerJoin('members', 'members.id', 'sessions.member_id')
    .leftJoin('member_totp', 'member_totp.member_id', 'sessions.member_id')
    .select([
      'sessions.area',
      'sessions.last_seen_at',
      'members.type',
      'members.status',
      'members.permissions',
      'members.password_must_change',
      'member_totp.enabled_at as totpEnabledAt',
    ])
    .where('sessions.token_hash', '=', tokenHash)
    .where('sessions.revoked_at', 'is', null)
    .where('sessions.expires_at', '>', now)
    .executeTakeFirst();
}

export async function touchSession(db: Conn, sessionId: number, now: Date) {
  await db.updateTable('sessions').set({ last_seen_at: now }).where('id', '=', sessionId).execute();
}

export async function revokeSession(db: Conn, sessionId: number, now: Date) {
  await db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Revokes every live session of a member, optionally sparing one (the session that made the change). */
export async function revokeMemberSessions(db: Conn, memberId: number, now: Date, exceptSessionId?: number) {
  let q = db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('member_id', '=', memberId)
    .where('revoked_at', 'is', null);
  if (exceptSessionId !== undefined) q = q.where('id', '!=', exceptSessionId);
  const result = await q.executeTakeFirst();
  return Number(result.numUpdatedRows);
}
