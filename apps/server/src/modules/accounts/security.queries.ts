import type { Conn } from '../../db/database';

/** What the security-centre actions need to know about the member, secrets included. */
export function findSecurityMember(db: Conn, memberId: number) {
  return db
    .selectFrom('members')
    .select([
      'id',
      'username',
      'status',
      'password_hash',
      'payment_password_hash',
      'email',
      'mobile_num',
      'country_dialing_code',
    ])
    .where('id', '=', memberId)
    .executeTakeFirst();
}

export async function updatePaymentPasswordHash(db: Conn, memberId: number, hash: string, now: Date) {
  await db
    .updateTable('members')
    .set({ payment_password_hash: hash, updated_at: now })
    .where('id', '=', memberId)
    .execute();
}

/** Clears a set payment password (an operator's reset); true when there was one to clear. */
export async function clearPaymentPasswordHash(db: Conn, memberId: number, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('members')
    .set({ payment_password_hash: null, updated_at: now })
    .where('id', '=', memberId)
    .where('payment_password_hash', 'is not', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Sets the first payment password only while none is set, in one statement: two first-time calls
 * at the same moment cannot both succeed. True when this call set it.
 */
export async function setFirstPaymentPasswordHash(
  db: Conn,
  memberId: number,
  hash: string,
  now: Date,
): Promise<boolean> {
  const result = await db
    .updateTable('members')
    .set({ payment_password_hash: hash, updated_at: now })
    .where('id', '=', memberId)
    .where('payment_password_hash', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function updateMobile(
  db: Conn,
  memberId: number,
  mobile: { countryDialingCode: string; mobileNum: string },
  now: Date,
) {
  await db
    .updateTable('members')
    .set({ country_dialing_code: mobile.countryDialingCode, mobile_num: mobile.mobileNum, updated_at: now })
    .where('id', '=', memberId)
    .execute();
}

export async function updateEmail(db: Conn, memberId: number, email: string, now: Date) {
  await db.updateTable('members').set({ email, updated_at: now }).where('id', '=', memberId).execute();
}
