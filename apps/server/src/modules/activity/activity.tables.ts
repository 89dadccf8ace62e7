import type { ColumnType, Generated } from 'kysely';

// Kysely types of the activity-event tables (the events, each consumer's cursor and its consumption
// records), merged into db/schema.ts's Database.

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;

declare module '../../db/schema' {
  interface Database {
    activity_events: ActivityEventsTable;
    rewards_consumer_cursors: RewardsConsumerCursorsTable;
    rewards_consumptions: RewardsConsumptionsTable;
  }
}

export interface ActivityEventsTable {
  id: Generated<number>;
  /** xid8, read as text. */
  txid: Generated<string>;
  kind: string;
  member_id: number;
  amount: Generated<number>;
  currency: string | null;
  reference: string | null;
  data: ColumnType<Record<string, unknown>, string | undefined, string>;
  created_at: CreatedAt;
}

export interface RewardsConsumerCursorsTable {
  consumer: string;
  last_txid: Generated<string>;
  last_id: Generated<number>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface RewardsConsumptionsTable {
  consumer: string;
  event_id: number;
  consumed_at: CreatedAt;
}
