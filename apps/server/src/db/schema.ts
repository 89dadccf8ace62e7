import type { ColumnType, Generated } from 'kysely';

// Kysely types of the tables created by the migrations. One interface per table; the `Database`
// map at the end is what `Kysely<Database>` sees. BIGINT columns are parsed to number (see
// database.ts), timestamps to Date.
export type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
export type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
export type Id = Generated<number>;
export type Json<T> = ColumnType<T, string, string>;

/** The kinds of VIP bonus (vip_bonuses.kind), owned by modules/vip. */
export type VipBonusKind = 'upgrade' | 'monthly' | 'birthday';

export interface VipLevelsTable {
  level: number;
  label_name: string;
  min_deposit: Generated<number>;
  // Migration 0036 (modules/vip): the rest of a level's terms; money in minor units, rates in ppm.
  min_valid_bet: Generated<number>;
  upgrade_bonus: Generated<number>;
  monthly_bonus: Generated<number>;
  birthday_bonus: Generated<number>;
  withdraw_daily_count: ColumnType<number | null, number | null | undefined, number | null>;
  withdraw_daily_amount: ColumnType<number | null, number | null | undefined, number | null>;
  rebate_rates: ColumnType<Record<string, number>, string | undefined, string>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface VendorsTable {
  code: string;
  name: string;
  status: Generated<'active' | 'maintenance' | 'hidden'>;
  sort: Generated<number>;
}

export interface VendorGameTypesTable {
  vendor_code: string;
  game_type: string;
  account_type_name: string;
  is_game: string | null;
  sort: Generated<number>;
  /** Shown under this category in the game menu (migration 0029). */
  enabled: Generated<boolean>;
}

/** The game menu's categories: their order and whether they show (migration 0029). */
export interface GameMenuCategoriesTable {
  game_type: string;
  sort: Generated<number>;
  enabled: Generated<boolean>;
}

export interface GamesTable {
  node_id: Id;
  vendor_code: string;
  game_type: string;
  game_code: string;
  name: string;
  names: Json<Record<string, string>>;
  sub_category: string | null;
  is_hot: Generated<boolean>;
  sort: Generated<number>;
  status: Generated<'active' | 'maintenance' | 'hidden'>;
  min_bet: Generated<number>;
  min_line_num: Generated<number>;
  art_seed: number;
  created_at: CreatedAt;
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

export interface Database {
  vip_levels: VipLevelsTable;
  vendors: VendorsTable;
  vendor_game_types: VendorGameTypesTable;
  game_menu_categories: GameMenuCategoriesTable;
  games: GamesTable;
  affiliate_codes: AffiliateCodesTable;
}

// Cashier tables (migration 0004), merged into Database by interface declaration merging.
export interface Database {
  payment_methods: PaymentMethodsTable;
  cashier_settings: CashierSettingsTable;
  deposit_orders: DepositOrdersTable;
  member_bank_accounts: MemberBankAccountsTable;
  withdrawal_orders: WithdrawalOrdersTable;
  cashier_files: CashierFilesTable;
}

export interface PaymentMethodsTable {
  code: string;
  name: string;
  kind: 'bank_transfer' | 'gateway' | 'withdrawal';
  min_amount: number;
  max_amount: number;
  active: Generated<boolean>;
  bank_name: string | null;
  account_name: string | null;
  account_number: string | null;
  sort: Generated<number>;
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
  method_kind: 'bank_transfer' | 'gateway';
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

// Favourite games (migration 0005; its games.search_text column went in 0019).
export interface Database {
  favourite_games: FavouriteGamesTable;
}

export interface FavouriteGamesTable {
  member_id: number;
  node_id: number;
  created_at: CreatedAt;
}

// Game launch sessions, vendor integrations, rounds and vendor transactions (migration 0006).
export interface Database {
  vendor_integrations: VendorIntegrationsTable;
  game_sessions: GameSessionsTable;
  vendor_rounds: VendorRoundsTable;
  vendor_transactions: VendorTransactionsTable;
}

export interface VendorIntegrationsTable {
  vendor_code: string;
  secret: string;
  launch_url: string;
  wallet_mode: Generated<'seamless' | 'transfer'>;
  currency: Generated<string>;
  allowed_ips: ColumnType<string[], string[] | undefined, string[]>;
  enabled: Generated<boolean>;
  updated_at: Timestamp;
}

export interface GameSessionsTable {
  id: Id;
  token_hash: string;
  member_id: number | null;
  trial: Generated<boolean>;
  vendor_code: string;
  node_id: number;
  game_code: string;
  currency: string;
  language: Generated<string>;
  created_at: CreatedAt;
  expires_at: Date | string;
}

export interface VendorRoundsTable {
  id: Id;
  vendor_code: string;
  round_id: string;
  member_id: number;
  node_id: number | null;
  game_code: string;
  game_type: string;
  currency: string;
  bet_amount: Generated<number>;
  win_amount: Generated<number>;
  /** The part of bet_amount taken from the bonus account (migration 0044). */
  bonus_bet_amount: Generated<number>;
  status: Generated<'open' | 'closed' | 'rolled_back'>;
  created_at: CreatedAt;
  closed_at: Date | string | null;
}

export interface VendorTransactionsTable {
  id: Id;
  vendor_code: string;
  transaction_id: string;
  kind: 'bet' | 'win' | 'rollback';
  round_id: string;
  member_id: number;
  amount: number;
  ref_transaction_id: string | null;
  details_hash: string;
  status: 'ok' | 'rolled_back' | 'rollback_of_unknown';
  balance_after: number;
  /** The part of the amount booked on the member's bonus account (migration 0044). */
  bonus_amount: Generated<number>;
  created_at: CreatedAt;
}

