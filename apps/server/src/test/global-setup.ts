import type { TestProject } from 'vitest/node';
import { buildTemplate } from './pglite-template';
import { buildPostgresTemplate } from './postgres-template';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The seeded PGlite template database file ('' when the run is on PostgreSQL). */
    pgliteTemplate: string;
    /** The seeded PostgreSQL template database's name ('' when the run is on PGlite). */
    postgresTemplate: string;
  }
}

// vitest globalSetup: one seeded template database for the whole run, PGlite
// (test/pglite-template.ts) or PostgreSQL (test/postgres-template.ts).
export async function setup(project: TestProject) {
  const admin = process.env.TEST_DATABASE_URL;
  if (admin) {
    const template = await buildPostgresTemplate(admin);
    project.provide('pgliteTemplate', '');
    project.provide('postgresTemplate', template.name);
    return template.remove;
  }
  const template = await buildTemplate();
  project.provide('pgliteTemplate', template.file);
  project.provide('postgresTemplate', '');
  return template.remove;
}
