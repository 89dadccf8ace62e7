import type { ColumnType, Generated } from 'kysely';

// The points ledger tables of migration 0038, declared beside points-ledger.service.ts, their only
// writer (merged into the Database interface of db/schema.ts). Points are bigint columns read as
// numbers.
type Stamp = ColumnType<Date, Date | undefined, Date>;

export interface PointsAccountsTable {
  id: Generated<number>;
  code: string;
  kind: 'member' | 'earned' | 'redeemed' | 'converted' | 'adjustments';
  member_id: number | null;
  balance: Generated<number>;
  allow_negative: boolean;
  created_at: Stamp;
}

export interface PointsPostingsTable {
  id: Generated<number>;
  idempotency_key: string;
  type: string;
  reference: string;
  remark: Generated<string>;
  fingerprint: string;
  created_at: Stamp;
}

export interface PointsEntriesTable {
  id: Generated<number>;
  posting_id: number;
  account_id: number;
  amount: number;
  balance_after: number;
}

declare module '../../db/schema' {
  interface Database {
    points_accounts: PointsAccountsTable;
    points_postings: PointsPostingsTable;
    points_entries: PointsEntriesTable;
  }
}
