// postgres: concurrent approvals and callback replays credit once
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { balanceOf, verifyLedger } from '../ledger/ledger.service';
import {
  actors,
  call,
  expectFailure,
  expectImage,
  injectMultipart,
  JPEG_BYTES,
  PNG_BYTES,
  requestId,
} from './cashier.fixtures';
import { gatewaySecret, signBody } from './cashier-callbacks.service';

let t: TestApp;
let operator: string;

beforeAll(async () => {
  t = await createTestApp();
  operator = (await operatorToken()).token;
});
afterAll(() => t.close());

const { member: memberWithSession, operator: operatorToken } = actors(() => t, createMember);

async function deposits(memberId: number) {
  return t.ctx.db.selectFrom('deposit_orders').selectAll().where('member_id', '=', memberId).execute();
}
async function cash(memberId: number) {
  return (await balanceOf(t.ctx.db, memberId, 'PHP')).balance;
}

describe('GET /wps/cashier/paymentMethods', () => {
  it('lists the seeded bank-transfer, sandbox and e-wallet methods with limits in major units', async () => {
    const m = await memberWithSession();
    const res = await call(t, 'GET', '/wps/cashier/paymentMethods', m.token);
    expect(res.statusCode).toBe(200);
    const value = res.json().value;
    expect(value.currency).toBe('PHP');
    const quick = [100, 200, 500, 1000, 2000, 5000];
    expect(value.deposit).toEqual([
      {
        code: 'BANK_TRANSFER',
        name: 'Bank transfer',
        kind: 'bank_transfer',
        min: 100,
        max: 500000,
        quickAmounts: quick,
        provider: null,
      },
      {
        code: 'SANDBOX_PAY',
        name: 'Online payment (sandbox)',
        kind: 'gateway',
        min: 50,
        max: 100000,
        quickAmounts: [50, ...quick.slice(0, 5)],
        provider: null,
      },
      {
        code: 'EWALLET',
        name: 'E-wallet',
        kind: 'ewallet',
        min: 100,
        max: 50000,
        quickAmounts: quick,
        provider: 'KalapatiPay (sandbox)',
      },
    ]);
    expect(value.last).toBeNull();
    expect(value.withdrawal).toEqual({ min: 100, max: 50000 });
    expect(value.receiptConfirmMinutes).toBe(60);
  });

  it('refuses guests, trial members and operators', async () => {
    expectFailure(await call(t, 'GET', '/wps/cashier/paymentMethods'), 401, 'AUTH_REQUIRED');
    const trial = await memberWithSession({ type: 4 });
    expectFailure(await call(t, 'GET', '/wps/cashier/paymentMethods', trial.token), 403, 'ACCOUNT_TRIAL_RESTRICTED');
    expectFailure(await call(t, 'GET', '/wps/cashier/paymentMethods', operator), 403, 'ACCOUNT_NOT_MEMBER');
  });
});

describe('manual bank-transfer deposit', () => {
  it('creates a pending order with the receiving account and an unguessable reference', async () => {
    const m = await memberWithSession();
    const rid = requestId();
    const res = await call(t, 'POST', '/wps/cashier/deposit', m.token, {
      methodCode: 'BANK_TRANSFER',
      amount: 1500.5,
      requestId: rid,
    });
    expect(res.statusCode).toBe(200);
    const order = res.json().value;
    expect(order).toMatchObject({
      methodCode: 'BANK_TRANSFER',
      kind: 'bank_transfer',
      amount: 1500.5,
      currency: 'PHP',
      status: 'pending',
      firstDeposit: true,
      hasProof: false,
      receivingAccount: { bankName: 'Demo Bank', accountName: 'Gamehall Demo Inc', accountNumber: '0012345678901' },
      payUrl: null,
    });
    expect(order.reference).toMatch(/^D[0-9A-F]{20}$/);
    // The desk's queue says where it is to be paid: the method's own account (no house account).
    const queue = await call(t, 'GET', `/admin/cashier/deposits?reference=${order.reference}`, operator);
    expect(
      queue.json().value.content.find((d: { reference: string }) => d.reference === order.reference),
    ).toMatchObject({
      receivingAccount: { id: null, label: 'Demo Bank 0012345678901' },
    });
    // A retry with the same requestId answers with the same order and creates nothing.
    const again = await call(t, 'POST', '/wps/cashier/deposit', m.token, {
      methodCode: 'BANK_TRANSFER',
      amount: 1500.5,
      requestId: rid,
    });
    expect(again.json().value.reference).toBe(order.reference);
    expect(await deposits(m.id)).toHaveLength(1);
    // The same requestId with other details is a conflict.
    expectFailure(
      await call(t, 'POST', '/wps/cashier/deposit', m.token, {
        methodCode: 'BANK_TRANSFER',
        amount: 200,
        requestId: rid,
      }),
      409,
      'CASHIER_REQUEST_CONFLICT',
    );
  });

  it('refuses amounts outside the method limits, unknown methods and bad input, creating nothing', async () => {
    const m = await memberWithSession();
    const body = (over: Record<string, unknown>) => ({
      methodCode: 'BANK_TRANSFER',
      amount: 500,
      requestId: requestId(),
      ...over,
    });
    const low = await call(t, 'POST', '/wps/cashier/deposit', m.token, body({ amount: 99.99 }));
    expectFailure(low, 400, 'CASHIER_AMOUNT_OUT_OF_RANGE');
    expect(low.json().value).toMatchObject({ min: 100, max: 500000 });
    expectFailure(
      await call(t, 'POST', '/wps/cashier/deposit', m.token, body({ amount: 500000.01 })),
      400,
      'CASHIER_AMOUNT_OUT_OF_RANGE',
    );
    expectFailure(
      await call(t, 'POST', '/wps/cashier/deposit', m.token, body({ methodCode: 'NOPE' })),
      404,
      'CASHIER_METHOD_UNAVAILABLE',
    );
    expectFailure(
      await call(t, 'POST', '/wps/cashier/deposit', m.token, body({ methodCode: 'WITHDRAWAL' })),
      404,
      'CASHIER_METHOD_UNAVAILABLE',
    );
    for (const bad of [
      { amount: 100.001 },
      { amount: -5 },
      { amount: 0 },
      { amount: '100' },
      { requestId: 'short' },
      { methodCode: '' },
    ]) {
      const res = await call(t, 'POST', '/wps/cashier/deposit', m.token, body(bad));
      expectFailure(res, 400, 'VALIDATION_FAILED');
    }
    expect(await deposits(m.id)).toHaveLength(0);
  });

  it('refuses guests and trial members', async () => {
    const body = { methodCode: 'BANK_TRANSFER', amount: 500, requestId: requestId() };
    expectFailure(await call(t, 'POST', '/wps/cashier/deposit', undefined, body), 401, 'AUTH_REQUIRED');
    const trial = await memberWithSession({ type: 4 });
    expectFailure(await call(t, 'POST', '/wps/cashier/deposit', trial.token, body), 403, 'ACCOUNT_TRIAL_RESTRICTED');
    expect(await deposits(trial.id)).toHaveLength(0);
  });

  it('takes a png or jpg proof up to 5 MB and refuses other files', async () => {
    const m = await memberWithSession();
    const other = await memberWithSession();
    const order = (
      await call(t, 'POST', '/wps/cashier/deposit', m.token, {
        methodCode: 'BANK_TRANSFER',
        amount: 300,
        requestId: requestId(),
      })
    ).json().value;
    const url = `/wps/cashier/deposit/${order.reference}/proof`;
    const gif = await injectMultipart(t, url, m.token, [
      { name: 'image', filename: 'a.gif', contentType: 'image/gif', data: Buffer.from('GIF89a....') },
    ]);
    expectFailure(gif, 415, 'UNSUPPORTED_MEDIA_TYPE');
    // A text file renamed to .png is refused on its bytes.
    const fake = await injectMultipart(t, url, m.token, [
      { name: 'image', filename: 'a.png', contentType: 'image/png', data: Buffer.from('not a png at all') },
    ]);
    expectFailure(fake, 415, 'UNSUPPORTED_MEDIA_TYPE');
    const big = Buffer.concat([PNG_BYTES, Buffer.alloc(5 * 1024 * 1024)]);
    expectFailure(
      await injectMultipart(t, url, m.token, [
        { name: 'image', filename: 'big.png', contentType: 'image/png', data: big },
      ]),
      413,
      'PAYLOAD_TOO_LARGE',
    );
    expectFailure(await injectMultipart(t, url, m.token, []), 400, 'VALIDATION_FAILED');
    expectFailure(await call(t, 'POST', url, m.token, { image: 'x' }), 415, 'UNSUPPORTED_MEDIA_TYPE');
    // Somebody else's order does not exist for this member.
    expectFailure(
      await injectMultipart(t, url, other.token, [
        { name: 'image', filename: 'a.png', contentType: 'image/png', data: PNG_BYTES },
      ]),
      404,
      'CASHIER_ORDER_NOT_FOUND',
    );
    expect(
      await t.ctx.db.selectFrom('cashier_files').select('id').where('reference', '=', order.reference).execute(),
    ).toHaveLength(0);

    const ok = await injectMultipart(t, url, m.token, [
      { name: 'image', filename: 'proof.jpg', contentType: 'image/jpeg', data: JPEG_BYTES },
    ]);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().value.hasProof).toBe(true);
    const stored = await t.ctx.db
      .selectFrom('cashier_files')
      .selectAll()
      .where('reference', '=', order.reference)
      .execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ purpose: 'deposit_proof', content_type: 'image/jpeg' });
    await expectImage(Buffer.from(stored[0]?.data ?? []), 'jpeg');
    // The operator sees the proof before deciding.
    const images = await call(t, 'GET', `/admin/cashier/images/${order.reference}`, operator);
    expect(images.statusCode).toBe(200);
    const [image] = images.json().value.list;
    expect(image).toMatchObject({ purpose: 'deposit_proof', contentType: 'image/jpeg', size: stored[0]?.size });
    const bytes = await call(t, 'GET', image.url, operator);
    expect(bytes.statusCode).toBe(200);
    expect(bytes.headers['content-type']).toBe('image/jpeg');
    expect(bytes.rawPayload.equals(Buffer.from(stored[0]?.data ?? []))).toBe(true);
    expectFailure(
      await call(t, 'GET', `/admin/cashier/images/${order.reference}/99999999`, operator),
      404,
      'NOT_FOUND',
    );
    expectFailure(await call(t, 'GET', image.url, m.token), 403, 'AUTH_FORBIDDEN');
  });

  it('is credited once by an approving operator, flagged as first deposit, and cannot then be rejected', {
    tags: ['postgres'],
  }, async () => {
    const m = await memberWithSession();
    const first = (
      await call(t, 'POST', '/wps/cashier/deposit', m.token, {
        methodCode: 'BANK_TRANSFER',
        amount: 1000,
        requestId: requestId(),
      })
    ).json().value;
    const second = (
      await call(t, 'POST', '/wps/cashier/deposit', m.token, {
        methodCode: 'BANK_TRANSFER',
        amount: 200,
        requestId: requestId(),
      })
    ).json().value;
    const approve = (ref: string) => call(t, 'POST', `/admin/cashier/deposits/${ref}/approve`, operator);
    const [a, b] = await Promise.all([approve(first.reference), approve(first.reference)]);
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    expect(a.json().value).toMatchObject({
      status: 'approved',
      firstDeposit: true,
      amount: 1000,
      member: { id: m.id },
    });
    expect(await cash(m.id)).toBe(100_000);
    expect((await approve(first.reference)).statusCode).toBe(200);
    expect(await cash(m.id)).toBe(100_000);
    const secondApproved = await approve(second.reference);
    expect(secondApproved.json().value.firstDeposit).toBe(false);
    expect(await cash(m.id)).toBe(120_000);
    expectFailure(
      await call(t, 'POST', `/admin/cashier/deposits/${first.reference}/reject`, operator, { reason: 'late' }),
      409,
      'CASHIER_STATE_CONFLICT',
    );
    const history = await call(t, 'GET', '/wps/cashier/deposits?status=approved', m.token);
    expect(history.json().value).toMatchObject({ totalElements: 2, pageNum: 1 });
    expect((await verifyLedger(t.ctx.db)).violations).toEqual([]);
  });

  it('is rejected with a reason, credits nothing, and cannot then be approved', async () => {
    const m = await memberWithSession();
    const order = (
      await call(t, 'POST', '/wps/cashier/deposit', m.token, {
        methodCode: 'BANK_TRANSFER',
        amount: 400,
        requestId: requestId(),
      })
    ).json().value;
    const url = `/admin/cashier/deposits/${order.reference}`;
    expectFailure(await call(t, 'POST', `${url}/reject`, operator, { reason: '' }), 400, 'VALIDATION_FAILED');
    const rejected = await call(t, 'POST', `${url}/reject`, operator, { reason: 'no transfer received' });
    expect(rejected.json().value).toMatchObject({ status: 'rejected', reason: 'no transfer received' });
    expect((await call(t, 'POST', `${url}/reject`, operator, { reason: 'again' })).statusCode).toBe(200);
    expectFailure(await call(t, 'POST', `${url}/approve`, operator), 409, 'CASHIER_STATE_CONFLICT');
    expect(await cash(m.id)).toBe(0);
    const mine = (await call(t, 'GET', '/wps/cashier/deposits', m.token)).json().value;
    expect(mine.content).toEqual([
      expect.objectContaining({ reference: order.reference, status: 'rejected', reason: 'no transfer received' }),
    ]);
    expectFailure(
      await call(t, 'POST', '/admin/cashier/deposits/DUNKNOWNREFERENCE/approve', operator),
      404,
      'CASHIER_ORDER_NOT_FOUND',
    );
    // Every operator action is in the audit log, refused ones with their code.
    const trail = await t.ctx.db
      .selectFrom('audit_log')
      .select(['event', 'success', 'detail'])
      .where('event', 'like', 'cashier.deposit.%')
      .where((eb) =>
        eb.or([eb(sql`detail->>'target'`, '=', order.reference), eb(sql`detail->>'target'`, '=', 'DUNKNOWNREFERENCE')]),
      )
      .orderBy('id')
      .execute();
    expect(trail.map((r) => [r.event, r.success, (r.detail as { code?: string }).code ?? null])).toEqual([
      ['cashier.deposit.reject', true, null],
      ['cashier.deposit.reject', true, null],
      ['cashier.deposit.approve', false, 'CASHIER_STATE_CONFLICT'],
      ['cashier.deposit.approve', false, 'CASHIER_ORDER_NOT_FOUND'],
    ]);
  });
});

/** A member with an online-gateway (sandbox) deposit order of `amount` pesos. */
async function gatewayOrder(amount = 250) {
  const m = await memberWithSession();
  const res = await call(t, 'POST', '/wps/cashier/deposit', m.token, {
    methodCode: 'SANDBOX_PAY',
    amount,
    requestId: requestId(),
  });
  expect(res.statusCode).toBe(200);
  return { m, order: res.json().value };
}

/** The sandbox gateway's callback with `body` as its raw bytes, signed with the gateway secret unless `signature` is given. */
async function callback(body: Record<string, unknown>, signature?: string) {
  const raw = JSON.stringify(body);
  const sig = signature ?? signBody(await gatewaySecret(t.ctx.db), raw);
  return t.app.inject({
    method: 'POST',
    url: '/wps/cashier/callback/sandbox',
    payload: raw,
    headers: { 'content-type': 'application/json', 'x-signature': sig },
  });
}

describe('online gateway deposit', () => {
  it('answers with a payUrl to a real sandbox page whose Pay button credits the member', async () => {
    const { m, order } = await gatewayOrder(250);
    expect(order).toMatchObject({ kind: 'gateway', status: 'pending', receivingAccount: null });
    expect(order.payUrl).toBe(`http://localhost:3000/sandbox-gateway/pay/${order.reference}`);
    const page = await t.app.inject({ method: 'GET', url: `/sandbox-gateway/pay/${order.reference}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('250.00');
    expect(page.body).toContain('value="pay"');
    expect(page.body).toContain('value="cancel"');
    const paid = await t.app.inject({
      method: 'POST',
      url: `/sandbox-gateway/pay/${order.reference}`,
      payload: 'action=pay',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(paid.statusCode).toBe(200);
    expect(paid.body).toContain('Payment complete');
    expect(await cash(m.id)).toBe(25_000);
    const [row] = await deposits(m.id);
    expect(row).toMatchObject({ status: 'approved', first_deposit: true });
    expect(row?.gateway_transaction_id).toMatch(/^SBX/);
    // The page no longer offers to pay.
    expect((await t.app.inject({ method: 'GET', url: `/sandbox-gateway/pay/${order.reference}` })).body).not.toContain(
      'value="pay"',
    );
    expect((await t.app.inject({ method: 'GET', url: '/sandbox-gateway/pay/DNOSUCHORDER' })).statusCode).toBe(404);
  });

  it('cancels through the Cancel button without credit', async () => {
    const { m, order } = await gatewayOrder(80);
    const res = await t.app.inject({
      method: 'POST',
      url: `/sandbox-gateway/pay/${order.reference}`,
      payload: 'action=cancel',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.body).toContain('Payment cancelled');
    expect((await deposits(m.id))[0]?.status).toBe('cancelled');
    expect(await cash(m.id)).toBe(0);
  });

  it('refuses a bad or missing signature with 401 and changes nothing', async () => {
    const { m, order } = await gatewayOrder(120);
    const body = { reference: order.reference, transactionId: 'T1', status: 'paid', amount: 12_000 };
    expectFailure(await callback(body, 'ab'.repeat(32)), 401, 'CASHIER_SIGNATURE_INVALID');
    expectFailure(await callback(body, 'not-hex'), 401, 'CASHIER_SIGNATURE_INVALID');
    const noSig = await t.app.inject({
      method: 'POST',
      url: '/wps/cashier/callback/sandbox',
      payload: JSON.stringify(body),
      headers: { 'content-type': 'application/json' },
    });
    expectFailure(noSig, 401, 'CASHIER_SIGNATURE_INVALID');
    // A signature over other bytes (re-serialised with spaces) does not verify: the raw body counts.
    const raw = JSON.stringify(body);
    const sig = signBody(await gatewaySecret(t.ctx.db), raw);
    const spaced = await t.app.inject({
      method: 'POST',
      url: '/wps/cashier/callback/sandbox',
      payload: JSON.stringify(body, null, 1),
      headers: { 'content-type': 'application/json', 'x-signature': sig },
    });
    expectFailure(spaced, 401, 'CASHIER_SIGNATURE_INVALID');
    expect(await cash(m.id)).toBe(0);
    expect((await deposits(m.id))[0]?.status).toBe('pending');
    // Signed but wrong amount or unknown order.
    expectFailure(await callback({ ...body, amount: 99_999 }), 400, 'CASHIER_CALLBACK_MISMATCH');
    expectFailure(await callback({ ...body, reference: 'DNOSUCHORDER' }), 404, 'CASHIER_ORDER_NOT_FOUND');
    expectFailure(await callback({ ...body, status: 'maybe' }), 400, 'BAD_REQUEST');
    expect(await cash(m.id)).toBe(0);
  });

  it('credits once under concurrent replays of the callback', { tags: ['postgres'] }, async () => {
    const { m, order } = await gatewayOrder(300);
    const body = { reference: order.reference, transactionId: 'TX-REPLAY', status: 'paid', amount: 30_000 };
    const results = await Promise.all(Array.from({ length: 8 }, () => callback(body)));
    for (const r of results) {
      expect(r.statusCode).toBe(200);
      expect(r.json().value).toEqual({ status: 'OK', reference: order.reference });
    }
    expect((await callback(body)).statusCode).toBe(200);
    expect(await cash(m.id)).toBe(30_000);
    const postings = await t.ctx.db
      .selectFrom('ledger_postings')
      .select('id')
      .where('reference', '=', order.reference)
      .execute();
    expect(postings).toHaveLength(1);
    // A late cancel for a paid order is a state conflict; an operator cannot approve a gateway order.
    expectFailure(await callback({ ...body, status: 'cancelled' }), 409, 'CASHIER_STATE_CONFLICT');
    const other = await gatewayOrder(60);
    expectFailure(
      await call(t, 'POST', `/admin/cashier/deposits/${other.order.reference}/approve`, operator),
      409,
      'CASHIER_STATE_CONFLICT',
    );
    expect((await verifyLedger(t.ctx.db)).violations).toEqual([]);
  });
});

describe('operator rejection of a gateway order', () => {
  it('is refused, so a later paid callback still credits the member, exactly once', async () => {
    const { m, order } = await gatewayOrder(75);
    const refused = await call(t, 'POST', `/admin/cashier/deposits/${order.reference}/reject`, operator, {
      reason: 'looks odd',
    });
    expectFailure(refused, 409, 'CASHIER_STATE_CONFLICT');
    expect(refused.json().value).toEqual({ status: 'pending' });
    expect((await deposits(m.id))[0]).toMatchObject({ status: 'pending', reason: null, decided_by: null });
    const paid = () =>
      callback({ reference: order.reference, transactionId: 'TX-AFTER-REJECT', status: 'paid', amount: 7_500 });
    expect((await paid()).statusCode).toBe(200);
    expect((await paid()).statusCode).toBe(200);
    expect(await cash(m.id)).toBe(7_500);
    expect((await deposits(m.id))[0]).toMatchObject({ status: 'approved', gateway_transaction_id: 'TX-AFTER-REJECT' });
    const postings = await t.ctx.db
      .selectFrom('ledger_postings')
      .select('id')
      .where('reference', '=', order.reference)
      .execute();
    expect(postings).toHaveLength(1);
    // Once paid it cannot be rejected either.
    expectFailure(
      await call(t, 'POST', `/admin/cashier/deposits/${order.reference}/reject`, operator, { reason: 'late' }),
      409,
      'CASHIER_STATE_CONFLICT',
    );
  });
});

describe('deposit order rate', () => {
  it('lets a member open at most 20 orders an hour', async () => {
    const m = await memberWithSession();
    const open = () =>
      call(t, 'POST', '/wps/cashier/deposit', m.token, {
        methodCode: 'BANK_TRANSFER',
        amount: 100,
        requestId: requestId(),
      });
    for (let i = 0; i < 20; i++) expect((await open()).statusCode).toBe(200);
    const refused = await open();
    expectFailure(refused, 429, 'RATE_LIMITED');
    expect(refused.json().value.retryAfterSeconds).toBeGreaterThan(0);
    expect(await deposits(m.id)).toHaveLength(20);
    t.advance(3600_000);
    expect((await open()).statusCode).toBe(200);
  });
});

describe('GET /wps/cashier/deposits', () => {
  it('pages the member’s own orders, newest first, with a status filter', async () => {
    const m = await memberWithSession();
    const other = await memberWithSession();
    await call(t, 'POST', '/wps/cashier/deposit', other.token, {
      methodCode: 'BANK_TRANSFER',
      amount: 100,
      requestId: requestId(),
    });
    const refs: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await call(t, 'POST', '/wps/cashier/deposit', m.token, {
        methodCode: 'BANK_TRANSFER',
        amount: 100 + i,
        requestId: requestId(),
      });
      refs.push(res.json().value.reference);
      t.advance(1000);
    }
    const page1 = (await call(t, 'GET', '/wps/cashier/deposits?pageNo=1&pageSize=2', m.token)).json().value;
    expect(page1).toMatchObject({ pageNum: 1, pageSize: 2, totalPages: 2, totalElements: 3 });
    expect(page1.content.map((d: { reference: string }) => d.reference)).toEqual([refs[2], refs[1]]);
    const page2 = (await call(t, 'GET', '/wps/cashier/deposits?pageNo=2&pageSize=2', m.token)).json().value;
    expect(page2.content.map((d: { reference: string }) => d.reference)).toEqual([refs[0]]);
    expect((await call(t, 'GET', '/wps/cashier/deposits?status=approved', m.token)).json().value.totalElements).toBe(0);
    expectFailure(await call(t, 'GET', '/wps/cashier/deposits?status=bogus', m.token), 400, 'VALIDATION_FAILED');
    expectFailure(await call(t, 'GET', '/wps/cashier/deposits?pageSize=1000', m.token), 400, 'VALIDATION_FAILED');
  });
});
