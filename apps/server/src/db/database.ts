import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { type DatabaseConnection, type Driver, Kysely, PGliteDialect, PostgresDialect, type Transaction } from 'kysely';
import pg from 'pg';
import type { Config } from '../config';
import type { Database } from './schema';

export type Db = Kysely<Database>;
export type Trx = Transaction<Database>;
/** Either the root handle or a transaction: query functions accept both. */
export type Conn = Kysely<Database>;

export type DatabaseHandle = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The PGlite instance, when embedded (used for LISTEN-less in-process events and dumps). */
  pglite: PGlite | undefined;
  /** Pool for PostgreSQL, for LISTEN/NOTIFY clients. */
  pool: pg.Pool | undefined;
  /**
   * For work that needs a session of its own (migrations, the scheduler's session advisory locks):
   * a small pool on DATABASE_DIRECT_URL when the main pool goes through a transaction-mode pooler,
   * where a session lock and its unlock could land on different server connections; `db` otherwise.
   */
  sessionDb: Db;
  close: () => Promise<void>;
};

// BIGINT (int8) comes back as a string from pg by default; we keep money in integer minor units
// that stay far below 2^53, so parse to number and refuse anything unsafe.
pg.types.setTypeParser(20, (v) => {
  const n = Number(v);
  if (!Number.isSafeInteger(n)) throw new RangeError(`int8 value ${v} is outside the safe integer range`);
  return n;
});
// NUMERIC stays a string; timestamptz becomes Date (pg default).

export async function openDatabase(
  config: Pick<Config, 'databaseUrl' | 'dataDir' | 'dbPoolSize'> & { databaseDirectUrl?: string | undefined },
  options: { pglite?: PGlite } = {},
): Promise<DatabaseHandle> {
  if (config.databaseUrl) {
    const pool = new pg.Pool({ connectionString: config.databaseUrl, max: config.dbPoolSize });
    pool.on('error', () => {
      // An idle client lost its connection; the pool replaces it on next use.
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    if (!config.databaseDirectUrl || config.databaseDirectUrl === config.databaseUrl) {
      return { db, kind: 'postgres', pglite: undefined, pool, sessionDb: db, close: () => db.destroy() };
    }
    const direct = new pg.Pool({ connectionString: config.databaseDirectUrl, max: 2 });
    direct.on('error', () => {
      // As above: replaced on next use.
    });
    const sessionDb = new Kysely<Database>({ dialect: new PostgresDialect({ pool: direct }) });
    const close = async () => {
      await Promise.all([db.destroy(), sessionDb.destroy()]);
    };
    return { db, kind: 'postgres', pglite: undefined, pool, sessionDb, close };
  }
  const pglite = options.pglite ?? (await createPglite(config.dataDir));
  const db = new Kysely<Database>({ dialect: new SerializedPGliteDialect({ pglite }) });
  return { db, kind: 'pglite', pglite, pool: undefined, sessionDb: db, close: () => db.destroy() };
}

export async function createPglite(dataDir: string, options: { loadDataDir?: Blob } = {}): Promise<PGlite> {
  // An empty dataDir means in memory (tests); otherwise the database persists under DATA_DIR/pglite.
  if (!dataDir) return PGlite.create({ parsers: { 20: parseInt8 }, loadDataDir: options.loadDataDir });
  const dir = path.join(dataDir, 'pglite');
  mkdirSync(dir, { recursive: true });
  return PGlite.create({ dataDir: dir, parsers: { 20: parseInt8 } });
}

function parseInt8(v: string): number {
  const n = Number(v);
  if (!Number.isSafeInteger(n)) throw new RangeError(`int8 value ${v} is outside the safe integer range`);
  return n;
}

/**
 * PGlite is one connection. Kysely's PGlite driver hands that connection to every caller at once,
 * so a plain query issued while another request holds a transaction would run inside it. This
 * dialect queues callers the way Kysely's SQLite driver does: one holder at a time, which gives
 * the same isolation a pooled PostgreSQL connection would.
 */
class SerializedPGliteDialect extends PGliteDialect {
  override createDriver(): Driver {
    return new SerializedDriver(super.createDriver());
  }
}

class SerializedDriver implements Driver {
  #inner: Driver;
  #queue: Promise<void> = Promise.resolve();
  #release: (() => void) | undefined;

  constructor(inner: Driver) {
    this.#inner = inner;
  }
  init() {
    return this.#inner.init();
  }
  async acquireConnection(): Promise<DatabaseConnection> {
    const previous = this.#queue;
    let release!: () => void;
    this.#queue = new Promise<void>((resolve) => {
      release = resolve;
    });
    await previous;
    this.#release = release;
    return this.#inner.acquireConnection();
  }
  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    await this.#inner.releaseConnection(connection);
    const release = this.#release;
    this.#release = undefined;
    release?.();
  }
  beginTransaction(connection: DatabaseConnection, settings: Parameters<Driver['beginTransaction']>[1]) {
    return this.#inner.beginTransaction(connection, settings);
  }
  commitTransaction(connection: DatabaseConnection) {
    return this.#inner.commitTransaction(connection);
  }
  rollbackTransaction(connection: DatabaseConnection) {
    return this.#inner.rollbackTransaction(connection);
  }
  savepoint(...args: Parameters<NonNullable<Driver['savepoint']>>) {
    return this.#inner.savepoint!(...args);
  }
  rollbackToSavepoint(...args: Parameters<NonNullable<Driver['rollbackToSavepoint']>>) {
    return this.#inner.rollbackToSavepoint!(...args);
  }
  releaseSavepoint(...args: Parameters<NonNullable<Driver['releaseSavepoint']>>) {
    return this.#inner.releaseSavepoint!(...args);
  }
  destroy() {
    return this.#inner.destroy();
  }
}
