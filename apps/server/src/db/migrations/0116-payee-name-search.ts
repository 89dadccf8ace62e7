import { type Kysely, sql } from 'kysely';
import { runStatements } from './run-statements';

// The back office's member search by payee name (docs/back-office.md "Member search"): the holder
// name of a member's bank account (member_bank_accounts.account_name) and the depositor name given
// on a deposit order (deposit_orders.depositor_name), matched as '%fragment%' like the real names of
// migration 0094. With pg_trgm GIN trigram indexes serve the match; without it the queries scan,
// which is fine for the small databases PGlite holds.
export async function up(db: Kysely<unknown>): Promise<void> {
  const trgm = await sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_extension WHERE extname = 'pg_trgm'`.execute(
    db,
  );
  if ((trgm.rows[0]?.n ?? 0) === 0) return;
  await runStatements(
    db,
    `
    CREATE INDEX member_bank_accounts_account_name_trgm ON member_bank_accounts USING gin (lower(account_name) gin_trgm_ops);
    CREATE INDEX deposit_orders_depositor_name_trgm ON deposit_orders USING gin (lower(depositor_name) gin_trgm_ops)
      WHERE depositor_name IS NOT NULL;
    `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    DROP INDEX IF EXISTS deposit_orders_depositor_name_trgm;
    DROP INDEX IF EXISTS member_bank_accounts_account_name_trgm;
    `,
  );
}
