import type { WhitelabelSwitch } from '@gamehall/shared/constants';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { adminLoginCall } from '../../test/admin-session';
import { solveChallenge } from '../../test/challenge';
import { createMember } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { injectEncrypted } from '../../test/jwe';
import { setBrandSetting, setSwitch } from '../brand/brand.service';
import { captchaAnswerHash } from './captcha.service';

let t: TestApp;
let ipSeq = 0;
// Each test logs in from its own private address (no country, so no region refusal), so the
// per-address counters of one test do not reach the next.
let ip = '10.30.0.1';

beforeAll(async () => {
  t = await createTestApp();
  for (const name of ['MOBILEVERCODELOGIN3', 'FREEPLAY3', 'PWDEXPFORCECHANGE3'] as const)
    await ensureSwitch(name, true);
});
afterAll(() => t.close());
beforeEach(() => {
  ipSeq++;
  ip = `10.30.${Math.floor(ipSeq / 250)}.${(ipSeq % 250) + 1}`;
});

// The whitelabel_switches rows come from the seed; a test must not depend on it having run.
async function ensureSwitch(name: WhitelabelSwitch, enabled: boolean) {
  await t.ctx.db
    .insertInto('whitelabel_switches')
    .values({ mod_id: name, name, enabled })
    .onConflict((oc) => oc.column('mod_id').doUpdateSet({ enabled }))
    .execute();
  await setSwitch(t.ctx.db, name, enabled);
}

function member(input: Parameters<typeof createMember>[1] = {}) {
  return createMember(t.ctx, { knownIps: [ip], ...input });
}

async function login(
  body: Record<string, unknown>,
  options: { ip?: string; challenge?: string | null; cookie?: string } = {},
) {
  const challenge =
    options.challenge === null || body.type === 'sms'
      ? undefined
      : (options.challenge ?? (await solveChallenge(t.app)));
  return injectEncrypted(t.app, {
    method: 'POST',
    url: '/wps/session/login',
    body: { ...(challenge ? { challenge } : {}), ...body },
    remoteAddress: options.ip ?? ip,
    headers: options.cookie ? { cookie: options.cookie } : {},
  });
}

async function sessionsOf(memberId: number) {
  const row = await t.ctx.db
    .selectFrom('sessions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('member_id', '=', memberId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function allSessions() {
  const row = await t.ctx.db
    .selectFrom('sessions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

function auditOf(memberId: number, event: string) {
  return t.ctx.db
    .selectFrom('audit_log')
    .select(['success', 'ip', 'user_agent', 'detail'])
    .where('member_id', '=', memberId)
    .where('event', '=', event)
    .orderBy('id')
    .execute();
}

function firstLoginCall(token: string) {
  return t.app.inject({ method: 'POST', url: '/wps/member/firstLogin', headers: { authorization: token } });
}

/** Fetches a captcha for a client and replaces its answer by a known one (the image is random). */
async function captchaFor(cookie: string | undefined, answer: string) {
  t.advance(1100);
  const res = await t.app.inject({
    method: 'GET',
    url: '/wps/captcha',
    remoteAddress: ip,
    headers: { 'user-agent': 'lightMyRequest', ...(cookie ? { cookie } : {}) },
  });
  expect(res.statusCode).toBe(200);
  const row = await t.ctx.db
    .selectFrom('captchas')
    .select('client_key')
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow();
  await t.ctx.db
    .updateTable('captchas')
    .set({ answer_hash: captchaAnswerHash(t.ctx, row.client_key, answer) })
    .where('client_key', '=', row.client_key)
    .execute();
  return res.headers['set-cookie'] ? String(res.headers['set-cookie']).split(';')[0]! : cookie;
}

describe('POST /wps/session/login', () => {
  it('logs a member in through an encrypted payload and records the login', async () => {
    const m = await member();
    const res = await login({ username: m.username, password: m.password, type: 'username' });
    expect(res.statusCode).toBe(200);
    const value = res.json().value;
    expect(value).toEqual({
      token: expect.any(String),
      firstTimeLogin: true,
      passwordExpired: false,
      forceChangePassword: false,
      isAgent: false,
      isTrial: false,
    });
    expect(value.token.length).toBeGreaterThanOrEqual(43);
    const session = await t.ctx.db
      .selectFrom('sessions')
      .select(['area', 'ip', 'token_hash'])
      .where('member_id', '=', m.id)
      .executeTakeFirstOrThrow();
    expect(session).toMatchObject({ area: 'member', ip });
    expect(session.token_hash).not.toBe(value.token);
    const row = await t.ctx.db
      .selectFrom('members')
      .select(['last_login_ip', 'last_login_at'])
      .where('id', '=', m.id)
      .executeTakeFirstOrThrow();
    expect(row.last_login_ip).toBe(ip);
    expect(row.last_login_at).not.toBeNull();
    const events = await auditOf(m.id, 'login');
    expect(events).toEqual([expect.objectContaining({ success: true, ip, user_agent: 'lightMyRequest' })]);
    expect((await firstLoginCall(value.token)).statusCode).toBe(200);
  });

  it('trims the credentials, defaults the type and ignores the case of the username', async () => {
    const m = await member({ username: `Case${Date.now().toString(36)}` });
    const res = await login({ username: `  ${m.username.toUpperCase()} `, password: ` ${m.password}  ` });
    expect(res.statusCode).toBe(200);
  });

  it('forces a change of the brand default password', async () => {
    const m = await member({ password: '888888' });
    const res = await login({ username: m.username, password: '888888', type: 'username' });
    expect(res.json().value).toMatchObject({ forceChangePassword: true, passwordExpired: false });
  });

  it('reports an expired password while PWDEXPFORCECHANGE3 is on', async () => {
    const m = await member({ passwordChangedAt: new Date(t.ctx.now().getTime() - 91 * 86_400_000) });
    const on = await login({ username: m.username, password: m.password });
    expect(on.json().value).toMatchObject({ passwordExpired: true, forceChangePassword: true });
    await ensureSwitch('PWDEXPFORCECHANGE3', false);
    try {
      const off = await login({ username: m.username, password: m.password });
      expect(off.json().value).toMatchObject({ passwordExpired: false, forceChangePassword: false });
    } finally {
      await ensureSwitch('PWDEXPFORCECHANGE3', true);
    }
    const fresh = await member({ passwordChangedAt: new Date(t.ctx.now().getTime() - 89 * 86_400_000) });
    expect((await login({ username: fresh.username, password: fresh.password })).json().value.passwordExpired).toBe(
      false,
    );
  });

  it('answers a wrong password and an unknown username alike, creating no session', async () => {
    const m = await member();
    const before = await allSessions();
    const wrong = await login({ username: m.username, password: 'Wrong@123' });
    const unknown = await login({ username: `nobody${Date.now()}`, password: 'Wrong@123' });
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        success: false,
        code: 'ACCOUNT_PASSWORD_INVALID',
        message: 'Incorrect username or password',
        traceId: expect.stringMatching(/^[0-9a-f]{32}$/),
      });
    }
    expect(await allSessions()).toBe(before);
    expect(await auditOf(m.id, 'login')).toEqual([
      expect.objectContaining({
        success: false,
        ip,
        detail: expect.objectContaining({ reason: 'ACCOUNT_PASSWORD_INVALID' }),
      }),
    ]);
  });

  it('validates the payload', async () => {
    const before = await allSessions();
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ password: 'x' }, { username: 'REQUIRED' }],
      [{ username: '   ', password: 'x' }, { username: 'REQUIRED' }],
      [{ username: 'someone', password: '  ' }, { password: 'REQUIRED' }],
      [{ username: 'someone', password: 'x', type: 'google' }, { type: 'INVALID' }],
      [{ username: 'someone', password: 'x', area: 'admin' }, { area: 'INVALID' }],
      [{ username: 'u'.repeat(201), password: 'x' }, { username: 'TOO_LONG' }],
    ];
    for (const [body, fields] of cases) {
      const res = await login(body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
      expect(Object.keys(res.json().value.fields)).toEqual(Object.keys(fields));
    }
    const typed = await login({ username: 123, password: ['x'] });
    expect(typed.statusCode).toBe(400);
    expect(Object.keys(typed.json().value.fields).sort()).toEqual(['password', 'username']);
    expect(await allSessions()).toBe(before);
  });

  it('refuses a plaintext body and an unreadable JWE', async () => {
    const m = await member();
    const plain = await t.app.inject({
      method: 'POST',
      url: '/wps/session/login',
      payload: { username: m.username, password: m.password, challenge: await solveChallenge(t.app) },
      remoteAddress: ip,
    });
    expect(plain.statusCode).toBe(400);
    expect(plain.json().code).toBe('ENCRYPTION_REQUIRED');
    const garbage = await t.app.inject({
      method: 'POST',
      url: '/wps/session/login',
      payload: { value: 'eyJhbGciOiJSU0EtT0FFUC0yNTYiLCJlbmMiOiJBMjU2R0NNIn0.a.b.c.d' },
      headers: { encryption: 'JWE' },
      remoteAddress: ip,
    });
    expect(garbage.statusCode).toBe(400);
    expect(garbage.json().code).toBe('ENCRYPTION_INVALID');
    expect(await sessionsOf(m.id)).toBe(0);
  });

  it('needs a fresh challenge for a username login unless the brand turns it off', async () => {
    const m = await member();
    const missing = await login({ username: m.username, password: m.password }, { challenge: null });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().code).toBe('CHALLENGE_REQUIRED');
    const challenge = await solveChallenge(t.app);
    expect((await login({ username: m.username, password: m.password }, { challenge })).statusCode).toBe(200);
    const reused = await login({ username: m.username, password: m.password }, { challenge });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().code).toBe('CHALLENGE_INVALID');
    expect(await sessionsOf(m.id)).toBe(1);

    await setBrandSetting(t.ctx.db, 'challengeEnabled', false);
    try {
      expect((await login({ username: m.username, password: m.password }, { challenge: null })).statusCode).toBe(200);
    } finally {
      await setBrandSetting(t.ctx.db, 'challengeEnabled', true);
    }
  });

  it('limits login attempts per address to the configured number in five minutes', async () => {
    const m = await member();
    const configured = t.ctx.config.loginLimitPerIp;
    t.ctx.config.loginLimitPerIp = 2;
    try {
      for (let i = 0; i < 2; i++) {
        const ok = await login({ username: m.username, password: m.password, type: 'username' });
        expect(ok.statusCode).toBe(200);
      }
      const third = await login({ username: m.username, password: m.password, type: 'username' });
      expect(third.statusCode).toBe(429);
      expect(third.json().code).toBe('RATE_LIMITED');
      // Another address is not affected.
      const elsewhere = await login(
        { username: m.username, password: m.password, type: 'username' },
        { ip: `10.31.0.${ipSeq % 250}` },
      );
      expect(elsewhere.statusCode).not.toBe(429);
    } finally {
      t.ctx.config.loginLimitPerIp = configured;
    }
  });

  it('asks for a captcha after three failures and spends each captcha once', async () => {
    const m = await member();
    const wrong = { username: m.username, password: 'Wrong@123' };
    expect((await login(wrong)).json()).not.toHaveProperty('value');
    expect((await login(wrong)).json()).not.toHaveProperty('value');
    const third = await login(wrong);
    expect(third.statusCode).toBe(401);
    expect(third.json()).toMatchObject({ code: 'ACCOUNT_PASSWORD_INVALID', value: { captcha: true } });

    const right = { username: m.username, password: m.password };
    const noCaptcha = await login(right);
    expect(noCaptcha.statusCode).toBe(400);
    expect(noCaptcha.json()).toMatchObject({ code: 'CAPTCHA_REQUIRED', value: { captcha: true } });

    const cookie = await captchaFor(undefined, 'ACEF');
    expect(cookie).toMatch(/^ghcid=/);
    const bad = await login({ ...right, captcha: 'XXXX' }, { cookie });
    expect(bad.json()).toMatchObject({ code: 'CAPTCHA_INVALID', value: { captcha: true } });
    // The wrong answer spent it: the right answer no longer works.
    expect((await login({ ...right, captcha: 'ACEF' }, { cookie })).json().code).toBe('CAPTCHA_INVALID');

    await captchaFor(cookie, 'HJKM');
    const wrongWithCaptcha = await login({ ...wrong, captcha: 'HJKM' }, { cookie });
    expect(wrongWithCaptcha.json()).toMatchObject({ code: 'ACCOUNT_PASSWORD_INVALID', value: { captcha: true } });
    const reused = await login({ ...right, captcha: 'HJKM' }, { cookie });
    expect(reused.json()).toMatchObject({ code: 'CAPTCHA_INVALID', value: { captcha: true } });
    expect(await sessionsOf(m.id)).toBe(0);

    await captchaFor(cookie, 'NPRT');
    const ok = await login({ ...right, captcha: ' nprt ' }, { cookie });
    expect(ok.statusCode).toBe(200);
    // Success resets the counters: no captcha next time.
    expect((await login(right)).statusCode).toBe(200);
  });

  it('asks other accounts on the same address for the captcha too, and finds it without a cookie', async () => {
    const a = await member();
    const b = await member();
    for (let i = 0; i < 3; i++) await login({ username: a.username, password: 'Wrong@123' });
    const other = await login({ username: b.username, password: b.password });
    expect(other.json()).toMatchObject({ code: 'CAPTCHA_REQUIRED', value: { captcha: true } });
    await captchaFor(undefined, 'UVWX');
    // No cookie sent back: the answer was filed under the address and user agent.
    const res = await login({ username: b.username, password: b.password, captcha: 'uvwx' });
    expect(res.statusCode).toBe(200);
  });

  it('locks an account for 15 minutes after ten failures', async () => {
    await setBrandSetting(t.ctx.db, 'captchaAfterFailures', 100);
    try {
      const m = await member();
      for (let i = 1; i <= 9; i++) {
        const res = await login({ username: m.username, password: 'Wrong@123' }, { ip: `10.31.${ipSeq}.${i}` });
        expect(res.json().code).toBe('ACCOUNT_PASSWORD_INVALID');
      }
      const tenth = await login({ username: m.username, password: 'Wrong@123' }, { ip: '10.31.200.1' });
      expect(tenth.statusCode).toBe(429);
      expect(tenth.json()).toMatchObject({ code: 'RATE_LIMITED', value: { retryAfterSeconds: 900 } });
      const locked = await login({ username: m.username.toUpperCase(), password: m.password });
      expect(locked.statusCode).toBe(429);
      expect(locked.json().value.retryAfterSeconds).toBeGreaterThan(0);
      expect(await sessionsOf(m.id)).toBe(0);
      t.advance(15 * 60_000 + 1000);
      expect((await login({ username: m.username, password: m.password })).statusCode).toBe(200);
    } finally {
      await setBrandSetting(t.ctx.db, 'captchaAfterFailures', 3);
    }
  });

  it('limits login attempts per address', async () => {
    let status = 0;
    let attempts = 0;
    while (attempts < 60) {
      attempts++;
      status = (await login({ username: 'whoever', password: 'x' }, { challenge: null })).statusCode;
      if (status === 429) break;
    }
    expect(attempts).toBe(41);
    const m = await member();
    const res = await login({ username: m.username, password: m.password });
    expect(res.statusCode).toBe(429);
    expect(res.json().code).toBe('RATE_LIMITED');
  });

  it('applies the role rules once the password is right', async () => {
    const operator = await member({ type: 90, permissions: ['*'] });
    const plain = await member();
    const disabled = await member({ status: 'disabled' });
    const before = await allSessions();

    // An operator's right password answers as a wrong one (in full below).
    const op = await login({ username: operator.username, password: operator.password });
    expect([op.statusCode, op.json().code]).toEqual([401, 'ACCOUNT_PASSWORD_INVALID']);
    const agentArea = await login({ username: plain.username, password: plain.password, area: 'agent' });
    expect([agentArea.statusCode, agentArea.json().code]).toEqual([403, 'ACCOUNT_NOT_AGENT']);
    const off = await login({ username: disabled.username, password: disabled.password });
    expect([off.statusCode, off.json().code]).toEqual([403, 'ACCOUNT_DISABLED']);
    // A disabled account with a wrong password learns nothing about its state.
    const offWrong = await login({ username: disabled.username, password: 'Wrong@123' });
    expect(offWrong.json().code).toBe('ACCOUNT_PASSWORD_INVALID');
    expect(await allSessions()).toBe(before);
    expect((await auditOf(disabled.id, 'login')).map((e) => e.detail)).toContainEqual(
      expect.objectContaining({ reason: 'ACCOUNT_DISABLED' }),
    );
  });

  it("answers an operator's right password exactly as a wrong one, and counts both against the operator", async () => {
    const operator = await member({ type: 90, permissions: ['*'] });
    const before = await allSessions();
    const right = await login({ username: operator.username, password: operator.password });
    const wrong = await login({ username: operator.username, password: 'Wrong@1234' });
    expect(right.statusCode).toBe(401);
    expect(right.statusCode).toBe(wrong.statusCode);
    // Alike but for each request's own trace id, which is random and tells nothing.
    expect({ ...right.json(), traceId: undefined }).toEqual({ ...wrong.json(), traceId: undefined });
    expect(right.json()).toMatchObject({ success: false, code: 'ACCOUNT_PASSWORD_INVALID' });
    expect(await allSessions()).toBe(before);
    // Both are failures of the operator's username lock, which the operator login shares: one more
    // failure there makes the captcha due (three failures) even for the right password.
    const failures = await t.ctx.db
      .selectFrom('rate_limits')
      .select('spent')
      .where('key', '=', `admin-login:username:${operator.username.toLowerCase()}`)
      .executeTakeFirst();
    expect(failures?.spent).toBe(2);
    const adminLogin = (password: string) =>
      adminLoginCall(t.app, { username: operator.username, password }, { remoteAddress: '10.31.0.1' });
    expect((await adminLogin('Wrong@1234')).json().code).toBe('ACCOUNT_PASSWORD_INVALID');
    expect((await adminLogin(operator.password)).json()).toMatchObject({ code: 'CAPTCHA_REQUIRED' });
  });

  it('lets agents into the agent area and trial accounts into the member site', async () => {
    const agent = await member({ type: 1 });
    const res = await login({ username: agent.username, password: agent.password, area: 'agent' });
    expect(res.statusCode).toBe(200);
    expect(res.json().value).toMatchObject({ isAgent: true, isTrial: false });
    const session = await t.ctx.db
      .selectFrom('sessions')
      .select('area')
      .where('member_id', '=', agent.id)
      .executeTakeFirstOrThrow();
    expect(session.area).toBe('agent');
    const asMember = await login({ username: agent.username, password: agent.password });
    expect(asMember.statusCode).toBe(200);

    const trial = await member({ type: 4 });
    const trialLogin = await login({ username: trial.username, password: trial.password });
    expect(trialLogin.statusCode).toBe(200);
    expect(trialLogin.json().value).toMatchObject({ isTrial: true, isAgent: false });
    const trialAgent = await login({ username: trial.username, password: trial.password, area: 'agent' });
    expect(trialAgent.json().code).toBe('ACCOUNT_NOT_AGENT');
  });
});

describe('SMS login', () => {
  let seq = 0;
  function newMobile() {
    seq++;
    return `918${String(Date.now() % 100_000).padStart(5, '0')}${String(seq).padStart(2, '0')}`;
  }
  async function smsCode(mobile: string) {
    t.advance(1100);
    const res = await t.app.inject({
      method: 'POST',
      url: '/wps/verification/sms/noLogin',
      payload: { mobileNum: mobile, countryDialingCode: '63', challenge: await solveChallenge(t.app) },
      remoteAddress: ip,
    });
    expect(res.statusCode).toBe(200);
    const row = await t.ctx.db
      .selectFrom('outbox')
      .select('code')
      .where('recipient', '=', `+63${mobile}`)
      .orderBy('id', 'desc')
      .executeTakeFirst();
    return row?.code ?? undefined;
  }

  it('logs in with the mobile number and a code, once per code, without forcing a password change', async () => {
    const mobile = newMobile();
    const m = await member({ mobileNum: mobile, password: '888888' });
    const code = (await smsCode(mobile))!;
    const res = await login({ username: `0${mobile}`, password: code, type: 'sms', countryDialingCode: '63' });
    expect(res.statusCode).toBe(200);
    expect(res.json().value).toMatchObject({ forceChangePassword: false });
    expect(await sessionsOf(m.id)).toBe(1);
    const again = await login({ username: mobile, password: code, type: 'sms' });
    expect([again.statusCode, again.json().code]).toEqual([400, 'SMS_CODE_INVALID']);
    expect(await sessionsOf(m.id)).toBe(1);
  });

  it('refuses wrong, expired and never-sent codes', async () => {
    const mobile = newMobile();
    const m = await member({ mobileNum: mobile });
    const code = (await smsCode(mobile))!;
    const wrong = await login({ username: mobile, password: code === '123456' ? '654321' : '123456', type: 'sms' });
    expect(wrong.json().code).toBe('SMS_CODE_INVALID');
    t.advance(5 * 60_000 + 1000);
    const expired = await login({ username: mobile, password: code, type: 'sms' });
    expect(expired.json().code).toBe('SMS_CODE_EXPIRED');
    // An unknown number was "sent" a code that does not exist.
    const stranger = newMobile();
    expect(await smsCode(stranger)).toBeUndefined();
    const unknown = await login({ username: stranger, password: '123456', type: 'sms' });
    expect(unknown.json().code).toBe('SMS_CODE_INVALID');
    const badNumber = await login({ username: 'abc', password: '123456', type: 'sms' });
    expect(badNumber.json().code).toBe('SMS_PHONE_INVALID');
    expect(await sessionsOf(m.id)).toBe(0);
  });

  it('needs the MOBILEVERCODELOGIN3 switch', async () => {
    const mobile = newMobile();
    await member({ mobileNum: mobile });
    const code = (await smsCode(mobile))!;
    await ensureSwitch('MOBILEVERCODELOGIN3', false);
    try {
      const res = await login({ username: mobile, password: code, type: 'sms' });
      expect([res.statusCode, res.json().code]).toEqual([403, 'FEATURE_DISABLED']);
    } finally {
      await ensureSwitch('MOBILEVERCODELOGIN3', true);
    }
    expect((await login({ username: mobile, password: code, type: 'sms' })).statusCode).toBe(200);
  });
});

describe('new-IP verification', () => {
  const homeIp = () => `10.40.${ipSeq}.1`;
  async function verifiable(extra: Parameters<typeof createMember>[1] = {}) {
    return createMember(t.ctx, {
      knownIps: [homeIp()],
      mobileNum: `919${String(Date.now() % 100_000).padStart(5, '0')}${String(ipSeq % 100).padStart(2, '0')}`,
      email: `v${ipSeq}@example.com`,
      payeeName: 'Juan Dela Cruz',
      totpSecret: new Secret().base32,
      ...extra,
    });
  }
  async function requireVerification(m: { username: string; password: string; id: number }) {
    const before = await sessionsOf(m.id);
    const res = await login({ username: m.username, password: m.password });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('LOGIN_VERIFICATION_REQUIRED');
    expect(await sessionsOf(m.id)).toBe(before);
    return res.json().value as { verificationId: string; methods: string[] };
  }
  const send = (verificationId: string, method: string, remoteAddress = ip) =>
    t.app.inject({
      method: 'POST',
      url: '/wps/session/login/verification/send',
      payload: { verificationId, method },
      remoteAddress,
    });
  const answer = (verificationId: string, method: string, code: string, remoteAddress = ip) =>
    t.app.inject({
      method: 'POST',
      url: '/wps/session/login/verification',
      payload: { verificationId, method, code },
      remoteAddress,
    });

  it('asks for a second factor from an unknown address and completes by SMS', async () => {
    const m = await verifiable();
    expect((await login({ username: m.username, password: m.password }, { ip: homeIp() })).statusCode).toBe(200);
    const pending = await requireVerification(m);
    expect(pending.methods).toEqual(['SMS', 'EMAIL', 'BANK', 'TOTP']);

    const sent = await send(pending.verificationId, 'SMS');
    expect(sent.statusCode).toBe(200);
    expect(sent.json().value).toEqual({ expiredMinutes: 10, destination: expect.stringMatching(/^\+639\*\*\*\d{3}$/) });
    const code = (await t.ctx.db
      .selectFrom('outbox')
      .select('code')
      .where('channel', '=', 'sms')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow())!.code!;
    const stored = await t.ctx.db
      .selectFrom('login_verifications')
      .select('code_hash')
      .where('id', '=', pending.verificationId)
      .executeTakeFirstOrThrow();
    expect(stored.code_hash).not.toContain(code);

    const wrong = await answer(pending.verificationId, 'SMS', code === '111111' ? '222222' : '111111');
    expect([wrong.statusCode, wrong.json().code]).toEqual([400, 'LOGIN_VERIFICATION_INVALID']);
    expect(await sessionsOf(m.id)).toBe(1);
    const ok = await answer(pending.verificationId, 'SMS', code);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().value).toMatchObject({ token: expect.any(String), firstTimeLogin: true, isAgent: false });
    expect(await sessionsOf(m.id)).toBe(2);
    // Used once; the address is known from now on.
    expect((await answer(pending.verificationId, 'SMS', code)).json().code).toBe('LOGIN_VERIFICATION_EXPIRED');
    expect((await login({ username: m.username, password: m.password })).statusCode).toBe(200);
    expect((await auditOf(m.id, 'login.verification')).map((e) => e.success)).toContain(true);
  });

  it('completes by email code', async () => {
    const m = await verifiable();
    const pending = await requireVerification(m);
    const sent = await send(pending.verificationId, 'EMAIL');
    expect(sent.json().value.destination).toBe(`v***@example.com`);
    const mail = await t.ctx.db
      .selectFrom('outbox')
      .select(['code', 'recipient'])
      .where('channel', '=', 'email')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(mail.recipient).toBe(`v${ipSeq}@example.com`);
    // A code sent by email does not answer the SMS method.
    expect((await answer(pending.verificationId, 'SMS', mail.code!)).json().code).toBe('LOGIN_VERIFICATION_INVALID');
    const ok = await answer(pending.verificationId, 'EMAIL', mail.code!);
    expect(ok.statusCode).toBe(200);
  });

  it('completes by bank account holder name, without regard to case or spaces', async () => {
    const m = await verifiable();
    const pending = await requireVerification(m);
    expect((await answer(pending.verificationId, 'BANK', 'Juan Cruz')).json().code).toBe('LOGIN_VERIFICATION_INVALID');
    const ok = await answer(pending.verificationId, 'BANK', '  juan  DELA cruz ');
    expect(ok.statusCode).toBe(200);
  });

  it('counts wrong holder names per member across logins, then locks the name for a day; the words must be spaced', async () => {
    const m = await verifiable();
    const first = await requireVerification(m);
    // The spaces between the words count; case, runs of spaces and the ends do not.
    for (const wrong of ['JuanDela Cruz', 'juandelacruz', 'Juan Cruz'])
      expect((await answer(first.verificationId, 'BANK', wrong)).json().code).toBe('LOGIN_VERIFICATION_INVALID');
    // A new login is a new verification, but the member's count goes on.
    const second = await requireVerification(m);
    for (let i = 0; i < 2; i++)
      expect((await answer(second.verificationId, 'BANK', 'nobody')).json().code).toBe('LOGIN_VERIFICATION_INVALID');
    const third = await requireVerification(m);
    const locked = await answer(third.verificationId, 'BANK', 'Juan Dela Cruz');
    expect([locked.statusCode, locked.json().code]).toEqual([429, 'RATE_LIMITED']);
    expect(locked.json().value.retryAfterSeconds).toBeGreaterThan(23 * 3600);
    expect(await sessionsOf(m.id)).toBe(0);
    // The codes are still offered meanwhile.
    expect((await send(third.verificationId, 'SMS')).statusCode).toBe(200);
    // A day later the name is asked again, and a right one, however cased and spaced, lets in.
    t.advance(24 * 3600_000 + 1000);
    const later = await requireVerification(m);
    expect((await answer(later.verificationId, 'BANK', ' JUAN   dela  Cruz ')).statusCode).toBe(200);
  });

  it('completes by authenticator code', async () => {
    const secret = new Secret().base32;
    const m = await verifiable({ totpSecret: secret });
    const pending = await requireVerification(m);
    const totp = new TOTP({ secret: Secret.fromBase32(secret) });
    const old = totp.generate({ timestamp: t.ctx.now().getTime() - 5 * 60_000 });
    const current = totp.generate({ timestamp: t.ctx.now().getTime() });
    if (old !== current)
      expect((await answer(pending.verificationId, 'TOTP', old)).json().code).toBe('LOGIN_VERIFICATION_INVALID');
    const ok = await answer(pending.verificationId, 'TOTP', current);
    expect(ok.statusCode).toBe(200);
  });

  it('offers only the methods the member has', async () => {
    const m = await verifiable({ email: null, totpSecret: null, mobileNum: null });
    const pending = await requireVerification(m);
    expect(pending.methods).toEqual(['BANK']);
    for (const [method, res] of [
      ['SMS', await send(pending.verificationId, 'SMS')],
      ['EMAIL', await send(pending.verificationId, 'EMAIL')],
      ['TOTP', await answer(pending.verificationId, 'TOTP', '123456')],
    ] as const) {
      expect([method, res.statusCode, res.json().code]).toEqual([method, 400, 'LOGIN_VERIFICATION_METHOD_UNAVAILABLE']);
    }
  });

  it('gives up after five wrong answers, after ten minutes, and for another address', async () => {
    const m = await verifiable();
    const pending = await requireVerification(m);
    for (let i = 0; i < 5; i++)
      expect((await answer(pending.verificationId, 'BANK', 'nobody')).json().code).toBe('LOGIN_VERIFICATION_INVALID');
    expect((await answer(pending.verificationId, 'BANK', 'Juan Dela Cruz')).json().code).toBe(
      'LOGIN_VERIFICATION_EXPIRED',
    );

    const late = await requireVerification(m);
    expect((await answer(late.verificationId, 'BANK', 'Juan Dela Cruz', '10.41.0.9')).json().code).toBe(
      'LOGIN_VERIFICATION_EXPIRED',
    );
    t.advance(10 * 60_000 + 1000);
    expect((await answer(late.verificationId, 'BANK', 'Juan Dela Cruz')).json().code).toBe(
      'LOGIN_VERIFICATION_EXPIRED',
    );
    expect((await send(late.verificationId, 'SMS')).json().code).toBe('LOGIN_VERIFICATION_EXPIRED');
    expect((await answer('no-such-verification', 'BANK', 'x')).json().code).toBe('LOGIN_VERIFICATION_EXPIRED');
    expect(await sessionsOf(m.id)).toBe(0);
  });

  it('throttles code sends', async () => {
    const m = await verifiable();
    const pending = await requireVerification(m);
    expect((await send(pending.verificationId, 'SMS')).statusCode).toBe(200);
    expect((await send(pending.verificationId, 'SMS')).statusCode).toBe(429);
  });

  it('validates the verification payloads', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/wps/session/login/verification',
      payload: { verificationId: '', method: 'FACE', code: '' },
      remoteAddress: ip,
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().value.fields).sort()).toEqual(['code', 'method', 'verificationId']);
  });

  it('lets a member with no second factor in, and audits it', async () => {
    const m = await createMember(t.ctx, { knownIps: [homeIp()] });
    const res = await login({ username: m.username, password: m.password });
    expect(res.statusCode).toBe(200);
    const events = await auditOf(m.id, 'login');
    expect(events.at(-1)?.detail).toMatchObject({ newIpUnverified: true });
  });

  it('is skipped when the brand turns it off', async () => {
    const m = await verifiable();
    await setBrandSetting(t.ctx.db, 'newIpVerification', false);
    try {
      expect((await login({ username: m.username, password: m.password })).statusCode).toBe(200);
    } finally {
      await setBrandSetting(t.ctx.db, 'newIpVerification', true);
    }
  });
});

describe('DELETE /wps/session/logout', () => {
  it('revokes the token', async () => {
    const m = await member();
    const token = (await login({ username: m.username, password: m.password })).json().value.token;
    const out = await t.app.inject({ method: 'DELETE', url: '/wps/session/logout', headers: { authorization: token } });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ success: true, value: null });
    for (const res of [
      await t.app.inject({ method: 'DELETE', url: '/wps/session/logout', headers: { authorization: token } }),
      await firstLoginCall(`Bearer ${token}`),
    ]) {
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('AUTH_SESSION_EXPIRED');
    }
    expect(await auditOf(m.id, 'logout')).toHaveLength(1);
  });

  it('needs a token', async () => {
    const res = await t.app.inject({ method: 'DELETE', url: '/wps/session/logout' });
    expect([res.statusCode, res.json().code]).toEqual([401, 'AUTH_REQUIRED']);
  });
});

describe('POST /wps/session/login/freeplay', () => {
  const body = { os: 'Windows', platform: 'W', random: 'r4nd0m-client-string', gatewayVersion: 3 };
  const freeplay = (payload: unknown = body) =>
    t.app.inject({ method: 'POST', url: '/wps/session/login/freeplay', payload: payload as object, remoteAddress: ip });
  const trialCount = async () =>
    Number(
      (
        await t.ctx.db
          .selectFrom('members')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('type', '=', 4)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('creates a logged-in trial account', async () => {
    const before = await trialCount();
    const res = await freeplay();
    expect(res.statusCode).toBe(200);
    expect(res.json().value).toMatchObject({
      isTrial: true,
      isAgent: false,
      firstTimeLogin: true,
      forceChangePassword: false,
    });
    expect(await trialCount()).toBe(before + 1);
    expect((await firstLoginCall(res.json().value.token)).statusCode).toBe(200);
    const audit = await t.ctx.db.selectFrom('audit_log').select('ip').where('event', '=', 'freeplay').execute();
    expect(audit.map((a) => a.ip)).toContain(ip);
  });

  it('validates the body and needs the FREEPLAY3 switch', async () => {
    const before = await trialCount();
    for (const bad of [
      { ...body, platform: 'X' },
      { ...body, random: 'short' },
      { ...body, random: 'r'.repeat(129) },
      { ...body, gatewayVersion: 2 },
      { os: 'Windows' },
    ]) {
      expect((await freeplay(bad)).json().code).toBe('VALIDATION_FAILED');
    }
    await ensureSwitch('FREEPLAY3', false);
    try {
      const res = await freeplay();
      expect([res.statusCode, res.json().code]).toEqual([403, 'FEATURE_DISABLED']);
    } finally {
      await ensureSwitch('FREEPLAY3', true);
    }
    expect(await trialCount()).toBe(before);
  });

  it('creates at most five accounts an hour per address', async () => {
    for (let i = 0; i < 5; i++) expect((await freeplay()).statusCode).toBe(200);
    const before = await trialCount();
    const sixth = await freeplay();
    expect([sixth.statusCode, sixth.json().code]).toEqual([429, 'RATE_LIMITED']);
    expect(await trialCount()).toBe(before);
  });
});

describe('POST /wps/member/firstLogin', () => {
  it('ends the first login once and writes one welcome message', async () => {
    const m = await member();
    const first = await login({ username: m.username, password: m.password });
    expect(first.json().value.firstTimeLogin).toBe(true);
    const token = first.json().value.token;
    for (let i = 0; i < 2; i++) {
      const res = await firstLoginCall(token);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, value: { firstTimeLogin: false } });
    }
    const messages = await t.ctx.db
      .selectFrom('member_messages')
      .select('title')
      .where('member_id', '=', m.id)
      .execute();
    expect(messages).toHaveLength(1);
    expect(messages[0]?.title).toMatch(/^Welcome/);
    expect((await login({ username: m.username, password: m.password })).json().value.firstTimeLogin).toBe(false);
  });

  it('needs a session', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/wps/member/firstLogin' });
    expect([res.statusCode, res.json().code]).toEqual([401, 'AUTH_REQUIRED']);
  });
});
