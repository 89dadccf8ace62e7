import type { ColumnType } from 'kysely';

// The visits of referral links (migration 0066), declared beside the module that alone writes them
// (merged into the Database interface of db/schema.ts).

export interface AffiliateCodeVisitorsTable {
  code: string;
  /** HMAC-SHA-256 (hex, keyed with the session secret) of the visitor's IP address and user agent. */
  visitor: string;
  /** The visits counted for this visitor on this link. */
  clicks: number;
  /** When a visit was last counted: another counts only 24 hours later. */
  counted_at: ColumnType<Date, Date, Date>;
}

declare module '../../db/schema' {
  interface Database {
    affiliate_code_visitors: AffiliateCodeVisitorsTable;
  }
}
