import type { Generated } from 'kysely';
import type { CreatedAt, Id } from '../../db/schema';

// Kysely types of the cashier tables (migration 0004 and later), declared beside cashier.queries.ts,
// their only writer (merged into the Database interface of db/schema.ts).

declare module '../../db/schema' {
  interface Database {
    payment_methods: PaymentMethodsTable;
    cashier_settings: CashierSettingsTable;
    deposit_orders: DepositOrdersTable;
    member_bank_accounts: MemberBankAccountsTable;
    withdrawal_orders: WithdrawalOrdersTable;
    cashier_files: CashierFilesTable;
  }
}

export interface PaymentMethodsTable {
  code: string;
  name: string;
  kind: 'bank_transfer' | 'gateway' | 'ewallet' | 'withdrawal';
  min_amount: number;
  max_amount: number;
  active: Generated<boolean>;
  bank_name: string | null;
  account_name: string | null;
  account_number: string | null;
  sort: Generated<number>;
  /** An e-wallet's provider, as the operator configured it (migration 0090); null: none yet. */
  provider_name: Generated<string | null>;
  /** The provider's pay page and app link, templates with {reference} and {amount} (major units). */
  provider_pay_url: Generated<string | null>;
  provider_deep_link: Generated<string | null>;
  /** The key the provider signs its callbacks with (hex HMAC-SHA256 of the raw body). */
  provider_secret: Generated<string | null>;
}

export interface CashierSettingsTable {
  id: number;
  gateway_secret: string;
  receipt_confirm_minutes: Generated<number>;
  turnover_percent: Generated<number>;
  gateway_expiry_minutes: Generated<number>;
}

export interface DepositOrdersTable {
  id: Id;
  reference: string;
  member_id: number;
  request_id: string;
  method_code: string;
  method_kind: 'bank_transfer' | 'gateway' | 'ewallet';
  amount: number;
  currency: string;
  status: Generated<'pending' | 'approved' | 'rejected' | 'cancelled' | 'expired'>;
  first_deposit: Generated<boolean>;
  gateway_transaction_id: string | null;
  reason: string | null;
  decided_by: number | null;
  decided_at: Date | string | null;
  created_at: CreatedAt;
}

export interface MemberBankAccountsTable {
  id: Id;
  member_id: number;
  bank_name: string;
  account_name: string;
  account_number: string;
  status: Generated<'pending' | 'confirmed' | 'rejected'>;
  confirmed_by: number | null;
  confirmed_at: Date | string | null;
  /** An operator's refusal of the binding, which the member reads; migration 0063. */
  reject_reason: Generated<string | null>;
  rejected_by: Generated<number | null>;
  rejected_at: Generated<Date | string | null>;
  created_at: CreatedAt;
}

export interface WithdrawalOrdersTable {
  id: Id;
  reference: string;
  member_id: number;
  request_id: string;
  bank_account_id: number;
  amount: number;
  currency: string;
  status: Generated<'pending' | 'approved' | 'rejected' | 'paid' | 'confirmed'>;
  hold_id: number;
  reason: string | null;
  approved_at: Date | string | null;
  paid_at: Date | string | null;
  receipt_status: 'received' | 'partial' | 'not_received' | null;
  receipt_comment: string | null;
  receipt_forced: Generated<boolean>;
  receipt_at: Date | string | null;
  decided_by: number | null;
  created_at: CreatedAt;
}

export interface CashierFilesTable {
  id: Id;
  member_id: number;
  purpose: 'deposit_proof' | 'withdrawal_receipt';
  reference: string;
  content_type: string;
  size: number;
  data: Uint8Array;
  created_at: CreatedAt;
}
