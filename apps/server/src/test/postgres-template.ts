import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { bootstrap } from '../bootstrap';
import { testConfig } from '../config';

// On PostgreSQL each test file creates a database of its own, and migrating and seeding it (the
// demo content, its password hashes, the catalogue) took most of a test app's start, as on PGlite
// (pglite-template.ts). The run therefore migrates and seeds one template database at the start
// (vitest globalSetup), and each test file whose config seeds the same way creates its database as
// a copy of it (CREATE DATABASE ... TEMPLATE): the same data, in a fraction of the time.

export function databaseUrl(admin: string, name: string): string {
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return url.toString();
}

async function adminQuery(admin: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * Creates a database on the server at `admin`, empty or as a copy of `template`; returns its URL
 * and its removal.
 */
export async function createDatabase(
  admin: string,
  prefix: string,
  template?: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await adminQuery(admin, template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  return {
    url: databaseUrl(admin, name),
    drop: () => adminQuery(admin, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

/**
 * Migrates and seeds the template database; returns its name and its removal. Its connections are
 * closed on return: PostgreSQL copies a database only while no one is connected to it.
 */
export async function buildPostgresTemplate(admin: string): Promise<{ name: string; remove: () => Promise<void> }> {
  const name = `gh_template_${randomBytes(6).toString('hex')}`;
  await adminQuery(admin, `CREATE DATABASE ${name}`);
  const remove = () => adminQuery(admin, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  try {
    const ctx = await bootstrap(testConfig({ databaseUrl: databaseUrl(admin, name) }));
    await ctx.events.close();
    await ctx.database.close();
  } catch (err) {
    await remove();
    throw err;
  }
  return { name, remove };
}
