import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

// The agent centre's figures (docs/agents.md "Figures"), kept by the agents job
// (modules/agents/agent-stats.*) so the team overview of an agent with 100,000 members reads a few
// dozen rows instead of millions of rounds.
// - agent_member_days: one row per member and brand-time-zone day with activity (registered, a
//   valid bet, an approved deposit or withdrawal).
// - agent_team_days: one row per agent (any member with downlines) and day: the sum of its team's
//   member days (depth >= 1 in agent_tree, the tree as it was when the day was refreshed), with a
//   HyperLogLog sketch of the active members (reports/hll.ts) so a range counts each member once.
// - agent_stat_days: the days computed, so the job fills in days never computed.
// The partial index on closed rounds serves the job's day scans (valid bets count at closed_at).
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE TABLE agent_member_days (
      day date NOT NULL,
      member_id bigint NOT NULL REFERENCES members(id),
      registered boolean NOT NULL,
      rounds bigint NOT NULL,
      valid_bets bigint NOT NULL,
      wins bigint NOT NULL,
      deposit_count integer NOT NULL,
      deposits bigint NOT NULL,
      first_deposit boolean NOT NULL,
      withdrawal_count integer NOT NULL,
      withdrawals bigint NOT NULL,
      refreshed_at timestamptz NOT NULL,
      PRIMARY KEY (day, member_id)
    );
    CREATE INDEX agent_member_days_member ON agent_member_days (member_id, day);

    CREATE TABLE agent_team_days (
      agent_id bigint NOT NULL REFERENCES members(id),
      day date NOT NULL,
      new_members integer NOT NULL,
      active_members integer NOT NULL,
      active_hll smallint[] NOT NULL,
      first_depositors integer NOT NULL,
      deposit_count integer NOT NULL,
      deposits bigint NOT NULL,
      withdrawal_count integer NOT NULL,
      withdrawals bigint NOT NULL,
      rounds bigint NOT NULL,
      valid_bets bigint NOT NULL,
      wins bigint NOT NULL,
      refreshed_at timestamptz NOT NULL,
      PRIMARY KEY (agent_id, day)
    );
    CREATE INDEX agent_team_days_day ON agent_team_days (day);

    CREATE TABLE agent_stat_days (
      day date PRIMARY KEY,
      refreshed_at timestamptz NOT NULL
    );

    CREATE INDEX agent_stats_vendor_rounds_closed ON vendor_rounds (closed_at) WHERE status = 'closed';
    `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    DROP INDEX agent_stats_vendor_rounds_closed;
    DROP TABLE agent_stat_days;
    DROP TABLE agent_team_days;
    DROP TABLE agent_member_days;
    `,
  );
}
