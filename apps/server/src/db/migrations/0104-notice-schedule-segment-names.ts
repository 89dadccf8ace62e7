import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

// - notices get a schedule: starts_at (a notice written before shows from when it was written) and
//   an optional ends_at after it; the player site lists a notice only between the two.
// - campaign segments get a unique name (case-insensitive), so an operator picking a segment by
//   name never meets two of them. Names already given twice keep the first; the later ones get
//   their id appended, as no index can be built over duplicates.
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    ALTER TABLE notices ADD COLUMN starts_at timestamptz;
    UPDATE notices SET starts_at = created_at;
    ALTER TABLE notices ALTER COLUMN starts_at SET NOT NULL;
    ALTER TABLE notices ALTER COLUMN starts_at SET DEFAULT now();
    ALTER TABLE notices ADD COLUMN ends_at timestamptz;
    ALTER TABLE notices ADD CONSTRAINT notices_schedule CHECK (ends_at IS NULL OR ends_at > starts_at);
    UPDATE campaign_segments s SET name = s.name || ' #' || s.id
     WHERE EXISTS (SELECT 1 FROM campaign_segments o WHERE lower(o.name) = lower(s.name) AND o.id < s.id);
    CREATE UNIQUE INDEX campaign_segments_name ON campaign_segments (lower(name));
    `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    DROP INDEX campaign_segments_name;
    ALTER TABLE notices DROP CONSTRAINT notices_schedule;
    ALTER TABLE notices DROP COLUMN ends_at;
    ALTER TABLE notices DROP COLUMN starts_at;
    `,
  );
}
