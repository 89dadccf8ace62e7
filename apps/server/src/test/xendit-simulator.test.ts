import { createServer, type IncomingHttpHeaders } from 'node:http';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type SimKey, startXenditSimulator, type XenditSimulator } from './xendit-simulator';

// The Xendit simulator the payment-provider tests run against, driven over HTTP as the adapter and
// the payer's browser would: its API's answers, its checkout page, and its webhooks as a little
// receiving server sees them, faults included (duplicates, held and reversed, a retry after a 500,
// an answer that hangs or is cut).

const TEST: SimKey = { secretKey: 'xnd_development_sim', callbackToken: 'cb-test-token', mode: 'test' };
const LIVE: SimKey = { secretKey: 'xnd_production_sim', callbackToken: 'cb-live-token', mode: 'live' };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

type Received = { path: string; headers: IncomingHttpHeaders; body: { event: string; data: Record<string, unknown> } };

const received: Received[] = [];
/** Statuses the receiver answers with next, in order; 200 once they run out. */
const answers: number[] = [];
const receiver = createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    received.push({
      path: request.url ?? '',
      headers: request.headers,
      body: JSON.parse(Buffer.concat(chunks).toString('utf8')),
    });
    response.writeHead(answers.shift() ?? 200).end();
  });
});
let hooks = '';
let sim: XenditSimulator;

beforeAll(async () => {
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const address = receiver.address();
  if (address === null || typeof address === 'string') throw new Error('no receiver port');
  hooks = `http://127.0.0.1:${address.port}`;
});
afterAll(async () => {
  receiver.closeAllConnections();
  await new Promise((resolve) => receiver.close(resolve));
});
beforeEach(async () => {
  received.length = 0;
  answers.length = 0;
  sim = await startXenditSimulator({
    keys: [TEST, LIVE],
    webhookUrl: { test: `${hooks}/test`, live: `${hooks}/live` },
    retryDelaysMs: [20, 40],
  });
});
afterEach(() => sim.close());

function auth(key: SimKey): Record<string, string> {
  return { authorization: `Basic ${Buffer.from(`${key.secretKey}:`).toString('base64')}` };
}

async function api(
  method: string,
  path: string,
  opts: { key?: SimKey; body?: unknown; idempotencyKey?: string; signal?: AbortSignal } = {},
) {
  const headers: Record<string, string> = { 'content-type': 'application/json', ...(opts.key ? auth(opts.key) : {}) };
  if (opts.idempotencyKey) headers['idempotency-key'] = opts.idempotencyKey;
  const res = await fetch(`${sim.url}${path}`, {
    method,
    headers,
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    signal: opts.signal,
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

function chargeBody(reference = 'D2611A', amount = 500.5) {
  return {
    reference_id: reference,
    currency: 'PHP',
    amount,
    checkout_method: 'ONE_TIME_PAYMENT',
    channel_code: 'PH_GCASH',
    channel_properties: {
      success_redirect_url: 'https://site.example/deposit/done',
      failure_redirect_url: 'https://site.example/deposit/failed',
    },
    metadata: { member: 7 },
  };
}

function payoutBody(reference = 'W1', amount = 250) {
  return {
    reference_id: reference,
    channel_code: 'PH_GCASH',
    channel_properties: { account_number: '09171234567', account_holder_name: 'Juan Dela Cruz' },
    amount,
    currency: 'PHP',
    description: 'Withdrawal',
  };
}

async function createCharge(reference = 'D2611A'): Promise<string> {
  const created = await api('POST', '/ewallets/charges', { key: TEST, body: chargeBody(reference) });
  expect(created.status).toBe(202);
  return created.body.id as string;
}

describe('Xendit simulator API', () => {
  it('refuses a request without a known secret key, and answers the balance with one', async () => {
    const none = await api('GET', '/balance?account_type=CASH');
    expect(none).toMatchObject({ status: 401, body: { error_code: 'INVALID_API_KEY' } });
    const wrong = await api('GET', '/balance', { key: { ...TEST, secretKey: 'xnd_unknown' } });
    expect(wrong.status).toBe(401);
    expect(await api('GET', '/balance?account_type=CASH', { key: TEST })).toEqual({
      status: 200,
      body: { balance: 1_000_000 },
    });
    expect((await api('GET', '/v1/nothing', { key: TEST })).body.error_code).toBe('NOT_FOUND');
  });

  it('creates a charge, reads it back in its own mode only, and names the field it refuses', async () => {
    const created = await api('POST', '/ewallets/charges', { key: TEST, body: chargeBody() });
    expect(created.status).toBe(202);
    const id = created.body.id as string;
    expect(id).toMatch(/^ewc_/);
    expect(id.slice(4)).toMatch(UUID);
    expect(created.body).toMatchObject({
      business_id: expect.stringMatching(/^[0-9a-f]{24}$/),
      status: 'PENDING',
      charge_amount: 500.5,
      capture_amount: null,
      actions: { desktop_web_checkout_url: `${sim.url}/checkouts/${id}`, mobile_deeplink_checkout_url: null },
      callback_url: `${hooks}/test`,
      metadata: { member: 7 },
    });
    expect(await api('GET', `/ewallets/charges/${id}`, { key: TEST })).toEqual({ status: 200, body: created.body });
    const otherMode = await api('GET', `/ewallets/charges/${id}`, { key: LIVE });
    expect(otherMode).toMatchObject({ status: 404, body: { error_code: 'DATA_NOT_FOUND' } });

    const tooPrecise = await api('POST', '/ewallets/charges', { key: TEST, body: chargeBody('D2', 10.001) });
    expect(tooPrecise.status).toBe(400);
    expect(tooPrecise.body).toMatchObject({
      error_code: 'API_VALIDATION_ERROR',
      message: expect.stringMatching(/amount/),
    });
    const noRedirect = await api('POST', '/ewallets/charges', {
      key: TEST,
      body: { ...chargeBody('D3'), channel_properties: {} },
    });
    expect(noRedirect.body.message).toMatch(/success_redirect_url/);
    expect(sim.charges.size).toBe(1);
  });

  it('answers the same charge again for the same Idempotency-key and body, and 409 for another body', async () => {
    const first = await api('POST', '/ewallets/charges', { key: TEST, body: chargeBody(), idempotencyKey: 'dep-1' });
    const again = await api('POST', '/ewallets/charges', { key: TEST, body: chargeBody(), idempotencyKey: 'dep-1' });
    expect(again).toEqual(first);
    const other = await api('POST', '/ewallets/charges', {
      key: TEST,
      body: chargeBody('D2611A', 600),
      idempotencyKey: 'dep-1',
    });
    expect(other).toMatchObject({ status: 409, body: { error_code: 'IDEMPOTENCY_ERROR' } });
    expect(sim.charges.size).toBe(1);
    expect(sim.requests.map((r) => [r.idempotencyKey, r.status])).toEqual([
      ['dep-1', 202],
      ['dep-1', 202],
      ['dep-1', 409],
    ]);
  });
});

describe('Xendit simulator checkout and webhooks', () => {
  it('shows the checkout page, pays on its button, redirects and sends the webhook with the token', async () => {
    const id = await createCharge();
    const page = await fetch(`${sim.url}/checkouts/${id}`);
    const html = await page.text();
    expect(page.status).toBe(200);
    for (const part of ['<title>Xendit test checkout</title>', 'GCash', 'PHP 500.50', 'D2611A', 'value="pay"'])
      expect(html).toContain(part);

    const paid = await fetch(`${sim.url}/checkouts/${id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'action=pay',
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe('https://site.example/deposit/done');
    await sim.whenDelivered(1);
    expect(received).toHaveLength(1);
    const [hook] = received;
    expect(hook!.path).toBe('/test');
    expect(hook!.headers['x-callback-token']).toBe(TEST.callbackToken);
    expect(hook!.headers['content-type']).toBe('application/json');
    expect(hook!.headers['webhook-id']).toMatch(UUID);
    expect(hook!.body).toMatchObject({
      event: 'ewallet.capture',
      business_id: sim.charges.get(id)!.business_id,
      data: { id, status: 'SUCCEEDED', capture_amount: 500.5 },
    });
    expect(sim.deliveries).toMatchObject([{ webhookId: hook!.headers['webhook-id'], status: 200 }]);

    const after = await fetch(`${sim.url}/checkouts/${id}`);
    expect(await after.text()).toContain('no longer pending');
    expect(() => sim.pay(id)).toThrow(/not PENDING/);

    const declined = await fetch(`${sim.url}/checkouts/${await createCharge('D2')}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'action=decline',
      redirect: 'manual',
    });
    expect(declined.headers.get('location')).toBe('https://site.example/deposit/failed');
    await sim.whenDelivered(2);
    expect(received[1]!.body.data).toMatchObject({ status: 'FAILED', failure_code: 'USER_DECLINED_PAYMENT' });
    expect((await fetch(`${sim.url}/checkouts/ewc_nothing`)).status).toBe(404);
  });

  it('delivers an event twice with one webhook-id when asked to duplicate', async () => {
    const id = await createCharge();
    sim.webhooks.duplicate = true;
    sim.pay(id);
    await sim.whenDelivered(2);
    expect(received).toHaveLength(2);
    expect(received[0]!.headers['webhook-id']).toBe(received[1]!.headers['webhook-id']);
  });

  it('holds events, then flushes them in reverse order, each as it stood when it happened', async () => {
    const first = await createCharge('D1');
    const second = await createCharge('D2');
    sim.webhooks.hold = true;
    sim.pay(first);
    sim.decline(second);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(received).toHaveLength(0);
    await sim.flush({ reverse: true });
    expect(received.map((r) => [r.body.data.id, r.body.data.status])).toEqual([
      [second, 'FAILED'],
      [first, 'SUCCEEDED'],
    ]);
  });

  it('retries a delivery the receiver answered 500 with the same webhook-id', async () => {
    answers.push(500);
    sim.pay(await createCharge());
    await sim.whenDelivered(2);
    expect(sim.deliveries.map((d) => d.status)).toEqual([500, 200]);
    expect(new Set(received.map((r) => r.headers['webhook-id'])).size).toBe(1);
  });
});

describe('Xendit simulator payouts', () => {
  it('creates a payout once per Idempotency-key and sends its succeeded and failed webhooks', async () => {
    const missingKey = await api('POST', '/v2/payouts', { key: TEST, body: payoutBody() });
    expect(missingKey).toMatchObject({ status: 400, body: { error_code: 'API_VALIDATION_ERROR' } });
    const badChannel = await api('POST', '/v2/payouts', {
      key: TEST,
      body: { ...payoutBody(), channel_code: 'GCASH' },
      idempotencyKey: 'w-0',
    });
    expect(badChannel).toMatchObject({ status: 400, body: { error_code: 'CHANNEL_CODE_NOT_SUPPORTED' } });

    const created = await api('POST', '/v2/payouts', { key: TEST, body: payoutBody(), idempotencyKey: 'w-1' });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ id: expect.stringMatching(/^disb-[0-9a-f]{24}$/), status: 'ACCEPTED' });
    const id = created.body.id as string;
    expect(await api('POST', '/v2/payouts', { key: TEST, body: payoutBody(), idempotencyKey: 'w-1' })).toEqual(created);
    const other = await api('POST', '/v2/payouts', { key: TEST, body: payoutBody('W1', 300), idempotencyKey: 'w-1' });
    expect(other).toMatchObject({ status: 409, body: { error_code: 'DUPLICATE_ERROR' } });
    expect(sim.payouts.size).toBe(1);

    sim.succeedPayout(id);
    await sim.whenDelivered(1);
    expect(received[0]!.body).toMatchObject({ event: 'payout.succeeded', data: { id, status: 'SUCCEEDED' } });
    expect((await api('GET', `/v2/payouts/${id}`, { key: TEST })).body.status).toBe('SUCCEEDED');

    const live = await api('POST', '/v2/payouts', { key: LIVE, body: payoutBody('W2'), idempotencyKey: 'w-2' });
    sim.failPayout(live.body.id as string, 'REJECTED_BY_CHANNEL');
    await sim.whenDelivered(2);
    expect(received[1]).toMatchObject({
      path: '/live',
      headers: { 'x-callback-token': LIVE.callbackToken },
      body: { event: 'payout.failed', data: { status: 'FAILED', failure_code: 'REJECTED_BY_CHANNEL' } },
    });
    expect((await api('GET', `/v2/payouts/${id}`, { key: LIVE })).status).toBe(404);
  });

  it('settles payouts by itself when asked to', async () => {
    await sim.close();
    sim = await startXenditSimulator({
      keys: [TEST],
      webhookUrl: { test: `${hooks}/test` },
      autoSettlePayouts: { after: 10, outcome: 'fail' },
    });
    const created = await api('POST', '/v2/payouts', { key: TEST, body: payoutBody(), idempotencyKey: 'w-1' });
    await sim.whenDelivered(1);
    expect(received[0]!.body).toMatchObject({
      event: 'payout.failed',
      data: { id: created.body.id, failure_code: 'INVALID_DESTINATION' },
    });
  });
});

describe('Xendit simulator faults', () => {
  it('answers a forced status with a Xendit error, without carrying the request out', async () => {
    sim.failNext('POST', '/ewallets/charges', { status: 503 });
    const failed = await api('POST', '/ewallets/charges', { key: TEST, body: chargeBody() });
    expect(failed).toMatchObject({ status: 503, body: { error_code: 'CHANNEL_UNAVAILABLE' } });
    expect(sim.charges.size).toBe(0);
  });

  it('hangs a request (carried out, never answered) until close', async () => {
    sim.failNext('POST', '/v2/payouts', 'hang');
    const hung = api('POST', '/v2/payouts', {
      key: TEST,
      body: payoutBody(),
      idempotencyKey: 'w-1',
      signal: AbortSignal.timeout(150),
    });
    await expect(hung).rejects.toThrow();
    expect(sim.requests.at(-1)?.status).toBe('hang');
    expect(sim.payouts.size).toBe(1);
    const again = await api('POST', '/v2/payouts', { key: TEST, body: payoutBody(), idempotencyKey: 'w-1' });
    expect(again.body.id).toBe([...sim.payouts.keys()][0]);
  });

  it('cuts the connection of a request after carrying it out', async () => {
    sim.failNext('POST', '/ewallets/charges', 'reset');
    await expect(api('POST', '/ewallets/charges', { key: TEST, body: chargeBody() })).rejects.toThrow();
    expect(sim.requests.map((r) => r.status)).toEqual(['reset']);
    expect(sim.charges.size).toBe(1);
    const next = await api('POST', '/ewallets/charges', { key: TEST, body: chargeBody('D2') });
    expect(next.status).toBe(202);
  });

  it('closes with a request still hanging and a retry still waiting', async () => {
    await sim.close();
    sim = await startXenditSimulator({ keys: [TEST], webhookUrl: { test: `${hooks}/test` }, retryDelaysMs: [60_000] });
    const id = await createCharge();
    answers.push(500);
    sim.pay(id);
    await sim.whenDelivered(1);
    sim.failNext('GET', `/ewallets/charges/${id}`, 'hang');
    const hung = api('GET', `/ewallets/charges/${id}`, { key: TEST });
    while (sim.requests.at(-1)?.status !== 'hang') await new Promise((resolve) => setTimeout(resolve, 5));
    const started = Date.now();
    await sim.close();
    expect(Date.now() - started).toBeLessThan(1_000);
    await expect(hung).rejects.toThrow();
    expect(sim.deliveries).toHaveLength(1);
  });
});
