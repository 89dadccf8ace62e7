import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

// Operators order the site's game categories and switch them
// off (game_menu_categories), and choose which vendors show under each and in what order
// (vendor_game_types.enabled and its existing sort). The menu call (/lgw/games/game_menus) reads
// both. The rows start in the order the site used until now (spec §2 "sorted vendor categories");
// a category with no row yet (a vendor added later) shows after them, by name, until an operator
// places it.
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE TABLE game_menu_categories (
      game_type text PRIMARY KEY,
      sort integer NOT NULL DEFAULT 0,
      enabled boolean NOT NULL DEFAULT true
    );
    INSERT INTO game_menu_categories (game_type, sort) VALUES
      ('RNG', 0), ('LIVE', 1), ('FISH', 2), ('PVP', 3), ('SPORTS', 4), ('ESPORTS', 5),
      ('COCKFIGHT', 6), ('LOTT', 7), ('ELOTT', 8), ('JL', 9);
    ALTER TABLE vendor_game_types ADD COLUMN enabled boolean NOT NULL DEFAULT true;
    CREATE TRIGGER game_menu_categories_catalogue_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON game_menu_categories FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version();
    `,
  );
}
