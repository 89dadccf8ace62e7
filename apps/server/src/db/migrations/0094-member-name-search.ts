import { type Kysely, sql } from 'kysely';
import { runStatements } from './run-statements';

// The back office's member search by real name (docs/back-office.md "Member search"): the name KYC
// verified (kyc_identities.verified_name) and the one the member entered in their profile
// (members.full_name), matched as '%fragment%' like the other fields of migration 0023. With pg_trgm
// (PostgreSQL; PGlite only when the extension is loaded) GIN trigram indexes serve the match;
// without it the same queries scan, which is fine for the small databases PGlite holds.
export async function up(db: Kysely<unknown>): Promise<void> {
  const trgm = await sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_extension WHERE extname = 'pg_trgm'`.execute(
    db,
  );
  if ((trgm.rows[0]?.n ?? 0) === 0) return;
  await runStatements(
    db,
    `
    CREATE INDEX kyc_identities_verified_name_trgm ON kyc_identities USING gin (lower(verified_name) gin_trgm_ops);
    CREATE INDEX members_full_name_trgm ON members USING gin (lower(full_name) gin_trgm_ops);
    `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    DROP INDEX IF EXISTS members_full_name_trgm;
    DROP INDEX IF EXISTS kyc_identities_verified_name_trgm;
    `,
  );
}
