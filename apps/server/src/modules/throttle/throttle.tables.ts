import type { Generated } from 'kysely';

// Kysely type of the rate limit counters, declared beside throttle.queries.ts, their only writer
// (merged into the Database interface of db/schema.ts).

declare module '../../db/schema' {
  interface Database {
    rate_limits: RateLimitsTable;
  }
}

export interface RateLimitsTable {
  key: string;
  window_started_at: Date | string;
  count: number;
  /** Of `count`, the slots whose attempt failed (the rest are in flight); migration 0059. */
  spent: Generated<number>;
  locked_until: Date | string | null;
}
