// postgres: parallel code sends against the last places of the day
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { adminToken } from '../../test/admin-session';
import { createMember } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { injectEncrypted } from '../../test/jwe';
import { countRows, latestOutboxCode } from '../../test/registration-setup';
import { setBrandSetting } from '../brand/brand.service';
import { actors, expectFailure } from '../cashier/cashier.fixtures';

// The brand's daily SMS limit (smsDailyQuota): code sends past it are refused with
// SMS_QUOTA_INSUFFICIENT and change nothing, security notices are counted but always sent, the
// count starts again on the next brand day, and the back office sees today's count.

let t: TestApp;
let operator: string;
let ipSeq = 0;
let phoneSeq = 0;

beforeAll(async () => {
  t = await createTestApp();
  await setBrandSetting(t.ctx.db, 'challengeEnabled', false);
});
afterAll(() => t.close());
beforeEach(async () => {
  // A new brand day for each test: its count starts at zero.
  t.advance(24 * 60 * 60_000);
  await setBrandSetting(t.ctx.db, 'smsDailyQuota', 3);
  operator = await adminToken(t.app, undefined, '10.63.0.1');
});

const { member: memberWithSession } = actors(() => t, createMember);

function newMobile() {
  phoneSeq++;
  return `918${String(process.pid % 1000).padStart(3, '0')}${String(phoneSeq).padStart(4, '0')}`;
}

/** A registration code for a new number, each from its own address (per-address limits aside). */
function askRegisterCode(mobile = newMobile()) {
  ipSeq++;
  return t.app.inject({
    method: 'POST',
    url: '/wps/verification/sms/register',
    payload: { mobileNo: mobile, countryDialingCode: '63', regType: 'MOBILE' },
    remoteAddress: `10.61.${Math.floor(ipSeq / 250)}.${(ipSeq % 250) + 1}`,
  });
}

async function counts() {
  return { outbox: await countRows(t.ctx.db, 'outbox'), codes: await countRows(t.ctx.db, 'sms_codes') };
}

async function sentTodayInConsole(): Promise<number> {
  const res = await t.app.inject({ method: 'GET', url: '/admin/brand/settings', headers: { authorization: operator } });
  expect(res.statusCode).toBe(200);
  const value = res.json().value as { smsSentToday: number; settings: { key: string; value: unknown }[] };
  expect(value.settings.find((s) => s.key === 'smsDailyQuota')?.value).toBe(3);
  return value.smsSentToday;
}

describe('the daily SMS limit', () => {
  it('refuses codes past the limit with SMS_QUOTA_INSUFFICIENT, writing nothing, and audits the refusal', async () => {
    for (let i = 0; i < 3; i++) expect((await askRegisterCode()).statusCode).toBe(200);
    expect(await sentTodayInConsole()).toBe(3);

    const before = await counts();
    const refused = newMobile();
    const res = await askRegisterCode(refused);
    expectFailure(res, 503, 'SMS_QUOTA_INSUFFICIENT');
    expect(res.json().message).toBe('Quota insufficient, please contact customer service');
    expect(await counts()).toEqual(before);
    expect(await sentTodayInConsole()).toBe(3);
    const audited = await t.ctx.db
      .selectFrom('audit_log')
      .select(['success', 'detail'])
      .where('event', '=', 'sms.send')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audited.success).toBe(false);
    const detail = (typeof audited.detail === 'string' ? JSON.parse(audited.detail) : audited.detail) as Record<
      string,
      unknown
    >;
    expect(detail).toMatchObject({ purpose: 'register', reason: 'SMS_QUOTA_INSUFFICIENT' });
    expect(String(detail.phone)).not.toContain(refused);

    // A login code for a number nobody holds is never sent, yet answers as a real one would: the
    // spent limit does not tell registered numbers from the rest.
    ipSeq++;
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/wps/verification/sms/noLogin',
      payload: { mobileNum: newMobile(), countryDialingCode: '63' },
      remoteAddress: `10.61.${Math.floor(ipSeq / 250)}.${(ipSeq % 250) + 1}`,
    });
    expectFailure(unknown, 503, 'SMS_QUOTA_INSUFFICIENT');
    expect(await counts()).toEqual(before);
  });

  it('starts again on the next brand day, and 0 means no limit', async () => {
    for (let i = 0; i < 3; i++) expect((await askRegisterCode()).statusCode).toBe(200);
    expectFailure(await askRegisterCode(), 503, 'SMS_QUOTA_INSUFFICIENT');
    t.advance(24 * 60 * 60_000);
    expect((await askRegisterCode()).statusCode).toBe(200);
    operator = await adminToken(t.app, undefined, '10.63.0.2');
    expect(await sentTodayInConsole()).toBe(1);

    await setBrandSetting(t.ctx.db, 'smsDailyQuota', 0);
    for (let i = 0; i < 4; i++) expect((await askRegisterCode()).statusCode).toBe(200);
  });

  it('still sends a security notice to the member past the limit, and counts it', async () => {
    for (let i = 0; i < 3; i++) expect((await askRegisterCode()).statusCode).toBe(200);
    const mobile = newMobile();
    const email = `quota${phoneSeq}@example.com`;
    const m = await memberWithSession({ mobileNum: mobile, email });
    const askSecurityCode = (channel: 'sms' | 'email') =>
      t.app.inject({
        method: 'POST',
        url: '/wps/member/security/code',
        payload: { channel },
        headers: { authorization: m.token },
        remoteAddress: '10.62.0.1',
      });
    // A code by SMS is refused today; the member's mail still brings one.
    expectFailure(await askSecurityCode('sms'), 503, 'SMS_QUOTA_INSUFFICIENT');
    expect((await askSecurityCode('email')).statusCode).toBe(200);
    const code = await latestOutboxCode(t.ctx.db, email);
    const res = await injectEncrypted(t.app, {
      method: 'POST',
      url: '/wps/member/security/paymentPassword',
      body: {
        loginPassword: m.password,
        channel: 'email',
        verificationCode: code,
        newPaymentPassword: '246810',
        confirmPaymentPassword: '246810',
      },
      token: m.token,
      remoteAddress: '10.62.0.2',
    });
    expect(res.statusCode, res.body).toBe(200);
    const notice = await t.ctx.db
      .selectFrom('outbox')
      .select('text')
      .where('recipient', '=', `+63${mobile}`)
      .executeTakeFirstOrThrow();
    expect(notice.text).toContain('payment password was set');
    expect(await sentTodayInConsole()).toBe(4);
  });

  it('lets exactly the limit through when codes are asked for at once', { tags: ['postgres'] }, async () => {
    const before = await counts();
    const answers = await Promise.all(Array.from({ length: 8 }, () => askRegisterCode()));
    const statuses = answers.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([200, 200, 200, 503, 503, 503, 503, 503]);
    for (const r of answers.filter((a) => a.statusCode === 503)) expectFailure(r, 503, 'SMS_QUOTA_INSUFFICIENT');
    const after = await counts();
    expect(after.codes - before.codes).toBe(3);
    expect(after.outbox - before.outbox).toBe(3);
    expect(await sentTodayInConsole()).toBe(3);
  });

  it('is a brand setting the back office edits: a whole number from 0 to a billion', async () => {
    for (const bad of [-1, 1.5, 'many', 1_000_000_001, 2 ** 53 - 1]) {
      const res = await t.app.inject({
        method: 'PUT',
        url: '/admin/brand/settings/smsDailyQuota',
        headers: { authorization: operator },
        payload: { value: bad },
      });
      expect(res.statusCode).toBe(400);
    }
    const res = await t.app.inject({
      method: 'PUT',
      url: '/admin/brand/settings/smsDailyQuota',
      headers: { authorization: operator },
      payload: { value: 2 },
    });
    expect(res.statusCode).toBe(200);
    for (let i = 0; i < 2; i++) expect((await askRegisterCode()).statusCode).toBe(200);
    expectFailure(await askRegisterCode(), 503, 'SMS_QUOTA_INSUFFICIENT');
  });
});
