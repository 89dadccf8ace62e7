import type { TestProject } from 'vitest/node';
import { buildTemplate } from './pglite-template';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The seeded PGlite template database file ('' when the run is on PostgreSQL). */
    pgliteTemplate: string;
  }
}

// vitest globalSetup: one seeded PGlite template for the whole run (test/pglite-template.ts).
export async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE_URL) {
    project.provide('pgliteTemplate', '');
    return;
  }
  const template = await buildTemplate();
  project.provide('pgliteTemplate', template.file);
  return template.remove;
}
