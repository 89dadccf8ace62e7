import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { actors, call, expectFailure, requestId } from './cashier.fixtures';

let t: TestApp;
let operator: string;

beforeAll(async () => {
  t = await createTestApp();
  operator = (await operatorWith()).token;
});
afterAll(() => t.close());

const { member: memberWithSession, operator: operatorWith } = actors(() => t, createMember);

function put(url: string, token: string | undefined, body: unknown) {
  return t.app.inject({
    method: 'PUT',
    url,
    headers: token ? { authorization: token } : {},
    payload: body as Record<string, unknown>,
  });
}

async function storedSettings() {
  return t.ctx.db
    .selectFrom('cashier_settings')
    .select(['receipt_confirm_minutes', 'turnover_percent'])
    .executeTakeFirstOrThrow();
}

async function auditTrail(event: string) {
  return t.ctx.db
    .selectFrom('audit_log')
    .select(['success', 'detail'])
    .where('event', '=', event)
    .orderBy('id')
    .execute();
}

describe('GET and PUT /admin/cashier/settings', () => {
  it('shows the settings and every method, and changes minutes and turnover for members', async () => {
    const res = await call(t, 'GET', '/admin/cashier/settings', operator);
    expect(res.statusCode).toBe(200);
    expect(res.json().value).toEqual({
      receiptConfirmMinutes: 60,
      turnoverPercent: 0,
      gatewayExpiryMinutes: 30,
      methods: [
        {
          code: 'BANK_TRANSFER',
          name: 'Bank transfer',
          kind: 'bank_transfer',
          active: true,
          min: 100,
          max: 500000,
          receivingAccount: { bankName: 'Demo Bank', accountName: 'Gamehall Demo Inc', accountNumber: '0012345678901' },
          provider: null,
          paymentProvider: null,
        },
        {
          code: 'SANDBOX_PAY',
          name: 'Online payment (sandbox)',
          kind: 'gateway',
          active: true,
          min: 50,
          max: 100000,
          receivingAccount: null,
          provider: null,
          paymentProvider: null,
        },
        {
          code: 'EWALLET',
          name: 'E-wallet',
          kind: 'ewallet',
          active: true,
          min: 100,
          max: 50000,
          receivingAccount: null,
          // The demo provider: an invented name, paid at the sandbox gateway (no pay page or secret).
          provider: { name: 'KalapatiPay (sandbox)', payUrl: null, deepLink: null, hasSecret: false },
          paymentProvider: null,
        },
        {
          code: 'WITHDRAWAL',
          name: 'Withdrawal to bank account',
          kind: 'withdrawal',
          active: true,
          min: 100,
          max: 50000,
          receivingAccount: null,
          provider: null,
          paymentProvider: null,
        },
        // Served by Xendit once an operator connects it (docs/cashier.md "Payment providers"): off until then.
        ...[
          ['GCASH', 'GCash', 'PH_GCASH'],
          ['MAYA', 'Maya', 'PH_PAYMAYA'],
        ].map(([code, name, channel]) => ({
          code,
          name,
          kind: 'ewallet',
          active: false,
          min: 100,
          max: 50000,
          receivingAccount: null,
          provider: null,
          paymentProvider: { code: 'xendit', channel },
        })),
      ],
    });

    const changed = await put('/admin/cashier/settings', operator, { receiptConfirmMinutes: 30, turnoverPercent: 150 });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().value).toMatchObject({ receiptConfirmMinutes: 30, turnoverPercent: 150 });
    expect(await storedSettings()).toEqual({ receipt_confirm_minutes: 30, turnover_percent: 150 });
    const m = await memberWithSession();
    expect((await call(t, 'GET', '/wps/cashier/paymentMethods', m.token)).json().value.receiptConfirmMinutes).toBe(30);
    // One field alone leaves the other as it is.
    await put('/admin/cashier/settings', operator, { turnoverPercent: 0 });
    expect(await storedSettings()).toEqual({ receipt_confirm_minutes: 30, turnover_percent: 0 });
    const trail = await auditTrail('cashier.settings');
    expect(trail.map((r) => [r.success, r.detail])).toEqual([
      [
        true,
        {
          target: 'cashier_settings',
          before: { receiptConfirmMinutes: 60, turnoverPercent: 0, gatewayExpiryMinutes: 30 },
          after: { receiptConfirmMinutes: 30, turnoverPercent: 150, gatewayExpiryMinutes: 30 },
        },
      ],
      [
        true,
        {
          target: 'cashier_settings',
          before: { receiptConfirmMinutes: 30, turnoverPercent: 150, gatewayExpiryMinutes: 30 },
          after: { receiptConfirmMinutes: 30, turnoverPercent: 0, gatewayExpiryMinutes: 30 },
        },
      ],
    ]);
  });

  it('refuses bad values, an empty change and callers without the cashier permission, changing nothing', async () => {
    const before = await storedSettings();
    for (const body of [
      {},
      { receiptConfirmMinutes: 0 },
      { receiptConfirmMinutes: 1.5 },
      { receiptConfirmMinutes: 43_201 },
      { turnoverPercent: -1 },
      { turnoverPercent: '10' },
      { gatewaySecret: 'x' },
    ]) {
      expectFailure(await put('/admin/cashier/settings', operator, body), 400, 'VALIDATION_FAILED');
    }
    const brandOnly = await operatorWith(['site.write']);
    expectFailure(await put('/admin/cashier/settings', brandOnly.token, { turnoverPercent: 5 }), 403, 'AUTH_FORBIDDEN');
    expectFailure(await call(t, 'GET', '/admin/cashier/settings', brandOnly.token), 403, 'AUTH_FORBIDDEN');
    const m = await memberWithSession();
    expectFailure(await put('/admin/cashier/settings', m.token, { turnoverPercent: 5 }), 403, 'AUTH_FORBIDDEN');
    expectFailure(await put('/admin/cashier/settings', undefined, { turnoverPercent: 5 }), 401, 'AUTH_REQUIRED');
    expect(await storedSettings()).toEqual(before);
  });
});

describe('PUT /admin/cashier/methods/:code', () => {
  it('changes limits and the receiving account members see and deposits are held to', async () => {
    const res = await put('/admin/cashier/methods/BANK_TRANSFER', operator, {
      min: 200,
      max: 1000.5,
      receivingAccount: { bankName: 'Metro Bank', accountName: 'Gamehall Ops', accountNumber: '9876543210' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().value).toMatchObject({
      code: 'BANK_TRANSFER',
      min: 200,
      max: 1000.5,
      receivingAccount: { bankName: 'Metro Bank', accountName: 'Gamehall Ops', accountNumber: '9876543210' },
    });
    const m = await memberWithSession();
    const methods = (await call(t, 'GET', '/wps/cashier/paymentMethods', m.token)).json().value;
    expect(methods.deposit[0]).toMatchObject({ code: 'BANK_TRANSFER', min: 200, max: 1000.5 });
    const deposit = (amount: number) =>
      call(t, 'POST', '/wps/cashier/deposit', m.token, { methodCode: 'BANK_TRANSFER', amount, requestId: requestId() });
    expectFailure(await deposit(150), 400, 'CASHIER_AMOUNT_OUT_OF_RANGE');
    expectFailure(await deposit(1000.51), 400, 'CASHIER_AMOUNT_OUT_OF_RANGE');
    const ok = await deposit(1000.5);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().value.receivingAccount).toEqual({
      bankName: 'Metro Bank',
      accountName: 'Gamehall Ops',
      accountNumber: '9876543210',
    });

    // Switched off, a method is neither listed nor accepted; switched on again it is.
    expect((await put('/admin/cashier/methods/SANDBOX_PAY', operator, { active: false })).json().value.active).toBe(
      false,
    );
    const listed = (await call(t, 'GET', '/wps/cashier/paymentMethods', m.token)).json().value.deposit;
    expect(listed.map((d: { code: string }) => d.code)).toEqual(['BANK_TRANSFER', 'EWALLET']);
    expectFailure(
      await call(t, 'POST', '/wps/cashier/deposit', m.token, {
        methodCode: 'SANDBOX_PAY',
        amount: 100,
        requestId: requestId(),
      }),
      404,
      'CASHIER_METHOD_UNAVAILABLE',
    );
    await put('/admin/cashier/methods/SANDBOX_PAY', operator, { active: true });
    const again = (await call(t, 'GET', '/wps/cashier/paymentMethods', m.token)).json().value.deposit;
    expect(again.map((d: { code: string }) => d.code)).toEqual(['BANK_TRANSFER', 'SANDBOX_PAY', 'EWALLET']);

    const trail = await auditTrail('cashier.method');
    expect(trail[0]?.detail).toMatchObject({
      target: 'BANK_TRANSFER',
      before: { min: 100, max: 500000, receivingAccount: { bankName: 'Demo Bank' } },
      after: { min: 200, max: 1000.5, receivingAccount: { bankName: 'Metro Bank' } },
    });
  });

  it('refuses min above max, an account on a method without one, unknown methods and bad input', async () => {
    const methods = async () => t.ctx.db.selectFrom('payment_methods').selectAll().orderBy('code').execute();
    const before = await methods();
    const bad = await put('/admin/cashier/methods/WITHDRAWAL', operator, { min: 60000 });
    expectFailure(bad, 400, 'VALIDATION_FAILED');
    expect(bad.json().value.fields).toEqual({ min: 'INVALID' });
    const badMax = await put('/admin/cashier/methods/WITHDRAWAL', operator, { max: 50 });
    expect(badMax.json().value.fields).toEqual({ max: 'INVALID' });
    const account = { bankName: 'Metro Bank', accountName: 'Gamehall Ops', accountNumber: '9876543210' };
    const noAccount = await put('/admin/cashier/methods/SANDBOX_PAY', operator, { receivingAccount: account, min: 60 });
    expect(noAccount.json().value.fields).toEqual({ receivingAccount: 'INVALID' });
    expectFailure(
      await put('/admin/cashier/methods/NOPE', operator, { active: true }),
      404,
      'CASHIER_METHOD_UNAVAILABLE',
    );
    for (const body of [
      {},
      { min: 0 },
      { min: -5 },
      { max: 10.001 },
      { active: 'yes' },
      { name: 'Renamed' },
      { receivingAccount: { ...account, accountNumber: '12ab' } },
    ]) {
      expectFailure(await put('/admin/cashier/methods/WITHDRAWAL', operator, body), 400, 'VALIDATION_FAILED');
    }
    const brandOnly = await operatorWith(['site.write']);
    expectFailure(
      await put('/admin/cashier/methods/WITHDRAWAL', brandOnly.token, { active: false }),
      403,
      'AUTH_FORBIDDEN',
    );
    expect(await methods()).toEqual(before);
    const refused = await auditTrail('cashier.method');
    expect(refused.filter((r) => !r.success).map((r) => (r.detail as { code: string }).code)).toContain(
      'CASHIER_METHOD_UNAVAILABLE',
    );
  });
});
