import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

// The agent centre's team betting and user loss statements of a large team (bench/agents.ts,
// docs/benchmarks.md "Agent centre at scale"). Both aggregate a range for every member of the team:
// team betting the closed rounds of the range, user loss the daily member figures. These covering
// indexes let each be read from the index alone (an index-only scan) instead of one heap page per
// row; they replace migration 0027's indexes of the same keys (and predicate), which the
// daily-figures job's scans use in the same way.
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE INDEX agent_rounds_closed_cover ON vendor_rounds (closed_at)
      INCLUDE (member_id, vendor_code, game_type, bet_amount, win_amount) WHERE status = 'closed';
    DROP INDEX agent_stats_vendor_rounds_closed;
    CREATE INDEX agent_member_days_member_cover ON agent_member_days (member_id, day)
      INCLUDE (rounds, valid_bets, wins, deposit_count, deposits, withdrawal_count, withdrawals);
    DROP INDEX agent_member_days_member;
    `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE INDEX agent_member_days_member ON agent_member_days (member_id, day);
    DROP INDEX agent_member_days_member_cover;
    CREATE INDEX agent_stats_vendor_rounds_closed ON vendor_rounds (closed_at) WHERE status = 'closed';
    DROP INDEX agent_rounds_closed_cover;
    `,
  );
}
