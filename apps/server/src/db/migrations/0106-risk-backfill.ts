import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

// The risk links backfill (docs/risk.md "Backfill"): members who existed before the risk consumer
// have no identity keys, so no links. An operator starts a run; the job `risk.backfill` walks the
// members up to the newest one at the start in id order, a batch per short transaction, records
// each member's keys as the consumer does and links the fresh ones. The row is the run's progress
// and its cursor (last_member_id), written in the batch's transaction, so a stopped run resumes
// where it was and a run over members already keyed adds nothing. One run at a time (the partial
// unique index).
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE TABLE risk_backfills (
      id bigserial PRIMARY KEY,
      status text NOT NULL DEFAULT 'running' CHECK (status IN ('running', 'done')),
      up_to_member_id bigint NOT NULL,
      last_member_id bigint NOT NULL DEFAULT 0,
      members_total integer NOT NULL,
      members_done integer NOT NULL DEFAULT 0,
      keys_added integer NOT NULL DEFAULT 0,
      links_added integer NOT NULL DEFAULT 0,
      started_by bigint REFERENCES members(id),
      started_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL,
      finished_at timestamptz
    );
    CREATE UNIQUE INDEX risk_backfills_one_running ON risk_backfills ((true)) WHERE status = 'running';
    `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, 'DROP TABLE risk_backfills;');
}
