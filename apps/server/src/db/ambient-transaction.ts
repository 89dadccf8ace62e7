import { AsyncLocalStorage } from 'node:async_hooks';
import type {
  AbortableOperationOptions,
  DatabaseConnection,
  Dialect,
  Driver,
  Kysely,
  QueryCompiler,
  QueryResult,
  TransactionSettings,
} from 'kysely';

/**
 * One transaction around a unit of work that opens transactions of its own: an operator's action
 * and its audit row commit together or not at all (spec §7 audit log), while the services the
 * action calls keep their `ctx.db.transaction().execute(...)` and their plain `ctx.db` queries.
 *
 * Inside inAmbientTransaction, and in everything it awaits (AsyncLocalStorage), the handle's driver
 * hands out the ambient transaction's connection instead of a pool connection:
 * - the transaction begins at the work's first statement, so what the work does before it (argon2,
 *   checks in code) holds no connection, as before;
 * - a transaction opened on the handle becomes a savepoint: its rollback undoes only its own work
 *   (the caller's catch sees its error as before), its commit releases the savepoint and its work
 *   commits with the ambient transaction;
 * - a plain statement runs between a savepoint and its release, so a statement that fails (a
 *   unique violation a service catches) leaves the ambient transaction usable, as autocommit did;
 * - these uses take the connection one at a time (a second waits for the first to release it), as
 *   the embedded database always did, so savepoints of concurrent branches never interleave. A use
 *   that waits for another while holding the connection (a plain ctx.db query inside a transaction
 *   callback) would wait forever, here as on the embedded database: code passes its `trx` instead.
 * After-commit notifications (after-commit.ts) of all of it go out after the ambient commit, and
 * not at all when it rolls back. Work still running after the ambient transaction ended (something
 * not awaited) gets pool connections again. Other handles (the read replica, the session pool) are
 * not affected: they never saw the ambient transaction's writes before either.
 */
type Scope = {
  driver: AmbientDriver;
  /** The inner driver's connection with the ambient transaction begun, once the work needed it. */
  connection: Promise<DatabaseConnection> | undefined;
  open: boolean;
  /** Settles when the last use to take the connection releases it. */
  turn: Promise<void>;
  savepoints: number;
};

const scopes = new AsyncLocalStorage<Scope>();

/** The connection handed to Kysely for one use inside a scope: the ambient transaction's. */
class Lease implements DatabaseConnection {
  /** The savepoint standing for this use's transaction, while it is open. */
  savepoint: string | undefined;

  constructor(
    readonly inner: DatabaseConnection,
    readonly scope: Scope,
    readonly done: () => void,
  ) {}

  async executeQuery<R>(...args: Parameters<DatabaseConnection['executeQuery']>): Promise<QueryResult<R>> {
    if (this.savepoint) return this.inner.executeQuery<R>(...args);
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

  /** Runs `work` in a new scope and ends the ambient transaction with it (see inAmbientTransaction). */
  async run<T>(work: () => Promise<T>): Promise<T> {
    const scope: Scope = { driver: this, connection: undefined, open: true, turn: Promise.resolve(), savepoints: 0 };
    let result: T;
    try {
      result = await scopes.run(scope, work);
    } catch (error) {
      await this.#end(scope, false);
      throw error;
    }
    await this.#end(scope, true);
    return result;
  }

  async #begin(options?: AbortableOperationOptions): Promise<DatabaseConnection> {
    const connection = await this.#inner.acquireConnection(options);
    try {
      await this.#inner.beginTransaction(connection, {});
    } catch (error) {
      await this.#inner.releaseConnection(connection);
      throw error;
    }
    return connection;
  }

  async #end(scope: Scope, commit: boolean) {
    // Uses still holding the connection (a branch of a Promise.all that rejected) finish first;
    // later ones go to the pool.
    scope.open = false;
    await scope.turn;
    if (!scope.connection) return;
    let connection: DatabaseConnection;
    try {
      connection = await scope.connection;
    } catch (error) {
      if (commit) throw error;
      return;
    }
    try {
      if (commit) await this.#inner.commitTransaction(connection);
      else await this.#inner.rollbackTransaction(connection);
    } catch (error) {
      // As Kysely does after a failed COMMIT: the transaction is over either way.
      await this.#inner.rollbackTransaction(connection).catch(() => undefined);
      throw error;
    } finally {
      await this.#inner.releaseConnection(connection);
    }
  }

  init(options?: AbortableOperationOptions) {
    return this.#inner.init(options);
  }

  async acquireConnection(options?: AbortableOperationOptions): Promise<DatabaseConnection> {
    const scope = this.scope();
    if (!scope) return this.#inner.acquireConnection(options);
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
    try {
      scope.connection ??= this.#begin(options);
      return new Lease(await scope.connection, scope, done);
    } catch (error) {
      done();
      throw error;
    }
  }

  async releaseConnection(connection: DatabaseConnection, options?: AbortableOperationOptions) {
    if (connection instanceof Lease) return connection.done();
    await this.#inner.releaseConnection(connection, options);
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    if (!(connection instanceof Lease)) return this.#inner.beginTransaction(connection, settings);
    if (settings.isolationLevel || settings.accessMode)
      throw new Error('a transaction inside an ambient transaction cannot choose its isolation level or access mode');
    const name = this.nextSavepoint(connection.scope);
    await this.innerSavepoint(connection.inner, name);
    connection.savepoint = name;
  }

  async commitTransaction(connection: DatabaseConnection) {
    if (!(connection instanceof Lease)) return this.#inner.commitTransaction(connection);
    const name = connection.savepoint as string;
    connection.savepoint = undefined;
    await this.innerReleaseSavepoint(connection.inner, name);
  }

  async rollbackTransaction(connection: DatabaseConnection) {
    if (!(connection instanceof Lease)) return this.#inner.rollbackTransaction(connection);
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
 * Runs `work` in one transaction of `db` that every use of `db` inside it joins (see the header):
 * committed when `work` resolves, rolled back when it throws. Inside another ambient transaction of
 * `db` it is part of that one.
 */
export async function inAmbientTransaction<DB, T>(db: Kysely<DB>, work: () => Promise<T>): Promise<T> {
  const driver = drivers.get(db);
  if (!driver) throw new Error('this database handle was not opened with ambient transactions');
  // Its statements would wait for a savepoint's use to end, which waits for them: it joins instead.
  if (driver.scope()) return work();
  return driver.run(work);
}

/** Whether the current async context runs inside an ambient transaction of `db`. */
export function inAmbientTransactionOf(db: AnyKysely): boolean {
  return drivers.get(db)?.scope() !== undefined;
}
