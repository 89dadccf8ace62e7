import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

// Forgot password by email (spec §4, §7): a single-use, expiring reset token. Only its SHA-256 is
// stored, so a leaked table does not hand out working links.
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE TABLE password_resets (
      id bigserial PRIMARY KEY,
      member_id bigint NOT NULL REFERENCES members(id),
      token_hash text NOT NULL UNIQUE,
      ip text,
      expires_at timestamptz NOT NULL,
      used_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX password_resets_member ON password_resets (member_id) WHERE used_at IS NULL;
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, 'DROP TABLE password_resets;');
}
