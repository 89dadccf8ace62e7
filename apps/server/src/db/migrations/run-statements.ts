import { type Kysely, sql } from 'kysely';

/**
 * Runs a migration script one statement at a time. PGlite's query path (what Kysely uses) takes one
 * statement per call, so a script is split at semicolons that end a line; keep statements free of
 * such semicolons inside them (no function bodies here).
 */
export async function runStatements(db: Kysely<unknown>, script: string): Promise<void> {
  const statements = script
    .split(/;\s*$/m)
    .map((s) => s.replace(/^\s*--.*$/gm, '').trim())
    .filter((s) => s.length > 0);
  for (const statement of statements) {
    await sql.raw(statement).execute(db);
  }
}
