import { Kysely, PGliteDialect, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createPglite } from './database';
import { migrateToLatest, migrations } from './migrate';

// A database migrated before a lower number landed (0036 and 0037 after 0038 and 0039) takes the
// late ones at its next start instead of refusing to start.
describe('migrations', () => {
  it('runs a number that lands after higher ones the database has already run', async () => {
    const pglite = await createPglite('');
    const db = new Kysely<Record<string, never>>({ dialect: new PGliteDialect({ pglite }) });
    try {
      const late = ['0036-vip', '0037-rebates'];
      expect(late.every((name) => name in migrations)).toBe(true);
      const earlier = Object.fromEntries(Object.entries(migrations).filter(([name]) => !late.includes(name)));
      await migrateToLatest(db, earlier);
      const tables = async () =>
        (
          await sql<{ n: number }>`
            SELECT count(*)::int AS n FROM pg_tables WHERE tablename IN ('vip_settings', 'rebate_accruals')`.execute(db)
        ).rows[0]?.n;
      expect(await tables()).toBe(0);

      await migrateToLatest(db);
      expect(await tables()).toBe(2);
      const ran = await sql<{ name: string }>`SELECT name FROM kysely_migration ORDER BY timestamp, name`.execute(db);
      expect(ran.rows.map((r) => r.name).slice(-2)).toEqual(late);
    } finally {
      await db.destroy();
    }
  }, 120_000);
});
