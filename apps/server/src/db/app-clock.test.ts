import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post } from '../modules/ledger/ledger.service';
import { createMember } from '../test/factories';
import { createTestApp, type TestApp } from '../test/harness';
import { followAppClock } from './app-clock';

// The moved application clock in the database (migration 0033): postings written in a transaction
// that follows a moved clock take its time; the wall clock and later transactions keep now().
describe('app clock', () => {
  let t: TestApp;
  let memberId: number;
  beforeAll(async () => {
    t = await createTestApp();
    memberId = (await createMember(t.ctx)).id;
  });
  afterAll(() => t?.close());

  async function postAt(clock: Date | null): Promise<Date> {
    const { postingId } = await t.ctx.db.transaction().execute(async (trx) => {
      if (clock) await followAppClock(trx, clock);
      return post(trx, {
        idempotencyKey: `clock-${randomBytes(6).toString('hex')}`,
        type: 'deposit',
        reference: 'clock test',
        entries: [
          { account: { house: 'deposits-in-transit', currency: 'PHP' }, amount: -100 },
          { account: { member: memberId, currency: 'PHP' }, amount: 100 },
        ],
      });
    });
    const row = await t.ctx.db
      .selectFrom('ledger_postings')
      .select('created_at')
      .where('id', '=', postingId)
      .executeTakeFirstOrThrow();
    return new Date(row.created_at);
  }

  it('dates a posting at a moved clock, and only in that transaction', async () => {
    const past = new Date(Date.now() - 2 * 86_400_000);
    expect((await postAt(past)).getTime()).toBe(past.getTime());
    // The setting was local to that transaction: the next posting is at the database's now().
    expect(Math.abs((await postAt(null)).getTime() - Date.now())).toBeLessThan(60_000);
    // The wall clock sets nothing.
    expect(Math.abs((await postAt(new Date())).getTime() - Date.now())).toBeLessThan(60_000);
  });
});
