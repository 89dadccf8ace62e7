import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

// Game list speed: the server keeps the shown catalogue in memory and checks it against
// this one-row version on every list call. Any write to games, vendors or vendor_game_types (seed,
// back office, another node) bumps it in the same transaction, so every node sees a change on its
// next call, with no cache time to wait out.
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE TABLE catalogue_version (
      id int PRIMARY KEY CHECK (id = 1),
      version bigint NOT NULL
    );
    INSERT INTO catalogue_version (id, version) VALUES (1, 1);
    CREATE FUNCTION bump_catalogue_version() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN UPDATE catalogue_version SET version = version + 1 WHERE id = 1; RETURN NULL; END $$;
    CREATE TRIGGER games_catalogue_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON games FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version();
    CREATE TRIGGER vendors_catalogue_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON vendors FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version();
    CREATE TRIGGER vendor_game_types_catalogue_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON vendor_game_types FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version();
    `,
  );
}
