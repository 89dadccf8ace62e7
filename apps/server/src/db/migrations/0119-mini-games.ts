import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

// The mini games category (game type MINI: the studio's short games, codes MINI-nnn): placed last
// in the game menu, after every category an operator may have ordered already, and earning points
// at the rate the other house game types start with (0039). The seed adds its vendor card and games.
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    INSERT INTO game_menu_categories (game_type, sort)
      SELECT 'MINI', COALESCE(MAX(sort), -1) + 1 FROM game_menu_categories
      ON CONFLICT (game_type) DO NOTHING;
    INSERT INTO points_rates (game_type, rate_ppm) VALUES ('MINI', 10000) ON CONFLICT (game_type) DO NOTHING;
    `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    DELETE FROM points_rates WHERE game_type = 'MINI';
    DELETE FROM game_menu_categories WHERE game_type = 'MINI';
    `,
  );
}
