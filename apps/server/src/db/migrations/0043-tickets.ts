import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

// Tickets: red envelope, prize wheel, golden egg (spec §1; docs/referrals-tickets.md).
// - ticket_kinds: an operator's ticket with its prize table (label, type, amount, weight) and the
//   deposit rule (a credited deposit of at least deposit_min grants one).
// - tickets: one per (member, kind, source); source says what granted it (deposit:<event>,
//   referral:<id>, ticket:<id>, points:<redemption>), so a replay never grants twice.
// - ticket_seeds: per member, a server seed committed by its SHA-256 before any draw and revealed
//   when the member rotates it (commit-reveal, like the studio's rounds).
// - ticket_draws: one per opened ticket: seed, nonce, roll, the weights used and the prize.
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE TABLE ticket_kinds (
      id bigserial PRIMARY KEY,
      kind text NOT NULL CHECK (kind IN ('red_envelope', 'prize_wheel', 'golden_egg')),
      name text NOT NULL,
      enabled boolean NOT NULL DEFAULT true,
      deposit_min bigint CHECK (deposit_min > 0),
      prizes jsonb NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE tickets (
      id bigserial PRIMARY KEY,
      member_id bigint NOT NULL REFERENCES members(id),
      kind_id bigint NOT NULL REFERENCES ticket_kinds(id),
      source text NOT NULL,
      state text NOT NULL DEFAULT 'unopened' CHECK (state IN ('unopened', 'opened')),
      created_at timestamptz NOT NULL DEFAULT now(),
      opened_at timestamptz,
      UNIQUE (member_id, kind_id, source)
    );
    CREATE INDEX tickets_member ON tickets (member_id, id DESC);
    CREATE INDEX tickets_day ON tickets (created_at);

    CREATE TABLE ticket_seeds (
      id bigserial PRIMARY KEY,
      member_id bigint NOT NULL REFERENCES members(id),
      server_seed text NOT NULL,
      seed_hash text NOT NULL,
      client_seed text NOT NULL,
      next_nonce integer NOT NULL DEFAULT 0,
      revealed_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE UNIQUE INDEX ticket_seeds_active ON ticket_seeds (member_id) WHERE revealed_at IS NULL;

    CREATE TABLE ticket_draws (
      id bigserial PRIMARY KEY,
      ticket_id bigint NOT NULL UNIQUE REFERENCES tickets(id),
      member_id bigint NOT NULL REFERENCES members(id),
      seed_id bigint NOT NULL REFERENCES ticket_seeds(id),
      nonce integer NOT NULL,
      roll bigint NOT NULL,
      weights jsonb NOT NULL,
      prize_index integer NOT NULL,
      prize jsonb NOT NULL,
      currency text NOT NULL,
      posting_id bigint,
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (seed_id, nonce)
    );
    CREATE INDEX ticket_draws_day ON ticket_draws (created_at);
    `,
  );
}
