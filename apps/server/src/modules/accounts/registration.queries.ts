import { sql } from 'kysely';
import type { Conn } from '../../db/database';

export function listFieldRules(db: Conn) {
  return db
    .selectFrom('register_field_rules')
    .select(['field', 'enabled', 'required', 'min_length', 'max_length', 'pattern_id', 'accepted_pattern', 'sort'])
    .orderBy('sort')
    .orderBy('field')
    .execute();
}

/** The active affiliate code with its agent, compared without regard to case. */
export function findAffiliateCode(db: Conn, code: string) {
  return db
    .selectFrom('affiliate_codes')
    .innerJoin('members', 'members.id', 'affiliate_codes.agent_id')
    .select([
      'affiliate_codes.code',
      'affiliate_codes.domain',
      'members.id as agentId',
      'members.username',
      'members.nickname',
      'members.type',
      'members.status',
    ])
    .where(sql<string>`lower(affiliate_codes.code)`, '=', code.toLowerCase())
    .where('affiliate_codes.active', '=', true)
    .executeTakeFirst();
}

export function findMemberByReferralCode(db: Conn, code: string) {
  return db
    .selectFrom('members')
    .select(['id', 'type', 'status'])
    .where('referral_code', '=', code.toUpperCase())
    .executeTakeFirst();
}

export function findMemberById(db: Conn, id: number) {
  return db.selectFrom('members').select(['id', 'type', 'status']).where('id', '=', id).executeTakeFirst();
}

export async function usernameExists(db: Conn, username: string): Promise<boolean> {
  const row = await db
    .selectFrom('members')
    .select('id')
    .where(sql<string>`lower(username)`, '=', username.toLowerCase())
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertRegistrationAcceptance(
  db: Conn,
  a: { memberId: number; minimumAge: number; ip: string; now: Date },
) {
  await db
    .insertInto('registration_acceptances')
    .values({
      member_id: a.memberId,
      terms_accepted_at: a.now,
      privacy_accepted_at: a.now,
      age_confirmed_at: a.minimumAge > 0 ? a.now : null,
      minimum_age: a.minimumAge,
      ip: a.ip,
    })
    .execute();
}

export async function insertMember(
  db: Conn,
  m: {
    username: string;
    nickname: string | null;
    passwordHash: string;
    email: string | null;
    mobileNum: string | null;
    countryDialingCode: string | null;
    payeeName: string | null;
    qqNum: string | null;
    line: string | null;
    whatsapp: string | null;
    facebook: string | null;
    wechat: string | null;
    telegram: string | null;
    zalo: string | null;
    idNumber: string | null;
    birthday: string | null;
    address: string | null;
    nationality: string | null;
    occupation: string | null;
    sourceOfIncome: string | null;
    placeOfBirth: string | null;
    fullName: string | null;
    paymentPasswordHash: string | null;
    referralCode: string;
    referrerId: number | null;
    uplineId: number | null;
    affiliateCode: string | null;
    language: string;
    registerIp: string;
    registerDomain: string | null;
    registerUrl: string | null;
    registerMethod: string;
    /** Set when the member is logged in by the sign-up itself. */
    lastLogin: { at: Date; ip: string } | null;
    now: Date;
  },
) {
  return db
    .insertInto('members')
    .values({
      username: m.username,
      nickname: m.nickname,
      password_hash: m.passwordHash,
      type: 0,
      email: m.email,
      mobile_num: m.mobileNum,
      country_dialing_code: m.countryDialingCode,
      payee_name: m.payeeName,
      qq_num: m.qqNum,
      line: m.line,
      whatsapp: m.whatsapp,
      facebook: m.facebook,
      wechat: m.wechat,
      telegram: m.telegram,
      zalo: m.zalo,
      id_number: m.idNumber,
      birthday: m.birthday,
      address: m.address,
      nationality: m.nationality,
      occupation: m.occupation,
      source_of_income: m.sourceOfIncome,
      place_of_birth: m.placeOfBirth,
      full_name: m.fullName,
      payment_password_hash: m.paymentPasswordHash,
      referral_code: m.referralCode,
      referrer_id: m.referrerId,
      upline_id: m.uplineId,
      affiliate_code: m.affiliateCode,
      language: m.language,
      register_ip: m.registerIp,
      register_domain: m.registerDomain,
      register_url: m.registerUrl,
      register_method: m.registerMethod,
      password_changed_at: m.now,
      last_login_at: m.lastLogin?.at ?? null,
      last_login_ip: m.lastLogin?.ip ?? null,
      created_at: m.now,
      updated_at: m.now,
    })
    .returning(['id', 'username', 'type'])
    .executeTakeFirstOrThrow();
}
