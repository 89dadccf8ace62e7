import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken } from '../../test/admin-session';
import { createTestApp, type TestApp } from '../../test/harness';

// The demo brand runs the missions its texts describe.
describe('demo missions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ demo: true });
  });
  afterAll(() => t.close());

  it('daily log in, 10 rounds, deposit of 100 and a weekly bet of 1,000, running, with texts that say so', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/admin/missions',
      headers: { authorization: await adminToken(t.app) },
    });
    expect(res.statusCode, res.body).toBe(200);
    type M = {
      period: string;
      task: string;
      target: number;
      minDeposit: number | null;
      rewardKind: string;
      rewardAmount: number;
      phase: string;
      texts: { en: { title: string; description: string } };
    };
    const list = (res.json() as { value: { list: M[] } }).value.list;
    expect(list.map((m) => [m.period, m.task, m.target, m.minDeposit, m.phase])).toEqual([
      ['daily', 'login', 1, null, 'running'],
      ['daily', 'rounds', 10, null, 'running'],
      ['daily', 'deposit', 1, 100, 'running'],
      ['weekly', 'bet', 1000, null, 'running'],
    ]);
    for (const m of list) {
      expect(m.rewardKind).toBe('cash');
      // The text names the reward as configured (two decimals) and the period.
      expect(m.texts.en.description).toContain(`claim ${m.rewardAmount.toFixed(2)} in cash`);
      expect(m.texts.en.description).toContain(m.period === 'daily' ? 'today' : 'this week');
    }
    expect(list[1]?.texts.en.description).toContain('10 rounds');
    expect(list[2]?.texts.en.description).toContain('at least 100');
    expect(list[3]?.texts.en.description).toContain('1,000 in total');
  });
});
