import { brandDay } from '@gamehall/shared/calendar-day';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken } from '../../test/admin-session';
import { createMember } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { playVendorRound } from '../../test/programmes';
import { drainActivity, rewindConsumer } from '../activity/activity-bus';
import { getBrand } from '../brand/brand.service';
import { actors, call, expectFailure, fund } from '../cashier/cashier.fixtures';
import { balanceOf, verifyLedger } from '../ledger/ledger.service';
import { rebatesConsumer, runAutomaticRebates } from './rebates.service';

// Rebates through HTTP (docs/vip.md): accrual from settled rounds at the
// member's level's rate per game type, the manual claim (once under concurrency), the automatic
// daily payout (once per member and day under reruns), the member's summary and history, and the
// back office's report by day.

let t: TestApp;
let admin: string;
const { member: memberWithSession } = actors(() => t, createMember);

beforeAll(async () => {
  t = await createTestApp();
  admin = await adminToken(t.app);
});
afterAll(() => t.close());

function adminCall(method: 'GET' | 'PUT', url: string, payload?: unknown) {
  return t.app.inject({ method, url, headers: { authorization: admin }, ...(payload ? { payload } : {}) });
}

async function mode(rebateMode: 'automatic' | 'manual', rebateHour = 0) {
  const res = await adminCall('PUT', '/admin/vip/settings', { windowDays: 90, rebateMode, rebateHour });
  expect(res.statusCode, res.body).toBe(200);
}

/** A round of the vendor's first game through the signed vendor API; returns its game type. */
async function playRound(memberId: number, vendor: string, bet: number) {
  return (await playVendorRound(t, { memberId, vendor, bet })).gameType;
}

/** A vendor whose first game is of this type. */
async function vendorOf(gameType: string) {
  const rows = await t.ctx.db
    .selectFrom('games')
    .select(['vendor_code', 'game_type', 'node_id'])
    .orderBy('vendor_code')
    .orderBy('node_id')
    .execute();
  const first = new Map<string, string>();
  for (const r of rows) if (!first.has(r.vendor_code)) first.set(r.vendor_code, r.game_type);
  const integrated = await t.ctx.db.selectFrom('vendor_integrations').select('vendor_code').execute();
  const ok = new Set(integrated.map((r) => r.vendor_code));
  const vendor = [...first].find(([v, type]) => type === gameType && ok.has(v))?.[0];
  if (!vendor) throw new Error(`no vendor whose first game is ${gameType}`);
  return vendor;
}

async function cash(memberId: number) {
  return (await balanceOf(t.ctx.db, memberId, 'PHP')).balance;
}

async function rebatePostings(memberId: number) {
  return t.ctx.db
    .selectFrom('ledger_postings as p')
    .innerJoin('ledger_entries as e', 'e.posting_id', 'p.id')
    .innerJoin('ledger_accounts as a', 'a.id', 'e.account_id')
    .select(['p.idempotency_key', 'e.amount'])
    .where('p.type', '=', 'bonus.rebate')
    .where('a.code', '=', `member:${memberId}:cash:PHP`)
    .execute();
}

async function summary(token: string) {
  const res = await call(t, 'GET', '/wps/rebate/summary', token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value;
}

describe('accrual and the manual claim', () => {
  it('accrues each settled round at the level rate of its game type and pays a claim once', async () => {
    await mode('manual');
    const m = await memberWithSession();
    await fund(t, m.id, 10_000_000);
    const rng = await vendorOf('RNG');
    const live = await vendorOf('LIVE');
    // Level 0's seeded rates are the spec §9 ones: RNG 1.2%, LIVE 0.8%.
    await playRound(m.id, rng, 12_345); // 123.45
    await playRound(m.id, rng, 10_000); // 100.00
    await playRound(m.id, live, 50_050); // 500.50
    await drainActivity(t.ctx, rebatesConsumer);
    // A replay accrues nothing twice.
    await rewindConsumer(t.ctx, 'rebates');
    await drainActivity(t.ctx, rebatesConsumer);

    // RNG: floor(22,345 x 12,000 / 1e6) = 268; LIVE: floor(50,050 x 8,000 / 1e6) = 400 (minor units).
    const s = await summary(m.token);
    expect(s).toMatchObject({ mode: 'manual', accrued: 6.68, validBet: 723.95, lastPaidAt: null });
    expect(s.lines).toEqual([
      { gameType: 'LIVE', validBet: 500.5, ratePpm: 8_000, amount: 4 },
      { gameType: 'RNG', validBet: 223.45, ratePpm: 12_000, amount: 2.68 },
    ]);

    const before = await cash(m.id);
    const claims = await Promise.all(Array.from({ length: 5 }, () => call(t, 'POST', '/wps/rebate/claim', m.token)));
    const paid = claims.filter((r) => r.statusCode === 200);
    expect(paid).toHaveLength(1);
    for (const r of claims.filter((x) => x.statusCode !== 200)) expectFailure(r, 409, 'REBATE_NOTHING_TO_CLAIM');
    expect(paid[0]?.json().value).toMatchObject({ mode: 'manual', amount: 6.68, validBet: 723.95 });
    expect((await cash(m.id)) - before).toBe(668);
    expect(await rebatePostings(m.id)).toHaveLength(1);

    const after = await summary(m.token);
    expect(after).toMatchObject({ accrued: 0, lines: [] });
    expect(after.lastPaidAt).not.toBeNull();
    const history = (await call(t, 'GET', '/wps/rebate/history', m.token)).json().value;
    expect(history).toMatchObject({ totalElements: 1, content: [{ amount: 6.68, mode: 'manual' }] });
    expectFailure(await call(t, 'POST', '/wps/rebate/claim', m.token), 409, 'REBATE_NOTHING_TO_CLAIM');
    expect((await verifyLedger(t.ctx.db)).violations).toEqual([]);
  });

  it("accrues at the member's level's rates and nothing for a game type without one", async () => {
    await mode('manual');
    const levels = (await adminCall('GET', '/admin/vip')).json().value.levels;
    const custom = levels.map((l: { level: number }) =>
      l.level === 1 ? { ...l, rebateRates: [{ gameType: 'RNG', ratePpm: 20_000 }] } : l,
    );
    expect((await adminCall('PUT', '/admin/vip/levels', { levels: custom })).statusCode).toBe(200);
    const m = await memberWithSession();
    await t.ctx.db.updateTable('members').set({ vip_level: 1 }).where('id', '=', m.id).execute();
    await fund(t, m.id, 1_000_000);
    await playRound(m.id, await vendorOf('RNG'), 10_000);
    await playRound(m.id, await vendorOf('LIVE'), 10_000);
    await drainActivity(t.ctx, rebatesConsumer);
    const s = await summary(m.token);
    expect(s.lines).toEqual([{ gameType: 'RNG', validBet: 100, ratePpm: 20_000, amount: 2 }]);
    expect((await adminCall('PUT', '/admin/vip/levels', { levels })).statusCode).toBe(200);
  });

  it('refuses a claim when rebates are automatic', async () => {
    await mode('automatic');
    const m = await memberWithSession();
    expectFailure(await call(t, 'POST', '/wps/rebate/claim', m.token), 403, 'REBATE_MANUAL_DISABLED');
  });
});

describe('automatic payout and the report', () => {
  it('pays the rounds settled before today once per member and day, and the report shows it', async () => {
    await mode('manual');
    const m = await memberWithSession();
    await fund(t, m.id, 1_000_000);
    await playRound(m.id, await vendorOf('RNG'), 100_000); // 1,000.00 at 1.2% = 12.00
    await drainActivity(t.ctx, rebatesConsumer);
    const tz = (await getBrand(t.ctx.db)).timeZone;
    const playedOn = brandDay(t.ctx.now(), tz);

    // Automatic mode, the payout hour 0: today's rounds wait for tomorrow.
    await mode('automatic', 0);
    const before = await cash(m.id);
    await runAutomaticRebates(t.ctx);
    expect(await cash(m.id)).toBe(before);

    t.advance(86_400_000);
    admin = await adminToken(t.app); // the sessions of yesterday have expired
    const payDay = brandDay(t.ctx.now(), tz);
    await Promise.all([runAutomaticRebates(t.ctx), runAutomaticRebates(t.ctx)]);
    await runAutomaticRebates(t.ctx);
    expect((await cash(m.id)) - before).toBe(1_200);
    expect((await rebatePostings(m.id)).map((p) => p.idempotency_key)).toEqual([`rebate:auto:${m.id}:${payDay}`]);
    const unpaid = await t.ctx.db
      .selectFrom('rebate_accruals')
      .select('id')
      .where('member_id', '=', m.id)
      .where('payout_id', 'is', null)
      .execute();
    expect(unpaid).toEqual([]);

    const report = await adminCall('GET', `/admin/vip/rebate-report?from=${playedOn}&to=${payDay}`);
    expect(report.statusCode, report.body).toBe(200);
    const days = report.json().value.days as { day: string; accrued: number; paid: number; payouts: number }[];
    expect(days.map((d) => d.day)).toEqual([playedOn, payDay]);
    expect(days[0]?.accrued).toBeGreaterThanOrEqual(12);
    expect(days[1]?.paid).toBeGreaterThanOrEqual(12);
    expect(days[1]?.payouts).toBeGreaterThanOrEqual(1);

    for (const q of ['from=2026-02-30&to=2026-03-01', `from=${payDay}&to=${playedOn}`, 'from=2026-01-01&to=2026-06-01'])
      expectFailure(await adminCall('GET', `/admin/vip/rebate-report?${q}`), 400, 'VALIDATION_FAILED');
    expect((await verifyLedger(t.ctx.db)).violations).toEqual([]);
  });
});
