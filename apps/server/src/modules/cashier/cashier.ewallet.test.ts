// postgres: concurrent e-wallet callbacks for one order credit it once
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { balanceOf, verifyLedger } from '../ledger/ledger.service';
import { actors, call, expectFailure, requestId } from './cashier.fixtures';
import { gatewaySecret, signBody } from './cashier-callbacks.service';

// The e-wallet method (docs/cashier.md "E-wallet"): in demo mode it is paid at the sandbox gateway
// under the demo provider's invented name; once an operator configures a provider, its pay page and
// deep link come from the provider's templates and only callbacks signed with its secret settle it.

let t: TestApp;
let operator: string;

beforeAll(async () => {
  t = await createTestApp();
  operator = (await operatorToken()).token;
});
afterAll(() => t.close());

const { member: memberWithSession, operator: operatorToken } = actors(() => t, createMember);

async function cash(memberId: number) {
  return (await balanceOf(t.ctx.db, memberId, 'PHP')).balance;
}

function signedPost(url: string, body: Record<string, unknown>, secret: string) {
  const raw = JSON.stringify(body);
  return t.app.inject({
    method: 'POST',
    url,
    payload: raw,
    headers: { 'content-type': 'application/json', 'x-signature': signBody(secret, raw) },
  });
}

async function ewalletOrder(token: string, amount: number, methodCode = 'EWALLET') {
  const res = await call(t, 'POST', '/wps/cashier/deposit', token, { methodCode, amount, requestId: requestId() });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value;
}

describe('the e-wallet method in demo mode', () => {
  it('is offered with its provider, quick amounts from its limits, and the last method and amount', async () => {
    const m = await memberWithSession();
    const before = (await call(t, 'GET', '/wps/cashier/paymentMethods', m.token)).json().value;
    const ewallet = before.deposit.find((d: { code: string }) => d.code === 'EWALLET');
    expect(ewallet).toEqual({
      code: 'EWALLET',
      name: 'E-wallet',
      kind: 'ewallet',
      min: 100,
      max: 50000,
      quickAmounts: [100, 200, 500, 1000, 2000, 5000],
      provider: 'KalapatiPay (sandbox)',
    });
    expect(before.last).toBeNull();

    await ewalletOrder(m.token, 500);
    const after = (await call(t, 'GET', '/wps/cashier/paymentMethods', m.token)).json().value;
    expect(after.last).toEqual({ methodCode: 'EWALLET', amount: 500 });
    // Another member's orders are not theirs to see.
    const other = await memberWithSession();
    expect((await call(t, 'GET', '/wps/cashier/paymentMethods', other.token)).json().value.last).toBeNull();
  });

  it('answers with a pay page (the QR code) and a deep link, and the sandbox Pay button credits once', async () => {
    const m = await memberWithSession();
    const order = await ewalletOrder(m.token, 200);
    expect(order).toMatchObject({ kind: 'ewallet', status: 'pending', receivingAccount: null });
    expect(order.payUrl).toBe(`http://localhost:3000/sandbox-gateway/pay/${order.reference}`);
    expect(order.deepLink).toBe(order.payUrl);
    const page = await t.app.inject({ method: 'GET', url: `/sandbox-gateway/pay/${order.reference}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('value="pay"');
    for (let i = 0; i < 2; i++)
      await t.app.inject({
        method: 'POST',
        url: `/sandbox-gateway/pay/${order.reference}`,
        payload: 'action=pay',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
    expect(await cash(m.id)).toBe(20_000);
  });

  it('credits once when the signed callback is retried and when callbacks arrive together', {
    tags: ['postgres'],
  }, async () => {
    const m = await memberWithSession();
    const order = await ewalletOrder(m.token, 300);
    const secret = await gatewaySecret(t.ctx.db);
    const body = (n: number) => ({
      reference: order.reference,
      transactionId: `EW${n}`,
      status: 'paid',
      amount: 30_000,
    });
    const together = await Promise.all(
      Array.from({ length: 8 }, (_, n) => signedPost('/wps/cashier/callback/sandbox', body(n), secret)),
    );
    expect(together.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
    for (let n = 0; n < 3; n++)
      expect((await signedPost('/wps/cashier/callback/sandbox', body(100 + n), secret)).statusCode).toBe(200);
    expect(await cash(m.id)).toBe(30_000);
    const postings = await t.ctx.db
      .selectFrom('ledger_postings')
      .select('id')
      .where('reference', '=', order.reference)
      .execute();
    expect(postings).toHaveLength(1);
    const row = await t.ctx.db
      .selectFrom('deposit_orders')
      .select(['status', 'first_deposit'])
      .where('reference', '=', order.reference)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'approved', first_deposit: true });
    expect((await verifyLedger(t.ctx.db)).ok).toBe(true);
  });

  it('refuses a callback with a wrong signature or amount, crediting nothing', async () => {
    const m = await memberWithSession();
    const order = await ewalletOrder(m.token, 150);
    const body = { reference: order.reference, transactionId: 'EWBAD', status: 'paid', amount: 15_000 };
    expectFailure(
      await signedPost('/wps/cashier/callback/sandbox', body, 'not-the-secret'),
      401,
      'CASHIER_SIGNATURE_INVALID',
    );
    expectFailure(
      await signedPost('/wps/cashier/callback/sandbox', { ...body, amount: 1 }, await gatewaySecret(t.ctx.db)),
      400,
      'CASHIER_CALLBACK_MISMATCH',
    );
    expect(await cash(m.id)).toBe(0);
  });
});

describe('an e-wallet provider configured by the operator', () => {
  const secret = 'p'.repeat(40);

  it('is set on the payment method (the secret never shown), then pays at the provider', {
    tags: ['postgres'],
  }, async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/admin/cashier/methods/EWALLET',
      headers: { authorization: operator },
      payload: {
        provider: {
          name: 'Pay Provider Test',
          payUrl: 'https://pay.provider.test/checkout?ref={reference}&amt={amount}',
          deepLink: 'providerapp://pay?ref={reference}&amt={amount}',
          secret,
        },
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().value.provider).toEqual({
      name: 'Pay Provider Test',
      payUrl: 'https://pay.provider.test/checkout?ref={reference}&amt={amount}',
      deepLink: 'providerapp://pay?ref={reference}&amt={amount}',
      hasSecret: true,
    });
    expect(JSON.stringify(res.json())).not.toContain(secret);
    // A provider on a method of another kind, or a plain-http pay page, is refused.
    const wrong = await t.app.inject({
      method: 'PUT',
      url: '/admin/cashier/methods/BANK_TRANSFER',
      headers: { authorization: operator },
      payload: { provider: { name: 'X Pay', payUrl: 'https://x.test/{reference}', deepLink: null, secret } },
    });
    expect(wrong.statusCode).toBe(400);
    const http = await t.app.inject({
      method: 'PUT',
      url: '/admin/cashier/methods/EWALLET',
      headers: { authorization: operator },
      payload: { provider: { name: 'X Pay', payUrl: 'http://x.test/{reference}', deepLink: null, secret } },
    });
    expect(http.statusCode).toBe(400);

    const m = await memberWithSession();
    const order = await ewalletOrder(m.token, 1234.5);
    expect(order.payUrl).toBe(`https://pay.provider.test/checkout?ref=${order.reference}&amt=1234.50`);
    expect(order.deepLink).toBe(`providerapp://pay?ref=${order.reference}&amt=1234.50`);
    // The sandbox no longer pays it: neither its page nor its key settles the provider's orders.
    expect((await t.app.inject({ method: 'GET', url: `/sandbox-gateway/pay/${order.reference}` })).statusCode).toBe(
      404,
    );
    const body = { reference: order.reference, transactionId: 'PRV1', status: 'paid', amount: 123_450 };
    expectFailure(
      await signedPost('/wps/cashier/callback/sandbox', body, await gatewaySecret(t.ctx.db)),
      404,
      'CASHIER_ORDER_NOT_FOUND',
    );
    expectFailure(
      await signedPost('/wps/cashier/callback/ewallet/EWALLET', body, await gatewaySecret(t.ctx.db)),
      401,
      'CASHIER_SIGNATURE_INVALID',
    );
    const together = await Promise.all(
      Array.from({ length: 6 }, (_, n) =>
        signedPost('/wps/cashier/callback/ewallet/EWALLET', { ...body, transactionId: `PRV${n}` }, secret),
      ),
    );
    expect(together.map((r) => r.statusCode)).toEqual(Array(6).fill(200));
    expect(await cash(m.id)).toBe(123_450);
    // A provider's key settles only its own method's orders.
    const sandboxOrder = await ewalletOrder(m.token, 100, 'SANDBOX_PAY');
    expectFailure(
      await signedPost(
        '/wps/cashier/callback/ewallet/EWALLET',
        { reference: sandboxOrder.reference, transactionId: 'PRVX', status: 'paid', amount: 10_000 },
        secret,
      ),
      404,
      'CASHIER_ORDER_NOT_FOUND',
    );
    // A method without a provider has no callback.
    expectFailure(
      await signedPost('/wps/cashier/callback/ewallet/SANDBOX_PAY', body, secret),
      404,
      'CASHIER_METHOD_UNAVAILABLE',
    );
    expect((await verifyLedger(t.ctx.db)).ok).toBe(true);
  });
});
