import type { ColumnType, Generated } from 'kysely';

// Kysely types of the tables migration 0023 creates (0062 adds the adjustments' request_id and
// brand_day), merged into the Database map of db/schema.ts.

// The members' column this module writes (migration 0023), merged into the accounts module's table.
declare module '../accounts/accounts.tables' {
  interface MembersTable {
    /** An operator's "change the password at next login"; in force while later than password_changed_at. */
    password_change_required_at: Date | string | null;
  }
}

declare module '../../db/schema' {
  interface Database {
    member_notes: MemberNotesTable;
    member_tags: MemberTagsTable;
    balance_adjustments: BalanceAdjustmentsTable;
  }
}

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;

export interface MemberNotesTable {
  id: Generated<number>;
  member_id: number;
  operator_id: number | null;
  operator_username: string;
  text: string;
  created_at: CreatedAt;
}

export interface MemberTagsTable {
  member_id: number;
  tag: string;
  created_at: CreatedAt;
}

export interface BalanceAdjustmentsTable {
  id: Generated<number>;
  member_id: number;
  direction: 'credit' | 'debit';
  amount: number;
  currency: string;
  reason: string;
  status: Generated<'pending' | 'posted' | 'rejected' | 'cancelled'>;
  /** What the adjustment is for (migration 0093, bonus 0105); rows before it are corrections. */
  type: Generated<'correction' | 'goodwill' | 'manual_deposit' | 'bonus'>;
  /** A bonus's wagering multiple (migration 0105); null for the other types. */
  wagering_multiple: ColumnType<number | null, number | null | undefined, never>;
  /** A manual deposit's deposit order, once posted. */
  deposit_reference: Generated<string | null>;
  idempotency_key: string;
  requested_by: number | null;
  requested_by_username: string;
  decided_by: number | null;
  decided_by_username: string | null;
  decision_reason: string | null;
  posting_id: number | null;
  created_at: CreatedAt;
  decided_at: Date | string | null;
  /** The client's id of the request; unique per requesting operator. Null on rows older than 0062. */
  request_id: string | null;
  /** The brand day of the request, written as YYYY-MM-DD. */
  brand_day: ColumnType<Date | string, string, never>;
}
