import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

// The net revenue report's fixed ranges, summed ahead (reports/net-revenue.queries.ts "Ranges"):
// for the ranges the console opens (today, yesterday, the last 7 and 30 days, the month so far), a
// row per member and per game with the figures of the range's days, so ranking a million members
// reads an index instead of summing every member-day row. The rollup job builds a range whole once
// and then adds each refreshed day's changes to it (days: the member's or game's day rows inside the
// range; a row at 0 is gone). report_ngr_ranges.members counts the range's member rows.
// ggr, deductions and ngr are stored so the report's main sorts are read in index order.
const FIGURES = ['bonus', 'rebate', 'mission', 'ticket', 'referral', 'vip', 'points', 'manual', 'commission'];
const DEDUCTIONS = [...FIGURES, 'provider_fee', 'payment_fee'].join(' + ');

export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE TABLE report_ngr_ranges (
      id serial PRIMARY KEY,
      from_day date NOT NULL,
      to_day date NOT NULL,
      members integer NOT NULL DEFAULT 0,
      built_at timestamptz NOT NULL,
      UNIQUE (from_day, to_day)
    );

    CREATE TABLE report_ngr_range_members (
      range_id integer NOT NULL REFERENCES report_ngr_ranges (id) ON DELETE CASCADE,
      member_id bigint NOT NULL,
      days integer NOT NULL,
      bet_amount bigint NOT NULL DEFAULT 0,
      win_amount bigint NOT NULL DEFAULT 0,
      ${FIGURES.map((c) => `${c} bigint NOT NULL DEFAULT 0,`).join('\n      ')}
      provider_fee bigint NOT NULL DEFAULT 0,
      payment_fee bigint NOT NULL DEFAULT 0,
      ggr bigint GENERATED ALWAYS AS (bet_amount - win_amount) STORED,
      deductions bigint GENERATED ALWAYS AS (${DEDUCTIONS}) STORED,
      ngr bigint GENERATED ALWAYS AS (bet_amount - win_amount - (${DEDUCTIONS})) STORED,
      PRIMARY KEY (range_id, member_id)
    );
    CREATE INDEX report_ngr_range_members_key ON report_ngr_range_members (range_id, (member_id::text));
    CREATE INDEX report_ngr_range_members_ggr ON report_ngr_range_members (range_id, ggr, (member_id::text));
    CREATE INDEX report_ngr_range_members_deductions
      ON report_ngr_range_members (range_id, deductions, (member_id::text));
    CREATE INDEX report_ngr_range_members_ngr ON report_ngr_range_members (range_id, ngr, (member_id::text));
    CREATE INDEX report_ngr_range_members_gone ON report_ngr_range_members (range_id) WHERE days = 0;

    CREATE TABLE report_ngr_range_games (
      range_id integer NOT NULL REFERENCES report_ngr_ranges (id) ON DELETE CASCADE,
      vendor_code text NOT NULL,
      game_type text NOT NULL,
      game_code text NOT NULL,
      days integer NOT NULL,
      bet_amount bigint NOT NULL,
      win_amount bigint NOT NULL,
      PRIMARY KEY (range_id, vendor_code, game_type, game_code)
    );
    CREATE INDEX report_ngr_range_games_gone ON report_ngr_range_games (range_id) WHERE days = 0;
    `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    DROP TABLE report_ngr_range_games;
    DROP TABLE report_ngr_range_members;
    DROP TABLE report_ngr_ranges;
    `,
  );
}
