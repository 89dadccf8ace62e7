import { OPERATOR_SOCKET_PATH } from '@gamehall/shared/api/admin-realtime';
import { WORK_SOURCES } from '@gamehall/shared/api/work-sources';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { openTestSocket } from '../../test/socket-client';
import { actors, call, expectFailure } from '../cashier/cashier.fixtures';

let t: TestApp;
let base: string;

beforeAll(async () => {
  t = await createTestApp();
  base = (await t.app.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws');
});
afterAll(() => t.close());

const { member: memberWithSession, operator: operatorWith } = actors(() => t, createMember);

type Item = { source: string; count: number; oldestAt: string | null };

async function work(token: string): Promise<Item[]> {
  const res = await call(t, 'GET', '/admin/work', token);
  expect(res.statusCode).toBe(200);
  return res.json().value.items as Item[];
}

const itemOf = (items: Item[], source: string) => items.find((i) => i.source === source);

async function openFeedback(memberId: number, createdAt: string) {
  const row = await t.ctx.db
    .insertInto('feedback')
    .values({ member_id: memberId, question_type: 'other', content: 'Where is my bonus?', created_at: createdAt })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

describe('GET /admin/work', () => {
  it('refuses without an operator session', async () => {
    expectFailure(await call(t, 'GET', '/admin/work'), 401, 'AUTH_REQUIRED');
    const m = await memberWithSession();
    expectFailure(await call(t, 'GET', '/admin/work', m.token), 403, 'AUTH_FORBIDDEN');
  });

  it('lists only the queues the operator can act on and open, in the panel order, dashboard.read or not', async () => {
    const all = await operatorWith(['*']);
    expect((await work(all.token)).map((i) => i.source)).toEqual(WORK_SOURCES.map((s) => s.name));

    const reviewer = await operatorWith(['dashboard.read', 'feedback.answer', 'kyc.review']);
    expect((await work(reviewer.token)).map((i) => i.source)).toEqual(['kycDocuments', 'feedback']);

    // Reading the cashier's lists is not deciding them: the queues are the approver's.
    const reader = await operatorWith(['dashboard.read', 'cashier.read', 'members.read', 'agents.read', 'risk.read']);
    expect(await work(reader.token)).toEqual([]);
    const cashier = await operatorWith(['dashboard.read', 'cashier.read', 'cashier.approve']);
    expect((await work(cashier.token)).map((i) => i.source)).toEqual(['deposits', 'withdrawals', 'bankAccounts']);

    // An approver of adjustments, without the dashboard's figures, opens the panel and sees their queue.
    const approver = await operatorWith(['members.read', 'wallet.approve']);
    expect((await work(approver.token)).map((i) => i.source)).toEqual(['adjustments']);

    const figuresOnly = await operatorWith(['dashboard.read']);
    expect(await work(figuresOnly.token)).toEqual([]);
  });

  it('counts the waiting items with the time of the oldest, and a decided one leaves the count', async () => {
    const op = await operatorWith([
      'dashboard.read',
      'feedback.answer',
      'kyc.review',
      'support.chat',
      'members.read',
      'wallet.approve',
    ]);
    const before = await work(op.token);
    const member = await createMember(t.ctx);

    const oldest = '2001-02-03T04:05:06.000Z';
    const first = await openFeedback(member.id, oldest);
    await openFeedback(member.id, '2002-01-01T00:00:00.000Z');
    await t.ctx.db
      .insertInto('kyc_documents')
      .values({
        member_id: member.id,
        kind: 'selfie',
        content_type: 'image/png',
        byte_size: 3,
        data: Buffer.from([1, 2, 3]),
        created_at: oldest,
      })
      .execute();
    await t.ctx.db
      .insertInto('chat_conversations')
      .values({ member_id: member.id, state: 'queued', created_at: oldest, updated_at: oldest })
      .execute();
    await t.ctx.db
      .insertInto('balance_adjustments')
      .values({
        member_id: member.id,
        direction: 'credit',
        amount: 10_000,
        currency: 'PHP',
        reason: 'goodwill',
        idempotency_key: `work-test-${member.id}`,
        requested_by_username: 'someone',
        brand_day: '2001-02-03',
        created_at: oldest,
      })
      .execute();

    const after = await work(op.token);
    for (const source of ['feedback', 'kycDocuments', 'chats', 'adjustments']) {
      const was = itemOf(before, source)?.count ?? 0;
      const item = itemOf(after, source);
      expect(item?.count, source).toBe(was + (source === 'feedback' ? 2 : 1));
      expect(item?.oldestAt, source).toBe(oldest);
    }

    // Answered feedback no longer waits: the count drops and the oldest moves to the next one.
    await t.ctx.db
      .updateTable('feedback')
      .set({ status: 'answered', answer: 'Credited.' })
      .where('id', '=', first)
      .execute();
    const answered = itemOf(await work(op.token), 'feedback');
    expect(answered?.count).toBe((itemOf(before, 'feedback')?.count ?? 0) + 1);
    expect(answered?.oldestAt).toBe('2002-01-01T00:00:00.000Z');
  });

  it('counts the risk queues: links waiting for review and open flags, for risk.write only', async () => {
    const op = await operatorWith(['dashboard.read', 'risk.read', 'risk.write']);
    const before = await work(op.token);
    expect(before.map((i) => i.source)).toEqual(['riskLinks', 'riskFlags']);
    const a = await createMember(t.ctx);
    const b = await createMember(t.ctx);
    const oldest = '2001-02-03T04:05:06.000Z';
    const link = await t.ctx.db
      .insertInto('risk_links')
      .values({ member_id: a.id, other_id: b.id, kind: 'device', value: 'work-test', created_at: oldest })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.ctx.db
      .insertInto('risk_flags')
      .values({
        member_id: a.id,
        kind: 'referral_device',
        key: `work-test-${a.id}`,
        evidence: JSON.stringify({}),
        created_at: oldest,
      })
      .execute();
    const after = await work(op.token);
    for (const source of ['riskLinks', 'riskFlags']) {
      expect(itemOf(after, source)?.count, source).toBe((itemOf(before, source)?.count ?? 0) + 1);
      expect(itemOf(after, source)?.oldestAt, source).toBe(oldest);
    }
    await t.ctx.db.updateTable('risk_links').set({ status: 'dismissed' }).where('id', '=', link.id).execute();
    expect(itemOf(await work(op.token), 'riskLinks')?.count).toBe(itemOf(before, 'riskLinks')?.count ?? 0);
  });

  it('says nothing waits with a zero count and no oldest time', async () => {
    const op = await operatorWith(['dashboard.read', 'agents.read', 'agents.write']);
    await t.ctx.db.updateTable('contract_statements').set({ status: 'paid' }).where('status', '=', 'held').execute();
    expect(await work(op.token)).toEqual([{ source: 'heldStatements', count: 0, oldestAt: null }]);
  });
});

describe('work events on the operators socket', () => {
  function connect(token: string) {
    return openTestSocket(`${base}${OPERATOR_SOCKET_PATH}`, {
      onOpen: (ws) => ws.send(JSON.stringify({ type: 'auth', token })),
    });
  }

  it('tells operators who may open the screen of a source when its waiting items change, and nobody else', async () => {
    const answerer = await operatorWith(['feedback.answer']);
    const outsider = await operatorWith(['cashier.read', 'kyc.review']);
    const desk = connect(answerer.token);
    const blind = connect(outsider.token);
    await Promise.all([desk.next('ready'), blind.next('ready')]);

    const member = await memberWithSession();
    await openFeedback(member.id, new Date().toISOString());
    expect(await desk.next('work')).toEqual({ type: 'work', data: { source: 'feedback' } });

    await new Promise((r) => setTimeout(r, 300));
    expect(blind.messages.filter((m) => m.type === 'work')).toEqual([]);
    desk.ws.close();
    blind.ws.close();
  });
});
