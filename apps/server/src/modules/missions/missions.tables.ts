import type { ColumnType, Generated } from 'kysely';

// The missions tables of migration 0040, declared beside the module that alone writes them (merged
// into the Database interface of db/schema.ts). Money, points and counts are bigint columns read as
// numbers.
type Stamp = ColumnType<Date, Date | string | undefined, Date | string>;
type MaybeStamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Json<T> = ColumnType<T, string, string>;

export type MissionTexts = Record<string, { title: string; description: string }>;

export interface MissionsTable {
  id: Generated<number>;
  period: 'daily' | 'weekly' | 'newbie';
  newbie_days: number | null;
  task: 'login' | 'deposit' | 'bet' | 'rounds' | 'invite';
  target: number;
  min_deposit: number | null;
  game_type: string | null;
  reward_kind: 'cash' | 'points';
  reward_amount: number;
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
  reward_kind: 'cash' | 'points';
  reward_amount: number;
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
