import type { ColumnType } from 'kysely';

// Kysely types of migration 0041 (member_devices), merged into db/schema.ts's Database.
type Stamp = ColumnType<Date, Date | string | undefined, Date | string>;

declare module '../../db/schema' {
  interface Database {
    member_devices: MemberDevicesTable;
  }
}

export interface MemberDevicesTable {
  member_id: number;
  /** SHA-256 (hex) of the id the player site sends; the id itself is never stored. */
  device_hash: string;
  first_seen_at: Stamp;
  last_seen_at: Stamp;
  ip: string | null;
}
