import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

// The operator's net gaming revenue (docs/back-office.md "Net revenue"): the reports job keeps, per
// brand day, the figures of the agents' dividend base (agents/member-revenue.sql.ts, every
// deduction counted) plus agent commissions, so a 30-day report reads rollups and not the ledger.
// All amounts in minor units; fees as the dividend base rounds them (down, per member and vendor).
//
// report_daily_ngr_members: per day and member (agent_id: the member's top agent when the day was
// computed, 0 for none; pay_base: approved deposits and withdrawals, what the payment fee charges).
// report_daily_ngr_agents: the same summed per top agent. report_daily_ngr: per day, with the
// payment fee rate of the computation and the manual adjustments' credits and debits (the cashier
// report shows them).
// report_daily_ngr_member_vendors: per day, member and vendor, the GGR the provider fee charges
// and the fee, with the rate; report_daily_ngr_vendors sums it per vendor.
// report_daily_ngr_games: per day and game, the valid bets and wins of closed rounds.
// report_liabilities: one row, rewritten by the job: bonus balances and unredeemed points.
const SUMS = `
      bet_amount bigint NOT NULL DEFAULT 0,
      win_amount bigint NOT NULL DEFAULT 0,
      bonus bigint NOT NULL DEFAULT 0,
      rebate bigint NOT NULL DEFAULT 0,
      mission bigint NOT NULL DEFAULT 0,
      ticket bigint NOT NULL DEFAULT 0,
      referral bigint NOT NULL DEFAULT 0,
      vip bigint NOT NULL DEFAULT 0,
      points bigint NOT NULL DEFAULT 0,
      manual bigint NOT NULL DEFAULT 0,
      commission bigint NOT NULL DEFAULT 0,
      provider_fee bigint NOT NULL DEFAULT 0,
      payment_fee bigint NOT NULL DEFAULT 0,
      pay_base bigint NOT NULL DEFAULT 0,
      refreshed_at timestamptz NOT NULL`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE TABLE report_daily_ngr_members (
      day date NOT NULL,
      member_id bigint NOT NULL,
      agent_id bigint NOT NULL DEFAULT 0,${SUMS},
      PRIMARY KEY (day, member_id)
    );
    CREATE INDEX report_daily_ngr_members_agent ON report_daily_ngr_members (agent_id, day);

    CREATE TABLE report_daily_ngr_agents (
      day date NOT NULL,
      agent_id bigint NOT NULL,
      members integer NOT NULL,${SUMS},
      PRIMARY KEY (day, agent_id)
    );

    CREATE TABLE report_daily_ngr (
      day date PRIMARY KEY,
      payment_fee_ppm bigint NOT NULL DEFAULT 0,
      manual_credits bigint NOT NULL DEFAULT 0,
      manual_debits bigint NOT NULL DEFAULT 0,
      manual_count integer NOT NULL DEFAULT 0,${SUMS}
    );

    CREATE TABLE report_daily_ngr_member_vendors (
      day date NOT NULL,
      member_id bigint NOT NULL,
      vendor_code text NOT NULL,
      bet_amount bigint NOT NULL,
      win_amount bigint NOT NULL,
      ppm bigint NOT NULL,
      provider_fee bigint NOT NULL,
      refreshed_at timestamptz NOT NULL,
      PRIMARY KEY (day, member_id, vendor_code)
    );

    CREATE TABLE report_daily_ngr_vendors (
      day date NOT NULL,
      vendor_code text NOT NULL,
      bet_amount bigint NOT NULL,
      win_amount bigint NOT NULL,
      provider_fee bigint NOT NULL,
      refreshed_at timestamptz NOT NULL,
      PRIMARY KEY (day, vendor_code)
    );

    CREATE TABLE report_daily_ngr_games (
      day date NOT NULL,
      vendor_code text NOT NULL,
      game_type text NOT NULL,
      game_code text NOT NULL,
      bet_amount bigint NOT NULL,
      win_amount bigint NOT NULL,
      refreshed_at timestamptz NOT NULL,
      PRIMARY KEY (day, vendor_code, game_type, game_code)
    );

    CREATE TABLE report_liabilities (
      id integer PRIMARY KEY CHECK (id = 1),
      currency text NOT NULL,
      bonus_amount bigint NOT NULL,
      bonus_members integer NOT NULL,
      points bigint NOT NULL,
      points_members integer NOT NULL,
      refreshed_at timestamptz NOT NULL
    );
    `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    DROP TABLE report_liabilities;
    DROP TABLE report_daily_ngr_games;
    DROP TABLE report_daily_ngr_vendors;
    DROP TABLE report_daily_ngr_member_vendors;
    DROP TABLE report_daily_ngr;
    DROP TABLE report_daily_ngr_agents;
    DROP TABLE report_daily_ngr_members;
    `,
  );
}
