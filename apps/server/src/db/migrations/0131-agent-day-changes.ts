import { type Kysely, sql } from 'kysely';
import { runStatements } from './run-statements';

// The agents' daily figures job recomputes only what changed (docs/agents.md "How fresh the
// figures are"): a pass looks for the members whose figures moved since the day's last pass and
// recomputes their rows of the day, and the team rows of their agents; an unchanged day costs a
// few index probes instead of a scan of every round of the day.
// - agent_stat_days.full_at: when the day was last computed whole (null: never since this
//   migration, so the next pass computes it whole); ngr_key: the dividend-base settings it was
//   computed with, so a setting change recomputes the open days whole; changes_from: where the next
//   pass starts looking for changes (the last pass's time less a margin for the transactions still
//   open then).
// - agent_tree_changes: one row per upline change (members.upline_id), written by a trigger in the
//   change's transaction; the moved member's old and new uplines' teams are recomputed. Upline
//   changes are rare, so the table stays small; the job prunes rows older than two days.
const changeLog = `
CREATE FUNCTION agent_tree_change_log() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO agent_tree_changes (member_id, old_upline_id, changed_at) VALUES (NEW.id, OLD.upline_id, app_clock());
  RETURN NULL;
END $$;
`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    ALTER TABLE agent_stat_days ADD COLUMN full_at timestamptz, ADD COLUMN ngr_key text,
      ADD COLUMN changes_from timestamptz;
    CREATE TABLE agent_tree_changes (
      id bigserial PRIMARY KEY,
      member_id bigint NOT NULL,
      old_upline_id bigint,
      changed_at timestamptz NOT NULL
    );
    CREATE INDEX agent_tree_changes_at ON agent_tree_changes (changed_at);
    `,
  );
  await sql.raw(changeLog).execute(db);
  await runStatements(
    db,
    `CREATE TRIGGER agent_tree_change_log AFTER UPDATE OF upline_id ON members
       FOR EACH ROW WHEN (NEW.upline_id IS DISTINCT FROM OLD.upline_id) EXECUTE FUNCTION agent_tree_change_log();`,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `DROP TRIGGER agent_tree_change_log ON members;
     DROP FUNCTION agent_tree_change_log();
     DROP TABLE agent_tree_changes;
     ALTER TABLE agent_stat_days DROP COLUMN full_at, DROP COLUMN ngr_key, DROP COLUMN changes_from;`,
  );
}
