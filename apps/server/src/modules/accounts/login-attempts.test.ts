import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RequestMeta } from '../../http/request-meta';
import { createTestApp, type TestApp } from '../../test/harness';
import { getBrand } from '../brand/brand.service';
import { UNLIMITED } from '../throttle/throttle.service';
import { beginLoginAttempt, failLoginAttempt, type LoginAttemptKeys } from './login-attempts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

let seq = 0;
function keys(): LoginAttemptKeys {
  seq++;
  return {
    audience: 'member',
    lock: { key: `test-attempt-account:${seq}`, limit: { max: 10, windowSeconds: 900, lockSeconds: 900 } },
    count: { key: `test-attempt-ip:${seq}`, limit: { max: UNLIMITED, windowSeconds: 900 } },
  };
}
// No captcha answer is sent, so the request meta is never read.
const meta = {} as RequestMeta;

describe('failLoginAttempt', () => {
  it('asks for the captcha once the failures reach the threshold, not attempts still being checked', async () => {
    const brand = await getBrand(t.ctx.db);
    expect(brand.captchaAfterFailures).toBe(3);
    const k = keys();
    const attempts = [];
    for (let i = 0; i < 3; i++) attempts.push(await beginLoginAttempt(t.ctx, meta, brand, k, undefined));
    // The third attempt fails first, while the first two are still in flight: one failure so far.
    expect(await failLoginAttempt(t.ctx, brand, attempts[2]!)).toEqual({ captcha: false, lockedForSeconds: undefined });
    expect((await failLoginAttempt(t.ctx, brand, attempts[0]!)).captcha).toBe(false);
    expect((await failLoginAttempt(t.ctx, brand, attempts[1]!)).captcha).toBe(true);
  });
});
