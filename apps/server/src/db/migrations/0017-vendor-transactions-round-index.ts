import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

// A rollback of a known bet asks whether its round already has a win and how many of its bets are
// still open (vendor-gateway hasWinInRound / countOpenBets). No index led with (vendor_code,
// round_id), so both walked every transaction of the vendor, under the round's lock: a rollback
// grew slower with the vendor's whole history. This index makes them one probe each; it costs each
// bet and win one more index entry.
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, 'CREATE INDEX vendor_transactions_round ON vendor_transactions (vendor_code, round_id);');
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, 'DROP INDEX vendor_transactions_round;');
}
