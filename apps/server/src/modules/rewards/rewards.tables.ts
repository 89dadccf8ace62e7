import type { ColumnType, Generated } from 'kysely';

// Kysely types of the rewards tables, merged into db/schema.ts's Database.

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T> = ColumnType<T, string, string>;

declare module '../../db/schema' {
  interface Database {
    promotions: PromotionsTable;
    promotion_joins: PromotionJoinsTable;
    promotion_applications: PromotionApplicationsTable;
    promotion_application_images: PromotionApplicationImagesTable;
    rewards: RewardsTable;
    bonus_wagers: BonusWagersTable;
    reward_refusals: RewardRefusalsTable;
    ranking_turnover: RankingTurnoverTable;
    promotion_images: PromotionImagesTable;
  }
}

export interface PromotionsTable {
  id: Generated<number>;
  type: string;
  kind: 'deposit_match' | 'fixed' | 'application' | 'ranking';
  state: Generated<'draft' | 'active' | 'paused' | 'ended'>;
  starts_at: Timestamp;
  ends_at: Date | string | null;
  rules: Json<Record<string, unknown>>;
  texts: Json<Record<string, { title: string; summary: string; rules: string }>>;
  sort: Generated<number>;
  created_at: CreatedAt;
  updated_at: Timestamp;
  /** A ranking's prizes were paid (migration 0045). */
  settled_at: Date | string | null;
  /** The promotion's image (migration 0096). */
  image_id: ColumnType<number | null, number | null | undefined, number | null>;
}

/** Uploaded promotion images, served from the database (migration 0096). */
export interface PromotionImagesTable {
  id: Generated<number>;
  content_type: 'image/png' | 'image/jpeg' | 'image/webp';
  data: Buffer | Uint8Array;
  sha256: string;
  uploaded_by: number | null;
  created_at: CreatedAt;
}

export interface PromotionJoinsTable {
  promotion_id: number;
  member_id: number;
  joined_at: CreatedAt;
}

export interface PromotionApplicationsTable {
  id: Generated<number>;
  promotion_id: number;
  member_id: number;
  comment: string;
  status: Generated<'pending' | 'approved' | 'rejected'>;
  reason: string | null;
  decided_by: number | null;
  decided_at: Date | string | null;
  created_at: CreatedAt;
}

export interface PromotionApplicationImagesTable {
  id: Generated<number>;
  application_id: number;
  mime: 'image/png' | 'image/jpeg';
  bytes: Buffer | Uint8Array;
}

export interface RewardsTable {
  id: Generated<number>;
  member_id: number;
  /** Null for a mission's bonus (migration 0046) or a bonus adjustment (0105), which name their row instead. */
  promotion_id: number | null;
  mission_progress_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** A bonus adjustment's reward (migration 0105): the operator's credit of the bonus wallet. */
  adjustment_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** A mission bonus's or bonus adjustment's own wagering terms (a promotion's are in its rules). */
  wagering: ColumnType<Record<string, unknown> | null, string | null | undefined, string | null>;
  source: string;
  /** Minor units; for a ticket reward, the number of tickets. */
  amount: number;
  basis: Generated<number>;
  currency: string;
  pay_as: 'cash' | 'bonus' | 'ticket';
  ticket_kind_id: ColumnType<number | null, number | null | undefined, number | null>;
  ticket_ids: ColumnType<number[] | null, string | null | undefined, string | null>;
  state: 'waiting' | 'claimable' | 'claimed' | 'expired';
  expires_at: Date | string | null;
  claimed_at: Date | string | null;
  posting_id: number | null;
  created_at: CreatedAt;
}

export interface BonusWagersTable {
  id: Generated<number>;
  reward_id: number;
  member_id: number;
  currency: string;
  bonus: number;
  required: number;
  progress: Generated<number>;
  contributions: Json<Record<string, number>>;
  other_percent: number;
  state: Generated<'active' | 'converted' | 'forfeited'>;
  converted: Generated<number>;
  forfeited: Generated<number>;
  expires_at: Date | string;
  created_at: CreatedAt;
  settled_at: Date | string | null;
  /** Bets above this are refused while the wager is active (migration 0096; null: no limit). */
  max_bet: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface RewardRefusalsTable {
  id: Generated<number>;
  promotion_id: number;
  member_id: number;
  source: string;
  reason: 'member' | 'device' | 'ip' | 'bank_account' | 'mobile';
  other_member_id: number | null;
  amount: Generated<number>;
  created_at: CreatedAt;
}

export interface RankingTurnoverTable {
  promotion_id: number;
  member_id: number;
  turnover: Generated<number>;
  rounds: Generated<number>;
  reached_at: Date | string;
}
