import { type Kysely, sql } from 'kysely';

// The brand's daily SMS limit (brand setting smsDailyQuota): one row per brand day counts the SMS
// written to the outbox that day. A code send takes its place in the same transaction as the code,
// so a refused or rolled-back send counts nothing, and two sends at once cannot both take the last.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE sms_daily_sends (
    day date PRIMARY KEY,
    sent integer NOT NULL CHECK (sent >= 0)
  )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE sms_daily_sends`.execute(db);
}
