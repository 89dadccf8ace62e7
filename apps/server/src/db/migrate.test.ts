import { Kysely, PGliteDialect, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPglite } from './database';
import { migrateToLatest, migrations } from './migrate';

// One database, taken through the starts a fleet sees in order: migrated before two lower numbers
// landed, then by the code that has them, then by the previous version once the newest is ahead.
describe('migrations', () => {
  let db: Kysely<Record<string, never>>;
  beforeAll(async () => {
    db = new Kysely<Record<string, never>>({ dialect: new PGliteDialect({ pglite: await createPglite('') }) });
  });
  afterAll(() => db.destroy());

  const late = ['0036-vip', '0037-rebates'];
  const newest = Object.keys(migrations).at(-1) as string;
  /** The code of the version before the newest migration landed. */
  const previous = Object.fromEntries(Object.entries(migrations).filter(([name]) => name !== newest));
  const ran = async () =>
    (await sql<{ name: string }>`SELECT name FROM kysely_migration ORDER BY timestamp, name`.execute(db)).rows.map(
      (r) => r.name,
    );

  it('runs a number that lands after higher ones the database has already run', async () => {
    expect(late.every((name) => name in migrations)).toBe(true);
    const earlier = Object.fromEntries(Object.entries(migrations).filter(([name]) => !late.includes(name)));
    await migrateToLatest(db, earlier);
    const tables = async () =>
      (
        await sql<{ n: number }>`
          SELECT count(*)::int AS n FROM pg_tables WHERE tablename IN ('vip_settings', 'rebate_accruals')`.execute(db)
      ).rows[0]?.n;
    expect(await tables()).toBe(0);

    expect(await migrateToLatest(db)).toEqual({ ran: late, unknown: [] });
    expect(await tables()).toBe(2);
    expect((await ran()).slice(-2)).toEqual(late);
  }, 120_000);

  it("starts the previous version on a database ahead of it, and leaves the newer migration's work alone", async () => {
    const before = await ran();
    expect(before).toContain(newest);
    expect(await migrateToLatest(db, previous)).toEqual({ ran: [], unknown: [newest] });
    expect(await ran()).toEqual(before);
  });

  it('refuses a database that is ahead of the code yet misses a migration the code knows', async () => {
    let called = false;
    const missing = {
      ...previous,
      '9999-only-in-this-code': {
        up: async () => {
          called = true;
        },
      },
    };
    await expect(migrateToLatest(db, missing)).rejects.toThrow(
      `The database ran migrations this version does not know (${newest}) but not 9999-only-in-this-code`,
    );
    expect(called).toBe(false);
  });
});
