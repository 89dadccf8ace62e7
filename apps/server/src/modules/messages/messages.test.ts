import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RealtimeEvent } from '../../realtime/event-bus';
import { createMember } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { sendSystemMessage } from './messages.service';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function inboxOf(memberId: number) {
  return t.ctx.db.selectFrom('member_messages').selectAll().where('member_id', '=', memberId).execute();
}

describe('sendSystemMessage', () => {
  it('writes nothing and publishes nothing when the caller rolls back', async () => {
    const m = await createMember(t.ctx);
    const seen: RealtimeEvent[] = [];
    const off = await t.ctx.events.subscribe(m.id, (e) => seen.push(e));
    await expect(
      t.ctx.db.transaction().execute(async (trx) => {
        await sendSystemMessage(trx, { memberId: m.id, kind: 'deposit_credited', params: { amount: 150_00 } });
        throw new Error('caller fails after the message');
      }),
    ).rejects.toThrow('caller fails');
    expect(await inboxOf(m.id)).toEqual([]);
    expect(seen).toEqual([]);
    off();
  });

  it('writes the kind and params on commit and publishes the message event', async () => {
    const m = await createMember(t.ctx);
    const seen: RealtimeEvent[] = [];
    const off = await t.ctx.events.subscribe(m.id, (e) => seen.push(e));
    await t.ctx.db.transaction().execute(async (trx) => {
      await sendSystemMessage(trx, { memberId: m.id, kind: 'deposit_credited', params: { amount: 150_00 } });
    });
    const [row] = await inboxOf(m.id);
    expect(row).toMatchObject({ kind: 'deposit_credited', params: { amount: 15000 }, read_at: null });
    expect(row?.content).toBe('Your deposit of {currency} 150.00 has been credited to your {site} wallet.');
    await expect.poll(() => seen).toEqual([{ type: 'message', data: { kind: 'deposit_credited' } }]);
    off();
  });
});
