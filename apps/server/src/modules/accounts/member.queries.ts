import { type Expression, type RawBuilder, sql } from 'kysely';
import type { Conn } from '../../db/database';
import { prepared } from '../../db/prepared';

/** Whether the member has an authenticator switched on (member_totp, migration 0020). */
const TOTP_ENABLED = sql<boolean>`exists (select 1 from member_totp t where t.member_id = members.id and t.enabled_at is not null)`;

// The member info and the header's state read it on every call: compiled once (db/prepared.ts).
const memberProfile = prepared(1, (db, memberId: number) =>
  db
    .selectFrom('members')
    .select([
      'id',
      'username',
      'nickname',
      'type',
      'email',
      'mobile_num',
      'country_dialing_code',
      'language',
      'vip_level',
      'avatar',
      'created_at',
      'first_login_at',
      'last_login_at',
      'password_changed_at',
      sql<boolean>`payment_password_hash IS NOT NULL`.as('has_payment_password'),
      TOTP_ENABLED.as('has_totp'),
    ])
    .where('id', '=', memberId),
);

export function findMemberProfile(db: Conn, memberId: number) {
  return memberProfile.executeTakeFirst(db, memberId);
}

export async function updateAvatar(db: Conn, memberId: number, avatar: number, now: Date) {
  await db.updateTable('members').set({ avatar, updated_at: now }).where('id', '=', memberId).execute();
}

export async function updateLanguage(db: Conn, memberId: number, language: string, now: Date) {
  await db.updateTable('members').set({ language, updated_at: now }).where('id', '=', memberId).execute();
}

/**
 * The label of the VIP level in `level` (a column of the enclosing query), or null for a level with
 * none (spec §3 public state: hasVip, vipLabelName).
 */
export function vipLabelSql(level: Expression<unknown>): RawBuilder<string | null> {
  return sql<string | null>`(SELECT vl.label_name FROM vip_levels vl WHERE vl.level = ${level})`;
}

export async function countLivePromotionAnnouncements(db: Conn, now: Date) {
  const row = await db
    .selectFrom('announcements')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('type', '=', 'PR')
    .where('starts_at', '<=', now)
    .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', now)]))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A member's id and type by username (exact), or nothing. */
export function findMemberByUsername(db: Conn, username: string) {
  return db
    .selectFrom('members')
    .select(['id', 'username', 'type'])
    .where('username', '=', username)
    .executeTakeFirst();
}

/** Usernames of these member ids (ids not found are left out). */
export function usernamesOfIds(db: Conn, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('members')
    .select(['id', 'username'])
    .where('id', 'in', [...ids])
    .execute();
}
