// postgres: parallel captcha requests against one counter
import { PNG } from 'pngjs';
import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import { AppError } from '../../http/errors';
import { solveChallenge } from '../../test/challenge';
import { createMember } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { setBrandSetting } from '../brand/brand.service';
import { CAPTCHA_ALPHABET, CAPTCHA_HEIGHT, CAPTCHA_WIDTH, randomCaptchaText } from './captcha-image';
import { verifyChallenge } from './challenge.service';
import { issueSession } from './sessions.service';
import { consumeSmsCode, normalizeMobile, parseMobile } from './sms.service';

let t: TestApp;
let ipSeq = 0;
// Each test speaks from its own address so per-IP limits of one test do not leak into another.
// Private addresses: the region check has no country for them.
let ip = '10.20.0.1';

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(() => {
  ipSeq++;
  ip = `10.20.${Math.floor(ipSeq / 250)}.${(ipSeq % 250) + 1}`;
  // Every throttle window of a previous test is over.
  t.advance(10 * 60_000);
});

let phoneSeq = 0;
function newMobile() {
  phoneSeq++;
  return `917${String(Date.now() % 10_000).padStart(4, '0')}${String(phoneSeq).padStart(3, '0')}`;
}

function countRows(table: 'outbox' | 'sms_codes' | 'used_challenges' | 'captchas') {
  return t.ctx.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow()
    .then((r) => Number(r.n));
}

async function sendSms(
  kind: 'noLogin' | 'register',
  mobile: string | undefined,
  options: { challenge?: string | null; countryDialingCode?: string; remoteAddress?: string } = {},
) {
  const challenge = options.challenge === null ? undefined : (options.challenge ?? (await solveChallenge(t.app)));
  const countryDialingCode = options.countryDialingCode ?? '63';
  const payload =
    kind === 'noLogin'
      ? { mobileNum: mobile, countryDialingCode, challenge }
      : { mobileNo: mobile, countryDialingCode, challenge, regType: 'MOBILE' };
  return t.app.inject({
    method: 'POST',
    url: `/wps/verification/sms/${kind}`,
    payload,
    remoteAddress: options.remoteAddress ?? ip,
  });
}

function lastCodeTo(mobile: string) {
  return t.ctx.db
    .selectFrom('outbox')
    .select(['code', 'text'])
    .where('recipient', '=', `+63${mobile}`)
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

describe('mobile numbers', () => {
  it('keeps digits, drops the trunk zero and the plus of the dialing code', () => {
    expect(normalizeMobile('63', '09171234567')).toBe('+639171234567');
    expect(normalizeMobile('+63', '9171234567')).toBe('+639171234567');
    expect(parseMobile('63', ' 09171234567 ')).toEqual({
      countryDialingCode: '63',
      mobileNum: '9171234567',
      phone: '+639171234567',
    });
  });

  it('refuses missing and malformed numbers', () => {
    const codeOf = (fn: () => unknown) => {
      try {
        fn();
      } catch (e) {
        return (e as AppError).code;
      }
      return 'none';
    };
    expect(codeOf(() => normalizeMobile('63', ''))).toBe('SMS_PHONE_MISSING');
    expect(codeOf(() => normalizeMobile('63', '   '))).toBe('SMS_PHONE_MISSING');
    expect(codeOf(() => normalizeMobile('63', '917-123-4567'))).toBe('SMS_PHONE_INVALID');
    expect(codeOf(() => normalizeMobile('63', '12345'))).toBe('SMS_PHONE_INVALID');
    expect(codeOf(() => normalizeMobile('63', '1234567890123456'))).toBe('SMS_PHONE_INVALID');
    expect(codeOf(() => normalizeMobile('abc', '9171234567'))).toBe('SMS_PHONE_INVALID');
  });
});

describe('GET /wps/verification/challenge', () => {
  it('issues a signed ALTCHA challenge that expires in about five minutes', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/wps/verification/challenge' });
    expect(res.statusCode).toBe(200);
    const value = res.json().value;
    expect(value.parameters).toMatchObject({ algorithm: 'SHA-256', keyLength: 32 });
    expect(value.signature).toMatch(/^[0-9a-f]{64}$/);
    const ttl = value.parameters.expiresAt * 1000 - t.ctx.now().getTime();
    expect(ttl).toBeGreaterThan(4 * 60_000);
    expect(ttl).toBeLessThanOrEqual(5 * 60_000);
  });

  it('accepts a solved challenge once', async () => {
    const challenge = await solveChallenge(t.app);
    await expect(verifyChallenge(t.ctx, t.ctx.db, challenge)).resolves.toBeUndefined();
    await expect(verifyChallenge(t.ctx, t.ctx.db, challenge)).rejects.toMatchObject({ code: 'CHALLENGE_INVALID' });
  });

  it('refuses missing, malformed, tampered and expired challenges', async () => {
    await expect(verifyChallenge(t.ctx, t.ctx.db, undefined)).rejects.toMatchObject({ code: 'CHALLENGE_REQUIRED' });
    await expect(verifyChallenge(t.ctx, t.ctx.db, '  ')).rejects.toMatchObject({ code: 'CHALLENGE_REQUIRED' });
    await expect(verifyChallenge(t.ctx, t.ctx.db, 'not base64 json')).rejects.toMatchObject({
      code: 'CHALLENGE_INVALID',
    });
    const good = JSON.parse(Buffer.from(await solveChallenge(t.app), 'base64').toString('utf8'));
    const tampered = structuredClone(good);
    const key: string = tampered.solution.derivedKey;
    tampered.solution.derivedKey = `${key[0] === 'a' ? 'b' : 'a'}${key.slice(1)}`;
    const resigned = structuredClone(good);
    resigned.challenge.parameters.expiresAt += 3600;
    for (const payload of [tampered, resigned]) {
      const raw = Buffer.from(JSON.stringify(payload)).toString('base64');
      await expect(verifyChallenge(t.ctx, t.ctx.db, raw)).rejects.toMatchObject({ code: 'CHALLENGE_INVALID' });
    }
    const late = await solveChallenge(t.app);
    t.advance(5 * 60_000 + 1000);
    await expect(verifyChallenge(t.ctx, t.ctx.db, late)).rejects.toMatchObject({ code: 'CHALLENGE_INVALID' });
  });

  it('is not asked for when the brand turns it off', async () => {
    await setBrandSetting(t.ctx.db, 'challengeEnabled', false);
    try {
      await expect(verifyChallenge(t.ctx, t.ctx.db, undefined)).resolves.toBeUndefined();
      const res = await sendSms('register', newMobile(), { challenge: null });
      expect(res.statusCode).toBe(200);
    } finally {
      await setBrandSetting(t.ctx.db, 'challengeEnabled', true);
    }
  });
});

describe('GET /wps/captcha', () => {
  it('draws a PNG of 4-5 unambiguous characters', () => {
    for (let i = 0; i < 50; i++) {
      const text = randomCaptchaText();
      expect(text).toMatch(new RegExp(`^[${CAPTCHA_ALPHABET}]{4,5}$`));
    }
    expect(CAPTCHA_ALPHABET).not.toMatch(/[0O1IL5S2Z8B]/);
  });

  it('answers a base64 PNG, sets the client cookie once and stores only a hash', async () => {
    const before = await countRows('captchas');
    const res = await t.app.inject({ method: 'GET', url: '/wps/captcha', remoteAddress: ip });
    expect(res.statusCode).toBe(200);
    const image = res.json().value as string;
    expect(image.startsWith('data:')).toBe(false);
    const png = PNG.sync.read(Buffer.from(image, 'base64'));
    expect([png.width, png.height]).toEqual([CAPTCHA_WIDTH, CAPTCHA_HEIGHT]);
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/^ghcid=[A-Za-z0-9_-]{22,64}; /);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    expect(await countRows('captchas')).toBe(before + 1);

    const id = cookie.split(';')[0]!;
    t.advance(1100);
    const again = await t.app.inject({
      method: 'GET',
      url: '/wps/captcha',
      remoteAddress: ip,
      headers: { cookie: id },
    });
    expect(again.statusCode).toBe(200);
    expect(again.headers['set-cookie']).toBeUndefined();
    const rows = await t.ctx.db.selectFrom('captchas').select(['client_key', 'answer_hash']).execute();
    for (const row of rows) expect(row.answer_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('refreshes at most once a second per address, whatever cookie or user agent the client sends', {
    tags: ['postgres'],
  }, async () => {
    const thaw = t.freeze();
    onTestFinished(thaw);
    const fetchCaptcha = (n: number, remoteAddress = ip, token?: string) =>
      t.app.inject({
        method: 'GET',
        url: '/wps/captcha',
        remoteAddress,
        headers: {
          cookie: `ghcid=refresh-test-client-${String(n).padStart(10, '0')}`,
          'user-agent': `agent-${n}`,
          ...(token ? { authorization: token } : {}),
        },
      });
    expect((await fetchCaptcha(1)).statusCode).toBe(200);
    const second = await fetchCaptcha(1);
    expect(second.statusCode).toBe(429);
    expect(second.json()).toMatchObject({ code: 'RATE_LIMITED', value: { retryAfterSeconds: 1 } });
    // A new cookie and user agent on every request start no new count.
    for (let n = 2; n < 12; n++) expect((await fetchCaptcha(n)).statusCode).toBe(429);
    const parallel = await Promise.all(Array.from({ length: 20 }, (_, i) => fetchCaptcha(100 + i)));
    expect(parallel.filter((r) => r.statusCode === 200)).toHaveLength(0);
    // Another address is not held back.
    expect((await fetchCaptcha(1, `10.21.${ipSeq % 250}.1`)).statusCode).toBe(200);
    t.advance(1100);
    expect((await fetchCaptcha(1)).statusCode).toBe(200);
  });

  it('refreshes at most once a second per signed-in account, from any address', async () => {
    const m = await createMember(t.ctx);
    const token = await issueSession(t.ctx, t.ctx.db, { memberId: m.id, area: 'member', ip, userAgent: null });
    const fetchCaptcha = (remoteAddress: string) =>
      t.app.inject({ method: 'GET', url: '/wps/captcha', remoteAddress, headers: { authorization: token } });
    // The clock stands still between the two first asks, however slowly a loaded machine runs them.
    const thaw = t.freeze();
    try {
      expect((await fetchCaptcha(`10.22.${ipSeq % 250}.1`)).statusCode).toBe(200);
      expect((await fetchCaptcha(`10.22.${ipSeq % 250}.2`)).statusCode).toBe(429);
      t.advance(1100);
      expect((await fetchCaptcha(`10.22.${ipSeq % 250}.3`)).statusCode).toBe(200);
    } finally {
      thaw();
    }
  });
});

describe('POST /wps/verification/sms/register', () => {
  it('sends a 6-digit code to a free number and keeps only its hash', async () => {
    const mobile = newMobile();
    const res = await sendSms('register', `0${mobile}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, value: { expiredMinutes: 5 } });
    const sent = await lastCodeTo(mobile);
    expect(sent?.code).toMatch(/^\d{6}$/);
    expect(sent?.text).toContain(sent?.code);
    const stored = await t.ctx.db
      .selectFrom('sms_codes')
      .select(['code_hash', 'purpose'])
      .where('phone', '=', `+63${mobile}`)
      .executeTakeFirstOrThrow();
    expect(stored.purpose).toBe('register');
    expect(stored.code_hash).not.toContain(sent?.code ?? 'x');
    const events = await t.ctx.db
      .selectFrom('audit_log')
      .select(['ip', 'success'])
      .where('event', '=', 'sms.send')
      .where('ip', '=', ip)
      .execute();
    expect(events).toEqual([{ ip, success: true }]);
  });

  it('follows the brand smsExpiredMinutes', async () => {
    await setBrandSetting(t.ctx.db, 'smsExpiredMinutes', 3);
    try {
      const res = await sendSms('register', newMobile());
      expect(res.json().value).toEqual({ expiredMinutes: 3 });
    } finally {
      await setBrandSetting(t.ctx.db, 'smsExpiredMinutes', 5);
    }
  });

  it('refuses a registered number, a bad number and a missing challenge, sending nothing', async () => {
    const taken = newMobile();
    await createMember(t.ctx, { mobileNum: taken });
    const outbox = await countRows('outbox');
    const codes = await countRows('sms_codes');

    const cases: [Awaited<ReturnType<typeof sendSms>>, number, string][] = [
      [await sendSms('register', taken), 409, 'ACCOUNT_MOBILE_TAKEN'],
      [await sendSms('register', undefined), 400, 'SMS_PHONE_MISSING'],
      [await sendSms('register', ''), 400, 'SMS_PHONE_MISSING'],
      [await sendSms('register', '91712x4567'), 400, 'SMS_PHONE_INVALID'],
      // The Philippines take 10 digits after the trunk zero.
      [await sendSms('register', '917123456'), 400, 'SMS_PHONE_INVALID'],
      [await sendSms('register', '91712345678'), 400, 'SMS_PHONE_INVALID'],
      [await sendSms('register', newMobile(), { challenge: null }), 400, 'CHALLENGE_REQUIRED'],
      [await sendSms('register', newMobile(), { challenge: 'e30=' }), 400, 'CHALLENGE_INVALID'],
    ];
    for (const [res, status, code] of cases) {
      expect(res.statusCode).toBe(status);
      expect(res.json()).toMatchObject({ success: false, code });
    }
    expect(await countRows('outbox')).toBe(outbox);
    expect(await countRows('sms_codes')).toBe(codes);
  });

  it('refuses a reused challenge', async () => {
    const challenge = await solveChallenge(t.app);
    expect((await sendSms('register', newMobile(), { challenge })).statusCode).toBe(200);
    const again = await sendSms('register', newMobile(), { challenge });
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('CHALLENGE_INVALID');
  });

  it('accepts the digit count of another country', async () => {
    const res = await sendSms('register', '912345678', { countryDialingCode: '84' });
    expect(res.statusCode).toBe(200);
    const bad = await sendSms('register', '9123456789', { countryDialingCode: '84' });
    expect(bad.json().code).toBe('SMS_PHONE_INVALID');
  });

  it('validates field types', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/wps/verification/sms/register',
      payload: { mobileNo: 9171234567, countryDialingCode: '63' },
      remoteAddress: ip,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(Object.keys(res.json().value.fields)).toEqual(['mobileNo']);
  });
});

describe('POST /wps/verification/sms/noLogin', () => {
  it('sends a login code to a registered number', async () => {
    const mobile = newMobile();
    await createMember(t.ctx, { mobileNum: mobile });
    const res = await sendSms('noLogin', mobile);
    expect(res.statusCode).toBe(200);
    expect(res.json().value).toEqual({ expiredMinutes: 5 });
    expect((await lastCodeTo(mobile))?.code).toMatch(/^\d{6}$/);
  });

  it('answers the same for an unknown number but sends nothing', async () => {
    const mobile = newMobile();
    const outbox = await countRows('outbox');
    const res = await sendSms('noLogin', mobile);
    expect(res.statusCode).toBe(200);
    expect(res.json().value).toEqual({ expiredMinutes: 5 });
    expect(await countRows('outbox')).toBe(outbox);
    expect(await lastCodeTo(mobile)).toBeUndefined();
  });

  it('refuses missing and malformed numbers', async () => {
    expect((await sendSms('noLogin', undefined)).json().code).toBe('SMS_PHONE_MISSING');
    expect((await sendSms('noLogin', 'abc')).json().code).toBe('SMS_PHONE_INVALID');
  });
});

describe('SMS throttling', () => {
  it('allows one send a second per number', async () => {
    const thaw = t.freeze();
    onTestFinished(thaw);
    const mobile = newMobile();
    expect((await sendSms('register', mobile)).statusCode).toBe(200);
    const burst = await sendSms('register', mobile);
    expect(burst.statusCode).toBe(429);
    expect(burst.json()).toMatchObject({ code: 'RATE_LIMITED', value: { retryAfterSeconds: 1 } });
    t.advance(1100);
    expect((await sendSms('register', mobile)).statusCode).toBe(200);
  });

  it('sends at most twenty codes in ten minutes from one address, whatever the numbers', async () => {
    const remoteAddress = '203.0.113.77';
    for (let i = 0; i < 20; i++)
      expect((await sendSms('register', newMobile(), { remoteAddress })).statusCode).toBe(200);
    const outbox = await countRows('outbox');
    const refused = await sendSms('register', newMobile(), { remoteAddress });
    expect(refused.statusCode).toBe(429);
    // Not SMS_TOO_MANY_REQUESTS: its message promises a 5-minute wait, and this one lasts the window.
    expect(refused.json().code).toBe('RATE_LIMITED');
    expect(refused.json().value.retryAfterSeconds).toBeGreaterThan(300);
    expect(await countRows('outbox')).toBe(outbox);
  });

  it('locks a number out for five minutes after five sends', async () => {
    const mobile = newMobile();
    for (let i = 0; i < 5; i++) {
      expect((await sendSms('register', mobile)).statusCode).toBe(200);
      t.advance(1100);
    }
    const outbox = await countRows('outbox');
    const sixth = await sendSms('register', mobile);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().code).toBe('SMS_TOO_MANY_REQUESTS');
    expect(sixth.json().value.retryAfterSeconds).toBeGreaterThan(290);
    expect(sixth.json().value.retryAfterSeconds).toBeLessThanOrEqual(300);
    t.advance(2 * 60_000);
    expect((await sendSms('register', mobile)).statusCode).toBe(429);
    expect(await countRows('outbox')).toBe(outbox);
    t.advance(3 * 60_000 + 1000);
    expect((await sendSms('register', mobile)).statusCode).toBe(200);
  });

  it('limits sends from one address across numbers', async () => {
    let last = 0;
    for (let i = 0; i < 21; i++) {
      last = (await sendSms('register', newMobile())).statusCode;
      if (last !== 200) break;
    }
    expect(last).toBe(429);
  });
});

describe('consumeSmsCode', () => {
  async function codeFor(mobile: string) {
    expect((await sendSms('register', mobile)).statusCode).toBe(200);
    return (await lastCodeTo(mobile))!.code!;
  }
  const use = (mobile: string, code: string | undefined) =>
    consumeSmsCode(t.ctx, t.ctx.db, { purpose: 'register', countryDialingCode: '63', mobileNum: mobile, code });

  it('accepts the code once', async () => {
    const mobile = newMobile();
    const code = await codeFor(mobile);
    await expect(use(`0${mobile}`, code)).resolves.toBeUndefined();
    await expect(use(mobile, code)).rejects.toMatchObject({ code: 'SMS_CODE_INVALID' });
  });

  it('refuses a missing, wrong, other-purpose or superseded code', async () => {
    const mobile = newMobile();
    const first = await codeFor(mobile);
    await expect(use(mobile, undefined)).rejects.toMatchObject({ code: 'SMS_CODE_MISSING' });
    await expect(use(mobile, ' ')).rejects.toMatchObject({ code: 'SMS_CODE_MISSING' });
    await expect(
      consumeSmsCode(t.ctx, t.ctx.db, { purpose: 'noLogin', countryDialingCode: '63', mobileNum: mobile, code: first }),
    ).rejects.toMatchObject({ code: 'SMS_CODE_INVALID' });
    t.advance(1100);
    const second = await codeFor(mobile);
    if (first !== second) await expect(use(mobile, first)).rejects.toMatchObject({ code: 'SMS_CODE_INVALID' });
    await expect(use(mobile, second)).resolves.toBeUndefined();
  });

  it('expires after smsExpiredMinutes', async () => {
    const mobile = newMobile();
    const code = await codeFor(mobile);
    t.advance(5 * 60_000 + 1000);
    await expect(use(mobile, code)).rejects.toMatchObject({ code: 'SMS_CODE_EXPIRED' });
  });

  it('gives up on a code after five wrong tries, even inside a transaction that rolls back', {
    tags: ['postgres'],
  }, async () => {
    const mobile = newMobile();
    const code = await codeFor(mobile);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 3; i++) await expect(use(mobile, wrong)).rejects.toMatchObject({ code: 'SMS_CODE_INVALID' });
    for (let i = 0; i < 2; i++) {
      await expect(
        t.ctx.db.transaction().execute(async (trx) => {
          await consumeSmsCode(t.ctx, trx, {
            purpose: 'register',
            countryDialingCode: '63',
            mobileNum: mobile,
            code: wrong,
          });
        }),
      ).rejects.toMatchObject({ code: 'SMS_CODE_INVALID' });
    }
    await expect(use(mobile, code)).rejects.toMatchObject({ code: 'SMS_CODE_EXPIRED' });
  });

  it('stays usable when the transaction that spent it rolls back', async () => {
    const mobile = newMobile();
    const code = await codeFor(mobile);
    await expect(
      t.ctx.db.transaction().execute(async (trx) => {
        await consumeSmsCode(t.ctx, trx, { purpose: 'register', countryDialingCode: '63', mobileNum: mobile, code });
        throw new AppError('ACCOUNT_USERNAME_TAKEN');
      }),
    ).rejects.toMatchObject({ code: 'ACCOUNT_USERNAME_TAKEN' });
    await expect(use(mobile, code)).resolves.toBeUndefined();
  });
});
