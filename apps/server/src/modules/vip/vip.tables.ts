import type { ColumnType, Generated } from 'kysely';

// The VIP tables (vip_levels, and those of migration 0036), declared beside the module that alone
// writes them and merged into db/schema.ts's Database. Money in minor units.
type Stamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Day = ColumnType<string, string, string>;

declare module '../../db/schema' {
  interface Database {
    vip_levels: VipLevelsTable;
    vip_settings: VipSettingsTable;
    vip_member_days: VipMemberDaysTable;
    vip_bonuses: VipBonusesTable;
    vip_level_changes: VipLevelChangesTable;
    vip_reviews: VipReviewsTable;
    vip_level_holds: VipLevelHoldsTable;
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

export interface VipLevelsTable {
  level: number;
  label_name: string;
  min_deposit: Generated<number>;
  // Migration 0036: the rest of a level's terms; money in minor units, rates in ppm.
  min_valid_bet: Generated<number>;
  upgrade_bonus: Generated<number>;
  monthly_bonus: Generated<number>;
  birthday_bonus: Generated<number>;
  withdraw_daily_count: ColumnType<number | null, number | null | undefined, number | null>;
  withdraw_daily_amount: ColumnType<number | null, number | null | undefined, number | null>;
  rebate_rates: ColumnType<Record<string, number>, string | undefined, string>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** A level set by hand while it holds (migration 0117): last_day is the last brand day it holds. */
export interface VipLevelHoldsTable {
  member_id: number;
  level: number;
  until_kind: 'date' | 'review';
  last_day: Day;
  ends_at: Stamp;
  set_by: number;
  set_at: Stamp;
}
