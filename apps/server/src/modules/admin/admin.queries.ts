import { sql } from 'kysely';
import type { Conn } from '../../db/database';

/** Usernames are unique without regard to case (members_username_key on lower(username)). */
export function findAccountForAdminLogin(db: Conn, username: string) {
  return db
    .selectFrom('members')
    .select(['id', 'username', 'password_hash', 'type', 'status', 'permissions', 'password_must_change'])
    .where(sql<string>`lower(username)`, '=', username.toLowerCase())
    .executeTakeFirst();
}

/** The operator's last sign-in (shown in the operators list); not part of a resolved session. */
export async function recordOperatorLogin(db: Conn, memberId: number, ip: string, now: Date) {
  await db.updateTable('members').set({ last_login_at: now, last_login_ip: ip }).where('id', '=', memberId).execute();
}

export function listSwitchesForOperator(db: Conn) {
  return db
    .selectFrom('whitelabel_switches')
    .select(['mod_id', 'parent_mod_id', 'name', 'enabled'])
    .orderBy('sort')
    .orderBy('mod_id')
    .execute();
}

export function findSwitchForOperator(db: Conn, modId: string) {
  return db
    .selectFrom('whitelabel_switches')
    .select(['mod_id', 'parent_mod_id', 'name', 'enabled'])
    .where('mod_id', '=', modId)
    .executeTakeFirst();
}
