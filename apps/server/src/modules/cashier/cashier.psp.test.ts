// postgres: webhooks, the state query and a retried deposit at once credit one order once
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runDue } from '../../scheduler/scheduler';
import { createMember } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { startXenditSimulator, type XenditSimulator } from '../../test/xendit-simulator';
import { balanceOf, verifyLedger } from '../ledger/ledger.service';
import { reportRollupsJob } from '../reports/reports.jobs';
import { actors, call, expectFailure, fund, requestId } from './cashier.fixtures';
import { gatewayDepositExpiryJob, pspReconcileJob } from './cashier.jobs';
import { openApprovedWithdrawal } from './cashier-withdrawals.service';
import { connectionOf } from './psp/registry';

// Payment providers through HTTP (docs/cashier.md "Payment providers"), against a local simulator
// of Xendit's API and webhooks: connecting with test keys (secrets never shown back), a GCash deposit
// credited exactly once whether its webhook comes twice, late, out of order or never (the state
// query settles it), a provider that cannot be reached or refuses, and payouts paid or returned.

const TEST_KEY = {
  secretKey: 'xnd_development_simulated0000000001',
  callbackToken: 'tok-test-0123456789abcdef',
  mode: 'test' as const,
};
const OTHER_KEY = { secretKey: 'xnd_development_unknown000000000000', callbackToken: 'tok-unknown-000000000000' };
const LIVE_KEY = {
  secretKey: 'xnd_production_simulated00000000001',
  callbackToken: 'tok-live-0123456789abcdef',
  mode: 'live' as const,
};

let t: TestApp;
let sim: XenditSimulator;
let admin: string;
const { member, operator } = actors(() => t, createMember);

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as AddressInfo;
  const hook = `http://127.0.0.1:${port}/wps/cashier/webhooks/xendit`;
  sim = await startXenditSimulator({
    keys: [TEST_KEY, LIVE_KEY],
    webhookUrl: { test: hook, live: hook },
    retryDelaysMs: [50, 100],
  });
  admin = (await operator()).token;
});
afterAll(async () => {
  await sim?.close();
  await t?.close();
});
beforeEach(() => {
  sim.webhooks.duplicate = false;
  sim.webhooks.hold = false;
  sim.webhooks.drop = false;
});

const put = (body: Record<string, unknown>) => call(t, 'PUT', '/admin/cashier/providers/xendit', admin, body);

async function connect() {
  const res = await put({
    apiBaseUrl: sim.url,
    keys: { test: { secretKey: TEST_KEY.secretKey, webhookToken: TEST_KEY.callbackToken } },
    mode: 'test',
    enabled: true,
    payoutsEnabled: true,
  });
  expect(res.statusCode, res.body).toBe(200);
  const on = await call(t, 'PUT', '/admin/cashier/methods/GCASH', admin, { active: true });
  expect(on.statusCode, on.body).toBe(200);
}

async function cash(memberId: number) {
  return (await balanceOf(t.ctx.db, memberId, 'PHP')).balance;
}

async function deposit(token: string, amount = 500, rid = requestId()) {
  const res = await call(t, 'POST', '/wps/cashier/deposit', token, { methodCode: 'GCASH', amount, requestId: rid });
  return res;
}

function chargeOf(reference: string) {
  const found = [...sim.charges.values()].filter((c) => c.reference_id === reference);
  expect(found).toHaveLength(1);
  return found[0] as NonNullable<(typeof found)[0]>;
}

async function order(reference: string) {
  return t.ctx.db.selectFrom('deposit_orders').selectAll().where('reference', '=', reference).executeTakeFirstOrThrow();
}

// How far each job has been run ahead of the clock: each run is a period later than the last.
const ranAhead = new Map<string, number>();

/** Runs a job as the scheduler would, in a period of its own after `ahead` more. */
async function runJob(job: typeof pspReconcileJob, step = job.everyMs) {
  const ahead = (ranAhead.get(job.name) ?? 0) + step;
  ranAhead.set(job.name, ahead);
  t.advance(ahead);
  try {
    expect(await runDue(t.ctx, job)).toBe(true);
  } finally {
    t.advance(-ahead);
  }
}

async function until(check: () => Promise<boolean>, what: string) {
  // Generous: under the full suite's load a webhook's loopback round trip can take seconds.
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  const events = await t.ctx.db.selectFrom('payment_webhook_events').selectAll().execute();
  throw new Error(
    `timed out waiting for ${what}; webhooks: ${JSON.stringify(events)}; deliveries: ${JSON.stringify(sim.deliveries)}`,
  );
}

describe('connecting Xendit', () => {
  it('keeps test and live keys apart, never shows a secret back, and tests the keys', async () => {
    expectFailure(
      await put({ keys: { test: { secretKey: LIVE_KEY.secretKey, webhookToken: LIVE_KEY.callbackToken } } }),
      400,
      'VALIDATION_FAILED',
    );
    const wrongMode = await put({
      keys: { live: { secretKey: TEST_KEY.secretKey, webhookToken: TEST_KEY.callbackToken } },
    });
    expect(wrongMode.json().value.fields).toEqual({ 'keys.live.secretKey': 'INVALID' });
    const noKeys = await put({ mode: 'live', enabled: true });
    expect(noKeys.json().value.fields).toEqual({ enabled: 'KEYS_REQUIRED' });
    expectFailure(await put({ apiBaseUrl: 'http://203.0.113.9' }), 400, 'VALIDATION_FAILED');
    const plain = await operator(['cashier.read', 'cashier.approve']);
    expectFailure(await call(t, 'GET', '/admin/cashier/providers', plain.token), 403, 'AUTH_FORBIDDEN');

    await connect();
    const list = await call(t, 'GET', '/admin/cashier/providers', admin);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.body).not.toContain(TEST_KEY.secretKey);
    expect(list.body).not.toContain(TEST_KEY.callbackToken);
    const xendit = list.json().value.list[0];
    expect(xendit).toMatchObject({
      code: 'xendit',
      mode: 'test',
      enabled: true,
      payoutsEnabled: true,
      apiBaseUrl: sim.url,
      webhookUrl: `${t.ctx.config.publicUrl}/wps/cashier/webhooks/xendit`,
      keys: {
        test: { secretKeyEnd: '0001', hasWebhookToken: true },
        live: { secretKeyEnd: null, hasWebhookToken: false },
      },
    });
    expect(xendit.methods.map((m: { code: string }) => m.code)).toEqual(['GCASH', 'MAYA']);
    const audit = await t.ctx.db
      .selectFrom('audit_log')
      .select('detail')
      .where('event', '=', 'cashier.provider')
      .execute();
    expect(JSON.stringify(audit)).not.toContain(TEST_KEY.secretKey);

    const tested = await call(t, 'POST', '/admin/cashier/providers/xendit/test', admin, { mode: 'test' });
    expect(tested.json().value).toMatchObject({ ok: true });
    expect(
      (await call(t, 'POST', '/admin/cashier/providers/xendit/test', admin, { mode: 'live' })).json().value.ok,
    ).toBe(false);
    await put({ keys: { live: { secretKey: LIVE_KEY.secretKey, webhookToken: OTHER_KEY.callbackToken } } });
    // The live keys go to Xendit's own API only, whatever address the test mode uses.
    const saved = await t.ctx.db
      .selectFrom('payment_providers')
      .selectAll()
      .where('code', '=', 'xendit')
      .executeTakeFirstOrThrow();
    expect(saved.api_base_url).toBe(sim.url);
    expect(connectionOf('xendit', saved, 'live')?.baseUrl).toBe('https://api.xendit.co');
    expect(connectionOf('xendit', saved, 'test')?.baseUrl).toBe(sim.url);
    // One token for both modes would make live webhooks look like test ones.
    const sameToken = await put({
      keys: { live: { secretKey: LIVE_KEY.secretKey, webhookToken: TEST_KEY.callbackToken } },
    });
    expect(sameToken.json().value.fields).toEqual({ 'keys.live.webhookToken': 'SAME_AS_OTHER_MODE' });
    // Keys Xendit does not know: the test says what Xendit answered, and the audit keeps the answer.
    await put({ keys: { test: { secretKey: OTHER_KEY.secretKey, webhookToken: TEST_KEY.callbackToken } } });
    const refused = await call(t, 'POST', '/admin/cashier/providers/xendit/test', admin, { mode: 'test' });
    expect(refused.json().value).toMatchObject({ ok: false, message: expect.stringContaining('INVALID_API_KEY') });
    const tests = await t.ctx.db
      .selectFrom('audit_log')
      .select(['success'])
      .where('event', '=', 'cashier.provider.test')
      .execute();
    expect(tests.map((a) => a.success)).toEqual([true, false, false]);
    // A payment provider's method takes no hand-configured e-wallet provider.
    const templated = await call(t, 'PUT', '/admin/cashier/methods/GCASH', admin, {
      provider: { name: 'X', payUrl: 'https://pay.example/{reference}', deepLink: null, secret: 's'.repeat(32) },
    });
    expectFailure(templated, 400, 'VALIDATION_FAILED');
  });

  it('offers GCash only while Xendit is connected and enabled', async () => {
    await connect();
    const m = await member();
    const offered = async () =>
      (await call(t, 'GET', '/wps/cashier/paymentMethods', m.token))
        .json()
        .value.deposit.map((d: { code: string }) => d.code);
    expect(await offered()).toContain('GCASH');
    expect(await offered()).not.toContain('MAYA');
    await put({ enabled: false });
    expect(await offered()).not.toContain('GCASH');
    expectFailure(await deposit(m.token), 404, 'CASHIER_METHOD_UNAVAILABLE');
    await put({ enabled: true });
    expect(await offered()).toContain('GCASH');
  });
});

describe('a GCash deposit through Xendit', () => {
  beforeAll(connect);

  it('opens one charge, credits it once when the webhook comes twice, and answers a retry with the same order', async () => {
    const m = await member();
    const rid = requestId();
    const res = await deposit(m.token, 500.5, rid);
    expect(res.statusCode, res.body).toBe(200);
    const opened = res.json().value;
    const charge = chargeOf(opened.reference);
    expect(charge).toMatchObject({
      charge_amount: 500.5,
      currency: 'PHP',
      channel_code: 'PH_GCASH',
      status: 'PENDING',
    });
    expect(opened).toMatchObject({ status: 'pending', payUrl: `${sim.url}/checkouts/${charge.id}`, kind: 'ewallet' });
    const again = await deposit(m.token, 500.5, rid);
    expect(again.json().value.reference).toBe(opened.reference);
    chargeOf(opened.reference);
    expect(sim.requests.find((r) => r.path === '/ewallets/charges')?.idempotencyKey).toMatch(/^deposit:D/);

    sim.webhooks.duplicate = true;
    const delivered = sim.deliveries.length;
    sim.pay(charge.id);
    await sim.whenDelivered(delivered + 2);
    await until(async () => (await order(opened.reference)).status === 'approved', 'the credit');
    expect(await cash(m.id)).toBe(50_050);
    const events = await t.ctx.db
      .selectFrom('payment_webhook_events')
      .select(['outcome'])
      .where('reference', '=', opened.reference)
      .execute();
    expect(events.map((e) => e.outcome)).toEqual(['credited']);
    const list = await call(t, 'GET', '/wps/cashier/deposits', m.token);
    expect(list.json().value.content[0]).toMatchObject({
      reference: opened.reference,
      status: 'approved',
      payUrl: null,
    });
  });

  it('refuses a webhook without the verification token before reading it, and changes nothing', async () => {
    const m = await member();
    const opened = (await deposit(m.token)).json().value;
    const charge = chargeOf(opened.reference);
    const body = JSON.stringify({ event: 'ewallet.capture', data: { ...charge, status: 'SUCCEEDED' } });
    for (const token of [undefined, 'tok-nobody-000000000000', `${TEST_KEY.callbackToken}x`]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/wps/cashier/webhooks/xendit',
        headers: {
          'content-type': 'application/json',
          'webhook-id': 'forged-1',
          ...(token ? { 'x-callback-token': token } : {}),
        },
        payload: body,
      });
      expectFailure(res, 401, 'CASHIER_SIGNATURE_INVALID');
    }
    expectFailure(
      await t.app.inject({
        method: 'POST',
        url: '/wps/cashier/webhooks/nobody',
        payload: body,
        headers: { 'content-type': 'application/json' },
      }),
      404,
      'CASHIER_METHOD_UNAVAILABLE',
    );
    // The live connection's token (saved by the first test) on a test-mode order: heard, touches nothing.
    const live = await t.app.inject({
      method: 'POST',
      url: '/wps/cashier/webhooks/xendit',
      headers: {
        'content-type': 'application/json',
        'x-callback-token': OTHER_KEY.callbackToken,
        'webhook-id': 'live-1',
      },
      payload: body,
    });
    expect(live.json().value).toEqual({ status: 'OK', outcome: 'unknown' });
    // The right token on a body Xendit would not send: refused, nothing recorded.
    const garbled = await t.app.inject({
      method: 'POST',
      url: '/wps/cashier/webhooks/xendit',
      headers: { 'content-type': 'application/json', 'x-callback-token': TEST_KEY.callbackToken, 'webhook-id': 'g-1' },
      payload: '{"event":"ewallet.capture","data":{"id":1}}',
    });
    expectFailure(garbled, 400, 'BAD_REQUEST');
    expect((await order(opened.reference)).status).toBe('pending');
    expect(await cash(m.id)).toBe(0);
    expect(
      await t.ctx.db
        .selectFrom('payment_webhook_events')
        .select('id')
        .where('event_id', 'in', ['forged-1', 'g-1'])
        .execute(),
    ).toEqual([]);
  });

  it('settles by the state query when the webhook never comes, and a late webhook then changes nothing', async () => {
    const m = await member();
    const opened = (await deposit(m.token)).json().value;
    const charge = chargeOf(opened.reference);
    sim.webhooks.hold = true;
    sim.pay(charge.id);
    await runJob(pspReconcileJob);
    expect((await order(opened.reference)).status).toBe('approved');
    expect(await cash(m.id)).toBe(50_000);
    const delivered = sim.deliveries.length;
    await sim.flush();
    await sim.whenDelivered(delivered + 1);
    await until(
      async () =>
        (
          await t.ctx.db
            .selectFrom('payment_webhook_events')
            .select('outcome')
            .where('reference', '=', opened.reference)
            .executeTakeFirst()
        )?.outcome === 'already',
      'the late webhook',
    );
    expect(await cash(m.id)).toBe(50_000);
  });

  it('credits a payment that arrives after the order expired, and cancels a declined one', async () => {
    const m = await member();
    const late = (await deposit(m.token)).json().value;
    const declined = (await deposit(m.token)).json().value;
    await runJob(gatewayDepositExpiryJob, 31 * 60_000);
    expect((await order(late.reference)).status).toBe('expired');
    const delivered = sim.deliveries.length;
    sim.pay(chargeOf(late.reference).id);
    sim.decline(chargeOf(declined.reference).id);
    await sim.whenDelivered(delivered + 2);
    await until(async () => (await order(late.reference)).status === 'approved', 'the late credit');
    expect((await order(late.reference)).reason).toBe('paid at Xendit after the order was expired');
    const expiredOne = await order(declined.reference);
    expect(expiredOne.status).toBe('expired');
    expect(await cash(m.id)).toBe(50_000);
  });

  it('applies webhooks that come out of order: a failure after the payment changes nothing', async () => {
    const m = await member();
    const a = (await deposit(m.token)).json().value;
    const b = (await deposit(m.token)).json().value;
    sim.webhooks.hold = true;
    sim.decline(chargeOf(b.reference).id);
    sim.pay(chargeOf(a.reference).id);
    const delivered = sim.deliveries.length;
    await sim.flush({ reverse: true });
    await sim.whenDelivered(delivered + 2);
    await until(async () => (await order(b.reference)).status === 'cancelled', 'the decline');
    expect((await order(a.reference)).status).toBe('approved');
    expect((await order(b.reference)).reason).toBe('not paid at Xendit: USER_DECLINED_PAYMENT');
    expect(await cash(m.id)).toBe(50_000);
  });

  it('cancels the order and says so when Xendit cannot be reached or refuses', async () => {
    const m = await member();
    sim.failNext('POST', '/ewallets/charges', { status: 503 });
    expectFailure(await deposit(m.token), 503, 'CASHIER_PROVIDER_UNAVAILABLE');
    sim.failNext('POST', '/ewallets/charges', 'reset');
    expectFailure(await deposit(m.token), 503, 'CASHIER_PROVIDER_UNAVAILABLE');
    sim.failNext('POST', '/ewallets/charges', { status: 400 });
    expectFailure(await deposit(m.token), 422, 'CASHIER_PROVIDER_REFUSED');
    const orders = await t.ctx.db
      .selectFrom('deposit_orders')
      .select(['status', 'reason'])
      .where('member_id', '=', m.id)
      .execute();
    expect(orders.map((o) => o.status)).toEqual(['cancelled', 'cancelled', 'cancelled']);
    expect(orders[0]?.reason).toMatch(/^the payment provider could not open the payment: Xendit/);
  });

  it('credits once when webhooks, the state query and a retry arrive at once', { tags: ['postgres'] }, async () => {
    const m = await member();
    const opened = (await deposit(m.token)).json().value;
    const charge = chargeOf(opened.reference);
    sim.webhooks.hold = true;
    sim.pay(charge.id);
    const body = JSON.stringify({
      event: 'ewallet.capture',
      business_id: 'b',
      created: new Date().toISOString(),
      data: sim.charges.get(charge.id),
    });
    const hook = (id: string) =>
      t.app.inject({
        method: 'POST',
        url: '/wps/cashier/webhooks/xendit',
        headers: { 'content-type': 'application/json', 'x-callback-token': TEST_KEY.callbackToken, 'webhook-id': id },
        payload: body,
      });
    const ahead = (ranAhead.get(pspReconcileJob.name) ?? 0) + pspReconcileJob.everyMs;
    ranAhead.set(pspReconcileJob.name, ahead);
    t.advance(ahead);
    try {
      const answers = await Promise.all([
        hook('same-1'),
        hook('same-1'),
        hook('other-2'),
        runDue(t.ctx, pspReconcileJob),
      ]);
      for (const a of answers.slice(0, 3)) expect((a as { statusCode: number }).statusCode).toBe(200);
    } finally {
      t.advance(-ahead);
    }
    expect(await cash(m.id)).toBe(50_000);
    const postings = await t.ctx.db
      .selectFrom('ledger_postings')
      .select('id')
      .where('reference', '=', opened.reference)
      .execute();
    expect(postings).toHaveLength(1);
  });
});

describe('payouts through Xendit', () => {
  beforeAll(connect);

  async function approvedWithdrawal(amount = 25_000, bankName = 'GCash') {
    const m = await member();
    const account = await t.ctx.db
      .insertInto('member_bank_accounts')
      .values({
        member_id: m.id,
        bank_name: bankName,
        account_name: 'Juan Dela Cruz',
        account_number: '09171234567',
        status: 'confirmed',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await fund(t, m.id, amount);
    const reference = await t.ctx.db
      .transaction()
      .execute((trx) =>
        openApprovedWithdrawal(
          trx,
          { memberId: m.id, requestId: requestId(), bankAccountId: account.id, amount, currency: 'PHP' },
          1,
          t.ctx.now(),
        ),
      );
    return { m, reference };
  }

  const send = (reference: string, body: Record<string, unknown> = { provider: 'xendit' }) =>
    call(t, 'POST', `/admin/cashier/withdrawals/${reference}/payout`, admin, body);

  async function withdrawal(reference: string) {
    return (await call(t, 'GET', `/admin/cashier/withdrawals/${reference}`, admin)).json().value.order;
  }

  it('pays an approved withdrawal once, by the webhook; a repeat and a hand "mark paid" change nothing', async () => {
    const { m, reference } = await approvedWithdrawal();
    const res = await send(reference);
    expect(res.statusCode, res.body).toBe(200);
    const payout = [...sim.payouts.values()].find((p) => p.reference_id === reference);
    expect(payout).toMatchObject({ channel_code: 'PH_GCASH', amount: 250, status: 'ACCEPTED' });
    expect(res.json().value).toMatchObject({
      status: 'approved',
      providerPayout: { provider: 'xendit', mode: 'test', channel: 'PH_GCASH', state: 'sending', payoutId: payout?.id },
    });
    expect((await send(reference)).statusCode).toBe(200);
    expect([...sim.payouts.values()].filter((p) => p.reference_id === reference)).toHaveLength(1);
    expectFailure(
      await call(t, 'POST', `/admin/cashier/withdrawals/${reference}/paid`, admin, {
        payoutReference: 'BANK-1',
        payingAccountId: 1,
        fee: 0,
      }),
      409,
      'CASHIER_STATE_CONFLICT',
    );
    const delivered = sim.deliveries.length;
    sim.succeedPayout(payout?.id ?? '');
    await sim.whenDelivered(delivered + 1);
    await until(async () => (await withdrawal(reference)).status === 'paid', 'the payout');
    expect((await withdrawal(reference)).providerPayout).toMatchObject({ state: 'paid', payoutId: payout?.id });
    expect(await cash(m.id)).toBe(0);
  });

  it('returns the money with a message when Xendit fails the payout', async () => {
    const { m, reference } = await approvedWithdrawal(30_000, 'BDO');
    expect((await send(reference)).statusCode).toBe(200);
    const payout = [...sim.payouts.values()].find((p) => p.reference_id === reference);
    expect(payout?.channel_code).toBe('PH_BDO');
    const delivered = sim.deliveries.length;
    sim.failPayout(payout?.id ?? '', 'INVALID_DESTINATION');
    await sim.whenDelivered(delivered + 1);
    await until(async () => (await withdrawal(reference)).status === 'rejected', 'the return');
    const after = await withdrawal(reference);
    expect(after.reason).toBe(
      'The payout through Xendit failed (INVALID_DESTINATION); the amount is back in your balance',
    );
    expect(after.providerPayout).toMatchObject({ state: 'failed', failure: 'INVALID_DESTINATION' });
    expect(await cash(m.id)).toBe(30_000);
    const inbox = await call(t, 'GET', '/wps/messages?pageSize=5', m.token);
    expect(inbox.body).toContain('INVALID_DESTINATION');
  });

  it('asks again with the same key when the answer was lost, and needs a channel for an unknown bank', async () => {
    const { reference } = await approvedWithdrawal(10_000, 'Kalapati Savings');
    expectFailure(await send(reference), 400, 'VALIDATION_FAILED');
    sim.failNext('POST', '/v2/payouts', 'reset');
    const lost = await send(reference, { provider: 'xendit', channel: 'PH_GCASH' });
    expect(lost.json().value.providerPayout).toMatchObject({ state: 'sending', payoutId: null });
    await runJob(pspReconcileJob);
    const payouts = [...sim.payouts.values()].filter((p) => p.reference_id === reference);
    expect(payouts).toHaveLength(1);
    expect((await withdrawal(reference)).providerPayout.payoutId).toBe(payouts[0]?.id);
    sim.webhooks.drop = true;
    sim.succeedPayout(payouts[0]?.id ?? '');
    await runJob(pspReconcileJob);
    expect((await withdrawal(reference)).status).toBe('paid');
  });

  it('returns a payout Xendit refuses at once, but keeps one whose first answer was a conflict', async () => {
    const refused = await approvedWithdrawal(12_000);
    sim.failNext('POST', '/v2/payouts', { status: 400 });
    const sent = await send(refused.reference);
    expect(sent.json().value).toMatchObject({ status: 'rejected', providerPayout: { state: 'failed' } });
    expect(sent.json().value.reason).toContain('API_VALIDATION_ERROR');
    expect(await cash(refused.m.id)).toBe(12_000);

    // A conflict on the idempotency key may mean the payout exists: it stays sending, is asked
    // again with the same key, and is paid once.
    const unclear = await approvedWithdrawal(13_000);
    sim.failNext('POST', '/v2/payouts', { status: 409 });
    expect((await send(unclear.reference)).json().value.providerPayout).toMatchObject({ state: 'sending' });
    await runJob(pspReconcileJob);
    const payouts = [...sim.payouts.values()].filter((p) => p.reference_id === unclear.reference);
    expect(payouts).toHaveLength(1);
    expect(await cash(unclear.m.id)).toBe(0);
  });

  it('lets a cashier settle a payout Xendit never answers, only after 15 minutes', async () => {
    const { m, reference } = await approvedWithdrawal(14_000);
    sim.webhooks.drop = true;
    expect((await send(reference)).statusCode).toBe(200);
    const resolve = (body: Record<string, unknown>) =>
      call(t, 'POST', `/admin/cashier/withdrawals/${reference}/payout/resolve`, admin, body);
    expectFailure(await resolve({ outcome: 'returned', note: 'Not in the dashboard' }), 409, 'CASHIER_STATE_CONFLICT');
    expectFailure(await resolve({ outcome: 'lost', note: 'x' }), 400, 'VALIDATION_FAILED');
    t.advance(16 * 60_000);
    try {
      const done = await resolve({ outcome: 'returned', note: 'Not in the dashboard' });
      expect(done.statusCode, done.body).toBe(200);
      expect(done.json().value).toMatchObject({ status: 'rejected', providerPayout: { state: 'failed' } });
      expect(done.json().value.reason).toContain('settled by the cashier: Not in the dashboard');
    } finally {
      t.advance(-16 * 60_000);
    }
    expect(await cash(m.id)).toBe(14_000);
  });

  it('leaves returned payouts out of the daily cashier report', async () => {
    await runJob(reportRollupsJob, 0);
    const reported = await t.ctx.db
      .selectFrom('report_daily_cashier')
      .select(({ fn }) => [fn.sum<number>('orders').as('orders'), fn.sum<number>('amount').as('amount')])
      .where('kind', '=', 'withdrawal')
      .executeTakeFirstOrThrow();
    const kept = await t.ctx.db
      .selectFrom('withdrawal_orders')
      .select(({ fn }) => [fn.countAll<number>().as('orders'), fn.sum<number>('amount').as('amount')])
      .where('approved_at', 'is not', null)
      .where('status', '<>', 'rejected')
      .executeTakeFirstOrThrow();
    const returned = await t.ctx.db
      .selectFrom('withdrawal_orders')
      .select('id')
      .where('status', '=', 'rejected')
      .where('approved_at', 'is not', null)
      .execute();
    expect(returned.length).toBeGreaterThanOrEqual(3);
    expect({ orders: Number(reported.orders), amount: Number(reported.amount) }).toEqual({
      orders: Number(kept.orders),
      amount: Number(kept.amount),
    });
  });

  it('keeps the ledger balanced', async () => {
    expect((await verifyLedger(t.ctx.db)).ok).toBe(true);
  });
});
