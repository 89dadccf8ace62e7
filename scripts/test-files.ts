import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

// Which test files each vitest run takes (vitest.config.ts), and the check that keeps the
// PostgreSQL run's tags true (postgres-tags.test.ts).

/** A test file's own line saying why it also runs on PostgreSQL: `// postgres: <why>`. */
export const ON_POSTGRES = /^\/\/ postgres: \S/m;

/** A test or suite tagged for the PostgreSQL run: `{ tags: ['postgres'] }` (vitest.config.ts). */
export const POSTGRES_TAG = /\btags:\s*\[[^\]]*'postgres'/;

/**
 * The PostgreSQL run repeats only the files whose outcome can depend on the server rather than on
 * SQL: PGlite is PostgreSQL itself (the same parser, planner, functions and triggers) but one
 * connection, so what it cannot show is concurrency (row locks, advisory locks, serialization),
 * several connections or nodes (LISTEN/NOTIFY), and crashes of a separate server process. A file
 * that tests one of those says so in a `// postgres: <why>` line, and tags the tests that show it
 * `postgres` (the run takes only those: --tags-filter=postgres in scripts/test.sh); a file that
 * opens a database of its own reads TEST_DATABASE_URL. Every other file runs once, on PGlite.
 */
export function databaseTests(): string[] {
  return walkTests((text) => text.includes('TEST_DATABASE_URL') || ON_POSTGRES.test(text));
}

export function walkTests(keep: (text: string) => boolean): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name === 'node_modules' || entry.name === 'dist') continue;
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (entry.name.endsWith('.test.ts') && keep(readFileSync(file, 'utf8'))) found.push(file);
    }
  };
  for (const root of ['packages', 'apps', 'scripts']) walk(root);
  return found;
}

export function allTests(): string[] {
  return walkTests(() => true);
}
