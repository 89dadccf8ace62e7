import { sql } from 'kysely';
import type { Conn } from '../../db/database';

export function findMemberSecret(db: Conn, memberId: number) {
  return db
    .selectFrom('members')
    .select(['id', 'username', 'status', 'password_hash'])
    .where('id', '=', memberId)
    .executeTakeFirst();
}

export async function updatePassword(db: Conn, memberId: number, passwordHash: string, now: Date) {
  await db
    .updateTable('members')
    .set({ password_hash: passwordHash, password_changed_at: now, updated_at: now })
    .where('id', '=', memberId)
    .execute();
}

/** spec §4 forgot by email: the username and the email must belong to the same member (any case). */
export function findMemberByUsernameAndEmail(db: Conn, username: string, email: string) {
  return db
    .selectFrom('members')
    .select(['id', 'username', 'email', 'status'])
    .where(sql<string>`lower(username)`, '=', username.toLowerCase())
    .where(sql<string>`lower(email)`, '=', email.toLowerCase())
    .executeTakeFirst();
}

/** A new link replaces the member's earlier ones. */
export async function retireOpenResets(db: Conn, memberId: number, now: Date) {
  await db
    .updateTable('password_resets')
    .set({ used_at: now })
    .where('member_id', '=', memberId)
    .where('used_at', 'is', null)
    .execute();
}

export async function insertPasswordReset(
  db: Conn,
  r: { memberId: number; tokenHash: string; ip: string; expiresAt: Date; now: Date },
) {
  await db
    .insertInto('password_resets')
    .values({ member_id: r.memberId, token_hash: r.tokenHash, ip: r.ip, expires_at: r.expiresAt, created_at: r.now })
    .execute();
}

/** Spends a live reset token in one statement, so a token works once even when used twice at the same moment. */
export function takePasswordReset(db: Conn, tokenHash: string, now: Date) {
  return db
    .updateTable('password_resets')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning(['member_id'])
    .executeTakeFirst();
}

export function findPaymentPasswordHash(db: Conn, memberId: number) {
  return db.selectFrom('members').select(['payment_password_hash']).where('id', '=', memberId).executeTakeFirst();
}
