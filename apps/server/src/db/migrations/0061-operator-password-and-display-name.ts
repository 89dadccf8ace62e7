import { type Kysely, sql } from 'kysely';

// Operator accounts:
// - password_must_change: the password was set by an administrator (a new operator, a reset), so the
//   operator's session may only change it. It is only ever set or cleared together with a new
//   password_hash, whose change already notifies every node to drop cached sessions (migration 0013).
// - operator_display_name: the name players read in support chat instead of the login name; null
//   for every account that is not an operator.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE members ADD COLUMN password_must_change boolean NOT NULL DEFAULT false`.execute(db);
  await sql`ALTER TABLE members ADD COLUMN operator_display_name text`.execute(db);
  await sql`UPDATE members SET operator_display_name = 'Support' WHERE type = 90`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE members DROP COLUMN operator_display_name`.execute(db);
  await sql`ALTER TABLE members DROP COLUMN password_must_change`.execute(db);
}
