import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

// The tables shared by game launch (games area) and the signed vendor wallet API
// (vendor-gateway area).
// - vendor_integrations: how the platform talks to each vendor (secret, launch URL, wallet mode).
// - game_sessions: one row per launch; the vendor holds the token and presents it on balance and
//   bet; wins and rollbacks are accepted after it expired (api-conventions).
// - vendor_rounds / vendor_transactions: written only by vendor-gateway, read by games for
//   betting records, recall, recent games and the winner board.
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE TABLE vendor_integrations (
      vendor_code text PRIMARY KEY REFERENCES vendors(code),
      secret text NOT NULL,
      launch_url text NOT NULL,
      wallet_mode text NOT NULL DEFAULT 'seamless' CHECK (wallet_mode IN ('seamless', 'transfer')),
      currency text NOT NULL DEFAULT 'PHP',
      allowed_ips text[] NOT NULL DEFAULT '{}',
      enabled boolean NOT NULL DEFAULT true,
      updated_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE game_sessions (
      id bigserial PRIMARY KEY,
      token_hash text NOT NULL UNIQUE,
      member_id bigint REFERENCES members(id),
      trial boolean NOT NULL DEFAULT false,
      vendor_code text NOT NULL REFERENCES vendors(code),
      node_id bigint NOT NULL REFERENCES games(node_id),
      game_code text NOT NULL,
      currency text NOT NULL,
      language text NOT NULL DEFAULT 'EN',
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL
    );
    CREATE INDEX game_sessions_member ON game_sessions (member_id, created_at DESC);

    CREATE TABLE vendor_rounds (
      id bigserial PRIMARY KEY,
      vendor_code text NOT NULL REFERENCES vendors(code),
      round_id text NOT NULL,
      member_id bigint NOT NULL REFERENCES members(id),
      node_id bigint REFERENCES games(node_id),
      game_code text NOT NULL,
      game_type text NOT NULL,
      currency text NOT NULL,
      bet_amount bigint NOT NULL DEFAULT 0,
      win_amount bigint NOT NULL DEFAULT 0,
      status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'closed', 'rolled_back')),
      created_at timestamptz NOT NULL DEFAULT now(),
      closed_at timestamptz,
      UNIQUE (vendor_code, round_id)
    );
    CREATE INDEX vendor_rounds_member ON vendor_rounds (member_id, created_at DESC);
    CREATE INDEX vendor_rounds_member_game ON vendor_rounds (member_id, node_id, created_at DESC);
    CREATE INDEX vendor_rounds_wins ON vendor_rounds (created_at DESC) WHERE win_amount > 0;

    CREATE TABLE vendor_transactions (
      id bigserial PRIMARY KEY,
      vendor_code text NOT NULL REFERENCES vendors(code),
      transaction_id text NOT NULL,
      kind text NOT NULL CHECK (kind IN ('bet', 'win', 'rollback')),
      round_id text NOT NULL,
      member_id bigint NOT NULL REFERENCES members(id),
      amount bigint NOT NULL,
      -- bet a win pays, or bet a rollback reverses (may be unknown: recorded so a late bet is refused)
      ref_transaction_id text,
      -- SHA-256 of the request's identifying details: a repeat with other details is a duplicate
      details_hash text NOT NULL,
      status text NOT NULL CHECK (status IN ('ok', 'rolled_back', 'rollback_of_unknown')),
      balance_after bigint NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (vendor_code, transaction_id)
    );
    CREATE INDEX vendor_transactions_day ON vendor_transactions (vendor_code, created_at);
    CREATE INDEX vendor_transactions_ref ON vendor_transactions (vendor_code, ref_transaction_id);
    `,
  );
}
