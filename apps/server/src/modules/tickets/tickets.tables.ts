import type { ColumnType, Generated } from 'kysely';

// Kysely types of migration 0043 (tickets), merged into db/schema.ts's Database.
type Stamp = ColumnType<Date, Date | string | undefined, Date | string>;
type MaybeStamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Json<T> = ColumnType<T, string, string>;

/** A prize as stored: money in minor units. */
export type StoredPrize = {
  label: string;
  type: 'cash' | 'bonus' | 'points' | 'ticket' | 'none';
  amount: number;
  points: number;
  ticketKindId: number | null;
  weight: number;
};

declare module '../../db/schema' {
  interface Database {
    ticket_kinds: TicketKindsTable;
    tickets: TicketsTable;
    ticket_seeds: TicketSeedsTable;
    ticket_draws: TicketDrawsTable;
  }
}

export interface TicketKindsTable {
  id: Generated<number>;
  kind: 'red_envelope' | 'prize_wheel' | 'golden_egg';
  name: string;
  enabled: boolean;
  deposit_min: number | null;
  prizes: Json<StoredPrize[]>;
  created_at: Stamp;
  updated_at: Stamp;
}

export interface TicketsTable {
  id: Generated<number>;
  member_id: number;
  kind_id: number;
  source: string;
  state: Generated<'unopened' | 'opened'>;
  created_at: Stamp;
  opened_at: MaybeStamp;
}

export interface TicketSeedsTable {
  id: Generated<number>;
  member_id: number;
  server_seed: string;
  seed_hash: string;
  client_seed: string;
  next_nonce: Generated<number>;
  revealed_at: MaybeStamp;
  created_at: Stamp;
}

export interface TicketDrawsTable {
  id: Generated<number>;
  ticket_id: number;
  member_id: number;
  seed_id: number;
  nonce: number;
  roll: number;
  weights: Json<number[]>;
  prize_index: number;
  prize: Json<StoredPrize>;
  currency: string;
  posting_id: number | null;
  created_at: Stamp;
}
