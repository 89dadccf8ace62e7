import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt, Id, Timestamp } from '../../db/schema';

// Kysely types of the members and their sign-in state (sessions, login checks, SMS codes, captchas,
// password resets, two-factor), declared beside the accounts queries that write them (merged into the
// Database interface of db/schema.ts). Other modules update some members' columns (status, VIP level,
// KYC fields...) through their own queries; agent_tree is kept from members.upline_id by triggers.

declare module '../../db/schema' {
  interface Database {
    members: MembersTable;
    agent_tree: AgentTreeTable;
    sessions: SessionsTable;
    member_login_ips: MemberLoginIpsTable;
    login_verifications: LoginVerificationsTable;
    sms_codes: SmsCodesTable;
    sms_daily_sends: SmsDailySendsTable;
    captchas: CaptchasTable;
    used_challenges: UsedChallengesTable;
    password_resets: PasswordResetsTable;
    member_totp: MemberTotpTable;
    member_recovery_codes: MemberRecoveryCodesTable;
    registration_acceptances: RegistrationAcceptancesTable;
  }
}

/** What a visitor accepted when registering, with the time (migration 0091); written once. */
export interface RegistrationAcceptancesTable {
  member_id: number;
  terms_accepted_at: Date | string;
  privacy_accepted_at: Date | string;
  /** Null when the brand asks no minimum age (minimum_age 0). */
  age_confirmed_at: Date | string | null;
  minimum_age: number;
  ip: string;
}

export type SessionArea = 'member' | 'agent' | 'admin';

export interface MembersTable {
  id: Id;
  username: string;
  password_hash: string;
  type: Generated<number>;
  status: Generated<'active' | 'disabled'>;
  nickname: string | null;
  email: string | null;
  mobile_num: string | null;
  country_dialing_code: string | null;
  payee_name: string | null;
  qq_num: string | null;
  line: string | null;
  whatsapp: string | null;
  facebook: string | null;
  wechat: string | null;
  telegram: string | null;
  zalo: string | null;
  id_number: string | null;
  birthday: ColumnType<Date | null, string | null | undefined, string | null>;
  address: string | null;
  nationality: string | null;
  occupation: string | null;
  source_of_income: string | null;
  place_of_birth: string | null;
  full_name: string | null;
  payment_password_hash: string | null;
  referral_code: string;
  referrer_id: number | null;
  upline_id: number | null;
  avatar: Generated<number>;
  language: Generated<string>;
  vip_level: Generated<number>;
  permissions: ColumnType<string[], string | undefined, string>;
  register_ip: string | null;
  register_domain: string | null;
  register_url: string | null;
  register_method: string | null;
  password_changed_at: Timestamp;
  first_login_at: Date | string | null;
  last_login_at: Date | string | null;
  last_login_ip: string | null;
  /** Operators only: set with a password an administrator chose; migration 0061. */
  password_must_change: Generated<boolean>;
  /** Operators only: the name players read in support chat; migration 0061. */
  operator_display_name: string | null;
  /** The affiliate code the member registered with (its case as stored); migration 0066. */
  affiliate_code: string | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

/** Closure of members.upline_id (migration 0026): kept by triggers, read-only for the code. */
export interface AgentTreeTable {
  ancestor_id: number;
  member_id: number;
  depth: number;
}

export interface SessionsTable {
  id: Id;
  token_hash: string;
  member_id: number;
  area: Generated<SessionArea>;
  ip: string | null;
  user_agent: string | null;
  created_at: CreatedAt;
  last_seen_at: Timestamp;
  expires_at: Date | string;
  revoked_at: Date | string | null;
}

export interface MemberLoginIpsTable {
  member_id: number;
  ip: string;
  first_seen_at: Timestamp;
  last_seen_at: Timestamp;
}

export interface LoginVerificationsTable {
  id: string;
  member_id: number;
  ip: string;
  area: SessionArea;
  login_type: string;
  password_expired: boolean;
  must_change_password: boolean;
  code_hash: string | null;
  code_method: string | null;
  attempts: Generated<number>;
  expires_at: Date | string;
  used_at: Date | string | null;
  created_at: CreatedAt;
}

export interface SmsCodesTable {
  id: Id;
  purpose: string;
  phone: string;
  code_hash: string;
  attempts: Generated<number>;
  expires_at: Date | string;
  used_at: Date | string | null;
  created_at: CreatedAt;
}

/** SMS written to the outbox in one brand day (the brand's daily SMS limit); migration 0060. */
export interface SmsDailySendsTable {
  /** The brand day, written as YYYY-MM-DD. */
  day: ColumnType<Date, string, string>;
  sent: number;
}

export interface CaptchasTable {
  client_key: string;
  answer_hash: string;
  /** The text itself, kept in demo mode only (/dev/captcha.json); null everywhere else. */
  demo_answer: string | null;
  expires_at: Date | string;
  created_at: Timestamp;
}

export interface UsedChallengesTable {
  signature: string;
  expires_at: Date | string;
}

export interface PasswordResetsTable {
  id: Id;
  member_id: number;
  token_hash: string;
  ip: string | null;
  expires_at: Date | string;
  used_at: Date | string | null;
  created_at: CreatedAt;
}

export interface MemberTotpTable {
  member_id: number;
  /** AES-256-GCM sealed base32 secret (accounts/two-factor.crypto.ts); never sent after enrolment. */
  secret_sealed: string;
  /** When the current secret was made (an enrolment restart renews it). */
  created_at: ColumnType<Date, Date | string | undefined, Date | string>;
  enabled_at: Date | string | null;
  last_step: number | string | null;
}

export interface MemberRecoveryCodesTable {
  id: Id;
  member_id: number;
  code_hash: string;
  created_at: CreatedAt;
  used_at: Date | string | null;
}
