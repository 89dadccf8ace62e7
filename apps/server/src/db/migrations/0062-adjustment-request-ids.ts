import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

// Balance adjustments:
// - request_id: the id the operator's client chose for one submission. Unique per requesting
//   operator, so a repeat (a double click, a retry, thirty parallel copies) finds the first
//   adjustment instead of making another.
// - brand_day: the brand day the request was made in. The second-operator threshold applies to what
//   one operator adjusts for one member in a brand day, summed from these rows. Existing rows get
//   the day in the brand's time zone (Asia/Manila unless the brand set another).
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    ALTER TABLE balance_adjustments ADD COLUMN request_id text;
    ALTER TABLE balance_adjustments ADD COLUMN brand_day date;
    UPDATE balance_adjustments SET brand_day = (created_at AT TIME ZONE coalesce(
      (SELECT value #>> '{}' FROM brand_settings WHERE key = 'timeZone'), 'Asia/Manila'))::date;
    ALTER TABLE balance_adjustments ALTER COLUMN brand_day SET NOT NULL;
    CREATE UNIQUE INDEX balance_adjustments_request ON balance_adjustments (requested_by, request_id);
    CREATE INDEX balance_adjustments_operator_day ON balance_adjustments (member_id, requested_by, brand_day);
    `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    ALTER TABLE balance_adjustments DROP COLUMN brand_day;
    ALTER TABLE balance_adjustments DROP COLUMN request_id;
    `,
  );
}
