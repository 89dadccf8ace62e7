import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

// VIP levels (spec §1 VIP levels, §3 public state; docs/vip.md), written only by
// modules/vip (vip.routes.ts and vip.admin.routes.ts).
// - vip_levels (0001) gains the rest of a level's terms: the valid-bet threshold beside the deposit
//   one, the upgrade, monthly and birthday bonuses, the daily withdrawal limits (NULL: none) and
//   the rebate rates per game type in parts per million (docs/agents.md: rates are ppm). Existing
//   levels get the spec §9 rates.
// - vip_settings: one row, the brand's programme settings (window of days the thresholds count
//   over; rebate mode and payout hour, used by modules/rebates).
// - vip_member_days: per member and brand day, the credited deposits and valid bets the consumer
//   `vip` has counted; a level's thresholds are met over the sum of the window's days.
// - vip_bonuses: one row per paid bonus, unique per (member, kind, period): the level for an
//   upgrade, the month (YYYY-MM) for the monthly bonus, the year for the birthday bonus. Written in
//   the transaction of its ledger posting (key vip-<kind>:<member>:<period>).
// - vip_level_changes: every level change, by the rules or by an operator (with the reason).
// - vip_reviews: the monthly review (downgrade rule) done for a member and month.
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    ALTER TABLE vip_levels
      ADD COLUMN min_valid_bet bigint NOT NULL DEFAULT 0 CHECK (min_valid_bet >= 0),
      ADD COLUMN upgrade_bonus bigint NOT NULL DEFAULT 0 CHECK (upgrade_bonus >= 0),
      ADD COLUMN monthly_bonus bigint NOT NULL DEFAULT 0 CHECK (monthly_bonus >= 0),
      ADD COLUMN birthday_bonus bigint NOT NULL DEFAULT 0 CHECK (birthday_bonus >= 0),
      ADD COLUMN withdraw_daily_count integer CHECK (withdraw_daily_count >= 0),
      ADD COLUMN withdraw_daily_amount bigint CHECK (withdraw_daily_amount >= 0),
      ADD COLUMN rebate_rates jsonb NOT NULL DEFAULT '{"LOTT":10000,"ELOTT":10000,"FISH":10000,"RNG":12000,"LIVE":8000,"SPORTS":10000,"ESPORTS":10000}',
      ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();
    ALTER TABLE vip_levels ADD CONSTRAINT vip_levels_min_deposit_check CHECK (min_deposit >= 0);

    CREATE TABLE vip_settings (
      id integer PRIMARY KEY CHECK (id = 1),
      window_days integer NOT NULL DEFAULT 90 CHECK (window_days BETWEEN 1 AND 3650),
      rebate_mode text NOT NULL DEFAULT 'automatic' CHECK (rebate_mode IN ('automatic', 'manual')),
      rebate_hour integer NOT NULL DEFAULT 3 CHECK (rebate_hour BETWEEN 0 AND 23),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    INSERT INTO vip_settings (id) VALUES (1);

    CREATE TABLE vip_member_days (
      member_id bigint NOT NULL REFERENCES members(id),
      day date NOT NULL,
      deposits bigint NOT NULL DEFAULT 0,
      valid_bets bigint NOT NULL DEFAULT 0,
      PRIMARY KEY (member_id, day)
    );

    CREATE TABLE vip_bonuses (
      id bigserial PRIMARY KEY,
      member_id bigint NOT NULL REFERENCES members(id),
      kind text NOT NULL CHECK (kind IN ('upgrade', 'monthly', 'birthday')),
      period text NOT NULL,
      level integer NOT NULL,
      amount bigint NOT NULL CHECK (amount > 0),
      currency text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (member_id, kind, period)
    );

    CREATE TABLE vip_level_changes (
      id bigserial PRIMARY KEY,
      member_id bigint NOT NULL REFERENCES members(id),
      from_level integer NOT NULL,
      to_level integer NOT NULL,
      source text NOT NULL CHECK (source IN ('upgrade', 'review', 'operator')),
      reason text NOT NULL DEFAULT '',
      operator_id bigint,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX vip_level_changes_member ON vip_level_changes (member_id, id);

    CREATE TABLE vip_reviews (
      member_id bigint NOT NULL REFERENCES members(id),
      month text NOT NULL,
      from_level integer NOT NULL,
      to_level integer NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (member_id, month)
    );
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    DROP TABLE vip_reviews;
    DROP TABLE vip_level_changes;
    DROP TABLE vip_bonuses;
    DROP TABLE vip_member_days;
    DROP TABLE vip_settings;
    ALTER TABLE vip_levels DROP CONSTRAINT vip_levels_min_deposit_check;
    ALTER TABLE vip_levels
      DROP COLUMN min_valid_bet, DROP COLUMN upgrade_bonus, DROP COLUMN monthly_bonus,
      DROP COLUMN birthday_bonus, DROP COLUMN withdraw_daily_count, DROP COLUMN withdraw_daily_amount,
      DROP COLUMN rebate_rates, DROP COLUMN updated_at;
  `,
  );
}
