import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

// Every index of vendor_rounds costs each vendor call an entry: a bet inserts the round, and the
// closing win updates it in place of a heap-only update (closed_at, status and win_amount are
// indexed), so each index takes a second entry per round. vendor_rounds_wins (created_at DESC,
// winning rounds only) served one reader, the winner board (games/records.queries.ts biggestWins),
// which reads every winning round since a time and sorts them by win: reports_vendor_rounds_created
// (created_at) serves the same range, with the losing rounds of the range read and left out.
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, 'DROP INDEX vendor_rounds_wins;');
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, 'CREATE INDEX vendor_rounds_wins ON vendor_rounds (created_at DESC) WHERE win_amount > 0;');
}
