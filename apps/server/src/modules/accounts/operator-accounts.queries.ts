import { sql } from 'kysely';
import type { Conn } from '../../db/database';
import { OPERATOR_ACCOUNT_TYPE } from '../../http/auth';

// The rows of the members table that are operators' accounts, written for modules/operators (members
// is accounts' table). The trigger on members (migration 0013) drops an operator's cached sessions on
// every node when the password hash, status or permissions change.

export async function insertOperatorAccount(
  db: Conn,
  o: { username: string; passwordHash: string; displayName: string; referralCode: string; now: Date },
): Promise<number> {
  const row = await db
    .insertInto('members')
    .values({
      username: o.username,
      password_hash: o.passwordHash,
      type: OPERATOR_ACCOUNT_TYPE,
      nickname: o.username,
      referral_code: o.referralCode,
      permissions: '[]',
      password_changed_at: o.now,
      register_method: 'ADMIN',
      // The administrator chose the password: the operator replaces it at the first sign-in.
      password_must_change: true,
      operator_display_name: o.displayName,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateOperatorPassword(
  db: Conn,
  id: number,
  p: { passwordHash: string; mustChange: boolean; now: Date },
) {
  await db
    .updateTable('members')
    .set({ password_hash: p.passwordHash, password_must_change: p.mustChange, password_changed_at: p.now })
    .where('id', '=', id)
    .where('type', '=', OPERATOR_ACCOUNT_TYPE)
    .execute();
}

export async function updateOperatorDisplayName(db: Conn, id: number, displayName: string) {
  await db
    .updateTable('members')
    .set({ operator_display_name: displayName })
    .where('id', '=', id)
    .where('type', '=', OPERATOR_ACCOUNT_TYPE)
    .execute();
}

export async function updateOperatorStatus(db: Conn, id: number, status: 'active' | 'disabled') {
  await db.updateTable('members').set({ status }).where('id', '=', id).execute();
}

/** Writes only when the set differs, so an unchanged set fires no invalidation. */
export async function updateOperatorPermissions(db: Conn, memberId: number, permissions: string[]) {
  await db
    .updateTable('members')
    .set({ permissions: JSON.stringify(permissions) })
    .where('id', '=', memberId)
    .where(sql<boolean>`permissions IS DISTINCT FROM ${JSON.stringify(permissions)}::jsonb`)
    .execute();
}
