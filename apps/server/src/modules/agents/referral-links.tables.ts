import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt } from '../../db/schema';

// The referral links (affiliate_codes) and their visits (migration 0066), declared beside the module that alone writes them
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
    affiliate_codes: AffiliateCodesTable;
    affiliate_code_visitors: AffiliateCodeVisitorsTable;
  }
}

export interface AffiliateCodesTable {
  code: string;
  agent_id: number;
  domain: string | null;
  active: Generated<boolean>;
  /** The agent's name for the link, unique per agent without regard to case; migration 0066. */
  name: string | null;
  created_at: CreatedAt;
}
