import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

// One config for both database runs: PGlite by default, PostgreSQL when TEST_DATABASE_URL is set
// (scripts/test.sh runs the suite both ways). Two workers match the 2-core CI machine; forks keep
// each test file's database and native modules in their own process.
const ALL = ['packages/*/src/**/*.test.ts', 'apps/*/src/**/*.test.ts'];

/**
 * The PostgreSQL run repeats only the files whose outcome can depend on the database: every test of
 * the server (they run through the harness on a real database) and any other test that opens one
 * itself (it reads TEST_DATABASE_URL). Engine, client and UI tests never touch a database, so a
 * second run of them would prove nothing new.
 */
function databaseTests(): string[] {
  const found: string[] = ['apps/server/src/**/*.test.ts'];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name === 'node_modules' || entry.name === 'dist') continue;
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (entry.name.endsWith('.test.ts') && readFileSync(file, 'utf8').includes('TEST_DATABASE_URL'))
        found.push(file);
    }
  };
  for (const root of ['packages', 'apps']) {
    for (const entry of readdirSync(root, { withFileTypes: true }))
      if (entry.isDirectory() && !(root === 'apps' && entry.name === 'server')) walk(path.join(root, entry.name));
  }
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
