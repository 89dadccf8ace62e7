import { type Kysely, sql } from 'kysely';

// A throttle counter's slots are taken before the check they guard runs and are then either given
// back (the answer was right) or spent (it was wrong). `count` is the slots taken, in flight or
// spent; `spent` is the spent ones alone, so a login can tell attempts still being checked from
// failures: while the captcha threshold is reached only by attempts in flight, the next attempt
// waits for them instead of being asked for the captcha (visitors behind one shared address signing
// in at once). Both restart with the window.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE rate_limits ADD COLUMN spent integer NOT NULL DEFAULT 0`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE rate_limits DROP COLUMN spent`.execute(db);
}
