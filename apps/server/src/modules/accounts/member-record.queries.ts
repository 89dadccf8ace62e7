import type { Conn } from '../../db/database';

// The changes other areas make to a member's row (members is accounts' table), each in the caller's
// transaction. The caller takes the member row's lock first when its rules need one (docs/wallet.md
// "Lock order"); an UPDATE of a non-key column takes the same FOR NO KEY UPDATE lock itself.

export async function updateMemberType(db: Conn, memberId: number, type: number, now: Date) {
  await db.updateTable('members').set({ type, updated_at: now }).where('id', '=', memberId).execute();
}

export async function updateVipLevel(db: Conn, memberId: number, level: number, now: Date) {
  await db.updateTable('members').set({ vip_level: level, updated_at: now }).where('id', '=', memberId).execute();
}

export async function updateMemberStatus(db: Conn, memberId: number, status: 'active' | 'disabled', now: Date) {
  await db.updateTable('members').set({ status, updated_at: now }).where('id', '=', memberId).execute();
}

export async function updateUpline(db: Conn, memberId: number, uplineId: number | null, now: Date) {
  await db.updateTable('members').set({ upline_id: uplineId, updated_at: now }).where('id', '=', memberId).execute();
}

export async function updatePasswordChangeRequired(db: Conn, memberId: number, now: Date) {
  await db
    .updateTable('members')
    .set({ password_change_required_at: now, updated_at: now })
    .where('id', '=', memberId)
    .execute();
}

/** Sets the payee name only while it is empty. */
export async function updatePayeeNameIfEmpty(db: Conn, memberId: number, name: string) {
  await db
    .updateTable('members')
    .set({ payee_name: name })
    .where('id', '=', memberId)
    .where((eb) => eb.or([eb('payee_name', 'is', null), eb('payee_name', '=', '')]))
    .execute();
}
