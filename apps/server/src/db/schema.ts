import type { ColumnType, Generated } from 'kysely';

// The map of table names to Kysely table types that `Kysely<Database>` sees (database.ts). Each
// module declares the types of the tables it writes in its own `<name>.tables.ts` and merges them into
// this interface (`declare module '../../db/schema' { interface Database { ... } }`); code that reads
// another module's table goes through this map (`Selectable<Database['members']>`) rather than
// importing that module's table type. BIGINT columns are parsed to number (see database.ts),
// timestamps to Date.

// Column helpers shared by the modules' table declarations.
export type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
export type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
export type Id = Generated<number>;
export type Json<T> = ColumnType<T, string, string>;

/** The kinds of VIP bonus (vip_bonuses.kind), owned by modules/vip; here because the agents' net
 * revenue (modules/agents/member-revenue.sql.ts), in the same tier as vip, counts these bonuses too. */
export type VipBonusKind = 'upgrade' | 'monthly' | 'birthday';

// biome-ignore lint/suspicious/noEmptyInterface: filled by the modules' *.tables.ts declarations
export interface Database {}
