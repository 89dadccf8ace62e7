import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { jobs } from './jobs';

// A module's scheduled jobs are declared in its <area>.jobs.ts, so a reader finds every job of an
// area in one place; jobs.ts only lists them.
const SRC = path.resolve(import.meta.dirname, '..');

function productionFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return productionFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

/** Declares a job: takes the scheduler's Job type (the batchers' own `Job` types are other things). */
const DECLARES_JOB = /import (type )?\{[^}]*\bJob\b[^}]*\} from '[./]*scheduler\/scheduler'/;

describe('jobs', () => {
  it('are declared only in *.jobs.ts files of the modules', () => {
    const outside = productionFiles(path.join(SRC, 'modules'))
      .filter((file) => !file.endsWith('.jobs.ts') && DECLARES_JOB.test(readFileSync(file, 'utf8')))
      .map((file) => path.relative(SRC, file));
    expect(outside).toEqual([]);
    // jobs.ts takes the type for its list only: no `name:` of a job of its own.
    expect(readFileSync(path.join(SRC, 'jobs/jobs.ts'), 'utf8')).not.toMatch(/\bname:/);
  });

  it('have distinct names', () => {
    const names = jobs.map((j) => j.name);
    expect(names.filter((name, i) => names.indexOf(name) !== i)).toEqual([]);
  });
});
