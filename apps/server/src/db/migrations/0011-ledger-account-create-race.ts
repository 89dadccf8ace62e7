import { type Kysely, sql } from 'kysely';
import { ledgerPostFunction0010 } from './0010-ledger-post-function';
import { withEdits } from './sql-edits';

// ledger_accounts has two unique indexes: code, and (member_id, kind, currency) for member accounts.
// ledger_post created a missing account with ON CONFLICT (code) DO NOTHING, which names only the
// first as the arbiter. When two postings create the same new member account at the same instant,
// both pass the arbiter's pre-check, and the loser then breaks the member index, which no ON CONFLICT
// covers: PostgreSQL raises 23505 and the posting fails with INTERNAL_ERROR (seen once in CI on
// PostgreSQL; 339 of 16,000 racing inserts in a direct probe). Without a conflict target every unique
// index is an arbiter, so the loser does nothing and goes on to update the winner's row. The code and
// the (member, kind, currency) triple name the same account, so no other row can be the conflict.
export async function up(db: Kysely<unknown>): Promise<void> {
  const edited = withEdits('0011', ledgerPostFunction0010, [
    ['CREATE FUNCTION', 'CREATE OR REPLACE FUNCTION'],
    ['ON CONFLICT (code) DO NOTHING', 'ON CONFLICT DO NOTHING'],
  ]);
  await sql.raw(edited).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw(ledgerPostFunction0010.replace('CREATE FUNCTION', 'CREATE OR REPLACE FUNCTION')).execute(db);
}
