import {
  type AbortableOperationOptions,
  CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Expression,
  type QueryResult,
  sql,
  type TransactionSettings,
} from 'kysely';

/**
 * Notifications sent after commit, from outside the transaction (docs/scaling.md "The disk flush and
 * NOTIFY"). A transaction that calls pg_notify holds a cluster-wide lock through its commit, WAL
 * flush included, so transactions that notify commit one at a time. A statement that answers the
 * columns below asks for notifications instead of sending them:
 *
 *   after_commit_channel   text     the channel
 *   after_commit_payloads  text[]   the payloads (NULL or empty: none)
 *
 * The driver keeps them with the connection until its transaction commits and drops them when it
 * rolls back (or rolls back to a savepoint taken before them); a statement outside a transaction
 * has committed when it answers, so its notifications go at once. Sending is one statement of
 * pg_notify calls, in commit order, for every commit that happened while the previous send was
 * under way: its transaction writes nothing, so its commit waits for no flush.
 *
 * A listener never hears of a rolled-back change. What it gives up: a crash between a commit and
 * the send loses that commit's notifications (the balance shown to a member then lags until the
 * next one or a page load; nothing a notification carries is the only copy of anything).
 */
export const AFTER_COMMIT_CHANNEL = 'after_commit_channel';
export const AFTER_COMMIT_PAYLOADS = 'after_commit_payloads';

/** The two columns of a select list that ask for `payloads` (a text[] expression) to go on `channel`. */
export function afterCommitColumns(channel: string, payloads: Expression<unknown>) {
  return sql`${channel}::text AS ${sql.ref(AFTER_COMMIT_CHANNEL)}, ${payloads} AS ${sql.ref(AFTER_COMMIT_PAYLOADS)}`;
}

type Notice = { channel: string; payload: string };

/** What the sender has done (tests and diagnostics). */
export type AfterCommitStats = { sends: number; notices: number; failures: number };

// A send of thousands of notices is still one statement; the cap keeps one bind message small
// when a backlog has built up.
const MAX_SEND = 2_000;

class TrackedConnection implements DatabaseConnection {
  /** Notices of the open transaction; undefined outside one. */
  pending: Notice[] | undefined;
  /** Where each live savepoint cut the pending list. */
  readonly savepoints = new Map<string, number>();

  constructor(
    readonly inner: DatabaseConnection,
    private readonly sender: NoticeSender,
  ) {}

  async executeQuery<R>(...args: Parameters<DatabaseConnection['executeQuery']>): Promise<QueryResult<R>> {
    const result = await this.inner.executeQuery<R>(...args);
    const first = result.rows[0] as Record<string, unknown> | undefined;
    if (first && AFTER_COMMIT_PAYLOADS in first) {
      const notices = noticesOf(result.rows as Record<string, unknown>[]);
      if (this.pending) this.pending.push(...notices);
      else this.sender.add(notices);
    }
    return result;
  }

  streamQuery<R>(...args: Parameters<DatabaseConnection['streamQuery']>): AsyncIterableIterator<QueryResult<R>> {
    return this.inner.streamQuery<R>(...args);
  }
}

function noticesOf(rows: Record<string, unknown>[]): Notice[] {
  const notices: Notice[] = [];
  for (const row of rows) {
    const channel = row[AFTER_COMMIT_CHANNEL];
    const payloads = row[AFTER_COMMIT_PAYLOADS];
    if (typeof channel !== 'string' || !Array.isArray(payloads)) continue;
    for (const payload of payloads) if (typeof payload === 'string') notices.push({ channel, payload });
  }
  return notices;
}

/** Sends queued notices one statement at a time, on a connection of its own driver. */
class NoticeSender {
  private queue: Notice[] = [];
  private running: Promise<void> | undefined;
  readonly stats: AfterCommitStats = { sends: 0, notices: 0, failures: 0 };

  constructor(private readonly driver: Driver) {}

  add(notices: Notice[]) {
    if (notices.length === 0) return;
    this.queue.push(...notices);
    // Not awaited by the committer: on PGlite the committing caller still holds the one connection.
    this.running ??= this.drain();
  }

  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  private async drain() {
    try {
      while (this.queue.length > 0) {
        const batch = this.queue.splice(0, distinctPrefix(this.queue));
        try {
          await this.send(batch);
          this.stats.sends++;
          this.stats.notices += batch.length;
        } catch {
          // The notices are lost, the data they describe is not (see the header).
          this.stats.failures++;
        }
      }
    } finally {
      this.running = undefined;
    }
  }

  private async send(batch: Notice[]) {
    const connection = await this.driver.acquireConnection();
    try {
      await connection.executeQuery(
        CompiledQuery.raw('SELECT pg_notify(c, p) FROM unnest($1::text[], $2::text[]) AS n(c, p)', [
          batch.map((n) => n.channel),
          batch.map((n) => n.payload),
        ]),
      );
    } finally {
      await this.driver.releaseConnection(connection);
    }
  }
}

/**
 * How many notices from the queue's head can go in one send. PostgreSQL delivers a notice that
 * repeats an earlier one of the same transaction (same channel and payload) only once, so a
 * member's balance going 10, 12 and back to 10 in three commits would arrive as 10, 12: a send
 * stops before the first repeat, which goes in the next one.
 */
function distinctPrefix(queue: Notice[]): number {
  const seen = new Set<string>();
  let n = 0;
  for (const notice of queue) {
    if (n === MAX_SEND) break;
    const key = `${notice.channel}\u0000${notice.payload}`;
    if (seen.has(key)) break;
    seen.add(key);
    n++;
  }
  return n;
}

/** Wraps a dialect's driver with the after-commit notifications described above. */
export class AfterCommitDriver implements Driver {
  readonly #inner: Driver;
  readonly #sender: NoticeSender;

  constructor(inner: Driver) {
    this.#inner = inner;
    this.#sender = new NoticeSender(inner);
  }

  get stats(): AfterCommitStats {
    return { ...this.#sender.stats };
  }

  init(options?: AbortableOperationOptions) {
    return this.#inner.init(options);
  }

  async acquireConnection(options?: AbortableOperationOptions): Promise<DatabaseConnection> {
    return new TrackedConnection(await this.#inner.acquireConnection(options), this.#sender);
  }

  releaseConnection(connection: DatabaseConnection, options?: AbortableOperationOptions) {
    return this.#inner.releaseConnection(tracked(connection).inner, options);
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    const c = tracked(connection);
    await this.#inner.beginTransaction(c.inner, settings);
    c.pending = [];
    c.savepoints.clear();
  }

  async commitTransaction(connection: DatabaseConnection) {
    const c = tracked(connection);
    await this.#inner.commitTransaction(c.inner);
    const notices = c.pending ?? [];
    c.pending = undefined;
    this.#sender.add(notices);
  }

  async rollbackTransaction(connection: DatabaseConnection) {
    const c = tracked(connection);
    c.pending = undefined;
    await this.#inner.rollbackTransaction(c.inner);
  }

  async savepoint(
    connection: DatabaseConnection,
    name: string,
    compile: Parameters<NonNullable<Driver['savepoint']>>[2],
  ) {
    const c = tracked(connection);
    await savepointMethod(this.#inner, 'savepoint')(c.inner, name, compile);
    c.savepoints.set(name, c.pending?.length ?? 0);
  }

  async rollbackToSavepoint(
    connection: DatabaseConnection,
    name: string,
    compile: Parameters<NonNullable<Driver['rollbackToSavepoint']>>[2],
  ) {
    const c = tracked(connection);
    await savepointMethod(this.#inner, 'rollbackToSavepoint')(c.inner, name, compile);
    const cut = c.savepoints.get(name);
    if (c.pending && cut !== undefined) c.pending.length = cut;
  }

  async releaseSavepoint(
    connection: DatabaseConnection,
    name: string,
    compile: Parameters<NonNullable<Driver['releaseSavepoint']>>[2],
  ) {
    const c = tracked(connection);
    await savepointMethod(this.#inner, 'releaseSavepoint')(c.inner, name, compile);
    c.savepoints.delete(name);
  }

  /** Waits until every notice of a committed transaction has been sent (or failed). */
  idle(): Promise<void> {
    return this.#sender.idle();
  }

  async destroy(options?: AbortableOperationOptions) {
    await this.#sender.idle();
    await this.#inner.destroy(options);
  }
}

/** A dialect whose driver sends the after-commit notifications; the rest is the wrapped dialect's. */
export class AfterCommitDialect implements Dialect {
  readonly #inner: Dialect;
  #driver: AfterCommitDriver | undefined;

  constructor(inner: Dialect) {
    this.#inner = inner;
  }

  createDriver(): AfterCommitDriver {
    this.#driver = new AfterCommitDriver(this.#inner.createDriver());
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

  /** The driver Kysely made from this dialect. */
  driver(): AfterCommitDriver {
    if (!this.#driver) throw new Error('Kysely has not made the driver of this dialect yet');
    return this.#driver;
  }
}

function tracked(connection: DatabaseConnection): TrackedConnection {
  if (!(connection instanceof TrackedConnection)) throw new Error('not a connection of this driver');
  return connection;
}

function savepointMethod<K extends 'savepoint' | 'rollbackToSavepoint' | 'releaseSavepoint'>(driver: Driver, key: K) {
  const method = driver[key];
  if (!method) throw new Error(`the database driver has no ${key}`);
  return method.bind(driver) as NonNullable<Driver[K]>;
}
