import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

// Settled brand days of the agents' dividend base (docs/agents.md "Settled periods are frozen").
// - agent_settled_days: a brand day whose figures a dividend settlement used. Its agent_member_days
//   rows are written once, when it is settled, with the brand's agentNgr settings of that moment
//   (kept in `ngr`), and never recomputed: a later setting change applies to the days settled after
//   it. `checked_at` is when the figures job last looked for late data of the day.
// - agent_member_late: what changed in a settled day after it was settled (a vendor's late win,
//   resettle or rollback), per member, counted in the open day it was found (`day_into`) so that it
//   reaches the next dividend instead of vanishing. Rows are added, never changed.
// - balance_adjustments_posting: the dividend base counts a manual adjustment posting by its
//   adjustment's type (agentNgr.manualCorrection, manualGoodwill), found by its posting.
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE TABLE agent_settled_days (
      day date PRIMARY KEY,
      start_at timestamptz NOT NULL,
      end_at timestamptz NOT NULL,
      ngr jsonb NOT NULL,
      settled_at timestamptz NOT NULL,
      checked_at timestamptz NOT NULL
    );
    CREATE INDEX agent_settled_days_checked ON agent_settled_days (checked_at);
    CREATE TABLE agent_member_late (
      id bigserial PRIMARY KEY,
      day_from date NOT NULL,
      day_into date NOT NULL CHECK (day_into > day_from),
      member_id bigint NOT NULL,
      valid_bets bigint NOT NULL DEFAULT 0,
      wins bigint NOT NULL DEFAULT 0,
      d_bonus bigint NOT NULL DEFAULT 0,
      d_rebate bigint NOT NULL DEFAULT 0,
      d_mission bigint NOT NULL DEFAULT 0,
      d_ticket bigint NOT NULL DEFAULT 0,
      d_referral bigint NOT NULL DEFAULT 0,
      d_vip bigint NOT NULL DEFAULT 0,
      d_points bigint NOT NULL DEFAULT 0,
      d_manual bigint NOT NULL DEFAULT 0,
      d_provider_fee bigint NOT NULL DEFAULT 0,
      d_payment_fee bigint NOT NULL DEFAULT 0,
      found_at timestamptz NOT NULL
    );
    CREATE INDEX agent_member_late_into ON agent_member_late (day_into);
    CREATE INDEX agent_member_late_from ON agent_member_late (day_from);
    CREATE INDEX balance_adjustments_posting ON balance_adjustments (posting_id) WHERE posting_id IS NOT NULL;
    `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    'DROP INDEX balance_adjustments_posting; DROP TABLE agent_member_late; DROP TABLE agent_settled_days;',
  );
}
