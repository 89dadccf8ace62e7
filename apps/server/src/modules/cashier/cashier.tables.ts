import type { ColumnType, Generated } from 'kysely';
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
    cashier_house_accounts: CashierHouseAccountsTable;
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
  /**
   * What the member asked for, kept when an operator approved another amount: `amount` is then the
   * approved (credited) one. Null: approved as asked, or not decided (migration 0093).
   */
  requested_amount: Generated<number | null>;
  depositor_name: Generated<string | null>;
  /** The house account the member was told to pay into (bank transfer; null for older orders). */
  receiving_account_id: Generated<number | null>;
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
  /** Mark paid (migration 0093): the bank's reference, the house account it left from, the bank's fee. */
  payout_reference: Generated<string | null>;
  paid_from_account_id: Generated<number | null>;
  fee: Generated<number>;
  paid_by: Generated<number | null>;
  created_at: CreatedAt;
}

/** The brand's own bank accounts: receiving deposits of a bank-transfer method, paying withdrawals. */
export interface CashierHouseAccountsTable {
  id: Id;
  label: string;
  bank_name: string;
  account_name: string;
  account_number: string;
  /** The bank-transfer method it receives for; null: it does not receive. */
  method_code: string | null;
  pays: Generated<boolean>;
  /** Minor units a brand day may route to it; null: no cap. */
  daily_cap: number | null;
  /** The VIP levels it serves; null: every level. */
  vip_levels: ColumnType<number[] | null, string | null, string | null>;
  active: Generated<boolean>;
  sort: Generated<number>;
  last_assigned_at: Generated<Date | string | null>;
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
