import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

// In demo mode a captcha keeps its text beside the hash, so the demo's visitors (and its browser
// tests) can read their own answer at /dev/captcha.json, as they read SMS codes at /dev/outbox.
// Outside demo mode the column stays empty.
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, 'ALTER TABLE captchas ADD COLUMN demo_answer text;');
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, 'ALTER TABLE captchas DROP COLUMN demo_answer;');
}
