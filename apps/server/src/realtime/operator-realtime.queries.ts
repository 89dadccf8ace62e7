import type { Conn } from '../db/database';

/**
 * A live session by its token hash with what an operator's socket checks (read only: unlike the
 * session resolver it never touches last_seen_at).
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
