import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

// The back office's rollup job passes over today and yesterday every two minutes; a day with no
// change since its last pass is left as it is (docs/back-office.md "How fresh the reports are").
// report_day_passes keeps, per day: the last pass (refreshed_at), the last time its rollups were
// computed (computed_at), where the next pass looks for changes from (changes_from: the last
// pass's time less a margin for the transactions still open then), and the settings and time zone
// it was computed with (settings_key), so a setting change recomputes it.
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `CREATE TABLE report_day_passes (
       day date PRIMARY KEY,
       refreshed_at timestamptz NOT NULL,
       computed_at timestamptz NOT NULL,
       changes_from timestamptz,
       settings_key text NOT NULL
     );`,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, 'DROP TABLE report_day_passes;');
}
