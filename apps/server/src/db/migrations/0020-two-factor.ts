import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

// Two-factor authentication (TOTP). The secret lives in its own table, sealed with a key derived
// from SESSION_SECRET (accounts/two-factor.crypto.ts), so a copy of the database alone does not
// give anyone a member's authenticator. A row without enabled_at is an enrolment not yet confirmed
// by a first code; last_step is the newest time step accepted, so no code is accepted twice.
// members.totp_secret held the secret in the clear and nothing ever wrote it outside tests: it goes.
// Recovery codes are stored as keyed hashes, each usable once.
// Login history is read from audit_log by member, event and time.
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE TABLE member_totp (
      member_id bigint PRIMARY KEY REFERENCES members(id) ON DELETE CASCADE,
      secret_sealed text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      enabled_at timestamptz,
      last_step bigint
    );
    CREATE TABLE member_recovery_codes (
      id bigserial PRIMARY KEY,
      member_id bigint NOT NULL REFERENCES members(id) ON DELETE CASCADE,
      code_hash text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      used_at timestamptz
    );
    CREATE INDEX member_recovery_codes_member ON member_recovery_codes (member_id) WHERE used_at IS NULL;
    CREATE INDEX audit_log_member_event ON audit_log (member_id, event, id DESC);
    ALTER TABLE members DROP COLUMN totp_secret;
    `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    ALTER TABLE members ADD COLUMN totp_secret text;
    DROP INDEX audit_log_member_event;
    DROP TABLE member_recovery_codes;
    DROP TABLE member_totp;
    `,
  );
}
