// postgres: what a pass looks back by depends on the transactions other connections hold open
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';
import { changesFrom, oldestOpenTransactionMs } from './open-transactions';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the oldest open transaction', () => {
  it('is none on a quiet database: a pass looks back by its margin', async () => {
    expect(await oldestOpenTransactionMs(t.ctx.db)).toBeLessThan(1_000);
    const stamp = new Date('2026-11-30T12:00:00Z');
    expect((await changesFrom(t.ctx.db, stamp, 120_000)).toISOString()).toBe('2026-11-30T11:58:00.000Z');
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'is measured on the server: a pass looks back past a transaction another connection holds open',
    { tags: ['postgres'] },
    async () => {
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      const open = t.ctx.db.transaction().execute(async (trx) => {
        await sql`SELECT 1`.execute(trx);
        await held;
      });
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      const ms = await oldestOpenTransactionMs(t.ctx.db);
      const stamp = new Date('2026-11-30T12:00:00Z');
      const from = await changesFrom(t.ctx.db, stamp, 1_000);
      release();
      await open;
      expect(ms).toBeGreaterThanOrEqual(1_400);
      expect(ms).toBeLessThan(60_000);
      expect(stamp.getTime() - from.getTime()).toBeGreaterThanOrEqual(2_400);
      expect(await oldestOpenTransactionMs(t.ctx.db)).toBeLessThan(1_000);
    },
  );
});
