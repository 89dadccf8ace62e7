import { type RawBuilder, sql } from 'kysely';
import type pg from 'pg';

// Statements the bet path sends many times a second with one constant text (the vendor call batch)
// run as named prepared statements on PostgreSQL: each pool connection parses and plans the text
// once, then every later call only binds and executes it. Kysely sends every query unnamed, so a
// statement opts in with a leading comment, `/* prepared:<name> */`, which the pool's clients
// recognise (namePreparedStatements); PostgreSQL, and PGlite, read the comment as a comment.
//
// Only for texts that never change between calls: the values go as parameters. Each distinct text
// gets its own statement name, so a marked text that did vary would cost a statement per variant
// per connection, never a wrong statement.
const MARK = /^\/\* prepared:([a-z0-9_]+) \*\//;

/** The comment that makes the statement it starts a named prepared statement (`name`: a-z, 0-9, _). */
export function prepared(name: string): RawBuilder<unknown> {
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`prepared statement name ${name} is not [a-z0-9_]+`);
  return sql.raw(`/* prepared:${name} */ `);
}

const names = new Map<string, string>();

/** The statement name of a marked text (undefined: not marked). */
export function statementNameOf(text: string): string | undefined {
  const known = names.get(text);
  if (known) return known;
  const mark = MARK.exec(text);
  if (!mark) return undefined;
  const name = `${mark[1]}_${names.size}`;
  names.set(text, name);
  return name;
}

/** Sends this client's marked queries (text and values, as Kysely sends them) as named statements. */
export function namePreparedStatements(client: pg.ClientBase): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
    const [text, values] = args;
    const name = args.length <= 2 && typeof text === 'string' ? statementNameOf(text) : undefined;
    return name === undefined ? query(...args) : query({ name, text, values });
  };
}
