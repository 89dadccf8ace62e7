import type { ColumnType, Generated } from 'kysely';

// Kysely types of migration 0095 (risk), merged into db/schema.ts's Database.

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type Stamp = ColumnType<Date, Date | string | undefined, Date | string>;

declare module '../../db/schema' {
  interface Database {
    risk_identity_keys: RiskIdentityKeysTable;
    risk_links: RiskLinksTable;
    risk_flags: RiskFlagsTable;
    member_risk_levels: MemberRiskLevelsTable;
    risk_level_changes: RiskLevelChangesTable;
    risk_backfills: RiskBackfillsTable;
  }
}

/** A run of the links backfill (migration 0106): its progress and its cursor. */
export interface RiskBackfillsTable {
  id: Generated<number>;
  status: Generated<'running' | 'done'>;
  up_to_member_id: number;
  last_member_id: Generated<number>;
  members_total: number;
  members_done: Generated<number>;
  keys_added: Generated<number>;
  links_added: Generated<number>;
  started_by: number | null;
  started_at: Date | string;
  updated_at: Date | string;
  finished_at: Date | string | null;
}

export type IdentityKind = 'device' | 'ip' | 'bank_account' | 'payee_name';
export type LevelSource = 'operator' | 'link' | 'flag';

/** What identifies a member, normalised (docs/risk.md "Links"); one row per (kind, value, member). */
export interface RiskIdentityKeysTable {
  kind: IdentityKind;
  value: string;
  member_id: number;
  first_seen_at: CreatedAt;
}

/** Two members sharing a key of `kind`; member_id < other_id, one row per pair and kind. */
export interface RiskLinksTable {
  id: Generated<number>;
  member_id: number;
  other_id: number;
  kind: IdentityKind;
  /** The shared value that first linked them (normalised). */
  value: string;
  status: Generated<'pending' | 'confirmed' | 'dismissed'>;
  note: string | null;
  reviewed_by: number | null;
  reviewed_at: Date | string | null;
  created_at: CreatedAt;
}

export interface RiskFlagsTable {
  id: Generated<number>;
  member_id: number;
  kind: 'bonus_hit_and_run' | 'referral_device';
  /** What makes the flag one of its kind for the member: the reward id, the device hash. */
  key: string;
  evidence: ColumnType<Record<string, unknown>, string, string>;
  status: Generated<'open' | 'confirmed' | 'dismissed'>;
  note: string | null;
  reviewed_by: number | null;
  reviewed_at: Date | string | null;
  created_at: CreatedAt;
  updated_at: Stamp;
}

export interface MemberRiskLevelsTable {
  member_id: number;
  level: 'low' | 'normal' | 'high' | 'blocked';
  reason: string;
  source: LevelSource;
  set_by: number | null;
  updated_at: Stamp;
}

export interface RiskLevelChangesTable {
  id: Generated<number>;
  member_id: number;
  from_level: 'low' | 'normal' | 'high' | 'blocked';
  to_level: 'low' | 'normal' | 'high' | 'blocked';
  reason: string;
  source: LevelSource;
  operator_id: number | null;
  operator_username: string | null;
  created_at: CreatedAt;
}
