import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from '../../db/schema';

// Kysely types of the brand's settings and whitelabel switches, declared beside brand.queries.ts,
// their only writer (merged into the Database interface of db/schema.ts).

declare module '../../db/schema' {
  interface Database {
    brand_settings: BrandSettingsTable;
    whitelabel_switches: WhitelabelSwitchesTable;
  }
}

export interface BrandSettingsTable {
  key: string;
  value: ColumnType<unknown, string, string>;
  updated_at: Timestamp;
}

export interface WhitelabelSwitchesTable {
  mod_id: string;
  parent_mod_id: string | null;
  enabled: boolean;
  name: string;
  sort: Generated<number>;
}
