import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

// A third kind of card-room integrity flag can be decided on (docs/pvp.md "Integrity report"):
// linked accounts at a table, members sharing a sign-in address or a device who were dealt into the
// same hands. Its decisions go in pvp_integrity_reviews beside the other two kinds'.
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    ALTER TABLE pvp_integrity_reviews DROP CONSTRAINT pvp_integrity_reviews_kind_check;
    ALTER TABLE pvp_integrity_reviews ADD CONSTRAINT pvp_integrity_reviews_kind_check
      CHECK (kind IN ('chip_dumping', 'soft_play', 'linked_accounts'));
    `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    DELETE FROM pvp_integrity_reviews WHERE kind = 'linked_accounts';
    ALTER TABLE pvp_integrity_reviews DROP CONSTRAINT pvp_integrity_reviews_kind_check;
    ALTER TABLE pvp_integrity_reviews ADD CONSTRAINT pvp_integrity_reviews_kind_check
      CHECK (kind IN ('chip_dumping', 'soft_play'));
    `,
  );
}
