// postgres: two approvals of one manual deposit at once record and credit one deposit
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { setBrandSetting } from '../brand/brand.service';
import { actors, call, expectFailure } from '../cashier/cashier.fixtures';
import { balanceOf, verifyLedger } from '../ledger/ledger.service';

// Adjustment types (docs/cashier.md "Adjustment types") and the requester's cancel.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // 1,000.00: larger adjustments wait for a second operator.
  await setBrandSetting(t.ctx.db, 'adjustmentApprovalThreshold', 100_000);
});
afterAll(() => t.close());

const { operator } = actors(() => t, createMember);
const ALL = ['members.read', 'members.write', 'wallet.adjust', 'wallet.approve'];

const adjust = (token: string, memberId: number, body: Record<string, unknown>) =>
  call(t, 'POST', `/admin/members/${memberId}/adjustments`, token, { requestId: randomUUID(), ...body });
async function cash(memberId: number) {
  return (await balanceOf(t.ctx.db, memberId, 'PHP')).balance;
}
async function deposits(memberId: number) {
  return t.ctx.db.selectFrom('deposit_orders').selectAll().where('member_id', '=', memberId).execute();
}
async function adjustmentCount(memberId: number) {
  return (await t.ctx.db.selectFrom('balance_adjustments').select('id').where('member_id', '=', memberId).execute())
    .length;
}

describe('adjustment types', () => {
  it('records a correction or goodwill with its type, and refuses a bad type or a manual deposit debit', async () => {
    const op = await operator(ALL);
    const m = await createMember(t.ctx);
    const goodwill = await adjust(op.token, m.id, {
      type: 'goodwill',
      direction: 'credit',
      amount: 50,
      reason: 'sorry',
    });
    expect(goodwill.json().value).toMatchObject({ type: 'goodwill', status: 'posted', depositReference: null });
    const plain = await adjust(op.token, m.id, { direction: 'credit', amount: 10, reason: 'typo fix' });
    expect(plain.json().value.type).toBe('correction');
    for (const body of [
      { type: 'jackpot', direction: 'credit', amount: 5, reason: 'x' },
      { type: 'manual_deposit', direction: 'debit', amount: 5, reason: 'x' },
    ])
      expectFailure(await adjust(op.token, m.id, body), 400, 'VALIDATION_FAILED');
    expect(await adjustmentCount(m.id)).toBe(2);
    expect(await cash(m.id)).toBe(6_000);
    expect(await deposits(m.id)).toEqual([]);
  });

  it('credits a manual deposit as a deposit order, the first deposit, once under two approvals at once', {
    tags: ['postgres'],
  }, async () => {
    const requester = await operator(ALL);
    const approver = await operator(['members.read', 'wallet.approve']);
    const m = await createMember(t.ctx);
    const small = await adjust(requester.token, m.id, {
      type: 'manual_deposit',
      direction: 'credit',
      amount: 300,
      reason: 'Transfer without an order, slip 7781',
    });
    expect(small.json().value).toMatchObject({ type: 'manual_deposit', status: 'posted' });
    const [order] = await deposits(m.id);
    expect(order).toMatchObject({
      method_code: 'MANUAL_DEPOSIT',
      status: 'approved',
      amount: 30_000,
      first_deposit: true,
      reference: small.json().value.depositReference,
    });
    expect(await cash(m.id)).toBe(30_000);

    const large = await adjust(requester.token, m.id, {
      type: 'manual_deposit',
      direction: 'credit',
      amount: 5_000,
      reason: 'Large transfer, slip 7790',
    });
    const id = large.json().value.id as number;
    expect(large.json().value.status).toBe('pending');
    expect((await deposits(m.id)).length).toBe(1);
    const approve = () => call(t, 'POST', `/admin/adjustments/${id}/approve`, approver.token, {});
    const [a, b] = await Promise.all([approve(), approve()]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json().value).toMatchObject({ status: 'posted', depositReference: expect.stringMatching(/^D/) });
    const all = await deposits(m.id);
    expect(all.length).toBe(2);
    expect(all.find((d) => d.amount === 500_000)).toMatchObject({ first_deposit: false, status: 'approved' });
    expect(await cash(m.id)).toBe(530_000);
    expect((await verifyLedger(t.ctx.db)).violations).toEqual([]);
  });
});

describe('cancelling a waiting adjustment', () => {
  it('lets only the requester cancel a pending one; nothing moves, and a decided one stays', async () => {
    const requester = await operator(ALL);
    const other = await operator(ALL);
    const m = await createMember(t.ctx);
    const res = await adjust(requester.token, m.id, { direction: 'credit', amount: 2_000, reason: 'prize' });
    const id = res.json().value.id as number;
    const cancel = (token: string) => call(t, 'POST', `/admin/adjustments/${id}/cancel`, token, {});
    expectFailure(await cancel(other.token), 403, 'ADJUSTMENT_NOT_REQUESTER');
    const reader = await operator(['members.read']);
    expectFailure(await cancel(reader.token), 403, 'AUTH_FORBIDDEN');
    const done = await cancel(requester.token);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().value).toMatchObject({ status: 'cancelled' });
    expect((await cancel(requester.token)).statusCode).toBe(200);
    expectFailure(
      await call(t, 'POST', `/admin/adjustments/${id}/approve`, other.token, {}),
      409,
      'ADJUSTMENT_DECIDED',
    );
    expect(await cash(m.id)).toBe(0);
    const cancelled = await call(t, 'GET', `/admin/adjustments?status=cancelled&memberId=${m.id}`, requester.token);
    expect(cancelled.json().value).toMatchObject({ total: 1 });

    const posted = await adjust(requester.token, m.id, { direction: 'credit', amount: 20, reason: 'fix' });
    expectFailure(
      await call(t, 'POST', `/admin/adjustments/${posted.json().value.id}/cancel`, requester.token, {}),
      409,
      'ADJUSTMENT_DECIDED',
    );
    expect(await cash(m.id)).toBe(2_000);
    expectFailure(
      await call(t, 'POST', '/admin/adjustments/999999999/cancel', requester.token, {}),
      404,
      'ADJUSTMENT_NOT_FOUND',
    );
  });
});
