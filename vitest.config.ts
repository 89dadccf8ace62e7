import { readFileSync } from 'node:fs';
import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { englishCore } from './apps/web/english-core';
import { allTests, databaseTests } from './scripts/test-files';

// One config for both database runs: PGlite by default, PostgreSQL when TEST_DATABASE_URL is set
// (scripts/test.sh runs the suite both ways). Two workers match the 2-core CI machine; forks keep
// native modules and PGlite's memory in worker processes of their own.

/**
 * Test files that need a module registry of their own: those that replace a module (vi.mock), and
 * those that watch a module's first load, which say so in a `// vitest: isolate: <why>` line.
 */
const MOCKS_A_MODULE = /\bvi\.(mock|doMock)\(|^\/\/ vitest: isolate\b/m;

/**
 * Files the caller runs in a step of their own (scripts/test.sh: the multi-node test after the
 * PostgreSQL run), as TEST_EXCLUDE, comma-separated paths from the repository root. The projects'
 * file lists below are explicit, and a command line `--exclude` does not reach them.
 */
const EXCLUDED = new Set(
  (process.env.TEST_EXCLUDE ?? '')
    .split(',')
    .filter(Boolean)
    .map((file) => path.resolve(file)),
);

/** A file that runs in a browser-like environment of its own: `// @vitest-environment happy-dom`. */
const IN_DOM = /^\/\/ @vitest-environment happy-dom\b/m;

function testFiles(): { shared: string[]; dom: string[]; isolated: string[] } {
  const files = (process.env.TEST_DATABASE_URL ? databaseTests() : allTests()).filter(
    (file) => !EXCLUDED.has(path.resolve(file)),
  );
  const text = new Map(files.map((file) => [file, readFileSync(file, 'utf8')]));
  const isolated = files.filter((file) => MOCKS_A_MODULE.test(text.get(file) ?? ''));
  const dom = files.filter((file) => !isolated.includes(file) && IN_DOM.test(text.get(file) ?? ''));
  return { shared: files.filter((file) => !isolated.includes(file) && !dom.includes(file)), dom, isolated };
}

const { shared, dom, isolated } = testFiles();

export default defineConfig({
  // The site's modules import its virtual English strings; tests resolve them as its build does.
  plugins: [englishCore()],
  test: {
    exclude: ['**/node_modules/**', '**/dist/**'],
    // Within a file marked `// postgres: <why>`, the tests that show what its line says carry this
    // tag; the PostgreSQL run (scripts/test.sh) runs only them (--tags-filter=postgres), the rest of
    // the file ran on PGlite. A file whose every test is about the server tags its suites.
    tags: [
      {
        name: 'postgres',
        description:
          'depends on the PostgreSQL server: concurrency on separate connections, LISTEN/NOTIFY across nodes, a stopped or killed server',
      },
    ],
    // One seeded PGlite database for the run, copied by each server test file (test/pglite-template.ts).
    globalSetup: ['apps/server/src/test/global-setup.ts'],
    pool: 'forks',
    // The projects below take these from the file, not from a command line --maxWorkers or
    // --testTimeout, so a caller that wants others (scripts/test.sh: one worker and 90 s for the
    // PostgreSQL run beside the browser tests) says so in TEST_WORKERS and TEST_TIMEOUT_MS.
    maxWorkers: Number(process.env.TEST_WORKERS ?? 2),
    testTimeout: Number(process.env.TEST_TIMEOUT_MS ?? 30_000),
    hookTimeout: 60_000,
    // Most files share their worker's module registry (isolate: false): importing the server for
    // each file again cost two thirds of the run. Each file still builds its own app and database,
    // so what is shared is code, not state. A file that mocks a module runs isolated, because a
    // mock cannot replace a module the worker has already loaded; so does one that tests a
    // module's lazy first load.
    // Vitest hands a finished worker the next file only when that file is of the same project and
    // environment; otherwise it stops the worker and starts a new one, which imports everything
    // again (10-15 s). Mixed in one queue, the few DOM and isolated files stopped the workers again
    // and again, so each kind runs as a group of its own, one group after the other.
    // (An empty include would mean every file, so a project with no files is left out.)
    projects: [
      { name: 'shared', include: shared, isolate: false },
      { name: 'dom', include: dom, isolate: false, environment: 'happy-dom' },
      { name: 'isolated', include: isolated, isolate: true },
    ]
      .map((test, groupOrder) => ({ extends: true as const, test: { ...test, sequence: { groupOrder } } }))
      .filter((project) => project.test.include.length > 0),
  },
});
