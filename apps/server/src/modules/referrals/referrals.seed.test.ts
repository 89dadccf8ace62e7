import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken } from '../../test/admin-session';
import { createTestApp, type TestApp } from '../../test/harness';

// Referral rewards on and a prize wheel with a modest, honest prize table.
describe('demo referrals and prize wheel', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp({ demo: true });
    admin = await adminToken(t.app);
  });
  afterAll(() => t.close());

  it('runs the referral programme with a first-deposit and a turnover reward', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/admin/referrals/settings',
      headers: { authorization: admin },
    });
    expect(res.statusCode, res.body).toBe(200);
    const v = res.json().value;
    expect(v.enabled).toBe(true);
    expect(v.rules.firstDeposit).toMatchObject({ minDeposit: 100, amount: 10, percent: 10, cap: 50 });
    expect(v.rules.turnover).toMatchObject({ threshold: 1000, amount: 20 });
  });

  it('has a prize wheel whose labels say exactly what each prize pays', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/admin/tickets/kinds', headers: { authorization: admin } });
    const [wheel] = res.json().value.list;
    expect(wheel).toMatchObject({ kind: 'prize_wheel', enabled: true, depositMin: 200 });
    for (const p of wheel.prizes) {
      expect(p.weight).toBeGreaterThan(0);
      if (p.type === 'cash') expect(p.label).toBe(`${p.amount.toFixed(2)} cash`);
      if (p.type === 'points') expect(p.label).toBe(`${p.points} points`);
    }
    // The referral first-deposit stage grants this wheel.
    const settings = await t.app.inject({
      method: 'GET',
      url: '/admin/referrals/settings',
      headers: { authorization: admin },
    });
    expect(settings.json().value.rules.firstDeposit.ticketKindId).toBe(wheel.id);
  });
});
