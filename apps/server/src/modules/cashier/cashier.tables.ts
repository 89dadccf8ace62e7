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
    payment_providers: PaymentProvidersTable;
    payment_webhook_events: PaymentWebhookEventsTable;
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
  /** The payment provider plugin serving this method and its channel there (migration 0130). */
  psp: Generated<string | null>;
  psp_channel: Generated<string | null>;
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
  /** A provider's order (migration 0130): the plugin, the mode, its payment id, where to pay. */
  psp: Generated<string | null>;
  psp_mode: Generated<'test' | 'live' | null>;
  psp_payment_id: Generated<string | null>;
  psp_pay_url: Generated<string | null>;
  psp_deep_link: Generated<string | null>;
  psp_checked_at: Generated<Date | string | null>;
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
  /** A payout sent through a payment provider (migration 0130). */
  payout_psp: Generated<string | null>;
  payout_mode: Generated<'test' | 'live' | null>;
  payout_channel: Generated<string | null>;
  payout_id: Generated<string | null>;
  payout_state: Generated<'sending' | 'failed' | null>;
  payout_requested_at: Generated<Date | string | null>;
  payout_failure: Generated<string | null>;
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

/** A payment provider the brand connected: both modes' keys, the mode in use (migration 0130). */
export interface PaymentProvidersTable {
  code: string;
  mode: Generated<'test' | 'live'>;
  enabled: Generated<boolean>;
  payouts_enabled: Generated<boolean>;
  api_base_url: string | null;
  test_secret_key: string | null;
  test_webhook_token: string | null;
  live_secret_key: string | null;
  live_webhook_token: string | null;
  updated_at: Generated<Date | string>;
  updated_by: number | null;
}

/** Each provider webhook once, by the provider's event id, with what the cashier made of it. */
export interface PaymentWebhookEventsTable {
  id: Id;
  psp: string;
  mode: 'test' | 'live';
  event_id: string;
  event: string;
  reference: string | null;
  outcome: string;
  received_at: Generated<Date | string>;
}
