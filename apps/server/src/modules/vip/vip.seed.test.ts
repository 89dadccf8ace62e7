import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { issueSession } from '../accounts/sessions.service';

// The demo brand's VIP levels have real thresholds, bonuses and limits, the spec
// §9 rebate rates at every level (PVP none), and rebates are claimed on the manual rebate page.
describe('demo VIP levels and rebates', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp({ demo: true });
    const m = await createMember(t.ctx);
    token = await issueSession(t.ctx, t.ctx.db, { memberId: m.id, area: 'member', ip: '127.0.0.1', userAgent: null });
  });
  afterAll(() => t.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { authorization: token } });

  it('every level has both thresholds, its bonuses and the spec rebate rates', async () => {
    const res = await get('/wps/vip/summary');
    expect(res.statusCode, res.body).toBe(200);
    const s = res.json().value;
    expect(s).toMatchObject({ level: 0, labelName: 'Member', windowDays: 90 });
    expect(s.levels).toHaveLength(10);
    expect(s.levels[1]).toMatchObject({
      labelName: 'Bronze',
      minDeposit: 1_000,
      minValidBet: 5_000,
      upgradeBonus: 10,
      monthlyBonus: 5,
      birthdayBonus: 20,
    });
    for (const l of s.levels) {
      expect(l.minValidBet).toBe(l.minDeposit * 5);
      expect(l.rebateRates).toEqual([
        { gameType: 'ELOTT', ratePpm: 10_000 },
        { gameType: 'ESPORTS', ratePpm: 10_000 },
        { gameType: 'FISH', ratePpm: 10_000 },
        { gameType: 'LIVE', ratePpm: 8_000 },
        { gameType: 'LOTT', ratePpm: 10_000 },
        { gameType: 'RNG', ratePpm: 12_000 },
        { gameType: 'SPORTS', ratePpm: 10_000 },
      ]);
    }
    expect(s.next).toMatchObject({ labelName: 'Bronze', depositsNeeded: 1_000, validBetsNeeded: 5_000 });
  });

  it('rebates are manual', async () => {
    const res = await get('/wps/rebate/summary');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().value).toMatchObject({ mode: 'manual', accrued: 0, lines: [] });
  });
});
