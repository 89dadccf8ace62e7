import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

// Agent contracts and their settlement (spec §3, §4, §7 Contracts; docs/agents.md
// "Contracts").
// - contracts: one per offer; upline_id NULL when the operator offered it. At most one offered or
//   active contract per (holder, kind) (partial unique index). settled_until is the end of the last
//   period the settlement job has done for it; carry is a dividend's negative carried forward.
// - contract_statements: one per (contract, period start) (unique: a rerun or a second node
//   cannot write a period twice); contract_statement_lines: its lines (one per contracted direct
//   downline branch, and one, downline_id NULL, for the rest of the team).
// - contract_templates and contract_limits: the back office's ready-made contracts and the highest
//   rate per kind it may give a top agent.
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE TABLE contracts (
      id bigserial PRIMARY KEY,
      kind text NOT NULL CHECK (kind IN ('dividend', 'daily_salary', 'hourly_salary', 'realtime_salary')),
      period text NOT NULL CHECK (period IN ('daily', 'weekly', 'semimonthly', 'monthly', 'hourly', 'realtime')),
      tiers jsonb NOT NULL,
      rate_ppm integer NOT NULL CHECK (rate_ppm BETWEEN 0 AND 1000000),
      upline_id bigint REFERENCES members(id),
      holder_id bigint NOT NULL REFERENCES members(id),
      status text NOT NULL CHECK (status IN ('offered', 'active', 'rejected', 'terminated')),
      termination_requested_by text CHECK (termination_requested_by IN ('upline', 'holder')),
      termination_requested_at timestamptz,
      termination_reason text,
      offered_by_operator bigint REFERENCES members(id),
      created_at timestamptz NOT NULL,
      accepted_at timestamptz,
      ended_at timestamptz,
      ended_by text CHECK (ended_by IN ('upline', 'holder', 'operator', 'system')),
      end_reason text,
      settled_until timestamptz,
      carry bigint NOT NULL DEFAULT 0 CHECK (carry <= 0),
      updated_at timestamptz NOT NULL,
      CHECK (upline_id IS NULL OR upline_id <> holder_id)
    );
    CREATE UNIQUE INDEX contracts_one_open ON contracts (holder_id, kind) WHERE status IN ('offered', 'active');
    CREATE INDEX contracts_upline ON contracts (upline_id, kind, status);
    CREATE INDEX contracts_settle ON contracts (kind, period) WHERE accepted_at IS NOT NULL;

    CREATE TABLE contract_statements (
      id bigserial PRIMARY KEY,
      contract_id bigint NOT NULL REFERENCES contracts(id),
      holder_id bigint NOT NULL REFERENCES members(id),
      kind text NOT NULL,
      period_start timestamptz NOT NULL,
      period_end timestamptz NOT NULL,
      valid_bets bigint NOT NULL,
      net_loss bigint NOT NULL,
      active_members integer NOT NULL,
      rate_ppm integer NOT NULL,
      gross bigint NOT NULL,
      carry_in bigint NOT NULL,
      amount bigint NOT NULL CHECK (amount >= 0),
      carry_out bigint NOT NULL,
      status text NOT NULL CHECK (status IN ('paid', 'held')),
      posting_id bigint,
      paid_at timestamptz,
      released_by bigint REFERENCES members(id),
      created_at timestamptz NOT NULL,
      UNIQUE (contract_id, period_start)
    );
    CREATE INDEX contract_statements_holder ON contract_statements (holder_id, kind, period_start DESC);
    CREATE INDEX contract_statements_held ON contract_statements (id) WHERE status = 'held';

    CREATE TABLE contract_statement_lines (
      statement_id bigint NOT NULL REFERENCES contract_statements(id),
      line_no integer NOT NULL,
      downline_id bigint REFERENCES members(id),
      valid_bets bigint NOT NULL,
      net_loss bigint NOT NULL,
      active_members integer NOT NULL,
      downline_rate_ppm integer NOT NULL,
      amount bigint NOT NULL,
      PRIMARY KEY (statement_id, line_no)
    );

    CREATE TABLE contract_templates (
      id bigserial PRIMARY KEY,
      name text NOT NULL,
      kind text NOT NULL CHECK (kind IN ('dividend', 'daily_salary', 'hourly_salary', 'realtime_salary')),
      period text NOT NULL,
      tiers jsonb NOT NULL,
      rate_ppm integer NOT NULL,
      enabled boolean NOT NULL DEFAULT true,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL
    );

    CREATE TABLE contract_limits (
      kind text PRIMARY KEY CHECK (kind IN ('dividend', 'daily_salary', 'hourly_salary', 'realtime_salary')),
      max_rate_ppm integer NOT NULL CHECK (max_rate_ppm BETWEEN 0 AND 1000000),
      updated_at timestamptz NOT NULL
    );
    INSERT INTO contract_limits (kind, max_rate_ppm, updated_at) VALUES
      ('dividend', 500000, now()),
      ('daily_salary', 20000, now()),
      ('hourly_salary', 20000, now()),
      ('realtime_salary', 20000, now());
    `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    DROP TABLE contract_limits;
    DROP TABLE contract_templates;
    DROP TABLE contract_statement_lines;
    DROP TABLE contract_statements;
    DROP TABLE contracts;
    `,
  );
}
