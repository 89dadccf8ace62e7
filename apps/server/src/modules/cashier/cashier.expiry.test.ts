// postgres: callbacks and expiry runs interleave on separate connections
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../../jobs/jobs';
import { runDue } from '../../scheduler/scheduler';
import { createMember } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { balanceOf, verifyLedger } from '../ledger/ledger.service';
import { actors, call, expectFailure, requestId } from './cashier.fixtures';
import { gatewayDepositExpiryJob } from './cashier.jobs';
import { gatewaySecret, signBody } from './cashier-callbacks.service';
import { expireGatewayDeposits } from './cashier-deposits.service';

// An online (gateway) deposit the member never pays expires after the brand's minutes (cashier
// settings, default 30). A paid callback that arrives after expiry is credited: the gateway took
// the member's money, and keeping it uncredited would be worse than an order paid late.

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const { member: memberWithSession, operator: operatorToken } = actors(() => t, createMember);
const MINUTE = 60_000;

async function gatewayOrder(amount = 250) {
  const m = await memberWithSession();
  const res = await call(t, 'POST', '/wps/cashier/deposit', m.token, {
    methodCode: 'SANDBOX_PAY',
    amount,
    requestId: requestId(),
  });
  expect(res.statusCode).toBe(200);
  return { m, order: res.json().value as { reference: string; status: string } };
}

async function callback(reference: string, status: 'paid' | 'cancelled', amount = 25_000) {
  const raw = JSON.stringify({ reference, transactionId: `TX-${reference}`, status, amount });
  return t.app.inject({
    method: 'POST',
    url: '/wps/cashier/callback/sandbox',
    payload: raw,
    headers: { 'content-type': 'application/json', 'x-signature': signBody(await gatewaySecret(t.ctx.db), raw) },
  });
}

async function statusOf(reference: string) {
  const row = await t.ctx.db
    .selectFrom('deposit_orders')
    .select(['status', 'reason'])
    .where('reference', '=', reference)
    .executeTakeFirstOrThrow();
  return row;
}

async function cash(memberId: number) {
  return (await balanceOf(t.ctx.db, memberId, 'PHP')).balance;
}

async function history(token: string, query = '') {
  const res = await call(t, 'GET', `/wps/cashier/deposits?pageNo=1&pageSize=20${query}`, token);
  expect(res.statusCode).toBe(200);
  return res.json().value.content as { reference: string; status: string; methodCode: string; methodName: string }[];
}

/** Runs the expiry job as the scheduler would: once for the current period. */
async function runExpiryJob() {
  t.advance(gatewayDepositExpiryJob.everyMs);
  expect(await runDue(t.ctx, gatewayDepositExpiryJob)).toBe(true);
}

describe('gateway deposit expiry', () => {
  it('is a scheduled job', () => {
    expect(jobs).toContain(gatewayDepositExpiryJob);
  });

  it('keeps a fresh order pending, expires it after the brand minutes, and the history shows Expired', async () => {
    const { m, order } = await gatewayOrder();
    t.advance(29 * MINUTE);
    expect(await expireGatewayDeposits(t.ctx)).not.toContain(order.reference);
    expect((await statusOf(order.reference)).status).toBe('pending');
    await runExpiryJob(); // 30 minutes and more have now passed
    expect(await statusOf(order.reference)).toEqual({ status: 'expired', reason: 'not paid in time' });
    const rows = await history(m.token);
    expect(rows.find((r) => r.reference === order.reference)).toMatchObject({ status: 'expired' });
    expect((await history(m.token, '&status=expired')).map((r) => r.reference)).toEqual([order.reference]);
    expect(await history(m.token, '&status=pending')).toEqual([]);
    // The sandbox pay page no longer offers payment.
    const page = await t.app.inject({ method: 'GET', url: `/sandbox-gateway/pay/${order.reference}` });
    expect(page.body).toContain('no longer open');
    expect(page.body).not.toContain('<button class="pay"');
  });

  it('shows Expired in the history even before the job ran', async () => {
    const { m, order } = await gatewayOrder();
    t.advance(31 * MINUTE);
    const rows = await history(m.token);
    expect(rows.find((r) => r.reference === order.reference)).toMatchObject({ status: 'expired' });
  });

  it("follows the brand's setting, changed through GET/PUT /admin/cashier/settings", async () => {
    // Signed in now: the tests before this one move the clock past an operator session's idle limit.
    const operator = (await operatorToken()).token;
    const read = await call(t, 'GET', '/admin/cashier/settings', operator);
    expect(read.statusCode).toBe(200);
    expect(read.json().value.gatewayExpiryMinutes).toBe(30);
    const bad = await t.app.inject({
      method: 'PUT',
      url: '/admin/cashier/settings',
      headers: { authorization: `Bearer ${operator}` },
      payload: { gatewayExpiryMinutes: 0 },
    });
    expectFailure(bad, 400, 'VALIDATION_FAILED');
    const put = await t.app.inject({
      method: 'PUT',
      url: '/admin/cashier/settings',
      headers: { authorization: `Bearer ${operator}` },
      payload: { gatewayExpiryMinutes: 5 },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json().value.gatewayExpiryMinutes).toBe(5);
    try {
      const { order } = await gatewayOrder();
      t.advance(6 * MINUTE);
      await expireGatewayDeposits(t.ctx);
      expect((await statusOf(order.reference)).status).toBe('expired');
    } finally {
      await t.ctx.db.updateTable('cashier_settings').set({ gateway_expiry_minutes: 30 }).execute();
    }
  });

  it('never expires a bank transfer order', async () => {
    const m = await memberWithSession();
    const res = await call(t, 'POST', '/wps/cashier/deposit', m.token, {
      methodCode: 'BANK_TRANSFER',
      amount: 200,
      requestId: requestId(),
    });
    const reference = res.json().value.reference;
    t.advance(120 * MINUTE);
    await runExpiryJob();
    expect((await statusOf(reference)).status).toBe('pending');
  });

  it('expired first, paid callback second: the money that arrived is credited once, marked paid late', async () => {
    const { m, order } = await gatewayOrder();
    t.advance(31 * MINUTE);
    await runExpiryJob();
    expect((await statusOf(order.reference)).status).toBe('expired');
    const res = await callback(order.reference, 'paid');
    expect(res.statusCode).toBe(200);
    expect(await statusOf(order.reference)).toEqual({
      status: 'approved',
      reason: 'paid at the gateway after the order expired',
    });
    expect(await cash(m.id)).toBe(25_000);
    // A replay credits nothing more; a cancellation of the credited order is a conflict.
    expect((await callback(order.reference, 'paid')).statusCode).toBe(200);
    expect(await cash(m.id)).toBe(25_000);
    expectFailure(await callback(order.reference, 'cancelled'), 409, 'CASHIER_STATE_CONFLICT');
  });

  it('paid callback first, expiry second: the credited order stays approved', async () => {
    const { m, order } = await gatewayOrder();
    t.advance(29 * MINUTE);
    expect((await callback(order.reference, 'paid')).statusCode).toBe(200);
    t.advance(10 * MINUTE);
    await runExpiryJob();
    expect(await statusOf(order.reference)).toEqual({ status: 'approved', reason: null });
    expect(await cash(m.id)).toBe(25_000);
  });

  it('a cancellation after expiry changes nothing', async () => {
    const { m, order } = await gatewayOrder();
    t.advance(31 * MINUTE);
    await expireGatewayDeposits(t.ctx);
    expect((await callback(order.reference, 'cancelled')).statusCode).toBe(200);
    expect((await statusOf(order.reference)).status).toBe('expired');
    expect(await cash(m.id)).toBe(0);
  });

  it('expiry racing paid callbacks: every order ends credited exactly once and the ledger verifies', {
    tags: ['postgres'],
  }, async () => {
    const orders = [];
    for (let i = 0; i < 8; i++) orders.push(await gatewayOrder());
    t.advance(31 * MINUTE);
    // Callbacks and expiry runs interleaved on the database; on PostgreSQL they run in parallel.
    const work: Promise<unknown>[] = [];
    orders.forEach(({ order }, i) => {
      if (i % 2 === 0) work.push(expireGatewayDeposits(t.ctx));
      work.push(callback(order.reference, 'paid'));
    });
    work.push(expireGatewayDeposits(t.ctx));
    const results = await Promise.all(work);
    for (const r of results) if (r && typeof r === 'object' && 'statusCode' in r) expect(r.statusCode).toBe(200);
    for (const { m, order } of orders) {
      expect((await statusOf(order.reference)).status).toBe('approved');
      expect(await cash(m.id)).toBe(25_000);
    }
    const postings = await t.ctx.db
      .selectFrom('ledger_postings')
      .select('reference')
      .where(
        'reference',
        'in',
        orders.map((o) => o.order.reference),
      )
      .execute();
    expect(postings).toHaveLength(orders.length);
    expect((await verifyLedger(t.ctx.db)).violations).toEqual([]);
  });

  it('names the method in the history instead of its code', async () => {
    const { m, order } = await gatewayOrder();
    const row = (await history(m.token)).find((r) => r.reference === order.reference);
    expect(row).toMatchObject({ methodCode: 'SANDBOX_PAY', methodName: 'Online payment (sandbox)' });
  });
});
