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

declare module '../../db/schema' {
  interface Database {
    report_daily_games: ReportDailyGamesTable;
    report_daily_game_types: ReportDailyGameTypesTable;
    report_daily_cashier: ReportDailyCashierTable;
    report_daily_totals: ReportDailyTotalsTable;
    report_daily_cohorts: ReportDailyCohortsTable;
  }
}
