import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

// Help-centre categories become a list of their own, in the order the help centre shows them
// (console: added, renamed, ordered and removed as a list). Each article keeps its category's name,
// which now must be one of the list: a rename reaches its articles through ON UPDATE CASCADE, and a
// category still holding articles cannot be deleted until they are moved (RESTRICT). The list
// starts from the categories the articles already use, ordered by their first article.
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE TABLE help_categories (
      id bigserial PRIMARY KEY,
      name text NOT NULL UNIQUE,
      sort integer NOT NULL DEFAULT 0
    );
    INSERT INTO help_categories (name, sort)
      SELECT category, (row_number() OVER (ORDER BY min(sort), min(id)) - 1)::int
      FROM help_articles GROUP BY category;
    ALTER TABLE help_articles ADD CONSTRAINT help_articles_category_fkey
      FOREIGN KEY (category) REFERENCES help_categories (name) ON UPDATE CASCADE ON DELETE RESTRICT;
    `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    ALTER TABLE help_articles DROP CONSTRAINT help_articles_category_fkey;
    DROP TABLE help_categories;
    `,
  );
}
