import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

// One config for both database runs: PGlite by default, PostgreSQL when TEST_DATABASE_URL is set
// (scripts/test.sh runs the suite both ways). Two workers match the 2-core CI machine; forks keep
// each test file's database and native modules in their own process.
const ALL = ['packages/*/src/**/*.test.ts', 'apps/*/src/**/*.test.ts'];

/** A test file's own line saying why it also runs on PostgreSQL: `// postgres: <why>`. */
const ON_POSTGRES = /^\/\/ postgres: \S/m;

/**
 * The PostgreSQL run repeats only the files whose outcome can depend on the server rather than on
 * SQL: PGlite is PostgreSQL itself (the same parser, planner, functions and triggers) but one
 * connection, so what it cannot show is concurrency (row locks, advisory locks, serialization),
 * several connections or nodes (LISTEN/NOTIFY), and crashes of a separate server process. A file
 * that tests one of those says so in a `// postgres: <why>` line; a file that opens a database of
 * its own reads TEST_DATABASE_URL. Every other file runs once, on PGlite.
 */
function databaseTests(): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name === 'node_modules' || entry.name === 'dist') continue;
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (entry.name.endsWith('.test.ts')) {
        const text = readFileSync(file, 'utf8');
        if (text.includes('TEST_DATABASE_URL') || ON_POSTGRES.test(text)) found.push(file);
      }
    }
  };
  for (const root of ['packages', 'apps']) walk(root);
  return found;
}

export default defineConfig({
  test: {
    include: process.env.TEST_DATABASE_URL ? databaseTests() : ALL,
    exclude: ['**/node_modules/**', '**/dist/**'],
    // One seeded PGlite database for the run, copied by each server test file (test/pglite-template.ts).
    globalSetup: ['apps/server/src/test/global-setup.ts'],
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
