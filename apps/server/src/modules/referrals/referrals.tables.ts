import type { ColumnType, Generated } from 'kysely';

// Kysely types of migration 0042 (referrals), merged into db/schema.ts's Database. Money columns
// are bigint minor units read as numbers.
type Stamp = ColumnType<Date, Date | string | undefined, Date | string>;
type MaybeStamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Json<T> = ColumnType<T, string, string>;

declare module '../../db/schema' {
  interface Database {
    referral_settings: ReferralSettingsTable;
    referral_progress: ReferralProgressTable;
    referral_rewards: ReferralRewardsTable;
  }
}

export interface ReferralSettingsTable {
  id: Generated<number>;
  enabled: boolean;
  rules: Json<Record<string, unknown>>;
  updated_at: Stamp;
}

export interface ReferralProgressTable {
  invitee_id: number;
  referrer_id: number;
  first_deposit_at: MaybeStamp;
  first_deposit: number | null;
  turnover: Generated<number>;
  turnover_reached_at: MaybeStamp;
  created_at: Stamp;
}

export interface ReferralRewardsTable {
  id: Generated<number>;
  referrer_id: number;
  invitee_id: number;
  stage: 'registration' | 'first_deposit' | 'turnover';
  status: 'paid' | 'refused';
  reason: string | null;
  amount: number;
  currency: string;
  pay_as: 'cash' | 'bonus';
  posting_id: number | null;
  ticket_id: number | null;
  event_id: number;
  created_at: Stamp;
}
