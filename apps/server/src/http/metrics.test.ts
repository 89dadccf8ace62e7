// postgres: the connection pools' gauges exist only on PostgreSQL
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, sessionFor } from '../modules/cashier/cashier.fixtures';
import { createMember } from '../test/factories';
import { createTestApp, type TestApp } from '../test/harness';

// GET /metrics (http/metrics.ts) and the drain of /readyz (http/readiness.ts), through HTTP.

const TOKEN = 'metrics-token-of-the-ops-team-0001';
const OUTSIDE = '203.0.113.9';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ metricsToken: TOKEN });
});
afterAll(() => t.close());

const scrape = (headers: Record<string, string> = {}, remoteAddress = '127.0.0.1') =>
  t.app.inject({ method: 'GET', url: '/metrics', headers, remoteAddress });

/** The value of one sample line, `name{labels} value`, or undefined when there is none. */
function sample(text: string, line: string): number | undefined {
  const found = text.split('\n').find((l) => l.startsWith(`${line} `));
  return found === undefined ? undefined : Number(found.slice(line.length + 1));
}

describe('GET /metrics', () => {
  it('counts requests by route template and status class, never by their addresses', async () => {
    for (let i = 0; i < 3; i++) expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    const missing = await t.app.inject({ method: 'GET', url: '/no/such/page/4711' });
    expect(missing.statusCode).toBe(404);
    // A route with a parameter, refused without a session: counted under its template.
    const refused = await t.app.inject({ method: 'GET', url: '/admin/members/98765' });
    expect(refused.statusCode).toBe(401);

    const res = await scrape();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = res.body;
    expect(sample(text, 'gamehall_http_requests_total{method="GET",route="/healthz",status="2xx"}')).toBe(3);
    expect(sample(text, 'gamehall_http_requests_total{method="GET",route="unmatched",status="4xx"}')).toBe(1);
    expect(sample(text, 'gamehall_http_requests_total{method="GET",route="/admin/members/:id",status="4xx"}')).toBe(1);
    // No label carries a number from an address.
    expect(text).not.toMatch(/route="[^"]*\d/);
    expect(sample(text, 'gamehall_http_request_duration_seconds_count{method="GET",route="/healthz"}')).toBe(3);
    // The scrape itself is in flight while the figures are read.
    expect(sample(text, 'gamehall_http_requests_in_flight')).toBe(1);
    expect(text).toMatch(/^process_cpu_user_seconds_total \d/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
  });

  it('answers loopback, and from elsewhere only with the metrics token', async () => {
    expect((await scrape()).statusCode).toBe(200);
    const outside = await scrape({}, OUTSIDE);
    expect([outside.statusCode, outside.json().code]).toEqual([403, 'AUTH_FORBIDDEN']);
    const wrong = await scrape({ authorization: `Bearer ${TOKEN.slice(0, -1)}x` }, OUTSIDE);
    expect(wrong.statusCode).toBe(403);
    const bare = await scrape({ authorization: TOKEN }, OUTSIDE);
    expect(bare.statusCode).toBe(403);
    const right = await scrape({ authorization: `Bearer ${TOKEN}` }, OUTSIDE);
    expect(right.statusCode).toBe(200);
    expect(right.body).toContain('gamehall_http_requests_total');
  });

  it('counts nothing forwarded as loopback, whatever the proxy says the client is', async () => {
    const proxied = await createTestApp({ trustProxy: true });
    try {
      const scrapeAs = (headers: Record<string, string>) =>
        proxied.app.inject({ method: 'GET', url: '/metrics', headers, remoteAddress: '127.0.0.1' });
      // A proxy on this host forwarding an outsider, and an outsider claiming loopback first.
      expect((await scrapeAs({ 'x-forwarded-for': OUTSIDE })).statusCode).toBe(403);
      expect((await scrapeAs({ 'x-forwarded-for': `127.0.0.1, ${OUTSIDE}` })).statusCode).toBe(403);
      expect((await scrapeAs({ forwarded: 'for=127.0.0.1' })).statusCode).toBe(403);
      expect((await scrapeAs({})).statusCode).toBe(200);
    } finally {
      await proxied.close();
    }
  });

  it('never looks the metrics token up as a session: a scrape with it needs no database', async () => {
    const res = await scrape({ authorization: `Bearer ${TOKEN}` }, OUTSIDE);
    expect(res.statusCode).toBe(200);
    // A token that is nobody's session is not refused as an expired one either.
    const other = await scrape({ authorization: 'Bearer not-a-session-token-at-all' }, OUTSIDE);
    expect([other.statusCode, other.json().code]).toEqual([403, 'AUTH_FORBIDDEN']);
  });

  it('shows the connection pools on PostgreSQL, and none on the embedded database', {
    tags: ['postgres'],
  }, async () => {
    await t.app.inject({ method: 'GET', url: '/readyz' });
    const text = (await scrape()).body;
    if (t.ctx.database.pool) {
      expect(sample(text, 'gamehall_db_pool_connections{pool="primary"}')).toBeGreaterThanOrEqual(1);
      // The scrape's own reads (database_up, the work queues) may be waiting for a connection.
      expect(sample(text, 'gamehall_db_pool_waiting{pool="primary"}')).toBeGreaterThanOrEqual(0);
    } else {
      expect(text).not.toContain('gamehall_db_pool_');
    }
  });
});

describe('what waits for operators', () => {
  it('shows each work source: how many wait and how long the oldest has', async () => {
    const before = (await scrape()).body;
    expect(sample(before, 'gamehall_work_waiting{source="bankAccounts"}')).toBe(0);
    expect(sample(before, 'gamehall_work_oldest_seconds{source="bankAccounts"}')).toBe(0);
    expect(sample(before, 'gamehall_work_waiting{source="withdrawals"}')).toBe(0);

    // A member binds a bank account, which waits for an operator to confirm it.
    const m = await createMember(t.ctx);
    const bound = await call(t, 'POST', '/wps/cashier/bankAccounts', await sessionFor(t, m.id), {
      bankName: 'BPI',
      accountName: 'Lito Ramos',
      accountNumber: '301234567',
    });
    expect(bound.statusCode, bound.body).toBe(200);
    t.advance(90_000);
    const after = (await scrape()).body;
    expect(sample(after, 'gamehall_work_waiting{source="bankAccounts"}')).toBe(1);
    expect(sample(after, 'gamehall_work_oldest_seconds{source="bankAccounts"}')).toBeGreaterThanOrEqual(90);
  });
});

describe('GET /readyz while the node drains', () => {
  it('answers 503 draining for good once drained, while the node still serves', async () => {
    const app = await createTestApp();
    try {
      expect((await app.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
      app.app.drain();
      const ready = await app.app.inject({ method: 'GET', url: '/readyz' });
      expect([ready.statusCode, ready.json()]).toEqual([503, { status: 'unavailable', down: ['draining'] }]);
      expect((await app.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
      expect((await app.app.inject({ method: 'GET', url: '/wps/system/status' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});
