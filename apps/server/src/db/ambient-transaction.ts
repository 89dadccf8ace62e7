import { AsyncLocalStorage } from 'node:async_hooks';
import type {
  AbortableOperationOptions,
  DatabaseConnection,
  Dialect,
  Driver,
  Kysely,
  QueryCompiler,
  QueryResult,
  Transaction,
  TransactionSettings,
} from 'kysely';

/**
 * One transaction around a unit of work that opens transactions of its own: an operator's action
 * and its audit row commit together or not at all (spec §7 audit log), while the services the
 * action calls keep their `ctx.db.transaction().execute(...)` and their plain `ctx.db` queries.
 *
 * Inside inAmbientTransaction, and in everything it awaits (AsyncLocalStorage), the handle's driver
 * hands out the ambient transaction's connection instead of a pool connection:
 * - a transaction opened on the handle becomes a savepoint: its rollback undoes only its own work
 *   (the caller's catch sees its error as before), its commit releases the savepoint and its work
 *   commits with the ambient transaction;
 * - a plain statement runs between a savepoint and its release, so a statement that fails (a
 *   unique violation a service catches) leaves the ambient transaction usable, as autocommit did;
 * - these uses take the connection one at a time (a second waits for the first to release it), as
 *   the embedded database always did, so savepoints of concurrent branches never interleave.
 * After-commit notifications (after-commit.ts) of all of it go out after the ambient commit, and
 * not at all when it rolls back. Work still running after the ambient transaction ended (something
 * not awaited) gets pool connections again. Other handles (the read replica, the session pool) are
 * not affected: they never saw the ambient transaction's writes before either.
 */
type Scope = {
  driver: AmbientDriver;
  /** The inner driver's connection of the ambient transaction, once acquired. */
  connection: DatabaseConnection | undefined;
  open: boolean;
  /** Settles when the use holding the connection releases it. */
  turn: Promise<void>;
  savepoints: number;
};

const scopes = new AsyncLocalStorage<Scope>();

/** The connection handed to Kysely inside a scope: the ambient one, for the root or for a joined use. */
class Lease implements DatabaseConnection {
  /** The savepoint standing for this use's transaction, while it is open. */
  savepoint: string | undefined;

  constructor(
    readonly inner: DatabaseConnection,
    readonly scope: Scope,
    readonly root: boolean,
    readonly done: () => void,
  ) {}

  async executeQuery<R>(...args: Parameters<DatabaseConnection['executeQuery']>): Promise<QueryResult<R>> {
    if (this.root || this.savepoint) return this.inner.executeQuery<R>(...args);
    // A statement of its own: a savepoint stands in for autocommit.
    const driver = this.scope.driver;
    const name = driver.nextSavepoint(this.scope);
    await driver.innerSavepoint(this.inner, name);
    try {
      const result = await this.inner.executeQuery<R>(...args);
      await driver.innerReleaseSavepoint(this.inner, name);
      return result;
    } catch (error) {
      await driver.innerRollbackToSavepoint(this.inner, name);
      await driver.innerReleaseSavepoint(this.inner, name);
      throw error;
    }
  }

  streamQuery<R>(...args: Parameters<DatabaseConnection['streamQuery']>): AsyncIterableIterator<QueryResult<R>> {
    return this.inner.streamQuery<R>(...args);
  }
}

function unwrap(connection: DatabaseConnection): DatabaseConnection {
  return connection instanceof Lease ? connection.inner : connection;
}

export class AmbientDriver implements Driver {
  readonly #inner: Driver;
  readonly #compile: QueryCompiler['compileQuery'];

  constructor(inner: Driver, compiler: QueryCompiler) {
    this.#inner = inner;
    this.#compile = (node, queryId) => compiler.compileQuery(node, queryId);
  }

  /** The open scope of this driver in the current async context. */
  scope(): Scope | undefined {
    const scope = scopes.getStore();
    return scope?.driver === this && scope.open ? scope : undefined;
  }

  init(options?: AbortableOperationOptions) {
    return this.#inner.init(options);
  }

  async acquireConnection(options?: AbortableOperationOptions): Promise<DatabaseConnection> {
    const scope = this.scope();
    if (!scope) return this.#inner.acquireConnection(options);
    if (!scope.connection) {
      scope.connection = await this.#inner.acquireConnection(options);
      return new Lease(scope.connection, scope, true, () => {});
    }
    const previous = scope.turn;
    let done!: () => void;
    scope.turn = new Promise<void>((resolve) => {
      done = resolve;
    });
    await previous;
    if (!scope.open) {
      done();
      return this.#inner.acquireConnection(options);
    }
    return new Lease(scope.connection, scope, false, done);
  }

  async releaseConnection(connection: DatabaseConnection, options?: AbortableOperationOptions) {
    if (!(connection instanceof Lease)) return this.#inner.releaseConnection(connection, options);
    if (!connection.root) return connection.done();
    connection.scope.open = false;
    await this.#inner.releaseConnection(connection.inner, options);
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    if (!(connection instanceof Lease) || connection.root)
      return this.#inner.beginTransaction(unwrap(connection), settings);
    if (settings.isolationLevel || settings.accessMode)
      throw new Error('a transaction inside an ambient transaction cannot choose its isolation level or access mode');
    const name = this.nextSavepoint(connection.scope);
    await this.innerSavepoint(connection.inner, name);
    connection.savepoint = name;
  }

  async commitTransaction(connection: DatabaseConnection) {
    if (!(connection instanceof Lease) || connection.root) return this.#inner.commitTransaction(unwrap(connection));
    const name = connection.savepoint as string;
    connection.savepoint = undefined;
    await this.innerReleaseSavepoint(connection.inner, name);
  }

  async rollbackTransaction(connection: DatabaseConnection) {
    if (!(connection instanceof Lease) || connection.root) return this.#inner.rollbackTransaction(unwrap(connection));
    const name = connection.savepoint as string;
    connection.savepoint = undefined;
    await this.innerRollbackToSavepoint(connection.inner, name);
    await this.innerReleaseSavepoint(connection.inner, name);
  }

  savepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']) {
    return method(this.#inner, 'savepoint')(unwrap(connection), name, compile);
  }

  rollbackToSavepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']) {
    return method(this.#inner, 'rollbackToSavepoint')(unwrap(connection), name, compile);
  }

  releaseSavepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']) {
    return method(this.#inner, 'releaseSavepoint')(unwrap(connection), name, compile);
  }

  destroy(options?: AbortableOperationOptions) {
    return this.#inner.destroy(options);
  }

  nextSavepoint(scope: Scope): string {
    scope.savepoints++;
    return `ambient_${scope.savepoints}`;
  }

  innerSavepoint(connection: DatabaseConnection, name: string) {
    return method(this.#inner, 'savepoint')(connection, name, this.#compile);
  }

  innerRollbackToSavepoint(connection: DatabaseConnection, name: string) {
    return method(this.#inner, 'rollbackToSavepoint')(connection, name, this.#compile);
  }

  innerReleaseSavepoint(connection: DatabaseConnection, name: string) {
    return method(this.#inner, 'releaseSavepoint')(connection, name, this.#compile);
  }
}

function method<K extends 'savepoint' | 'rollbackToSavepoint' | 'releaseSavepoint'>(driver: Driver, key: K) {
  const found = driver[key];
  if (!found) throw new Error(`the database driver has no ${key}`);
  return found.bind(driver) as NonNullable<Driver[K]>;
}

/** A dialect whose driver supports ambient transactions; the rest is the wrapped dialect's. */
export class AmbientDialect implements Dialect {
  readonly #inner: Dialect;
  #driver: AmbientDriver | undefined;

  constructor(inner: Dialect) {
    this.#inner = inner;
  }

  createDriver(): AmbientDriver {
    this.#driver = new AmbientDriver(this.#inner.createDriver(), this.#inner.createQueryCompiler());
    return this.#driver;
  }

  createQueryCompiler() {
    return this.#inner.createQueryCompiler();
  }

  createAdapter() {
    return this.#inner.createAdapter();
  }

  createIntrospector(db: Parameters<Dialect['createIntrospector']>[0]) {
    return this.#inner.createIntrospector(db);
  }

  driver(): AmbientDriver {
    if (!this.#driver) throw new Error('Kysely has not made the driver of this dialect yet');
    return this.#driver;
  }
}

// biome-ignore lint/suspicious/noExplicitAny: any database schema; only the handle's identity is used.
type AnyKysely = Kysely<any>;

const drivers = new WeakMap<AnyKysely, AmbientDriver>();

/** Makes `db` (built on `dialect`) able to run inAmbientTransaction. */
export function enableAmbientTransactions(db: AnyKysely, dialect: AmbientDialect): void {
  drivers.set(db, dialect.driver());
}

/**
 * Runs `work` in one transaction of `db` that every use of `db` inside it joins (see the header);
 * `trx` is that transaction itself. Inside another ambient transaction of `db` it is a savepoint
 * of that one.
 */
export async function inAmbientTransaction<DB, T>(
  db: Kysely<DB>,
  work: (trx: Transaction<DB>) => Promise<T>,
): Promise<T> {
  const driver = drivers.get(db);
  if (!driver) throw new Error('this database handle was not opened with ambient transactions');
  if (driver.scope()) return db.transaction().execute(work);
  const scope: Scope = { driver, connection: undefined, open: true, turn: Promise.resolve(), savepoints: 0 };
  return scopes.run(scope, () => db.transaction().execute(work));
}

/** Whether the current async context runs inside an ambient transaction of `db`. */
export function inAmbientTransactionOf(db: AnyKysely): boolean {
  return drivers.get(db)?.scope() !== undefined;
}
