import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';

// The demo brand runs the welcome programme its texts describe.
describe('demo welcome promotion', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ demo: true });
  });
  afterAll(() => t.close());

  it('first deposit 100% up to 1,000 with 10x wagering, running, and its texts say so', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/wps/relay/MCSFE_getPromotions?type=NEWBIE' });
    expect(res.statusCode).toBe(200);
    const list = (res.json() as { value: { list: Record<string, unknown>[] } }).value.list;
    expect(list).toHaveLength(1);
    const p = list[0] ?? {};
    expect(p).toMatchObject({
      kind: 'deposit_match',
      status: 'Process',
      percent: 100,
      cap: 1000,
      nthDeposit: 1,
      payAs: 'bonus',
      wageringMultiple: 10,
      wageringBase: 'bonus',
    });
    expect(String(p.title)).toContain('100%');
    expect(String(p.title)).toContain('1,000');
    expect(String(p.rules)).toContain('10 times the bonus');
  });
});
