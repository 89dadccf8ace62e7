import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

// What the lobby's "popular" order and its HOT tag stand on (docs/games.md "Popular and hot"): the
// distinct players each game had in the last days' rounds, kept by the job games.popularity. HOT
// (is_hot) is no longer set by hand or by the seed: the job marks the top of that count, so the tag
// means what players do. Until the job's first run nothing is hot. A constant default adds the
// column without rewriting the table.
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    ALTER TABLE games ADD COLUMN recent_players integer NOT NULL DEFAULT 0;
    UPDATE games SET is_hot = false WHERE is_hot;
    `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, 'ALTER TABLE games DROP COLUMN recent_players;');
}
