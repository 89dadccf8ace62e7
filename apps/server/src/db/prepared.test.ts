import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../test/factories';
import { createTestApp, type TestApp } from '../test/harness';
import { prepared, statementName } from './prepared';

// Queries compiled once (prepared.ts): the same rows as the query built on each call, and on
// PostgreSQL a named statement. Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

// An argument used twice beside constants of the query's own.
const membersNamed = prepared(2, (db, id: number, username: string) =>
  db
    .selectFrom('members')
    .select(['id', 'username'])
    .where((eb) => eb.or([eb('id', '=', id), eb('username', '=', username), eb('upline_id', '=', id)]))
    .where('status', 'in', ['active', 'disabled'])
    .orderBy('id'),
);

describe('a prepared query', () => {
  it('returns what the query built on each call returns, for each call’s arguments', async () => {
    const a = await createMember(t.ctx, {});
    const b = await createMember(t.ctx, {});
    const built = (id: number, username: string) =>
      t.ctx.db
        .selectFrom('members')
        .select(['id', 'username'])
        .where((eb) => eb.or([eb('id', '=', id), eb('username', '=', username), eb('upline_id', '=', id)]))
        .where('status', 'in', ['active', 'disabled'])
        .orderBy('id')
        .execute();
    for (const [id, username] of [
      [a.id, b.username],
      [b.id, 'nobody-at-all'],
      [-1, a.username],
    ] as const) {
      const rows = await membersNamed.execute(t.ctx.db, id, username);
      expect(rows).toEqual(await built(id, username));
      expect(rows.length).toBeGreaterThan(0);
    }
    expect(await membersNamed.executeTakeFirst(t.ctx.db, -1, 'nobody-at-all')).toBeUndefined();
  });

  it('runs inside a transaction on its connection, and rolls back with it', async () => {
    const a = await createMember(t.ctx, {});
    await expect(
      t.ctx.db.transaction().execute(async (trx) => {
        await trx
          .updateTable('members')
          .set({ username: `${a.username}x` })
          .where('id', '=', a.id)
          .execute();
        expect((await membersNamed.executeTakeFirst(trx, a.id, ''))?.username).toBe(`${a.username}x`);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect((await membersNamed.executeTakeFirst(t.ctx.db, a.id, ''))?.username).toBe(a.username);
  });

  it('refuses at definition an argument that does not reach the SQL as a parameter', () => {
    expect(() =>
      prepared(2, (db, id: number, _unused: string) => db.selectFrom('members').select('id').where('id', '=', id)),
    ).toThrow(/argument 1 is not a parameter/);
  });

  it('goes by its name on PostgreSQL, parsed once per connection', async () => {
    const name = statementName(membersNamed.sql);
    expect(name).toMatch(/^gh_[0-9a-f]{24}$/);
    if (t.ctx.database.kind !== 'postgres') return;
    // A transaction holds one connection: the statement it ran is among that session's prepared ones.
    const named = await t.ctx.db.transaction().execute(async (trx) => {
      await membersNamed.execute(trx, 1, 'a');
      await membersNamed.execute(trx, 2, 'b');
      return (await sql<{ name: string }>`SELECT name FROM pg_prepared_statements`.execute(trx)).rows.map(
        (r) => r.name,
      );
    });
    expect(named).toContain(name);
  });
});
