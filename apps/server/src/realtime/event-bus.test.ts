// postgres: member events reach a node over its LISTEN connection there, in the database's own payload format
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../test/factories';
import { createTestApp, type TestApp } from '../test/harness';
import { memberOfNotice, publishAfterCommit, type RealtimeEvent } from './event-bus';

// Each node drops the member events meant for members it holds no socket for before parsing them,
// by the member id at the head of the payload: both writers' formats must be read right, and
// anything else must still be parsed whole.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('memberOfNotice', { tags: ['postgres'] }, () => {
  it("reads the member from the server's and the database's payloads", async () => {
    expect(memberOfNotice(JSON.stringify({ m: 4_512, e: { type: 'balance', data: { balance: 1 } } }))).toBe(4_512);
    const { rows } = await sql<{ payload: string }>`
      SELECT json_build_object('m', 77::bigint, 'e', json_build_object('type', 'balance'))::text AS payload`.execute(
      t.ctx.db,
    );
    const fromDatabase = rows[0]?.payload ?? '';
    expect(fromDatabase).toContain('"m" : 77');
    expect(memberOfNotice(fromDatabase)).toBe(77);
  });

  it('leaves audience events and anything unexpected to the full parse', () => {
    expect(memberOfNotice(JSON.stringify({ a: { vip: 3 }, e: { type: 'message' } }))).toBeUndefined();
    expect(memberOfNotice(JSON.stringify({ e: { type: 'x' }, m: 5 }))).toBeUndefined();
    expect(memberOfNotice('{"m":"5","e":{}}')).toBeUndefined();
    expect(memberOfNotice('not json')).toBeUndefined();
  });
});

describe('member events on one channel', { tags: ['postgres'] }, () => {
  it("reach the member's listeners, whichever writer made them, and no one else's", async () => {
    const [a, b] = [await createMember(t.ctx), await createMember(t.ctx)];
    const heard: RealtimeEvent[] = [];
    const off = await t.ctx.events.subscribe(a.id, (e) => heard.push(e));
    try {
      await publishAfterCommit(t.ctx.db, b.id, { type: 'marker', data: 'for b' });
      await publishAfterCommit(t.ctx.db, a.id, { type: 'marker', data: 'for a' });
      // The database's own format, as ledger_apply sends a balance event.
      await sql`SELECT pg_notify('gamehall_events', json_build_object('m', ${a.id}::bigint, 'e',
        json_build_object('type', 'marker', 'data', 'from the database'))::text)`.execute(t.ctx.db);
      await t.ctx.database.afterCommit.idle();
      await expect.poll(() => heard.length).toBe(2);
      // Two senders (the server's after-commit queue, the statement): their order is not this test's.
      expect([...heard].sort((x, y) => String(x.data).localeCompare(String(y.data)))).toEqual([
        { type: 'marker', data: 'for a' },
        { type: 'marker', data: 'from the database' },
      ]);
    } finally {
      off();
    }
  });
});
