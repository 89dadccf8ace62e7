import type { Kysely } from 'kysely';
import { gamesSearchTextSql } from './0005-favourites';
import { runStatements } from './run-statements';

// The games search_text column (migration 0005) folded Latin accents only and lower-cased in the
// C locale, so it broke names in other scripts; the catalogue index now folds every name with the
// shared foldSearch in Node (games/catalogue-index.ts) and nothing reads the column. Its trigger
// still ran on every insert and rename of a game (10,000+ at the first seed), so both go.
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    DROP TRIGGER games_search_text ON games;
    DROP FUNCTION games_search_text();
    ALTER TABLE games DROP COLUMN search_text;
    `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, gamesSearchTextSql());
}
