import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
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

describe('a prepared query', { tags: ['postgres'] }, () => {
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

describe('DB_NAMED_STATEMENTS', { tags: ['postgres'] }, () => {
  const base = { SESSION_SECRET: 'x'.repeat(32), STUDIO_SECRET: 'y'.repeat(32), DATA_DIR: '/tmp/gamehall-prepared' };
  const pooled = { DATABASE_URL: 'postgres://u@pooler:6432/db', DATABASE_DIRECT_URL: 'postgres://u@db:5432/db' };

  it('is on by default, off by default behind a pooler (a direct URL beside), and as asked', () => {
    expect(loadConfig(base).dbNamedStatements).toBe(true);
    expect(loadConfig({ ...base, DATABASE_URL: pooled.DATABASE_URL }).dbNamedStatements).toBe(true);
    expect(loadConfig({ ...base, ...pooled }).dbNamedStatements).toBe(false);
    expect(loadConfig({ ...base, ...pooled, DB_NAMED_STATEMENTS: '1' }).dbNamedStatements).toBe(true);
    expect(loadConfig({ ...base, DB_NAMED_STATEMENTS: 'off' }).dbNamedStatements).toBe(false);
    expect(() => loadConfig({ ...base, DB_NAMED_STATEMENTS: 'maybe' })).toThrow(/DB_NAMED_STATEMENTS/);
  });

  it('when off, sends the prepared queries unnamed (PostgreSQL)', async () => {
    if (t.ctx.database.kind !== 'postgres') return;
    const unnamed = await createTestApp({ dbNamedStatements: false });
    try {
      const names = await unnamed.ctx.db.transaction().execute(async (trx) => {
        await membersNamed.execute(trx, 1, 'a');
        return (await sql<{ name: string }>`SELECT name FROM pg_prepared_statements`.execute(trx)).rows.map(
          (r) => r.name,
        );
      });
      expect(names).not.toContain(statementName(membersNamed.sql));
      expect((await membersNamed.execute(unnamed.ctx.db, -1, 'nobody')).length).toBe(0);
    } finally {
      await unnamed.close();
    }
  });
});
