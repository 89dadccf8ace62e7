import type { ColumnType } from 'kysely';

// The rollup tables of migration 0024, declared beside the module that alone writes them (merged
// into the Database interface of db/schema.ts). `day` columns are brand-time-zone dates, read as
// 'YYYY-MM-DD' text (queries cast them), so no driver turns them into a UTC midnight.
type Day = ColumnType<string, string, string>;
type Stamp = ColumnType<Date, Date, Date>;
/** Sparse HyperLogLog sketch (hll.ts): idx << 5 | rank per non-empty register. */
type Sketch = ColumnType<number[], number[], number[]>;

export interface ReportDailyGamesTable {
  day: Day;
  vendor_code: string;
  game_type: string;
  game_code: string;
  node_id: number | null;
  rounds: number;
  bet_amount: number;
  win_amount: number;
  players: number;
  players_hll: Sketch;
  refreshed_at: Stamp;
}

/**
 * A member's rounds of a game in the day (migration 0133): opened in it (what the games rollups sum)
 * and closed in it (`valid_*`, what the net revenue per game sums).
 */
export interface ReportDailyMemberGamesTable {
  day: Day;
  vendor_code: string;
  game_type: string;
  game_code: string;
  member_id: number;
  node_id: number | null;
  rounds: number;
  bet_amount: number;
  win_amount: number;
  valid_rounds: number;
  valid_bet: number;
  valid_win: number;
}

export interface ReportDailyGameTypesTable {
  day: Day;
  vendor_code: string;
  game_type: string;
  rounds: number;
  bet_amount: number;
  win_amount: number;
  players: number;
  players_hll: Sketch;
  refreshed_at: Stamp;
}

export interface ReportDailyCashierTable {
  day: Day;
  method_code: string;
  kind: 'deposit' | 'withdrawal';
  orders: number;
  amount: number;
  refreshed_at: Stamp;
}

export interface ReportDailyTotalsTable {
  day: Day;
  registrations: number;
  first_depositors: number;
  first_deposit_amount: number;
  deposit_orders: number;
  deposit_amount: number;
  withdrawal_orders: number;
  withdrawal_amount: number;
  rounds: number;
  bet_amount: number;
  win_amount: number;
  active_players: number;
  players_hll: Sketch;
  refreshed_at: Stamp;
}

export interface ReportDailyCohortsTable {
  registration_day: Day;
  first_deposit_day: Day;
  members: number;
  amount: number;
  refreshed_at: Stamp;
}

// Migration 0074 (net revenue), in minor units.
type Sum = ColumnType<number, number | undefined, number>;

export interface NgrSums {
  bet_amount: Sum;
  win_amount: Sum;
  bonus: Sum;
  rebate: Sum;
  mission: Sum;
  ticket: Sum;
  referral: Sum;
  vip: Sum;
  points: Sum;
  manual: Sum;
  commission: Sum;
  provider_fee: Sum;
  payment_fee: Sum;
  pay_base: Sum;
  refreshed_at: Stamp;
}

export interface ReportDailyNgrMembersTable extends NgrSums {
  day: Day;
  member_id: number;
  /** The member's top agent when the day was computed; 0 for none. */
  agent_id: number;
}

export interface ReportDailyNgrAgentsTable extends NgrSums {
  day: Day;
  agent_id: number;
  members: number;
}

export interface ReportDailyNgrTable extends NgrSums {
  day: Day;
  payment_fee_ppm: Sum;
  manual_credits: Sum;
  manual_debits: Sum;
  manual_count: Sum;
}

export interface ReportDailyNgrMemberVendorsTable {
  day: Day;
  member_id: number;
  vendor_code: string;
  bet_amount: number;
  win_amount: number;
  ppm: number;
  provider_fee: number;
  refreshed_at: Stamp;
}

export interface ReportDailyNgrVendorsTable {
  day: Day;
  vendor_code: string;
  bet_amount: number;
  win_amount: number;
  provider_fee: number;
  refreshed_at: Stamp;
}

export interface ReportDailyNgrGamesTable {
  day: Day;
  vendor_code: string;
  game_type: string;
  game_code: string;
  bet_amount: number;
  win_amount: number;
  refreshed_at: Stamp;
}

/** A fixed range of the net revenue report, summed ahead (migration 0111). */
export interface ReportNgrRangesTable {
  id: ColumnType<number, never, never>;
  from_day: Day;
  to_day: Day;
  /** Member rows of the range. */
  members: number;
  built_at: Stamp;
}

/** A member's figures over a range (days: the member's day rows inside it). */
export interface ReportNgrRangeMembersTable extends Omit<NgrSums, 'pay_base' | 'refreshed_at'> {
  range_id: number;
  member_id: number;
  days: number;
  ggr: ColumnType<number, never, never>;
  deductions: ColumnType<number, never, never>;
  ngr: ColumnType<number, never, never>;
}

/** A game's valid bets and wins over a range. */
export interface ReportNgrRangeGamesTable {
  range_id: number;
  vendor_code: string;
  game_type: string;
  game_code: string;
  days: number;
  bet_amount: number;
  win_amount: number;
}

export interface ReportLiabilitiesTable {
  id: number;
  currency: string;
  bonus_amount: number;
  bonus_members: number;
  points: number;
  points_members: number;
  refreshed_at: Stamp;
}

/** The rollup job's passes over a day (migration 0132). */
export interface ReportDayPassesTable {
  day: Day;
  refreshed_at: Stamp;
  computed_at: Stamp;
  changes_from: ColumnType<Date | null, Date | null | undefined, Date | null>;
  settings_key: string;
}

declare module '../../db/schema' {
  interface Database {
    report_day_passes: ReportDayPassesTable;
    report_daily_games: ReportDailyGamesTable;
    report_daily_member_games: ReportDailyMemberGamesTable;
    report_daily_game_types: ReportDailyGameTypesTable;
    report_daily_cashier: ReportDailyCashierTable;
    report_daily_totals: ReportDailyTotalsTable;
    report_daily_cohorts: ReportDailyCohortsTable;
    report_daily_ngr_members: ReportDailyNgrMembersTable;
    report_daily_ngr_agents: ReportDailyNgrAgentsTable;
    report_daily_ngr: ReportDailyNgrTable;
    report_daily_ngr_member_vendors: ReportDailyNgrMemberVendorsTable;
    report_daily_ngr_vendors: ReportDailyNgrVendorsTable;
    report_daily_ngr_games: ReportDailyNgrGamesTable;
    report_ngr_ranges: ReportNgrRangesTable;
    report_ngr_range_members: ReportNgrRangeMembersTable;
    report_ngr_range_games: ReportNgrRangeGamesTable;
    report_liabilities: ReportLiabilitiesTable;
  }
}
