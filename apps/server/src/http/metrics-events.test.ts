import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityConsumers, drainActivity } from '../modules/activity/activity-bus';
import { setBrandSetting } from '../modules/brand/brand.service';
import { checkLedgers } from '../modules/ledger/ledger.jobs';
import { runDue } from '../scheduler/scheduler';
import { solveChallenge } from '../test/challenge';
import { createMember } from '../test/factories';
import type { TestApp } from '../test/harness';
import { injectEncrypted } from '../test/jwe';
import { sampleOf, scrapeMetrics } from '../test/metrics-scrape';
import { betBody, fund, openVendorWallet, type VendorWallet, walletPlayer } from '../test/vendor-wallet-fixture';

// What the modules count as it happens, read back through GET /metrics: vendor wallet calls, the
// ledger's postings and its scheduled check, sign-ins and lockouts, the activity consumers' lag.
// The counters are the process's (a test worker builds many apps), so each test reads what its own
// requests added.

let t: TestApp;
let vendor: string;
let client: VendorWallet['client'];
beforeAll(async () => {
  ({ t, vendor, client } = await openVendorWallet());
});
afterAll(() => t.close());

const scrape = () => scrapeMetrics(t.app);

/** How much each series grew while `work` ran. */
async function growth(series: string[], work: () => Promise<void>): Promise<number[]> {
  const before = await scrape();
  await work();
  const after = await scrape();
  return series.map((s) => sampleOf(after, s) - sampleOf(before, s));
}

describe('vendor wallet calls and ledger postings', () => {
  it('counts each call by protocol, admitted vendor, call and status, and each posting by result', async () => {
    const ok = `gamehall_vendor_calls_total{protocol="gamehall",vendor="${vendor}",call="bet",status="OK"}`;
    const poor = `gamehall_vendor_calls_total{protocol="gamehall",vendor="${vendor}",call="bet",status="ERROR_INSUFFICIENT_FUNDS"}`;
    const unsigned =
      'gamehall_vendor_calls_total{protocol="gamehall",vendor="unknown",call="bet",status="ERROR_INVALID_SIGNATURE"}';
    const posted = 'gamehall_ledger_postings_total{result="posted"}';
    const timed = (mode: string) => `gamehall_ledger_posting_duration_seconds_count{mode="${mode}"}`;
    const grew = await growth([ok, poor, unsigned, posted, timed('alone'), timed('transaction')], async () => {
      const p = await walletPlayer(t, vendor, 0);
      await fund(t, p.id, 1_000);
      expect((await client.call('bet', betBody(p, 400))).body.status).toBe('OK');
      expect((await client.call('bet', betBody(p, 5_000))).body.status).toBe('ERROR_INSUFFICIENT_FUNDS');
      const refused = await client.call('bet', betBody(p, 100), { secret: null });
      expect(refused.body.status).toBe('ERROR_INVALID_SIGNATURE');
    });
    expect(grew.slice(0, 3)).toEqual([1, 1, 1]);
    // The funding went through the ledger's functions (the vendor's bet posts in its own statement).
    expect(grew[3]).toBeGreaterThanOrEqual(1);
    expect((grew[4] ?? 0) + (grew[5] ?? 0)).toBeGreaterThanOrEqual(grew[3] ?? 1);
  });
});

describe('sign-ins', () => {
  const series = (result: string) => `gamehall_login_attempts_total{audience="member",result="${result}"}`;
  const login = async (username: string, password: string, ip: string) =>
    injectEncrypted(t.app, {
      method: 'POST',
      url: '/wps/session/login',
      body: { challenge: await solveChallenge(t.app), username, password, type: 'username', area: 'member' },
      remoteAddress: ip,
    });

  it('counts a right password, each wrong one, and the failure that locks the account', async () => {
    const m = await createMember(t.ctx, { knownIps: ['10.44.0.1'] });
    const [ok] = await growth([series('ok')], async () => {
      expect((await login(m.username, 'Secret@123', '10.44.0.1')).statusCode).toBe(200);
    });
    expect(ok).toBe(1);
    // The captcha would stop the guesses before the lock: the brand asks for it late here.
    await setBrandSetting(t.ctx.db, 'captchaAfterFailures', 100);
    try {
      const grew = await growth([series('failed'), series('locked')], async () => {
        for (let i = 1; i <= 10; i++) await login(m.username, 'Wrong@123', `10.44.1.${i}`);
        expect((await login(m.username, 'Secret@123', '10.44.0.1')).statusCode).toBe(429);
      });
      // The tenth failure locked the account; the right password after it was never checked.
      expect(grew).toEqual([9, 1]);
    } finally {
      await setBrandSetting(t.ctx.db, 'captchaAfterFailures', 3);
    }
  });
});

describe("the ledger's scheduled check", () => {
  it('shows the newest check of each ledger, and a failed one once a balance is off its entries', async () => {
    const ok = (ledger: string) => `gamehall_ledger_check_ok{ledger="${ledger}"}`;
    const violations = 'gamehall_ledger_check_violations{ledger="money"}';
    await checkLedgers(t.ctx);
    let text = await scrape();
    expect([sampleOf(text, ok('money')), sampleOf(text, ok('points')), sampleOf(text, violations)]).toEqual([1, 1, 0]);
    expect(text).toMatch(/^gamehall_ledger_check_age_seconds\{ledger="money"\} \d/m);

    const m = await createMember(t.ctx);
    await fund(t, m.id, 500);
    const code = `member:${m.id}:cash:PHP`;
    await sql`UPDATE ledger_accounts SET balance = balance + 1 WHERE code = ${code}`.execute(t.ctx.db);
    try {
      await checkLedgers(t.ctx);
      text = await scrape();
      expect([sampleOf(text, ok('money')), sampleOf(text, violations)]).toEqual([0, 1]);
    } finally {
      await sql`UPDATE ledger_accounts SET balance = balance - 1 WHERE code = ${code}`.execute(t.ctx.db);
    }
    await checkLedgers(t.ctx);
    expect(sampleOf(await scrape(), ok('money'))).toBe(1);

    // A check that cannot finish (here: its reads go to a schema that does not exist) is a failed
    // check, recorded, not a job that throws and runs again at the next tick.
    await checkLedgers({ ...t.ctx, readDb: t.ctx.db.withSchema('no_such_schema') });
    text = await scrape();
    expect([sampleOf(text, ok('money')), sampleOf(text, ok('points')), sampleOf(text, violations)]).toEqual([0, 0, 0]);
    const failed = await t.ctx.db
      .selectFrom('ledger_checks')
      .select(['ok', 'error'])
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    expect(failed.ok).toBe(false);
    expect(failed.error).toMatch(/no_such_schema/);
    await checkLedgers(t.ctx);
  });
});

describe("the activity consumers' lag", () => {
  it('shows the events waiting past each cursor and how long the first has waited, none once consumed', async () => {
    const consumer = activityConsumers()[0];
    if (!consumer) throw new Error('the app registers its activity consumers');
    const waiting = `gamehall_activity_waiting{consumer="${consumer.name}"}`;
    await drainActivity(t.ctx, consumer);
    await createMember(t.ctx);
    await fund(t, (await createMember(t.ctx)).id, 300);
    let text = await scrape();
    expect(sampleOf(text, waiting)).toBeGreaterThanOrEqual(1);
    expect(text).toContain(`gamehall_activity_lag_seconds{consumer="${consumer.name}"}`);
    await drainActivity(t.ctx, consumer);
    text = await scrape();
    expect(sampleOf(text, waiting)).toBe(0);
    expect(sampleOf(text, `gamehall_activity_lag_seconds{consumer="${consumer.name}"}`)).toBe(0);
  });
});

describe('scheduled jobs', () => {
  it("counts each job's runs by result, times them, and keeps its last success", async () => {
    const runs = (job: string, result: string) => `gamehall_job_runs_total{job_name="${job}",result="${result}"}`;
    const grew = await growth([runs('test.fine', 'ok'), runs('test.broken', 'failed')], async () => {
      expect(await runDue(t.ctx, { name: 'test.fine', everyMs: 3_600_000, run: async () => undefined })).toBe(true);
      const broken = runDue(t.ctx, {
        name: 'test.broken',
        everyMs: 3_600_000,
        run: async () => {
          throw new Error('the job failed');
        },
      });
      await expect(broken).rejects.toThrow('the job failed');
    });
    expect(grew).toEqual([1, 1]);
    const text = await scrape();
    expect(sampleOf(text, 'gamehall_job_duration_seconds_count{job_name="test.fine"}')).toBeGreaterThanOrEqual(1);
    expect(sampleOf(text, 'gamehall_job_last_success_timestamp_seconds{job_name="test.fine"}')).toBeGreaterThan(1.7e9);
    expect(text).not.toContain('gamehall_job_last_success_timestamp_seconds{job_name="test.broken"}');
  });
});
