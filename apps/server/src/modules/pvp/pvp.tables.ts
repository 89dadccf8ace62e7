import type { ColumnType, Generated } from 'kysely';

// Kysely types of migration 0112 (the card room's integrity reviews; 0134 adds a kind), merged into
// db/schema.ts's Database.

declare module '../../db/schema' {
  interface Database {
    pvp_integrity_reviews: PvpIntegrityReviewsTable;
  }
}

/** One operator's decision on an integrity flag; the highest revision of a flag_key is its state. */
export interface PvpIntegrityReviewsTable {
  id: Generated<number>;
  /** The flag's kind, members and stake (pvp.reviews.ts flagKey). */
  flag_key: string;
  revision: number;
  kind: 'chip_dumping' | 'soft_play' | 'linked_accounts';
  /** Chip dumping: the member who lost (a) and the one who won (b); soft play: the pair, lower id first. */
  member_a: number | null;
  member_b: number | null;
  decision: 'cleared' | 'confirmed';
  reason: string;
  /** The hands the flag counted when it was decided. */
  first_hand_id: number;
  last_hand_id: number;
  /** The report's days the operator decided on. */
  window_from: string;
  window_to: string;
  /** Members raised to risk level high with a confirmation. */
  raised_members: ColumnType<number[], string, never>;
  reviewed_by: number;
  reviewed_by_username: string;
  reviewed_at: ColumnType<Date, Date, never>;
}
