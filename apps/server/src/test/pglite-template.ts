import { randomBytes } from 'node:crypto';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { HeldBlob } from '@gamehall/shared/held-blob';
import { compactImage } from '@gamehall/shared/pglite-image';
import { bootstrap } from '../bootstrap';
import { type Config, testConfig } from '../config';

// Every server test file starts a fresh database, and on PGlite migrating and seeding it (argon2
// hashes, the catalogue) took most of a test app's start. The test run therefore builds one
// migrated, seeded database at the start (vitest globalSetup), and each test file whose config
// seeds the same way loads a copy of it instead: the same data, in a fraction of the time.
// PostgreSQL runs are not concerned: each file creates its own database there.

/** The config fields the seed reads: a test whose config differs in one of them seeds itself. */
const SEEDED_BY = ['demo', 'catalogueSlots', 'studioSecret', 'databaseUrl', 'dataDir'] as const;

export function matchesTemplate(config: Config): boolean {
  const base = testConfig();
  return SEEDED_BY.every((key) => config[key] === base[key]);
}

/** Builds the template database and writes it to a temporary file; returns the file and its removal. */
export async function buildTemplate(): Promise<{ file: string; remove: () => Promise<void> }> {
  const ctx = await bootstrap(testConfig());
  try {
    const pglite = ctx.database.pglite;
    if (!pglite) throw new Error('the template is a PGlite database');
    const dump = await compactImage(pglite);
    const file = path.join(tmpdir(), `gamehall-test-template-${randomBytes(6).toString('hex')}.tar`);
    await writeFile(file, Buffer.from(await dump.arrayBuffer()));
    return { file, remove: () => rm(file, { force: true }) };
  } finally {
    await ctx.database.close();
  }
}

let loaded: Promise<Blob> | undefined;

/** The template's bytes (read once per test process). */
export function templateBlob(file: string): Promise<Blob> {
  loaded ??= readFile(file).then((bytes) => HeldBlob.of(bytes));
  return loaded;
}
