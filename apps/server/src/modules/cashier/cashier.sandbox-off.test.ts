import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { actors, call, expectFailure, requestId } from './cashier.fixtures';
import { SANDBOX_METHOD } from './cashier.service';
import { gatewaySecret, signBody } from './cashier-callbacks.service';

// Outside demo mode (a production deployment) the sandbox gateway would let any member credit
// themselves: its method is neither offered nor accepted and its pages and callback do not exist.

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ demo: false });
});
afterAll(() => t.close());

const { member: memberWithSession, operator: operatorWithSession } = actors(() => t, createMember);

describe('the sandbox gateway outside demo mode', () => {
  it('is not listed, refuses deposits, and its pay page and callback answer 404', async () => {
    const m = await memberWithSession();
    const methods = await call(t, 'GET', '/wps/cashier/paymentMethods', m.token);
    expect(methods.statusCode).toBe(200);
    const codes = methods.json().value.deposit.map((d: { code: string }) => d.code);
    // A fresh database has no receiving account for bank transfers: nothing is offered yet.
    expect(codes).toEqual([]);

    expectFailure(
      await call(t, 'POST', '/wps/cashier/deposit', m.token, {
        methodCode: SANDBOX_METHOD,
        amount: 100,
        requestId: requestId(),
      }),
      404,
      'CASHIER_METHOD_UNAVAILABLE',
    );
    expect(await t.ctx.db.selectFrom('deposit_orders').select('id').where('member_id', '=', m.id).execute()).toEqual(
      [],
    );
    // Once the operator sets the brand's receiving account, the bank transfer is offered and works.
    await t.ctx.db
      .updateTable('payment_methods')
      .set({ bank_name: 'Metro Bank', account_name: 'Brand Ops', account_number: '9876543210' })
      .where('code', '=', 'BANK_TRANSFER')
      .execute();
    const offered = await call(t, 'GET', '/wps/cashier/paymentMethods', m.token);
    expect(offered.json().value.deposit.map((d: { code: string }) => d.code)).toEqual(['BANK_TRANSFER']);
    const bank = await call(t, 'POST', '/wps/cashier/deposit', m.token, {
      methodCode: 'BANK_TRANSFER',
      amount: 100,
      requestId: requestId(),
    });
    expect(bank.statusCode).toBe(200);

    // A gateway order left from a time the sandbox was on cannot be paid through it now.
    const reference = 'DSANDBOXLEFTOVER0001';
    await t.ctx.db
      .insertInto('deposit_orders')
      .values({
        reference,
        member_id: m.id,
        request_id: requestId(),
        method_code: SANDBOX_METHOD,
        method_kind: 'gateway',
        amount: 10_000,
        currency: 'PHP',
        created_at: new Date(),
      })
      .execute();
    expect((await t.app.inject({ method: 'GET', url: `/sandbox-gateway/pay/${reference}` })).statusCode).toBe(404);
    const pay = await t.app.inject({
      method: 'POST',
      url: `/sandbox-gateway/pay/${reference}`,
      payload: 'action=pay',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(pay.statusCode).toBe(404);
    const raw = JSON.stringify({ reference, transactionId: 'TX-OFF', status: 'paid', amount: 10_000 });
    const callback = await t.app.inject({
      method: 'POST',
      url: '/wps/cashier/callback/sandbox',
      payload: raw,
      headers: { 'content-type': 'application/json', 'x-signature': signBody(await gatewaySecret(t.ctx.db), raw) },
    });
    expect(callback.statusCode).toBe(404);
    const order = await t.ctx.db
      .selectFrom('deposit_orders')
      .select('status')
      .where('reference', '=', reference)
      .executeTakeFirstOrThrow();
    expect(order.status).toBe('pending');
    expect(
      await t.ctx.db.selectFrom('ledger_postings').select('id').where('reference', '=', reference).execute(),
    ).toEqual([]);
  });

  it('offers the e-wallet only once the operator configures its provider, which then settles it', async () => {
    const m = await memberWithSession();
    const method = await t.ctx.db
      .selectFrom('payment_methods')
      .select(['provider_name', 'provider_pay_url'])
      .where('code', '=', 'EWALLET')
      .executeTakeFirstOrThrow();
    // No demo provider outside demo mode, and no sandbox to stand in for one.
    expect(method).toEqual({ provider_name: null, provider_pay_url: null });
    const codes = async () =>
      (await call(t, 'GET', '/wps/cashier/paymentMethods', m.token))
        .json()
        .value.deposit.map((d: { code: string }) => d.code);
    expect(await codes()).not.toContain('EWALLET');
    expectFailure(
      await call(t, 'POST', '/wps/cashier/deposit', m.token, {
        methodCode: 'EWALLET',
        amount: 100,
        requestId: requestId(),
      }),
      404,
      'CASHIER_METHOD_UNAVAILABLE',
    );
    const secret = 's'.repeat(48);
    await t.ctx.db
      .updateTable('payment_methods')
      .set({
        provider_name: 'Pay Provider Test',
        provider_pay_url: 'https://pay.provider.test/{reference}',
        provider_secret: secret,
      })
      .where('code', '=', 'EWALLET')
      .execute();
    expect(await codes()).toContain('EWALLET');
    const order = (
      await call(t, 'POST', '/wps/cashier/deposit', m.token, {
        methodCode: 'EWALLET',
        amount: 100,
        requestId: requestId(),
      })
    ).json().value;
    expect(order.payUrl).toBe(`https://pay.provider.test/${order.reference}`);
    // No deep link template: the pay page stands in for it.
    expect(order.deepLink).toBe(order.payUrl);
    const raw = JSON.stringify({
      reference: order.reference,
      transactionId: 'PRV-OFF',
      status: 'paid',
      amount: 10_000,
    });
    const paid = await t.app.inject({
      method: 'POST',
      url: '/wps/cashier/callback/ewallet/EWALLET',
      payload: raw,
      headers: { 'content-type': 'application/json', 'x-signature': signBody(secret, raw) },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const row = await t.ctx.db
      .selectFrom('deposit_orders')
      .select('status')
      .where('reference', '=', order.reference)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('approved');
  });
});

describe('payment providers off the demo', () => {
  it("takes no deposit in Xendit's test mode, whose checkout only simulates payments", async () => {
    const op = await operatorWithSession();
    const put = (body: Record<string, unknown>) => call(t, 'PUT', '/admin/cashier/providers/xendit', op.token, body);
    const keys = { secretKey: 'xnd_development_production0000000001', webhookToken: 'tok-test-production-0001' };
    expect((await put({ keys: { test: keys } })).statusCode).toBe(200);
    const enabled = await put({ mode: 'test', enabled: true });
    expectFailure(enabled, 400, 'VALIDATION_FAILED');
    expect(enabled.json().value.fields).toEqual({ mode: 'TEST_ON_DEMO_ONLY' });
    // A test-mode webhook with the right token is heard and moves nothing.
    const hook = await t.app.inject({
      method: 'POST',
      url: '/wps/cashier/webhooks/xendit',
      headers: { 'content-type': 'application/json', 'x-callback-token': keys.webhookToken, 'webhook-id': 'prod-1' },
      payload: JSON.stringify({
        event: 'ewallet.capture',
        data: { id: 'ewc_1', reference_id: 'DANY', status: 'SUCCEEDED', charge_amount: 100, currency: 'PHP' },
      }),
    });
    expect(hook.json().value).toEqual({ status: 'OK', outcome: 'test-ignored' });
  });
});
