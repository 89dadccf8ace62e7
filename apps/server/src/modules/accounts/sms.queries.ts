import { sql } from 'kysely';
import type { Conn } from '../../db/database';

export async function insertSmsCode(
  db: Conn,
  c: { purpose: string; phone: string; codeHash: string; expiresAt: Date; now: Date },
) {
  await db
    .insertInto('sms_codes')
    .values({ purpose: c.purpose, phone: c.phone, code_hash: c.codeHash, expires_at: c.expiresAt, created_at: c.now })
    .execute();
}

/** Spends every code still open for this number and purpose (a new send replaces them). */
export async function retireOpenSmsCodes(db: Conn, purpose: string, phone: string, now: Date) {
  await db
    .updateTable('sms_codes')
    .set({ used_at: now })
    .where('phone', '=', phone)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .execute();
}

export function findLatestSmsCode(db: Conn, purpose: string, phone: string) {
  return db
    .selectFrom('sms_codes')
    .select(['id', 'code_hash', 'attempts', 'expires_at', 'used_at'])
    .where('phone', '=', phone)
    .where('purpose', '=', purpose)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function bumpSmsCodeAttempts(db: Conn, id: number) {
  await db
    .updateTable('sms_codes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .execute();
}

/** Marks the code used unless someone else did first; true when this call spent it. */
export async function markSmsCodeUsed(db: Conn, id: number, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('sms_codes')
    .set({ used_at: now })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function mobileDigitsFor(db: Conn, countryDialingCode: string): Promise<number[]> {
  const rows = await db
    .selectFrom('countries')
    .select('mobile_digits')
    .where('country_dialing_code', '=', countryDialingCode)
    .execute();
  return rows.map((r) => r.mobile_digits);
}

export async function firstCountryDialingCode(db: Conn): Promise<string | undefined> {
  const row = await db
    .selectFrom('countries')
    .select('country_dialing_code')
    .orderBy('sort')
    .orderBy('country_code')
    .limit(1)
    .executeTakeFirst();
  return row?.country_dialing_code;
}

/**
 * The member holding a mobile number. Numbers may have been stored with their trunk zero, so both
 * spellings are matched.
 */
export function findMemberByMobile(db: Conn, countryDialingCode: string, mobileNum: string) {
  return db
    .selectFrom('members')
    .select(['id', 'username'])
    .where('country_dialing_code', '=', countryDialingCode)
    .where('mobile_num', 'in', [mobileNum, `0${mobileNum}`])
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
}

/**
 * Counts one SMS on the brand day `day`; with `limit` (at least 1), only while fewer than `limit`
 * were counted.
 * Answers whether it was counted. One statement: two sends at once cannot both take the last one.
 */
export async function countDailySms(db: Conn, day: string, limit: number | null): Promise<boolean> {
  const counted = await db
    .insertInto('sms_daily_sends')
    .values({ day, sent: 1 })
    .onConflict((oc) => {
      const bump = oc.column('day').doUpdateSet((eb) => ({ sent: eb('sms_daily_sends.sent', '+', 1) }));
      return limit === null ? bump : bump.where('sms_daily_sends.sent', '<', limit);
    })
    .returning('sent')
    .executeTakeFirst();
  return counted !== undefined;
}

/** The SMS counted on the brand day `day`. */
export async function dailySmsSent(db: Conn, day: string): Promise<number> {
  const row = await db
    .selectFrom('sms_daily_sends')
    .select('sent')
    .where('day', '=', sql<Date>`${day}::date`)
    .executeTakeFirst();
  return row?.sent ?? 0;
}
