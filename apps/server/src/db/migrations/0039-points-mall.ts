import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

// The points mall (spec §3 "Points redeem record", §4 redeem statuses, §7 Points).
// - points_config: one row, the exchange ratio (exchange_points points convert to exchange_amount
//   minor units of cash), the smallest conversion, and the rules text per language.
// - points_rates: points earned per game type, in parts per million of the valid bet in minor
//   units (10,000 ppm = 1 point per 1.00 of valid bet), as agent rates are (docs/agents.md).
// - points_rewards: the catalogue. kind cash and bonus pay amount (minor units) through the wallet,
//   ticket records a ticket of ticket_kind for the ticket programme, physical waits for an operator.
//   stock NULL means unlimited; it never goes below zero (CHECK and a guarded update).
// - points_redemptions: one per redeem request (unique per member and requestId, so a repeat
//   answers the first), status in_process / approved / rejected (spec §4 In Process, Approved,
//   Rejected). Physical items are in_process until an operator approves or rejects (refund).
// - points_conversions: one per convert request (unique per member and requestId).
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE TABLE points_config (
      id integer PRIMARY KEY CHECK (id = 1),
      exchange_points bigint NOT NULL CHECK (exchange_points > 0),
      exchange_amount bigint NOT NULL CHECK (exchange_amount > 0),
      min_convert_points bigint NOT NULL CHECK (min_convert_points > 0),
      convert_enabled boolean NOT NULL DEFAULT true,
      rules jsonb NOT NULL DEFAULT '{}'::jsonb,
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    INSERT INTO points_config (id, exchange_points, exchange_amount, min_convert_points) VALUES (1, 100, 100, 100);

    CREATE TABLE points_rates (
      game_type text PRIMARY KEY,
      rate_ppm integer NOT NULL CHECK (rate_ppm BETWEEN 0 AND 1000000),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    INSERT INTO points_rates (game_type, rate_ppm) VALUES
      ('LIVE', 10000), ('RNG', 10000), ('JL', 10000), ('ELOTT', 10000), ('LOTT', 10000),
      ('SPORTS', 10000), ('FISH', 10000), ('PVP', 0), ('ESPORTS', 10000), ('COCKFIGHT', 10000);

    CREATE TABLE points_rewards (
      id bigserial PRIMARY KEY,
      kind text NOT NULL CHECK (kind IN ('cash', 'bonus', 'ticket', 'physical')),
      name text NOT NULL,
      names jsonb NOT NULL DEFAULT '{}'::jsonb,
      description text NOT NULL DEFAULT '',
      image_url text,
      points_cost bigint NOT NULL CHECK (points_cost > 0),
      amount bigint NOT NULL DEFAULT 0 CHECK (amount >= 0),
      ticket_kind text CHECK (ticket_kind IN ('red_envelope', 'prize_wheel', 'golden_egg')),
      stock integer CHECK (stock >= 0),
      max_per_redeem integer NOT NULL DEFAULT 10 CHECK (max_per_redeem BETWEEN 1 AND 1000),
      status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'paused')),
      sort integer NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CHECK ((kind IN ('cash', 'bonus')) = (amount > 0)),
      CHECK ((kind = 'ticket') = (ticket_kind IS NOT NULL)),
      UNIQUE (name)
    );
    CREATE INDEX points_rewards_list ON points_rewards (status, sort, id);

    CREATE TABLE points_redemptions (
      id bigserial PRIMARY KEY,
      reference text NOT NULL UNIQUE,
      member_id bigint NOT NULL REFERENCES members(id),
      request_id text NOT NULL,
      reward_id bigint NOT NULL REFERENCES points_rewards(id),
      kind text NOT NULL,
      name text NOT NULL,
      ticket_kind text,
      quantity integer NOT NULL CHECK (quantity > 0),
      points bigint NOT NULL DEFAULT 0,
      amount bigint NOT NULL DEFAULT 0,
      status text NOT NULL DEFAULT 'in_process' CHECK (status IN ('in_process', 'approved', 'rejected')),
      points_balance_after bigint,
      posting_id bigint REFERENCES points_postings(id),
      refund_posting_id bigint REFERENCES points_postings(id),
      remark text NOT NULL DEFAULT '',
      decided_by bigint REFERENCES members(id),
      decided_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (member_id, request_id)
    );
    CREATE INDEX points_redemptions_member ON points_redemptions (member_id, id DESC);
    CREATE INDEX points_redemptions_status ON points_redemptions (status, id);

    CREATE TABLE points_conversions (
      id bigserial PRIMARY KEY,
      reference text NOT NULL UNIQUE,
      member_id bigint NOT NULL REFERENCES members(id),
      request_id text NOT NULL,
      points bigint NOT NULL CHECK (points > 0),
      amount bigint NOT NULL DEFAULT 0,
      currency text NOT NULL,
      posting_id bigint REFERENCES points_postings(id),
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (member_id, request_id)
    );
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    DROP TABLE points_conversions;
    DROP TABLE points_redemptions;
    DROP TABLE points_rewards;
    DROP TABLE points_rates;
    DROP TABLE points_config;
  `,
  );
}
