import type { ColumnType, Generated } from 'kysely';

// The VIP tables of migration 0036 (vip_levels itself is in db/schema.ts), declared beside the
// module that alone writes them and merged into db/schema.ts's Database. Money in minor units.
type Stamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Day = ColumnType<string, string, string>;

declare module '../../db/schema' {
  interface Database {
    vip_settings: VipSettingsTable;
    vip_member_days: VipMemberDaysTable;
    vip_bonuses: VipBonusesTable;
    vip_level_changes: VipLevelChangesTable;
    vip_reviews: VipReviewsTable;
  }
}

export type RebateMode = 'automatic' | 'manual';

export interface VipSettingsTable {
  id: number;
  window_days: Generated<number>;
  rebate_mode: Generated<RebateMode>;
  rebate_hour: Generated<number>;
  updated_at: Stamp;
}

export interface VipMemberDaysTable {
  member_id: number;
  /** A brand-time-zone day, yyyy-mm-dd. */
  day: Day;
  deposits: Generated<number>;
  valid_bets: Generated<number>;
}

// Declared with the shared table types: the agents' net revenue (modules/agents/member-revenue.sql.ts) counts these
// bonuses too.
export type { VipBonusKind } from '../../db/schema';

import type { VipBonusKind } from '../../db/schema';

export interface VipBonusesTable {
  id: Generated<number>;
  member_id: number;
  kind: VipBonusKind;
  period: string;
  level: number;
  amount: number;
  currency: string;
  created_at: Stamp;
}

export interface VipLevelChangesTable {
  id: Generated<number>;
  member_id: number;
  from_level: number;
  to_level: number;
  source: 'upgrade' | 'review' | 'operator';
  reason: Generated<string>;
  operator_id: number | null;
  created_at: Stamp;
}

export interface VipReviewsTable {
  member_id: number;
  month: string;
  from_level: number;
  to_level: number;
  created_at: Stamp;
}
