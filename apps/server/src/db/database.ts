import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { keptImage } from '@gamehall/shared/held-blob';
import { compactImage, diskOptions, memoryOptions } from '@gamehall/shared/pglite-image';
import {
  type DatabaseConnection,
  type Driver,
  Kysely,
  PGliteAdapter,
  PGliteDialect,
  PostgresDialect,
  type Transaction,
} from 'kysely';
import pg from 'pg';
import type { Config } from '../config';
import { eventCounter } from '../event-metrics';
import { AfterCommitDialect, type AfterCommitDriver } from './after-commit';
import { AmbientDialect, enableAmbientTransactions } from './ambient-transaction';
import { migrateToLatest, migrations } from './migrate';
import { namedStatements } from './prepared';
import type { Database } from './schema';
import { startImage } from './start-image';

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
  /**
   * The read pool on DATABASE_READ_URL (a streaming replica), its sessions read-only; `db` when the
   * variable is not set and on PGlite. What may read from it: AppContext.readDb (context.ts).
   */
  readDb: Db;
  /** The read pool itself when it is a pool of its own (its events count what runs there). */
  readPool: pg.Pool | undefined;
  /** The notifications `db` sends after commit (db/after-commit.ts): waiting for them, counts. */
  afterCommit: Pick<AfterCommitDriver, 'idle' | 'stats'>;
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

/**
 * Every session of the read pool starts read-only, so a write sent there by mistake fails
 * ("cannot execute ... in a read-only transaction") on a primary too, instead of succeeding while
 * the URL points at the primary and failing only once it points at a replica.
 */
export const READ_ONLY_OPTIONS = '-c default_transaction_read_only=on';

/**
 * The idle-in-transaction bound of the writing pools (config.ts), as a SET on each new connection
 * rather than a startup option, which a PgBouncer in front of PostgreSQL may refuse. The client
 * queues it before the connection's first query.
 */
function boundIdleTransactions(pool: pg.Pool, ms: number | undefined): pg.Pool {
  if (ms)
    pool.on('connect', (client) => {
      client.query(`SET idle_in_transaction_session_timeout = ${Math.trunc(ms)}`).catch(() => undefined);
    });
  return pool;
}

const connectionErrors = eventCounter({
  name: 'gamehall_db_connection_errors_total',
  help: "Connections of the node's pools lost while idle or in use (a backend ended, the server gone)",
});

const lost = new WeakSet<pg.PoolClient>();

function openPool(connectionString: string, max: number, options?: string, named = false): pg.Pool {
  const pool = new pg.Pool({ connectionString, max, ...(options ? { options } : {}) });
  pool.on('error', () => {
    // An idle client lost its connection; the pool replaces it on next use. Counted by the
    // client's own listener below, which hears the same error first.
  });
  // A client checked out of the pool (a transaction between two statements) has no listener of the
  // pool's: a backend terminated or a server shut down then emits 'error' on it, which with no
  // listener ends the process. Its pending and next queries fail instead (answered 503
  // DATABASE_UNAVAILABLE), and the pool drops it on release as no longer queryable.
  pool.on('connect', (client) => {
    client.on('error', () => {
      // A connection is lost once, whatever its client emits after.
      if (lost.has(client)) return;
      lost.add(client);
      connectionErrors.inc();
    });
    if (named) namedStatements(client);
  });
  return pool;
}

export async function openDatabase(
  config: Pick<Config, 'databaseUrl' | 'dataDir' | 'dbPoolSize'> & {
    startImages?: string | undefined;
    pgliteSharedBuffers?: string | undefined;
    dbIdleInTransactionTimeoutMs?: number | undefined;
    dbNamedStatements?: boolean | undefined;
    databaseDirectUrl?: string | undefined;
    databaseReadUrl?: string | undefined;
    dbReadPoolSize?: number | undefined;
  },
  options: { pglite?: PGlite } = {},
): Promise<DatabaseHandle> {
  if (config.databaseUrl) {
    const idleMs = config.dbIdleInTransactionTimeoutMs;
    const pool = boundIdleTransactions(
      openPool(config.databaseUrl, config.dbPoolSize, undefined, config.dbNamedStatements ?? true),
      idleMs,
    );
    const dialect = new AfterCommitDialect(new PostgresDialect({ pool }));
    const db = mainHandle(dialect);
    const handles: Db[] = [db];
    let sessionDb = db;
    if (config.databaseDirectUrl && config.databaseDirectUrl !== config.databaseUrl) {
      sessionDb = new Kysely<Database>({
        dialect: new AfterCommitDialect(
          new PostgresDialect({ pool: boundIdleTransactions(openPool(config.databaseDirectUrl, 2), idleMs) }),
        ),
      });
      handles.push(sessionDb);
    }
    let readDb = db;
    let readPool: pg.Pool | undefined;
    // A read URL equal to the primary's still gets its own read-only pool: the reads it serves then
    // cannot take the bet path's connections, and a misrouted write fails as it would on a replica.
    if (config.databaseReadUrl) {
      readPool = openPool(config.databaseReadUrl, config.dbReadPoolSize ?? config.dbPoolSize, READ_ONLY_OPTIONS);
      readDb = new Kysely<Database>({ dialect: new PostgresDialect({ pool: readPool }) });
      handles.push(readDb);
    }
    const close = async () => {
      await Promise.all(handles.map((h) => h.destroy()));
    };
    return {
      db,
      kind: 'postgres',
      pglite: undefined,
      pool,
      sessionDb,
      readDb,
      readPool,
      afterCommit: dialect.driver(),
      close,
    };
  }
  const pglite =
    options.pglite ??
    (await createPglite(config.dataDir, {
      startImages: config.startImages,
      sharedBuffers: config.pgliteSharedBuffers,
    }));
  const dialect = new AfterCommitDialect(new SerializedPGliteDialect({ pglite }));
  const db = mainHandle(dialect);
  return {
    db,
    kind: 'pglite',
    pglite,
    pool: undefined,
    sessionDb: db,
    readDb: db,
    readPool: undefined,
    afterCommit: dialect.driver(),
    close: () => db.destroy(),
  };
}

/**
 * The handle services use (`db`): after-commit notifications, and ambient transactions on top
 * (ambient-transaction.ts: an operator's action and its audit row commit together).
 */
function mainHandle(dialect: AfterCommitDialect): Db {
  const ambient = new AmbientDialect(dialect);
  const db = new Kysely<Database>({ dialect: ambient });
  enableAmbientTransactions(db, ambient);
  return db;
}

export async function createPglite(
  dataDir: string,
  options: { loadDataDir?: Blob; startImages?: string | undefined; sharedBuffers?: string | undefined } = {},
): Promise<PGlite> {
  // An empty dataDir means in memory (tests); otherwise the database persists under DATA_DIR/pglite.
  if (!dataDir) return memoryDatabase(options.loadDataDir);
  const dir = path.join(dataDir, 'pglite');
  mkdirSync(dir, { recursive: true });
  const image = startImage(dir, options.startImages, PLATFORM_IMAGE, Object.keys(migrations));
  return PGlite.create(diskOptions(PGlite.defaultStartParams, dir, options.sharedBuffers, image));
}

/** The platform's start image's name in the build's folder (start-images.ts writes it). */
export const PLATFORM_IMAGE = 'platform';

/**
 * The platform's start image: an empty database with every migration run, compacted (the on-disk
 * database then keeps the image's 1 MB WAL segments).
 */
export async function platformStartImage(): Promise<{ image: Uint8Array; migrations: string[] }> {
  const pglite = await memoryDatabase(undefined);
  const db = new Kysely<Database>({ dialect: new SerializedPGliteDialect({ pglite }) });
  try {
    await migrateToLatest(db);
    return {
      image: new Uint8Array(await (await compactImage(pglite)).arrayBuffer()),
      migrations: Object.keys(migrations),
    };
  } finally {
    await db.destroy();
  }
}

/** An empty database: initdb takes 3-4 s, so the first of a process is kept as an image. */
const emptyImage = keptImage(async () => {
  const first = await PGlite.create(memoryOptions(PGlite.defaultStartParams));
  try {
    return await compactImage(first);
  } finally {
    await first.close();
  }
});

/** An in-memory database: from `image` when given (the test run's seeded template), else empty. */
async function memoryDatabase(image: Blob | undefined): Promise<PGlite> {
  return PGlite.create(memoryOptions(PGlite.defaultStartParams, image ?? (await emptyImage())));
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

  // The driver queues callers itself. Kysely's own queue for one-connection adapters would also
  // hold back a caller that joins an ambient transaction (ambient-transaction.ts), which runs on the
  // connection its transaction already holds.
  override createAdapter() {
    return new SerializedPGliteAdapter();
  }
}

class SerializedPGliteAdapter extends PGliteAdapter {
  override get supportsMultipleConnections(): boolean {
    return true;
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
