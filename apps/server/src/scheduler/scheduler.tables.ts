import type { CreatedAt } from '../db/schema';

// Kysely type of the scheduler's record of finished job periods, declared beside
// scheduler.queries.ts, its only writer (merged into the Database interface of db/schema.ts).

declare module '../db/schema' {
  interface Database {
    job_runs: JobRunsTable;
  }
}

export interface JobRunsTable {
  name: string;
  period_start: Date | string;
  finished_at: CreatedAt;
}
