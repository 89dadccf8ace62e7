import { defineConfig } from 'vitest/config';

// One config for both database runs: PGlite by default, PostgreSQL when TEST_DATABASE_URL is set
// (scripts/test.sh runs the suite both ways). Two workers match the 2-core CI machine; forks keep
// each test file's database and native modules in their own process.
export default defineConfig({
  test: {
    include: ['packages/*/src/**/*.test.ts', 'apps/*/src/**/*.test.ts'],
    exclude: ['**/node_modules/**', '**/dist/**'],
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
