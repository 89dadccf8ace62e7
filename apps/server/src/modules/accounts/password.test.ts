import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createMember } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { injectEncrypted } from '../../test/jwe';
import {
  countRows,
  latestOutboxCode,
  nextIp,
  setRule,
  TEST_RULES,
  uniqueMobile,
  useSwitches,
  useTestRules,
} from '../../test/registration-setup';
import { setBrandSetting } from '../brand/brand.service';
import { verifyPassword } from './passwords';
import { issueSession } from './sessions.service';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await setBrandSetting(t.ctx.db, 'challengeEnabled', false);
  // These tests are about passwords, not about where a login comes from.
  await setBrandSetting(t.ctx.db, 'newIpVerification', false);
});
afterAll(() => t.close());

beforeEach(async () => {
  await useTestRules(t.ctx.db);
  await useSwitches(t.ctx.db, { CHNGPASSVERIF3: true });
});

async function sessionFor(memberId: number) {
  return issueSession(t.ctx, t.ctx.db, { memberId, area: 'member', ip: '127.0.0.1', userAgent: null });
}

function memberInfo(token: string) {
  return t.app.inject({ method: 'GET', url: '/wps/member/info', headers: { authorization: token } });
}

function memberRow(id: number) {
  return t.ctx.db.selectFrom('members').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

function login(username: string, password: string) {
  return injectEncrypted(t.app, {
    method: 'POST',
    url: '/wps/session/login',
    body: { username, password, type: 'username' },
    remoteAddress: nextIp(),
  });
}

describe('POST /wps/member/password', () => {
  function change(token: string | undefined, body: Record<string, unknown>) {
    return injectEncrypted(t.app, {
      method: 'POST',
      url: '/wps/member/password',
      body,
      token,
      remoteAddress: nextIp(),
    });
  }

  it('changes the password, keeps this session and ends the others', async () => {
    const m = await createMember(t.ctx, { passwordChangedAt: new Date('2020-01-01T00:00:00Z') });
    const mine = await sessionFor(m.id);
    const other = await sessionFor(m.id);
    const res = await change(mine, {
      oldPassword: m.password,
      newPassword: 'Newer@456',
      confirmNewPassword: 'Newer@456',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, value: null });

    const row = await memberRow(m.id);
    expect(await verifyPassword(row.password_hash, 'Newer@456')).toBe(true);
    expect(new Date(row.password_changed_at).getUTCFullYear()).toBeGreaterThan(2020);
    expect((await memberInfo(mine)).statusCode).toBe(200);
    expect((await memberInfo(other)).statusCode).toBe(401);
    const audit = await t.ctx.db
      .selectFrom('audit_log')
      .select(['success'])
      .where('member_id', '=', m.id)
      .where('event', '=', 'password.change')
      .execute();
    expect(audit).toEqual([{ success: true }]);
  });

  it('lets a trial account change its password', async () => {
    const m = await createMember(t.ctx, { type: 4 });
    const res = await change(await sessionFor(m.id), {
      oldPassword: m.password,
      newPassword: 'Trial@789',
      confirmNewPassword: 'Trial@789',
    });
    expect(res.statusCode, res.body).toBe(200);
  });

  const refusals: [string, (old: string) => Record<string, unknown>, number, string, unknown][] = [
    [
      'a wrong old password',
      () => ({ oldPassword: 'Wrong@123', newPassword: 'Newer@456', confirmNewPassword: 'Newer@456' }),
      400,
      'PASSWORD_OLD_INVALID',
      undefined,
    ],
    [
      'a new password off the rule',
      (old) => ({ oldPassword: old, newPassword: 'newer456', confirmNewPassword: 'newer456' }),
      400,
      'PASSWORD_FORMAT_INVALID',
      { fields: { newPassword: 'PATTERN' } },
    ],
    [
      'a too short new password',
      (old) => ({ oldPassword: old, newPassword: 'Aa1!', confirmNewPassword: 'Aa1!' }),
      400,
      'PASSWORD_FORMAT_INVALID',
      { fields: { newPassword: 'TOO_SHORT' } },
    ],
    [
      'a confirmation mismatch',
      (old) => ({ oldPassword: old, newPassword: 'Newer@456', confirmNewPassword: 'Newer@457' }),
      400,
      'PASSWORD_CONFIRM_MISMATCH',
      { fields: { confirmNewPassword: 'MISMATCH' } },
    ],
    [
      'the same password again',
      (old) => ({ oldPassword: old, newPassword: old, confirmNewPassword: old }),
      400,
      'PASSWORD_SAME_AS_OLD',
      undefined,
    ],
    [
      'an empty field',
      (old) => ({ oldPassword: old, newPassword: '', confirmNewPassword: '' }),
      400,
      'VALIDATION_FAILED',
      { fields: { newPassword: 'REQUIRED', confirmNewPassword: 'REQUIRED' } },
    ],
  ];
  for (const [name, body, status, code, value] of refusals) {
    it(`refuses ${name} and changes nothing`, async () => {
      const m = await createMember(t.ctx);
      const before = await memberRow(m.id);
      const token = await sessionFor(m.id);
      const other = await sessionFor(m.id);
      const res = await change(token, body(m.password));
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().code).toBe(code);
      if (value) expect(res.json().value).toEqual(value);
      const after = await memberRow(m.id);
      expect(after.password_hash).toBe(before.password_hash);
      expect(after.password_changed_at).toEqual(before.password_changed_at);
      expect((await memberInfo(other)).statusCode).toBe(200);
    });
  }

  it('refuses the brand default password as the new one', async () => {
    await setRule(t.ctx.db, 'password', { ...TEST_RULES.password, patternId: 6 });
    const m = await createMember(t.ctx);
    const res = await change(await sessionFor(m.id), {
      oldPassword: m.password,
      newPassword: '888888',
      confirmNewPassword: '888888',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'PASSWORD_FORMAT_INVALID',
      value: { fields: { newPassword: 'NOT_ALLOWED' } },
    });
  });

  it('locks further tries after five wrong old passwords', async () => {
    const m = await createMember(t.ctx);
    const token = await sessionFor(m.id);
    const wrong = { oldPassword: 'Wrong@123', newPassword: 'Newer@456', confirmNewPassword: 'Newer@456' };
    for (let i = 0; i < 5; i++) expect((await change(token, wrong)).json().code).toBe('PASSWORD_OLD_INVALID');
    const sixth = await change(token, wrong);
    expect(sixth.statusCode).toBe(429);
    // Locked even for the right password until the lock ends.
    const right = await change(token, { ...wrong, oldPassword: m.password });
    expect(right.statusCode).toBe(429);
  });

  it('needs a session and an encrypted payload', async () => {
    const body = { oldPassword: 'a', newPassword: 'b', confirmNewPassword: 'b' };
    const anonymous = await change(undefined, body);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().code).toBe('AUTH_REQUIRED');
    const m = await createMember(t.ctx);
    const plain = await t.app.inject({
      method: 'POST',
      url: '/wps/member/password',
      payload: body,
      headers: { authorization: await sessionFor(m.id) },
    });
    expect(plain.statusCode).toBe(400);
    expect(plain.json().code).toBe('ENCRYPTION_REQUIRED');
  });
});

describe('forgot password by email', () => {
  function forgot(form: Record<string, string>, ip = nextIp()) {
    return t.app.inject({
      method: 'POST',
      url: '/wps/member/password/email',
      payload: new URLSearchParams(form).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      remoteAddress: ip,
    });
  }
  function resetWith(token: string, newPassword: string, confirmNewPassword = newPassword) {
    return injectEncrypted(t.app, {
      method: 'POST',
      url: '/wps/member/password/reset',
      body: { token, newPassword, confirmNewPassword },
      remoteAddress: nextIp(),
    });
  }
  async function mailedToken(email: string) {
    const row = await t.ctx.db
      .selectFrom('outbox')
      .select(['code', 'text', 'subject', 'channel'])
      .where('recipient', '=', email)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    expect(row.channel).toBe('email');
    return row;
  }

  it('mails a link whose token sets a new password, ends every session, and then logs in', async () => {
    const email = `reset${Date.now()}@example.com`;
    const m = await createMember(t.ctx, { email });
    const session = await sessionFor(m.id);

    const res = await forgot({ username: m.username.toUpperCase(), email: email.toUpperCase() });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, value: null });

    const mail = await mailedToken(email);
    const token = mail.code as string;
    expect(token.length).toBeGreaterThanOrEqual(40);
    expect(mail.text).toContain(`http://localhost:3000/resetPassword?token=${token}`);
    // Only a hash of the token is kept.
    const stored = await t.ctx.db.selectFrom('password_resets').selectAll().where('member_id', '=', m.id).execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]?.token_hash).not.toContain(token);

    const done = await resetWith(token, 'Reset@2024');
    expect(done.statusCode, done.body).toBe(200);
    expect((await memberInfo(session)).statusCode).toBe(401);
    const audit = await t.ctx.db
      .selectFrom('audit_log')
      .select('event')
      .where('member_id', '=', m.id)
      .where('event', '=', 'password.reset.email')
      .execute();
    expect(audit.length).toBe(2);

    const old = await login(m.username, m.password);
    expect(old.statusCode).toBe(401);
    const fresh = await login(m.username, 'Reset@2024');
    expect(fresh.statusCode, fresh.body).toBe(200);
    expect(fresh.json().value.token).toEqual(expect.any(String));

    // single use
    const again = await resetWith(token, 'Other@2024');
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('PASSWORD_RESET_TOKEN_INVALID');
    expect(await verifyPassword((await memberRow(m.id)).password_hash, 'Reset@2024')).toBe(true);
  });

  it('answers ACCOUNT_NOT_FOUND when username and email do not belong together, and mails nothing', async () => {
    const m = await createMember(t.ctx, { email: `a${Date.now()}@example.com` });
    const outbox = await countRows(t.ctx.db, 'outbox');
    const resets = await countRows(t.ctx.db, 'password_resets');
    for (const form of [
      { username: m.username, email: 'other@example.com' },
      { username: 'nobody-here', email: 'x@example.com' },
    ]) {
      const res = await forgot(form);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'ACCOUNT_NOT_FOUND', message: 'Username/Email does not exist' });
    }
    const empty = await forgot({ username: m.username });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().value.fields).toEqual({ email: 'REQUIRED' });
    expect(await countRows(t.ctx.db, 'outbox')).toBe(outbox);
    expect(await countRows(t.ctx.db, 'password_resets')).toBe(resets);
  });

  it('replaces an earlier link with a new one', async () => {
    const email = `twice${Date.now()}@example.com`;
    const m = await createMember(t.ctx, { email });
    await forgot({ username: m.username, email });
    const first = (await mailedToken(email)).code as string;
    await forgot({ username: m.username, email });
    const second = (await mailedToken(email)).code as string;
    expect(second).not.toBe(first);
    expect((await resetWith(first, 'Reset@2024')).statusCode).toBe(400);
    expect((await resetWith(second, 'Reset@2024')).statusCode).toBe(200);
  });

  it('refuses a bad new password without spending the token', async () => {
    const email = `bad${Date.now()}@example.com`;
    const m = await createMember(t.ctx, { email });
    await forgot({ username: m.username, email });
    const token = (await mailedToken(email)).code as string;
    const mismatch = await resetWith(token, 'Reset@2024', 'Reset@2025');
    expect(mismatch.json().code).toBe('PASSWORD_CONFIRM_MISMATCH');
    const weak = await resetWith(token, 'weak');
    expect(weak.json()).toMatchObject({
      code: 'PASSWORD_FORMAT_INVALID',
      value: { fields: { newPassword: 'TOO_SHORT' } },
    });
    const unknown = await resetWith('not-a-token', 'Reset@2024');
    expect(unknown.statusCode).toBe(400);
    expect(await verifyPassword((await memberRow(m.id)).password_hash, m.password)).toBe(true);
    expect((await resetWith(token, 'Reset@2024')).statusCode).toBe(200);
  });

  it('throttles requests for one username', async () => {
    const email = `many${Date.now()}@example.com`;
    const m = await createMember(t.ctx, { email });
    for (let i = 0; i < 5; i++) expect((await forgot({ username: m.username, email })).statusCode).toBe(200);
    const sixth = await forgot({ username: m.username, email });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().value).toMatchObject({ retryAfterSeconds: expect.any(Number) });
  });

  it('throttles requests from one address', async () => {
    const ip = nextIp();
    for (let i = 0; i < 10; i++)
      expect((await forgot({ username: `nobody${i}`, email: 'x@example.com' }, ip)).statusCode).toBe(404);
    expect((await forgot({ username: 'nobody', email: 'x@example.com' }, ip)).statusCode).toBe(429);
  });

  it('expires a link after 30 minutes', async () => {
    const email = `late${Date.now()}@example.com`;
    const m = await createMember(t.ctx, { email });
    await forgot({ username: m.username, email });
    const token = (await mailedToken(email)).code as string;
    t.advance(31 * 60_000);
    const res = await resetWith(token, 'Reset@2024');
    expect(res.statusCode).toBe(400);
    expect(await verifyPassword((await memberRow(m.id)).password_hash, m.password)).toBe(true);
  });
});

describe('POST /wps/member/password/verification (reset by phone)', () => {
  async function smsCode(mobileNum: string) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/wps/verification/sms/noLogin',
      payload: { countryDialingCode: '63', mobileNum },
      remoteAddress: nextIp(),
    });
    expect(res.statusCode, res.body).toBe(200);
    return (await latestOutboxCode(t.ctx.db, `+63${mobileNum}`)) as string;
  }
  function resetByPhone(body: Record<string, unknown>, ip = nextIp()) {
    return injectEncrypted(t.app, {
      method: 'POST',
      url: '/wps/member/password/verification',
      body,
      remoteAddress: ip,
    });
  }

  it('signs the member in even where a password login would now demand the captcha', async () => {
    const mobileNum = uniqueMobile();
    const m = await createMember(t.ctx, { mobileNum, countryDialingCode: '63' });
    const ip = nextIp();
    await setBrandSetting(t.ctx.db, 'newIpVerification', true);
    try {
      // Three wrong passwords from this address: its next password login needs the captcha.
      for (let i = 0; i < 3; i++) {
        const wrong = await injectEncrypted(t.app, {
          method: 'POST',
          url: '/wps/session/login',
          body: { username: m.username, password: 'Wrong@1234', type: 'username' },
          remoteAddress: ip,
        });
        expect(wrong.statusCode).toBe(401);
      }
      const code = await smsCode(mobileNum);
      const res = await resetByPhone(
        { newPassword: 'Phone@2024', mobileNum, countryDialingCode: '63', verificationCode: code },
        ip,
      );
      expect(res.statusCode, res.body).toBe(200);
      const value = res.json().value;
      expect(value).toMatchObject({
        username: m.username,
        login: { token: expect.any(String), forceChangePassword: false, isTrial: false },
      });
      const info = await memberInfo(value.login.token);
      expect(info.statusCode, info.body).toBe(200);
      expect(info.json().value.account).toBe(m.username);
      // A password login from the same address still asks for the captcha: the reset opened no way round it.
      const after = await injectEncrypted(t.app, {
        method: 'POST',
        url: '/wps/session/login',
        body: { username: m.username, password: 'Phone@2024', type: 'username' },
        remoteAddress: ip,
      });
      expect(after.json().code).toMatch(/^CAPTCHA/);
    } finally {
      await setBrandSetting(t.ctx.db, 'newIpVerification', false);
    }
  });

  it('sets the password of the member with that number, ends their sessions, returns the username', async () => {
    const mobileNum = uniqueMobile();
    const m = await createMember(t.ctx, { mobileNum, countryDialingCode: '63' });
    const session = await sessionFor(m.id);
    const code = await smsCode(mobileNum);
    expect(code).toMatch(/^\d{6}$/);
    const res = await resetByPhone({
      newPassword: 'Phone@2024',
      mobileNum,
      countryDialingCode: '63',
      verificationCode: code,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ success: true, value: { username: m.username } });
    expect((await memberInfo(session)).statusCode).toBe(401);
    // The reset's own session is the one left.
    expect((await memberInfo(res.json().value.login.token)).statusCode).toBe(200);
    // the automatic second login of spec §4
    expect((await login(m.username, 'Phone@2024')).statusCode).toBe(200);
    // the code is spent
    const again = await resetByPhone({
      newPassword: 'Phone@2025',
      mobileNum,
      countryDialingCode: '63',
      verificationCode: code,
    });
    expect(again.json().code).toBe('SMS_CODE_INVALID');
    const audit = await t.ctx.db
      .selectFrom('audit_log')
      .select('event')
      .where('member_id', '=', m.id)
      .where('event', '=', 'password.reset.phone')
      .execute();
    expect(audit).toHaveLength(1);
  });

  it('is refused with FEATURE_DISABLED when CHNGPASSVERIF3 is off', async () => {
    await useSwitches(t.ctx.db, { CHNGPASSVERIF3: false });
    const res = await resetByPhone({
      newPassword: 'Phone@2024',
      mobileNum: uniqueMobile(),
      verificationCode: '123456',
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('FEATURE_DISABLED');
  });

  it('refuses a wrong, missing or unknown code and a bad new password, changing nothing', async () => {
    const mobileNum = uniqueMobile();
    const m = await createMember(t.ctx, { mobileNum, countryDialingCode: '63' });
    const code = await smsCode(mobileNum);
    const cases: [Record<string, unknown>, string][] = [
      [
        { newPassword: 'Phone@2024', mobileNum, verificationCode: code === '000000' ? '111111' : '000000' },
        'SMS_CODE_INVALID',
      ],
      [{ newPassword: 'Phone@2024', mobileNum }, 'SMS_CODE_MISSING'],
      [{ newPassword: 'Phone@2024', mobileNum: uniqueMobile(), verificationCode: code }, 'SMS_CODE_INVALID'],
      [{ newPassword: 'weakpass', mobileNum, verificationCode: code }, 'PASSWORD_FORMAT_INVALID'],
      [
        { newPassword: 'Phone@2024', confirmNewPassword: 'Phone@2025', mobileNum, verificationCode: code },
        'PASSWORD_CONFIRM_MISMATCH',
      ],
      [{ newPassword: 'Phone@2024', mobileNum: '12', verificationCode: code }, 'SMS_PHONE_INVALID'],
    ];
    for (const [body, errorCode] of cases) {
      const res = await resetByPhone(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code, JSON.stringify(body)).toBe(errorCode);
    }
    expect(await verifyPassword((await memberRow(m.id)).password_hash, m.password)).toBe(true);
    // the right code still works after the refusals
    const ok = await resetByPhone({ newPassword: 'Phone@2024', mobileNum, verificationCode: code });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('asks for the challenge when the brand has it on', async () => {
    await setBrandSetting(t.ctx.db, 'challengeEnabled', true);
    try {
      const res = await resetByPhone({
        newPassword: 'Phone@2024',
        mobileNum: uniqueMobile(),
        verificationCode: '123456',
      });
      expect(res.json().code).toBe('CHALLENGE_REQUIRED');
    } finally {
      await setBrandSetting(t.ctx.db, 'challengeEnabled', false);
    }
  });
});
