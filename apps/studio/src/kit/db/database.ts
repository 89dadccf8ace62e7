import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { type HeldBlob, keptImage } from '@gamehall/shared/held-blob';
import { compactImage, diskOptions, memoryOptions, parseInt8 } from '@gamehall/shared/pglite-image';
import { type DatabaseConnection, type Driver, Kysely, PGliteDialect, PostgresDialect } from 'kysely';
import pg from 'pg';
import { migrateStudio, type StudioMigrations, studioMigrationList } from './migrations';
import type { StudioDatabase } from './schema';

export type StudioDb = Kysely<StudioDatabase>;

/**
 * Finds the image a new data directory `dir` is unpacked from (undefined: initdb and the
 * migrations); `known` are the migrations this code has, and an image that ran others is not used.
 */
export type StartImageSource = (dir: string, name: string, known: readonly string[]) => Blob | undefined;

export type StudioDatabaseHandle = { db: StudioDb; kind: 'pglite' | 'postgres'; close: () => Promise<void> };

/**
 * The studio's own database: a PostgreSQL URL (its studio_ tables next to the platform's, own
 * migration table), else an embedded PGlite under `<dataDir>/studio`, else (dataDir '') in memory.
 */
export async function openStudioDatabase(options: {
  databaseUrl?: string | undefined;
  dataDir: string;
  poolSize?: number;
  /** The products' migrations, applied with the kit's (the studio's root lists them: plugin.ts). */
  migrations: readonly StudioMigrations[];
  /** The build's start image of a new database under `<dataDir>/studio` (the platform's images). */
  startImage?: StartImageSource | undefined;
  /** The embedded database's buffer pool (PostgreSQL's shared_buffers); PGlite's default when not given. */
  sharedBuffers?: string | undefined;
}): Promise<StudioDatabaseHandle> {
  let handle: StudioDatabaseHandle;
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      // Tells the studio's sessions from the platform's in pg_stat_activity (a URL that names one wins).
      application_name: 'gamehall-studio',
      max: options.poolSize ?? 5,
      // int8 as number (minor units stay far below 2^53), per connection so the platform's global parser is not needed.
      types: { getTypeParser: (oid, format) => (oid === 20 ? parseInt8 : pg.types.getTypeParser(oid, format)) },
    });
    pool.on('error', () => {
      // An idle client lost its connection; the pool replaces it on next use.
    });
    // A checked-out client's connection error would otherwise be an unhandled 'error' event that
    // ends the process; its queries fail instead and the pool drops it on release.
    pool.on('connect', (client) => {
      client.on('error', () => undefined);
    });
    const db = new Kysely<StudioDatabase>({ dialect: new PostgresDialect({ pool }) });
    handle = { db, kind: 'postgres', close: () => db.destroy() };
  } else {
    let pglite: PGlite;
    if (options.dataDir) {
      const dir = path.join(options.dataDir, 'studio');
      mkdirSync(dir, { recursive: true });
      const known = Object.keys(studioMigrationList(options.migrations));
      const image = options.startImage?.(dir, STUDIO_IMAGE, known);
      pglite = await PGlite.create(diskOptions(PGlite.defaultStartParams, dir, options.sharedBuffers, image));
    } else {
      pglite = await memoryDatabase(options.migrations);
    }
    const db = new Kysely<StudioDatabase>({ dialect: new SerializedPGliteDialect({ pglite }) });
    handle = { db, kind: 'pglite', close: () => db.destroy() };
  }
  await migrateStudio(handle.db, options.migrations);
  return handle;
}

/**
 * PGlite is one connection; Kysely's driver would hand it to concurrent callers at once (a query
 * could land inside another caller's transaction). Queue callers, one holder at a time.
 */
class SerializedPGliteDialect extends PGliteDialect {
  override createDriver(): Driver {
    const inner = super.createDriver();
    let queue: Promise<void> = Promise.resolve();
    let release: (() => void) | undefined;
    return {
      init: () => inner.init(),
      async acquireConnection(): Promise<DatabaseConnection> {
        const previous = queue;
        let done!: () => void;
        queue = new Promise<void>((resolve) => {
          done = resolve;
        });
        await previous;
        release = done;
        return inner.acquireConnection();
      },
      async releaseConnection(connection) {
        await inner.releaseConnection(connection);
        const r = release;
        release = undefined;
        r?.();
      },
      beginTransaction: (c, s) => inner.beginTransaction(c, s),
      commitTransaction: (c) => inner.commitTransaction(c),
      rollbackTransaction: (c) => inner.rollbackTransaction(c),
      destroy: () => inner.destroy(),
    };
  }
}

/**
 * A migrated studio database: making one from nothing runs initdb and every migration, 4-5 s,
 * which the suite's studio tests paid each, so the first of a process is kept as an image, per list
 * of migrations (the studio's root passes one list, always the same).
 */
const migratedImages = new WeakMap<readonly StudioMigrations[], () => Promise<HeldBlob>>();

function migratedImage(migrations: readonly StudioMigrations[]): Promise<HeldBlob> {
  let image = migratedImages.get(migrations);
  if (!image) {
    image = keptImage(async () => {
      const first = await PGlite.create(memoryOptions(PGlite.defaultStartParams));
      const db = new Kysely<StudioDatabase>({ dialect: new SerializedPGliteDialect({ pglite: first }) });
      try {
        await migrateStudio(db, migrations);
        return await compactImage(first);
      } finally {
        await db.destroy();
      }
    });
    migratedImages.set(migrations, image);
  }
  return image();
}

/** The studio's start image's name in the build's folder. */
export const STUDIO_IMAGE = 'studio';

/** The studio's start image: an empty database with every migration run, compacted. */
export async function studioStartImage(
  migrations: readonly StudioMigrations[],
): Promise<{ image: Uint8Array; migrations: string[] }> {
  const image = await migratedImage(migrations);
  return {
    image: new Uint8Array(await image.arrayBuffer()),
    migrations: Object.keys(studioMigrationList(migrations)),
  };
}

/**
 * An in-memory studio database (tests and the standalone studio's dev runs), already migrated: it
 * loads the kept image, and the migrator then finds nothing to do.
 */
async function memoryDatabase(migrations: readonly StudioMigrations[]): Promise<PGlite> {
  return PGlite.create(memoryOptions(PGlite.defaultStartParams, await migratedImage(migrations)));
}
