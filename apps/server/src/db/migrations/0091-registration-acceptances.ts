import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

// What a visitor accepted when registering: the terms, the privacy notice and the brand's minimum
// age, each with the time, the minimum age asked and the address it came from. One row per member,
// written in the registering transaction, never changed (a later version of the terms is a matter
// for the legal pages, not for this record of the sign-up).
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE TABLE registration_acceptances (
      member_id bigint PRIMARY KEY REFERENCES members(id),
      terms_accepted_at timestamptz NOT NULL,
      privacy_accepted_at timestamptz NOT NULL,
      age_confirmed_at timestamptz,
      minimum_age integer NOT NULL CHECK (minimum_age >= 0),
      ip text NOT NULL
    );
    `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, 'DROP TABLE registration_acceptances;');
}
