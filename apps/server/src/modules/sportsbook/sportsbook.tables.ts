import type { Generated } from 'kysely';

// Kysely type of migration 0110 (the outbox of risk factor pushes), merged into db/schema.ts's Database.

declare module '../../db/schema' {
  interface Database {
    sportsbook_risk_pushes: SportsbookRiskPushesTable;
  }
}

/** One member's risk factor push: written by triggers, sent by the job `sportsbook.riskFactors`. */
export interface SportsbookRiskPushesTable {
  member_id: number;
  /** Grows with each change of the member's level or of their level's factor. */
  version: Generated<number>;
  /** The highest version the sportsbook answered for; the row is due while below `version`. */
  delivered_version: Generated<number>;
  /** Failed sends of the current version (back-off). */
  attempts: Generated<number>;
  next_attempt_at: Generated<Date | string>;
  last_error: string | null;
  delivered_at: Date | string | null;
}
