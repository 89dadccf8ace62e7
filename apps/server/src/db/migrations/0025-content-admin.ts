import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

// The back office's content screens edit the tables the player site reads:
// - banners get a schedule (no start: shown at once; no end: shown until disabled);
// - announcements, notices and help articles can be switched off without deleting them, and
//   notices and help articles get a language like banners and announcements (null: every language);
// - content_images keeps the bytes of the banner images operators upload, in the database like the
//   cashier's proofs, so every node serves them and a database backup holds them.
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    ALTER TABLE banners ADD COLUMN starts_at timestamptz;
    ALTER TABLE banners ADD COLUMN ends_at timestamptz;
    ALTER TABLE banners ADD CONSTRAINT banners_schedule_check CHECK (ends_at IS NULL OR starts_at IS NULL OR ends_at > starts_at);
    ALTER TABLE announcements ADD COLUMN active boolean NOT NULL DEFAULT true;
    ALTER TABLE announcements ADD CONSTRAINT announcements_schedule_check CHECK (ends_at IS NULL OR ends_at > starts_at);
    ALTER TABLE notices ADD COLUMN language text;
    ALTER TABLE notices ADD COLUMN active boolean NOT NULL DEFAULT true;
    ALTER TABLE help_articles ADD COLUMN language text;
    ALTER TABLE help_articles ADD COLUMN active boolean NOT NULL DEFAULT true;

    CREATE TABLE content_images (
      id bigserial PRIMARY KEY,
      purpose text NOT NULL CHECK (purpose IN ('banner')),
      content_type text NOT NULL CHECK (content_type IN ('image/png', 'image/jpeg', 'image/webp')),
      size integer NOT NULL,
      sha256 text NOT NULL,
      data bytea NOT NULL,
      uploaded_by bigint REFERENCES members(id),
      created_at timestamptz NOT NULL DEFAULT now()
    );
    `,
  );
}
