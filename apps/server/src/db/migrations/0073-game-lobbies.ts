import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

// A vendor's lobby game: the game a vendor lobby (GCS_gameLaunchFB) opens, such as the house
// sportsbook's SPORTS-000, ESPORTS-000 and COCKFIGHT-000. It is a game of the catalogue (rounds,
// records and reports name it; an operator can put it in maintenance), but not a tile: the game
// lists, search, favourites and recent games leave it out, and the category page opens it as the
// vendor's lobby. A constant default adds the column without rewriting the table.
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, 'ALTER TABLE games ADD COLUMN lobby boolean NOT NULL DEFAULT false;');
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, 'ALTER TABLE games DROP COLUMN lobby;');
}
