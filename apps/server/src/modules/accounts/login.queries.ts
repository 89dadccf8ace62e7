import { sql } from 'kysely';
import type { Conn } from '../../db/database';
import type { SessionArea } from './accounts.tables';

/** Whether the member has an authenticator switched on (member_totp, migration 0020). */
const TOTP_ENABLED = sql<boolean>`exists (select 1 from member_totp t where t.member_id = members.id and t.enabled_at is not null)`;

const LOGIN_FIELDS = [
  'id',
  'username',
  'password_hash',
  'type',
  'status',
  'email',
  'mobile_num',
  'country_dialing_code',
  'payee_name',
  'password_changed_at',
  'password_change_required_at',
  'first_login_at',
] as const;

/** Usernames are unique without regard to case (members_username_key on lower(username)). */
export function findMemberForLogin(db: Conn, username: string) {
  return db
    .selectFrom('members')
    .select(LOGIN_FIELDS)
    .select(TOTP_ENABLED.as('totp_enabled'))
    .where(sql<string>`lower(username)`, '=', username.toLowerCase())
    .executeTakeFirst();
}

export function findMemberForLoginById(db: Conn, id: number) {
  return db
    .selectFrom('members')
    .select(LOGIN_FIELDS)
    .select(TOTP_ENABLED.as('totp_enabled'))
    .where('id', '=', id)
    .executeTakeFirst();
}

export type LoginMember = NonNullable<Awaited<ReturnType<typeof findMemberForLogin>>>;

/** How many IPs the member has logged in from, and whether `ip` is one of them. */
export async function knownIpState(db: Conn, memberId: number, ip: string) {
  const row = await db
    .selectFrom('member_login_ips')
    .select((eb) => [
      eb.fn.countAll<number>().as('total'),
      eb.fn.count<number>(eb.case().when('ip', '=', ip).then(1).end()).as('here'),
    ])
    .where('member_id', '=', memberId)
    .executeTakeFirstOrThrow();
  return { total: Number(row.total), known: Number(row.here) > 0 };
}

export async function recordLoginIp(db: Conn, memberId: number, ip: string, now: Date) {
  await db
    .insertInto('member_login_ips')
    .values({ member_id: memberId, ip, first_seen_at: now, last_seen_at: now })
    .onConflict((oc) => oc.columns(['member_id', 'ip']).doUpdateSet({ last_seen_at: now }))
    .execute();
}

export async function markLoggedIn(db: Conn, memberId: number, ip: string, now: Date) {
  await db.updateTable('members').set({ last_login_at: now, last_login_ip: ip }).where('id', '=', memberId).execute();
}

export async function insertLoginVerification(
  db: Conn,
  v: {
    id: string;
    memberId: number;
    ip: string;
    area: SessionArea;
    loginType: string;
    passwordExpired: boolean;
    mustChangePassword: boolean;
    expiresAt: Date;
    now: Date;
  },
) {
  await db
    .insertInto('login_verifications')
    .values({
      id: v.id,
      member_id: v.memberId,
      ip: v.ip,
      area: v.area,
      login_type: v.loginType,
      password_expired: v.passwordExpired,
      must_change_password: v.mustChangePassword,
      expires_at: v.expiresAt,
      created_at: v.now,
    })
    .execute();
}

export function findLoginVerification(db: Conn, id: string) {
  return db
    .selectFrom('login_verifications')
    .select([
      'id',
      'member_id',
      'ip',
      'area',
      'login_type',
      'password_expired',
      'must_change_password',
      'code_hash',
      'code_method',
      'attempts',
      'expires_at',
      'used_at',
    ])
    .where('id', '=', id)
    .executeTakeFirst();
}

export type LoginVerificationRow = NonNullable<Awaited<ReturnType<typeof findLoginVerification>>>;

export async function setLoginVerificationCode(db: Conn, id: string, method: string, codeHash: string) {
  await db
    .updateTable('login_verifications')
    .set({ code_method: method, code_hash: codeHash })
    .where('id', '=', id)
    .execute();
}

/**
 * Counts one answer, atomically and only while the verification is still open with tries left, so
 * concurrent guesses cannot pass the limit. False when nothing was counted.
 */
export async function countLoginVerificationAttempt(db: Conn, id: string, maxAttempts: number, now: Date) {
  const result = await db
    .updateTable('login_verifications')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .where('attempts', '<', maxAttempts)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function markLoginVerificationUsed(db: Conn, id: string, now: Date) {
  const result = await db
    .updateTable('login_verifications')
    .set({ used_at: now })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function insertTrialMember(
  db: Conn,
  m: { username: string; passwordHash: string; type: number; referralCode: string; ip: string; now: Date },
) {
  const row = await db
    .insertInto('members')
    .values({
      username: m.username,
      password_hash: m.passwordHash,
      type: m.type,
      referral_code: m.referralCode,
      register_ip: m.ip,
      register_method: 'FREEPLAY',
      password_changed_at: m.now,
      created_at: m.now,
      updated_at: m.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Sets first_login_at once; true for the call that set it. */
export async function setFirstLogin(db: Conn, memberId: number, now: Date) {
  const result = await db
    .updateTable('members')
    .set({ first_login_at: now })
    .where('id', '=', memberId)
    .where('first_login_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
