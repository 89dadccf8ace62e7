import type { Conn } from '../../db/database';

/** The member's sessions that still work: not revoked, not past their absolute or idle expiry. */
export function listLiveSessions(db: Conn, memberId: number, now: Date, idleSince: Date) {
  return db
    .selectFrom('sessions')
    .select(['id', 'area', 'ip', 'user_agent', 'created_at', 'last_seen_at'])
    .where('member_id', '=', memberId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .where('last_seen_at', '>', idleSince)
    .orderBy('last_seen_at', 'desc')
    .orderBy('id', 'desc')
    .limit(100)
    .execute();
}

export function findMemberLiveSession(db: Conn, memberId: number, sessionId: number) {
  return db
    .selectFrom('sessions')
    .select(['id'])
    .where('id', '=', sessionId)
    .where('member_id', '=', memberId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
}
