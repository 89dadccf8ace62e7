import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RealtimeEvent } from '../../realtime/event-bus';
import { createMember } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { issueSession } from '../accounts/sessions.service';
import { getBrand } from '../brand/brand.service';
import { type SystemMessageKind, sendSystemMessage } from './messages.service';

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

async function memberWithSession() {
  const m = await createMember(t.ctx);
  const token = await issueSession(t.ctx, t.ctx.db, {
    memberId: m.id,
    area: 'member',
    ip: '127.0.0.1',
    userAgent: null,
  });
  return { ...m, token };
}

function call(method: 'GET' | 'POST' | 'DELETE', url: string, token: string) {
  return t.app.inject({ method, url, headers: { authorization: token } });
}

async function send(memberId: number, kind: SystemMessageKind, params: Record<string, string | number> = {}) {
  await t.ctx.db.transaction().execute((trx) => sendSystemMessage(trx, { memberId, kind, params }));
}

describe('the inbox', () => {
  it('pages newest first with the placeholders filled, and counts unread on the badge and in public state', async () => {
    const m = await memberWithSession();
    await send(m.id, 'deposit_credited', { amount: 1_234_50 });
    t.advance(1000);
    await send(m.id, 'password_changed');
    t.advance(1000);
    await send(m.id, 'withdrawal_rejected', { amount: 50_00, reason: 'Name mismatch.' });
    const brand = await getBrand(t.ctx.db);
    const page1 = (await call('GET', '/wps/messages?pageNo=1&pageSize=2', m.token)).json().value;
    expect(page1).toMatchObject({ pageNum: 1, pageSize: 2, totalPages: 2, totalElements: 3, unread: 3 });
    expect(page1.content.map((x: { kind: string }) => x.kind)).toEqual(['withdrawal_rejected', 'password_changed']);
    expect(page1.content[0]).toMatchObject({
      source: 'system',
      read: false,
      content: `Your withdrawal of ${brand.currency} 50.00 was rejected and the money is back in your wallet. Name mismatch.`,
    });
    expect(page1.content[1].content).toContain(`The password of your ${brand.siteName} account was changed.`);
    const page2 = (await call('GET', '/wps/messages?pageNo=2&pageSize=2', m.token)).json().value;
    expect(page2.content).toHaveLength(1);
    expect(page2.content[0].content).toBe(
      `Your deposit of ${brand.currency} 1,234.50 has been credited to your ${brand.siteName} wallet.`,
    );
    expect((await call('GET', '/wps/relay/CSP_unreadCount', m.token)).json().value).toEqual({ count: 3 });
    expect((await call('GET', '/wps/member/publicState', m.token)).json().value.unreadMessage).toBe(3);

    const id = page2.content[0].id as string;
    const opened = await call('GET', `/wps/messages/${id}`, m.token);
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json().value).toMatchObject({ id, read: true, kind: 'deposit_credited' });
    expect((await call('GET', '/wps/relay/CSP_unreadCount', m.token)).json().value).toEqual({ count: 2 });
    expect((await call('GET', '/wps/member/publicState', m.token)).json().value.unreadMessage).toBe(2);

    expect((await call('POST', '/wps/messages/readAll', m.token)).statusCode).toBe(200);
    expect((await call('GET', '/wps/relay/CSP_unreadCount', m.token)).json().value).toEqual({ count: 0 });

    expect((await call('DELETE', `/wps/messages/${id}`, m.token)).statusCode).toBe(200);
    const after = (await call('GET', '/wps/messages', m.token)).json().value;
    expect(after.totalElements).toBe(2);
    expect(after.content.map((x: { id: string }) => x.id)).not.toContain(id);
    expect((await call('GET', `/wps/messages/${id}`, m.token)).json().code).toBe('MESSAGE_NOT_FOUND');
  });

  it("renders in the member's stored language (texts/<code>.json), falling back to English", async () => {
    const m = await memberWithSession();
    await send(m.id, 'payment_password_changed');
    const titleIn = async (language: string, query = '') => {
      await t.ctx.db.updateTable('members').set({ language }).where('id', '=', m.id).execute();
      return (await call('GET', `/wps/messages${query}`, m.token)).json().value.content[0].title;
    };
    expect(await titleIn('TY')).toBe('Napalitan ang payment password');
    expect(await titleIn('DE')).toBe('Zahlungspasswort geändert');
    expect(await titleIn('ZH-HANT')).toBe('支付密碼已變更');
    expect(await titleIn('DE', '?language=EN')).toBe('Payment password changed');
    expect(await titleIn('XX')).toBe('Payment password changed');
  });

  it('fills the brand placeholders of a message written as literal text', async () => {
    const m = await memberWithSession();
    await t.ctx.db
      .insertInto('member_messages')
      .values({ member_id: m.id, title: 'Welcome to {site}', content: 'Deposits are in {currency}.' })
      .execute();
    const brand = await getBrand(t.ctx.db);
    const [message] = (await call('GET', '/wps/messages', m.token)).json().value.content;
    expect(message).toMatchObject({
      title: `Welcome to ${brand.siteName}`,
      content: `Deposits are in ${brand.currency}.`,
    });
  });

  it("refuses another member's message ids and changes nothing", async () => {
    const owner = await memberWithSession();
    const other = await memberWithSession();
    await send(owner.id, 'reward_issued', { amount: 10_00, name: 'Welcome' });
    const [msg] = (await call('GET', '/wps/messages', owner.token)).json().value.content;
    for (const method of ['GET', 'DELETE'] as const) {
      const res = await call(method, `/wps/messages/${msg.id}`, other.token);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('MESSAGE_NOT_FOUND');
    }
    expect((await call('GET', '/wps/relay/CSP_unreadCount', owner.token)).json().value).toEqual({ count: 1 });
    expect((await call('GET', `/wps/messages/x1`, owner.token)).statusCode).toBe(400);
    expect((await call('GET', '/wps/messages', other.token)).json().value.totalElements).toBe(0);
  });

  it('needs a real member', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/wps/relay/CSP_unreadCount' });
    expect(res.statusCode).toBe(401);
  });
});

describe('system messages on events', () => {
  it('tells the member of a sandbox deposit credited, once', async () => {
    const m = await memberWithSession();
    const seen: RealtimeEvent[] = [];
    const off = await t.ctx.events.subscribe(m.id, (e) => seen.push(e));
    const order = await t.app.inject({
      method: 'POST',
      url: '/wps/cashier/deposit',
      headers: { authorization: m.token },
      payload: { methodCode: 'SANDBOX_PAY', amount: 250, requestId: `r${Date.now()}${Math.random()}`.replace('.', '') },
    });
    expect(order.statusCode, order.body).toBe(200);
    const reference = order.json().value.reference as string;
    for (let i = 0; i < 2; i++) {
      // The second press is a replay: it credits nothing and says nothing.
      await t.app.inject({
        method: 'POST',
        url: `/sandbox-gateway/pay/${reference}`,
        payload: 'action=pay',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
    }
    const brand = await getBrand(t.ctx.db);
    const inbox = (await call('GET', '/wps/messages', m.token)).json().value;
    expect(inbox.content).toEqual([
      expect.objectContaining({
        kind: 'deposit_credited',
        content: `Your deposit of ${brand.currency} 250.00 has been credited to your ${brand.siteName} wallet.`,
      }),
    ]);
    await expect.poll(() => seen.filter((e) => e.type === 'message')).toHaveLength(1);
    off();
  });
});
