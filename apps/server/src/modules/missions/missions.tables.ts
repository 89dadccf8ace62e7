import type { ColumnType, Generated } from 'kysely';

// The missions tables of migration 0040, declared beside the module that alone writes them (merged
// into the Database interface of db/schema.ts). Money, points and counts are bigint columns read as
// numbers.
type Stamp = ColumnType<Date, Date | string | undefined, Date | string>;
type MaybeStamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Json<T> = ColumnType<T, string, string>;

/** A bonus reward's turnover terms, as the promotions' Wagering (packages/shared/src/api/rewards.ts). */
export type MissionWagering = {
  multiple: number;
  base: 'bonus' | 'bonus_deposit';
  contributions: Record<string, number>;
  otherPercent: number;
  days: number;
};

export type MissionTexts = Record<string, { title: string; description: string }>;

export interface MissionsTable {
  id: Generated<number>;
  period: 'daily' | 'weekly' | 'newbie';
  newbie_days: number | null;
  task: 'login' | 'deposit' | 'bet' | 'rounds' | 'invite';
  target: number;
  min_deposit: number | null;
  game_type: string | null;
  reward_kind: 'cash' | 'points' | 'bonus' | 'ticket';
  reward_amount: number;
  reward_ticket_kind_id: ColumnType<number | null, number | null | undefined, number | null>;
  reward_wagering: ColumnType<MissionWagering | null, string | null | undefined, string | null>;
  claim_days: number;
  state: Generated<'draft' | 'active' | 'paused' | 'ended'>;
  starts_at: Stamp;
  ends_at: MaybeStamp;
  texts: Json<MissionTexts>;
  sort: Generated<number>;
  created_at: Generated<Date>;
  updated_at: Stamp;
}

export interface MissionProgressTable {
  id: Generated<number>;
  mission_id: number;
  member_id: number;
  period_start: Stamp;
  period_end: Stamp;
  progress: Generated<number>;
  target: number;
  reward_kind: 'cash' | 'points' | 'bonus' | 'ticket';
  reward_amount: number;
  reward_ticket_kind_id: ColumnType<number | null, number | null | undefined, number | null>;
  reward_wagering: ColumnType<MissionWagering | null, string | null | undefined, string | null>;
  /** The tickets a ticket reward's claim issued. */
  ticket_ids: ColumnType<number[] | null, string | null | undefined, string | null>;
  currency: string;
  completed_at: MaybeStamp;
  claim_expires_at: MaybeStamp;
  claimed_at: MaybeStamp;
  posting_id: number | null;
  updated_at: Stamp;
}

declare module '../../db/schema' {
  interface Database {
    missions: MissionsTable;
    mission_progress: MissionProgressTable;
  }
}
