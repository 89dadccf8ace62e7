import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

// Missions (docs/missions.md).
// - missions: what an operator defines: a period kind (daily, weekly, newbie = once within
//   newbie_days of registration), a task with its target (a count, or minor units for bet), the
//   reward (cash in minor units or points), operator state and per-language texts.
// - mission_progress: one row per (mission, member, period), period_start being the start of the
//   brand day or week the facts fell in (newbie: the member's registration). Target and reward are
//   copied in when the row is made, so a mission changed mid-period keeps the terms the member
//   started on. The consumer `missions` (modules/missions) adds to it once per event (the engine's
//   exactly-once record); a claim locks the row and pays with the key mission:<id>.
// activity_events.created_at follows the application's clock (app_clock(), migration 0033) like
// rounds and postings: a mission's period is the one its facts fell in, and a moved clock (tests,
// the demo's past play) moves both.
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    ALTER TABLE activity_events ALTER COLUMN created_at SET DEFAULT app_clock();

    CREATE TABLE missions (
      id bigserial PRIMARY KEY,
      period text NOT NULL CHECK (period IN ('daily', 'weekly', 'newbie')),
      newbie_days integer CHECK (newbie_days BETWEEN 1 AND 90),
      task text NOT NULL CHECK (task IN ('login', 'deposit', 'bet', 'rounds', 'invite')),
      target bigint NOT NULL CHECK (target > 0),
      min_deposit bigint CHECK (min_deposit > 0),
      game_type text,
      reward_kind text NOT NULL CHECK (reward_kind IN ('cash', 'points')),
      reward_amount bigint NOT NULL CHECK (reward_amount > 0),
      claim_days integer NOT NULL DEFAULT 7 CHECK (claim_days BETWEEN 1 AND 90),
      state text NOT NULL DEFAULT 'draft' CHECK (state IN ('draft', 'active', 'paused', 'ended')),
      starts_at timestamptz NOT NULL,
      ends_at timestamptz,
      texts jsonb NOT NULL,
      sort integer NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CHECK ((period = 'newbie') = (newbie_days IS NOT NULL))
    );
    CREATE INDEX missions_task ON missions (task) WHERE state = 'active';

    CREATE TABLE mission_progress (
      id bigserial PRIMARY KEY,
      mission_id bigint NOT NULL REFERENCES missions(id),
      member_id bigint NOT NULL REFERENCES members(id),
      period_start timestamptz NOT NULL,
      period_end timestamptz NOT NULL,
      progress bigint NOT NULL DEFAULT 0 CHECK (progress >= 0 AND progress <= target),
      target bigint NOT NULL CHECK (target > 0),
      reward_kind text NOT NULL CHECK (reward_kind IN ('cash', 'points')),
      reward_amount bigint NOT NULL CHECK (reward_amount > 0),
      currency text NOT NULL,
      completed_at timestamptz,
      claim_expires_at timestamptz,
      claimed_at timestamptz,
      posting_id bigint,
      updated_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (mission_id, member_id, period_start),
      CHECK ((completed_at IS NULL) = (progress < target)),
      CHECK (claimed_at IS NULL OR completed_at IS NOT NULL)
    );
    CREATE INDEX mission_progress_member ON mission_progress (member_id, period_end);
    CREATE INDEX mission_progress_completed ON mission_progress (completed_at) WHERE completed_at IS NOT NULL;
    CREATE INDEX mission_progress_claimed ON mission_progress (claimed_at) WHERE claimed_at IS NOT NULL;
    `,
  );
}
