import type { Generated } from 'kysely';
import type { CreatedAt, Id, Json } from '../../db/schema';

// Kysely type of the audit trail, declared beside audit.queries.ts, its only writer (merged into the
// Database interface of db/schema.ts).

declare module '../../db/schema' {
  interface Database {
    audit_log: AuditLogTable;
  }
}

export interface AuditLogTable {
  id: Id;
  member_id: number | null;
  username: string | null;
  event: string;
  success: boolean;
  ip: string | null;
  user_agent: string | null;
  detail: Json<Record<string, unknown>>;
  /** Written by an operator (account type 90): what the audit screen lists; migration 0022. */
  operator: Generated<boolean>;
  created_at: CreatedAt;
}
