import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { allTests, databaseTests, ON_POSTGRES, POSTGRES_TAG } from './test-files';

// The PostgreSQL run takes only the tests tagged `postgres` of the files it repeats
// (scripts/test.sh, --tags-filter=postgres). A file marked `// postgres: <why>` with no tagged test
// would run nothing there, and a tag in a file the run does not take would promise what never runs.

const root = path.resolve(import.meta.dirname, '..');
const text = (file: string) => readFileSync(path.resolve(root, file), 'utf8');

describe('the PostgreSQL run', () => {
  it('takes at least one tagged test from every file marked for it', () => {
    const marked = allTests().filter((file) => ON_POSTGRES.test(text(file)));
    expect(marked.length).toBeGreaterThan(40);
    expect(marked.filter((file) => !POSTGRES_TAG.test(text(file)))).toEqual([]);
  });

  it('is the only run a postgres tag is for', () => {
    const repeated = new Set(databaseTests());
    const self = path.relative(root, import.meta.filename);
    const tagged = allTests().filter((file) => file !== self && POSTGRES_TAG.test(text(file)));
    expect(tagged.length).toBeGreaterThan(40);
    expect(tagged.filter((file) => !repeated.has(file))).toEqual([]);
  });

  it('filters on the tag in the script that runs it', () => {
    expect(text('scripts/test.sh')).toMatch(/vitest" run --tags-filter=postgres/);
  });

  it('finds a tag as the tests write it, and not a mention of it', () => {
    expect(POSTGRES_TAG.test("it('x', { tags: ['postgres'] }, async () => {")).toBe(true);
    expect(POSTGRES_TAG.test("describe('x', { timeout: 5, tags: ['slow', 'postgres'] }, () => {")).toBe(true);
    expect(POSTGRES_TAG.test("// the tests tagged 'postgres'")).toBe(false);
    expect(POSTGRES_TAG.test("it('x', { tags: ['other'] }, () => 'postgres')")).toBe(false);
  });
});
