import type { RedeemStatus, RewardKind, TicketKind } from '@gamehall/shared/api/points';
import type { ColumnType, Generated } from 'kysely';

// The points mall tables of migration 0039, declared beside the module that alone writes them
// (merged into the Database interface of db/schema.ts). Points and money are bigint columns read as
// numbers.
type Stamp = ColumnType<Date, Date | undefined, Date>;
type MaybeStamp = ColumnType<Date | null, Date | null | undefined, Date | null>;
type Json<T> = ColumnType<T, string | undefined, string>;

export interface PointsConfigTable {
  id: number;
  exchange_points: number;
  exchange_amount: number;
  min_convert_points: number;
  convert_enabled: boolean;
  rules: Json<Record<string, string>>;
  updated_at: Stamp;
}

export interface PointsRatesTable {
  game_type: string;
  rate_ppm: number;
  updated_at: Stamp;
}

export interface PointsRewardsTable {
  id: Generated<number>;
  kind: RewardKind;
  name: string;
  names: Json<Record<string, string>>;
  description: string;
  image_url: string | null;
  points_cost: number;
  amount: number;
  ticket_kind: TicketKind | null;
  /** The ticket_kinds row a ticket reward issues (migration 0046). */
  ticket_kind_id: ColumnType<number | null, number | null | undefined, number | null>;
  stock: number | null;
  max_per_redeem: number;
  status: 'active' | 'paused';
  sort: number;
  created_at: Stamp;
  updated_at: Stamp;
}

export interface PointsRedemptionsTable {
  id: Generated<number>;
  reference: string;
  member_id: number;
  request_id: string;
  reward_id: number;
  kind: RewardKind;
  name: string;
  ticket_kind: TicketKind | null;
  ticket_kind_id: ColumnType<number | null, number | null | undefined, number | null>;
  quantity: number;
  points: Generated<number>;
  amount: Generated<number>;
  status: Generated<RedeemStatus>;
  points_balance_after: number | null;
  posting_id: number | null;
  refund_posting_id: number | null;
  remark: Generated<string>;
  decided_by: number | null;
  decided_at: MaybeStamp;
  created_at: Stamp;
}

export interface PointsConversionsTable {
  id: Generated<number>;
  reference: string;
  member_id: number;
  request_id: string;
  points: number;
  amount: Generated<number>;
  currency: string;
  posting_id: number | null;
  created_at: Stamp;
}

declare module '../../db/schema' {
  interface Database {
    points_config: PointsConfigTable;
    points_rates: PointsRatesTable;
    points_rewards: PointsRewardsTable;
    points_redemptions: PointsRedemptionsTable;
    points_conversions: PointsConversionsTable;
  }
}
