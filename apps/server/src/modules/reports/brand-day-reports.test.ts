import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken } from '../../test/admin-session';
import { createMember } from '../../test/factories';
import { ensureVendorIntegrations } from '../../test/game-factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { forgetBrand, setBrandSetting } from '../brand/brand.service';

// One day everywhere: the reconciliation, tickets, referral and promotion cost reports
// cut days in the brand's time zone, as the dashboard does. The brand here is in New York, so
// 23:30 there on 10 March is 03:30 UTC on 11 March: it must count on the 10th.

let t: TestApp;
let admin: string;
let vendor: string;
const ZONE = 'America/New_York';
const LATE_EVENING = new Date('2026-03-11T03:30:00Z'); // 2026-03-10 23:30 in New York (EDT)

beforeAll(async () => {
  t = await createTestApp();
  await ensureVendorIntegrations(t.ctx);
  await setBrandSetting(t.ctx.db, 'timeZone', ZONE);
  forgetBrand();
  admin = await adminToken(t.app);
  vendor = (await t.ctx.db.selectFrom('vendor_integrations').select('vendor_code').executeTakeFirstOrThrow())
    .vendor_code;
});
afterAll(() => t.close());

const get = async (url: string) => {
  const res = await t.app.inject({ method: 'GET', url, headers: { authorization: admin } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value;
};

describe('reports on brand days', () => {
  it('reconciles a bet of 23:30 brand time on the brand day, not the UTC day', async () => {
    const m = await createMember(t.ctx, {});
    await t.ctx.db
      .insertInto('vendor_transactions')
      .values({
        vendor_code: vendor,
        transaction_id: `late-${Date.now()}`,
        kind: 'bet',
        round_id: `late-round-${Date.now()}`,
        member_id: m.id,
        amount: 700,
        ref_transaction_id: null,
        details_hash: 'x',
        status: 'ok',
        balance_after: 0,
        created_at: LATE_EVENING,
      })
      .execute();
    const brandDay = await get(`/admin/vendors/${vendor}/reconciliation?date=2026-03-10`);
    expect(brandDay).toMatchObject({ date: '2026-03-10', timeZone: ZONE, bets: { count: 1, amount: 700 } });
    expect((await get(`/admin/vendors/${vendor}/reconciliation?date=2026-03-11`)).bets.count).toBe(0);
    const grid = await get(`/admin/games/reconciliation?from=2026-03-10&to=2026-03-11&vendor=${vendor}`);
    expect(grid.list.map((r: { date: string; bets: { count: number } }) => [r.date, r.bets.count])).toEqual([
      ['2026-03-10', 1],
      ['2026-03-11', 0],
    ]);
  });

  it('counts a ticket issued at 23:30 brand time on the brand day', async () => {
    const m = await createMember(t.ctx, {});
    const kind = await t.ctx.db
      .insertInto('ticket_kinds')
      .values({
        kind: 'golden_egg',
        name: `Late egg ${Date.now()}`,
        enabled: true,
        deposit_min: null,
        prizes: '[]',
      } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.ctx.db
      .insertInto('tickets')
      .values({ member_id: m.id, kind_id: Number(kind.id), source: 'test:late', created_at: LATE_EVENING })
      .execute();
    const v = await get('/admin/tickets/report?from=2026-03-10&to=2026-03-11');
    expect(v.timeZone).toBe(ZONE);
    expect(v.rows.filter((r: { kindId: number }) => r.kindId === Number(kind.id))).toMatchObject([
      { day: '2026-03-10', issued: 1 },
    ]);
  });

  it('names the zone on the referral and promotion cost reports', async () => {
    expect((await get('/admin/referrals/report?from=2026-03-10&to=2026-03-10')).timeZone).toBe(ZONE);
    expect((await get('/admin/promotions/costs?from=2026-03-10&to=2026-03-10')).timeZone).toBe(ZONE);
  });
});
