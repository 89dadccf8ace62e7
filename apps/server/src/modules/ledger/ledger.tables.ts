import type { Generated } from 'kysely';
import type { CreatedAt, Id } from '../../db/schema';

// Kysely types of the money ledger (accounts, postings, entries, holds), declared beside
// ledger.queries.ts, their only writer (merged into the Database interface of db/schema.ts).

declare module '../../db/schema' {
  interface Database {
    ledger_accounts: LedgerAccountsTable;
    ledger_postings: LedgerPostingsTable;
    ledger_entries: LedgerEntriesTable;
    ledger_holds: LedgerHoldsTable;
    ledger_checks: LedgerChecksTable;
  }
}

export interface LedgerAccountsTable {
  id: Id;
  code: string;
  kind: string;
  member_id: number | null;
  currency: string;
  balance: Generated<number>;
  held: Generated<number>;
  allow_negative: Generated<boolean>;
  created_at: CreatedAt;
}

export interface LedgerPostingsTable {
  id: Id;
  idempotency_key: string;
  type: string;
  reference: string;
  fingerprint: string;
  created_at: CreatedAt;
}

export interface LedgerEntriesTable {
  id: Id;
  posting_id: number;
  account_id: number;
  amount: number;
  balance_after: number;
}

export interface LedgerHoldsTable {
  id: Id;
  member_id: number;
  account_id: number;
  amount: number;
  status: Generated<'held' | 'released' | 'captured'>;
  idempotency_key: string;
  reference: string;
  reason: string | null;
  posting_id: number | null;
  created_at: CreatedAt;
  settled_at: Date | string | null;
}

/** One run of the scheduled invariant check of a ledger (ledger.jobs.ts). */
export interface LedgerChecksTable {
  id: Id;
  ledger: 'money' | 'points';
  at: Date | string;
  ok: boolean;
  violations: number;
  duration_ms: number;
  error: string | null;
}
