import type { Conn } from '../../db/database';

export function findTotp(db: Conn, memberId: number) {
  return db
    .selectFrom('member_totp')
    .select(['secret_sealed', 'created_at', 'enabled_at', 'last_step'])
    .where('member_id', '=', memberId)
    .executeTakeFirst();
}

/** Starts (or restarts) an enrolment; an authenticator already on is never replaced. */
export async function upsertPendingTotp(db: Conn, memberId: number, sealed: string, now: Date): Promise<boolean> {
  const result = await db
    .insertInto('member_totp')
    .values({ member_id: memberId, secret_sealed: sealed, created_at: now, enabled_at: null, last_step: null })
    .onConflict((oc) =>
      oc
        .column('member_id')
        .doUpdateSet({ secret_sealed: sealed, created_at: now, last_step: null })
        .where('member_totp.enabled_at', 'is', null),
    )
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Turns a pending enrolment on, recording the step of its first code; false when it was not pending. */
export async function enableTotp(db: Conn, memberId: number, sealed: string, step: number, now: Date) {
  const result = await db
    .updateTable('member_totp')
    .set({ enabled_at: now, last_step: step })
    .where('member_id', '=', memberId)
    .where('secret_sealed', '=', sealed)
    .where('enabled_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Claims a time step for an enabled authenticator. One statement, so of two requests carrying the
 * same code (or codes of older steps) only one wins.
 */
export async function claimTotpStep(db: Conn, memberId: number, step: number): Promise<boolean> {
  const result = await db
    .updateTable('member_totp')
    .set({ last_step: step })
    .where('member_id', '=', memberId)
    .where('enabled_at', 'is not', null)
    .where((eb) => eb.or([eb('last_step', 'is', null), eb('last_step', '<', step)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function deleteTwoFactor(db: Conn, memberId: number) {
  await db.deleteFrom('member_recovery_codes').where('member_id', '=', memberId).execute();
  const result = await db
    .deleteFrom('member_totp')
    .where('member_id', '=', memberId)
    .where('enabled_at', 'is not', null)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

export async function replaceRecoveryCodes(db: Conn, memberId: number, hashes: string[], now: Date) {
  await db.deleteFrom('member_recovery_codes').where('member_id', '=', memberId).execute();
  await db
    .insertInto('member_recovery_codes')
    .values(hashes.map((code_hash) => ({ member_id: memberId, code_hash, created_at: now })))
    .execute();
}

/** Uses a recovery code up, atomically: true only for the one request that used it. */
export async function useRecoveryCode(db: Conn, memberId: number, hash: string, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('member_recovery_codes')
    .set({ used_at: now })
    .where('member_id', '=', memberId)
    .where('code_hash', '=', hash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function countRecoveryCodesLeft(db: Conn, memberId: number): Promise<number> {
  const row = await db
    .selectFrom('member_recovery_codes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('member_id', '=', memberId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Where an announcement to the member goes. */
export function findMemberContact(db: Conn, memberId: number) {
  return db
    .selectFrom('members')
    .select(['id', 'username', 'password_hash', 'email', 'mobile_num', 'country_dialing_code'])
    .where('id', '=', memberId)
    .executeTakeFirst();
}
