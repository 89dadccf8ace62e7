import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

// A game session keeps the hash of the device that launched it (the X-Device-Id header's SHA-256,
// as member_devices keeps it), so the wallet's balance call can tell the vendor which device a
// token was opened on: a card room refuses two members of one device at one table. Null: the
// launch sent no device id, or the session was opened before this column.
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, `ALTER TABLE game_sessions ADD COLUMN device_hash text`);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, `ALTER TABLE game_sessions DROP COLUMN device_hash`);
}
