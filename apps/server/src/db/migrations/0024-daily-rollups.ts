import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

// Daily rollups for the back office's dashboard and reports: one row per brand-time-zone
// day and key, rewritten by the reports job (modules/reports) so a 30-day report reads a few
// thousand rows instead of every round. `players_hll` is a sparse HyperLogLog sketch of the day's
// distinct players (each element idx << 5 | rank, reports/hll.ts): sketches of several days or keys
// merge into the distinct count of the whole range, which per-day counts cannot give.
// The indexes on other areas' tables serve the job's day scans and the dashboard's live counters.
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE TABLE report_daily_games (
      day date NOT NULL,
      vendor_code text NOT NULL,
      game_type text NOT NULL,
      game_code text NOT NULL,
      node_id bigint,
      rounds bigint NOT NULL,
      bet_amount bigint NOT NULL,
      win_amount bigint NOT NULL,
      players integer NOT NULL,
      players_hll smallint[] NOT NULL,
      refreshed_at timestamptz NOT NULL,
      PRIMARY KEY (day, vendor_code, game_type, game_code)
    );

    CREATE TABLE report_daily_game_types (
      day date NOT NULL,
      vendor_code text NOT NULL,
      game_type text NOT NULL,
      rounds bigint NOT NULL,
      bet_amount bigint NOT NULL,
      win_amount bigint NOT NULL,
      players integer NOT NULL,
      players_hll smallint[] NOT NULL,
      refreshed_at timestamptz NOT NULL,
      PRIMARY KEY (day, vendor_code, game_type)
    );

    CREATE TABLE report_daily_cashier (
      day date NOT NULL,
      method_code text NOT NULL,
      kind text NOT NULL CHECK (kind IN ('deposit', 'withdrawal')),
      orders bigint NOT NULL,
      amount bigint NOT NULL,
      refreshed_at timestamptz NOT NULL,
      PRIMARY KEY (day, method_code, kind)
    );

    CREATE TABLE report_daily_totals (
      day date PRIMARY KEY,
      registrations integer NOT NULL,
      first_depositors integer NOT NULL,
      first_deposit_amount bigint NOT NULL,
      deposit_orders integer NOT NULL,
      deposit_amount bigint NOT NULL,
      withdrawal_orders integer NOT NULL,
      withdrawal_amount bigint NOT NULL,
      rounds bigint NOT NULL,
      bet_amount bigint NOT NULL,
      win_amount bigint NOT NULL,
      active_players integer NOT NULL,
      players_hll smallint[] NOT NULL,
      refreshed_at timestamptz NOT NULL
    );

    CREATE TABLE report_daily_cohorts (
      registration_day date NOT NULL,
      first_deposit_day date NOT NULL,
      members integer NOT NULL,
      amount bigint NOT NULL,
      refreshed_at timestamptz NOT NULL,
      PRIMARY KEY (first_deposit_day, registration_day)
    );
    CREATE INDEX report_daily_cohorts_registration ON report_daily_cohorts (registration_day);

    CREATE INDEX reports_vendor_rounds_created ON vendor_rounds (created_at);
    CREATE INDEX reports_members_created ON members (created_at);
    CREATE INDEX reports_deposit_orders_decided ON deposit_orders (decided_at) WHERE status = 'approved';
    CREATE INDEX reports_withdrawal_orders_approved ON withdrawal_orders (approved_at) WHERE approved_at IS NOT NULL;
    CREATE INDEX reports_member_bank_accounts_pending ON member_bank_accounts (created_at) WHERE status = 'pending';
    CREATE INDEX reports_sessions_last_seen ON sessions (last_seen_at) WHERE revoked_at IS NULL;
    `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    DROP INDEX reports_sessions_last_seen;
    DROP INDEX reports_member_bank_accounts_pending;
    DROP INDEX reports_withdrawal_orders_approved;
    DROP INDEX reports_deposit_orders_decided;
    DROP INDEX reports_members_created;
    DROP INDEX reports_vendor_rounds_created;
    DROP TABLE report_daily_cohorts;
    DROP TABLE report_daily_totals;
    DROP TABLE report_daily_cashier;
    DROP TABLE report_daily_game_types;
    DROP TABLE report_daily_games;
    `,
  );
}
