import { createHash } from 'node:crypto';
import {
  type Compilable,
  CompiledQuery,
  DummyDriver,
  Kysely,
  sql as kyselySql,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type RawBuilder,
} from 'kysely';
import type pg from 'pg';
import type { Conn } from './database';
import type { Database } from './schema';

/**
 * Queries of the hot reads (member info, balance, the header's state), compiled once: Kysely builds
 * and compiles a query on every call, which on a read that PostgreSQL answers in a few hundredths of
 * a millisecond is most of the Node side's cost. `prepared(build)` runs `build` once with stand-ins
 * for its arguments, keeps the SQL and where each argument goes, and executes that SQL with the
 * call's values through the same handle (transactions, the ambient transaction and the embedded
 * database's queue all apply as before).
 *
 * On PostgreSQL the statement also goes by a name (pg's `name`; see namedStatements): each pooled
 * connection parses it once and then only binds and executes it, skipping the parse and analysis
 * of an unnamed statement on every call.
 */

// Compiles without a database: the same PostgreSQL compiler the pg and PGlite dialects use.
const compiler = new Kysely<Database>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});

/** SQL text -> statement name, for every prepared query. */
const names = new Map<string, string>();

type Arg = string | number | boolean | Date | null;

/** A query compiled once; `execute` runs it with this call's arguments. */
export type PreparedQuery<A extends Arg[], R> = {
  readonly sql: string;
  /** Every row. */
  execute(db: Conn, ...args: A): Promise<R[]>;
  /** The first row, or undefined. */
  executeTakeFirst(db: Conn, ...args: A): Promise<R | undefined>;
};

class Placeholder {
  constructor(readonly index: number) {}
}

/**
 * Compiles `build(db, ...args)` once. Each argument must reach the SQL as a parameter (a value
 * compared or inserted), not shape it (a list's length, a column's name, a branch in `build`): the
 * compiled SQL is the same for every call. An argument that does not appear as a parameter is a
 * programming error and throws here, at start-up.
 */
export function prepared<A extends Arg[], R>(
  arity: A['length'],
  build: (db: Kysely<Database>, ...args: A) => Compilable<R>,
): PreparedQuery<A, R> {
  const placeholders = Array.from({ length: arity }, (_, i) => new Placeholder(i));
  const compiled = build(compiler, ...(placeholders as unknown as A)).compile();
  // Each parameter is either an argument's index or a constant of the query itself.
  const slots = compiled.parameters.map((p) => (p instanceof Placeholder ? p.index : { value: p }));
  for (const p of placeholders)
    if (!slots.includes(p.index)) throw new Error(`prepared query: argument ${p.index} is not a parameter`);
  const sql = compiled.sql;
  if (!names.has(sql)) names.set(sql, `gh_${createHash('sha256').update(sql).digest('hex').slice(0, 24)}`);

  const run = (db: Conn, args: A) => {
    const parameters = slots.map((s) => (typeof s === 'number' ? args[s] : s.value));
    return db.executeQuery<R>(CompiledQuery.raw(sql, parameters));
  };
  return {
    sql,
    async execute(db, ...args) {
      return (await run(db, args)).rows;
    },
    async executeTakeFirst(db, ...args) {
      return (await run(db, args)).rows[0];
    },
  };
}

// Raw statements the bet path sends many times a second with one constant text (the vendor call
// batch) opt in with a leading comment, `/* prepared:<name> */`, which PostgreSQL and PGlite read
// as a comment. Only for texts that never change between calls (the values go as parameters): each
// distinct text gets its own statement name, so a marked text that did vary would cost a statement
// per variant per connection, never a wrong statement.
const MARK = /^\/\* prepared:([a-z0-9_]+) \*\//;

/** The comment that makes the raw statement it starts a named statement (`name`: a-z, 0-9, _). */
export function namedStatement(name: string): RawBuilder<unknown> {
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`prepared statement name ${name} is not [a-z0-9_]+`);
  return kyselySql.raw(`/* prepared:${name} */ `);
}

/** The statement name of a prepared query's or a marked statement's SQL, or undefined for any other SQL. */
export function statementName(sql: string): string | undefined {
  const known = names.get(sql);
  if (known) return known;
  const mark = MARK.exec(sql);
  if (!mark) return undefined;
  const name = `${mark[1]}_${names.size}`;
  names.set(sql, name);
  return name;
}

/**
 * Makes a pg client send prepared queries (above) as named statements: pg parses a name once per
 * connection and binds it after that. Everything else goes as before. Off behind a pooler in
 * transaction mode that does not track prepared statements (DB_NAMED_STATEMENTS=off): a statement
 * parsed on one server connection would be missing on the next.
 */
export function namedStatements(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
    const [text, values] = args;
    if (typeof text === 'string' && Array.isArray(values) && args.length === 2) {
      const name = statementName(text);
      if (name) return query({ name, text, values });
    }
    return query(...args);
  };
}
