// postgres: one code sent twice at once is accepted once
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { injectEncrypted } from '../../test/jwe';
import { setBrandSetting } from '../brand/brand.service';
import { issueSession } from './sessions.service';
import { totpAt } from './totp';

let t: TestApp;
let seq = 0;

beforeAll(async () => {
  t = await createTestApp();
  await setBrandSetting(t.ctx.db, 'challengeEnabled', false);
});
afterAll(() => t.close());

const HOME = '127.0.0.1';

async function memberWithSession(extra: Parameters<typeof createMember>[1] = {}) {
  seq++;
  const email = `tf${seq}@example.com`;
  const m = await createMember(t.ctx, { email, knownIps: [HOME], ...extra });
  const token = await issueSession(t.ctx, t.ctx.db, { memberId: m.id, area: 'member', ip: HOME, userAgent: null });
  return { ...m, email, token };
}

function call(method: 'GET' | 'POST', url: string, token: string, payload?: unknown) {
  return t.app.inject({ method, url, headers: { authorization: token }, ...(payload ? { payload } : {}) });
}

function enrol(token: string, loginPassword: string) {
  return injectEncrypted(t.app, {
    method: 'POST',
    url: '/wps/member/security/twoFactor/enrol',
    body: { loginPassword },
    token,
  });
}

const confirm = (token: string, code: string) =>
  call('POST', '/wps/member/security/twoFactor/confirm', token, { code });
const disable = (token: string, code: string) =>
  call('POST', '/wps/member/security/twoFactor/disable', token, { code });
const status = async (token: string) => (await call('GET', '/wps/member/security/twoFactor', token)).json().value;
const codeNow = (secret: string, offsetMs = 0) => totpAt(secret, t.ctx.now().getTime() + offsetMs);

/** Enrols and confirms; answers the secret and the recovery codes. */
async function enrolled(m: { token: string; password: string }) {
  const secret = (await enrol(m.token, m.password)).json().value.secret as string;
  const res = await confirm(m.token, codeNow(secret));
  expect(res.statusCode).toBe(200);
  return { secret, recoveryCodes: res.json().value.recoveryCodes as string[] };
}

async function mailsTo(email: string) {
  return t.ctx.db.selectFrom('outbox').select(['text']).where('recipient', '=', email).orderBy('id').execute();
}

describe('two-factor enrolment', () => {
  it('needs the login password, shows the secret once, and turns on with a first code', async () => {
    const m = await memberWithSession();
    const wrong = await enrol(m.token, 'Wrong@999');
    expect([wrong.statusCode, wrong.json().code]).toEqual([400, 'SECURITY_PASSWORD_INVALID']);

    const started = await enrol(m.token, m.password);
    expect(started.statusCode).toBe(200);
    const { secret, otpauthUri, account } = started.json().value;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(account).toBe(m.username);
    const issuer = encodeURIComponent(started.json().value.issuer);
    expect(otpauthUri).toBe(
      `otpauth://totp/${issuer}:${m.username}?secret=${secret}&issuer=${issuer}&algorithm=SHA1&digits=6&period=30`,
    );
    // Stored sealed: the database does not hold the secret in any readable form.
    const row = await t.ctx.db
      .selectFrom('member_totp')
      .selectAll()
      .where('member_id', '=', m.id)
      .executeTakeFirstOrThrow();
    expect(row.secret_sealed).not.toContain(secret);
    expect(row.enabled_at).toBeNull();
    expect(await status(m.token)).toEqual({ enabled: false, enabledAt: null, recoveryCodesLeft: 0 });

    const bad = await confirm(m.token, codeNow(secret, 5 * 60_000));
    expect([bad.statusCode, bad.json().code]).toEqual([400, 'TWO_FACTOR_CODE_INVALID']);
    expect((await status(m.token)).enabled).toBe(false);

    const ok = await confirm(m.token, codeNow(secret));
    expect(ok.statusCode).toBe(200);
    const codes = ok.json().value.recoveryCodes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const c of codes) expect(c).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    // Recovery codes are stored as keyed hashes only.
    const stored = await t.ctx.db
      .selectFrom('member_recovery_codes')
      .select('code_hash')
      .where('member_id', '=', m.id)
      .execute();
    expect(stored).toHaveLength(10);
    for (const s of stored) expect(codes).not.toContain(s.code_hash);

    const after = await status(m.token);
    expect(after).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });
    expect(JSON.stringify(after)).not.toContain(secret);
    // Once on, enrolment cannot be restarted to read or replace the secret.
    const again = await enrol(m.token, m.password);
    expect([again.statusCode, again.json().code]).toEqual([409, 'TWO_FACTOR_ALREADY_ENABLED']);
    expect((await mailsTo(m.email)).at(-1)?.text).toContain('two-factor authentication was turned on');
    const audit = await t.ctx.db
      .selectFrom('audit_log')
      .select(['event', 'success'])
      .where('member_id', '=', m.id)
      .execute();
    expect(audit).toEqual(
      expect.arrayContaining([
        { event: 'twoFactor.enrol', success: false },
        { event: 'twoFactor.enrol', success: true },
        { event: 'twoFactor.code', success: false },
        { event: 'twoFactor.enable', success: true },
      ]),
    );
  });

  it('refuses a confirmation after the enrolment expired and bad input without changing anything', async () => {
    const m = await memberWithSession();
    const secret = (await enrol(m.token, m.password)).json().value.secret as string;
    const malformed = await confirm(m.token, '12ab56');
    expect([malformed.statusCode, malformed.json().code]).toEqual([400, 'VALIDATION_FAILED']);
    t.advance(16 * 60_000);
    const late = await confirm(m.token, codeNow(secret));
    expect([late.statusCode, late.json().code]).toEqual([409, 'TWO_FACTOR_ENROLMENT_EXPIRED']);
    expect((await status(m.token)).enabled).toBe(false);
    const plain = await t.app.inject({
      method: 'POST',
      url: '/wps/member/security/twoFactor/enrol',
      headers: { authorization: m.token },
      payload: { loginPassword: m.password },
    });
    expect(plain.json().code).toBe('ENCRYPTION_REQUIRED');
    expect((await t.app.inject({ method: 'GET', url: '/wps/member/security/twoFactor' })).statusCode).toBe(401);
  });

  it('never accepts a code twice, even in parallel', { tags: ['postgres'] }, async () => {
    const m = await memberWithSession();
    const { secret } = await enrolled(m);
    // The code that switched it on is spent.
    const replay = await call('POST', '/wps/member/security/twoFactor/recoveryCodes', m.token, {
      code: codeNow(secret),
    });
    expect([replay.statusCode, replay.json().code]).toEqual([400, 'TWO_FACTOR_CODE_INVALID']);
    // A later code works once, however many requests carry it at the same time.
    t.advance(30_000);
    const next = codeNow(secret);
    const results = await Promise.all(
      Array.from({ length: 4 }, () =>
        call('POST', '/wps/member/security/twoFactor/recoveryCodes', m.token, { code: next }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400, 400, 400]);
    // An older step than the one accepted is refused too (it is still inside the ±1 window).
    const older = await disable(m.token, codeNow(secret, -30_000));
    expect(older.json().code).toBe('TWO_FACTOR_CODE_INVALID');
    expect((await status(m.token)).enabled).toBe(true);
  });

  it('locks the codes after five wrong ones, the right one included', async () => {
    const m = await memberWithSession();
    const { secret } = await enrolled(m);
    t.advance(30_000);
    for (let i = 0; i < 5; i++) expect((await disable(m.token, '000000')).json().code).toBe('TWO_FACTOR_CODE_INVALID');
    const locked = await disable(m.token, codeNow(secret));
    expect([locked.statusCode, locked.json().code]).toEqual([429, 'RATE_LIMITED']);
    expect((await status(m.token)).enabled).toBe(true);
    t.advance(15 * 60_000 + 1000);
    expect((await disable(m.token, codeNow(secret))).statusCode).toBe(200);
  });

  it('turns off with a current code, announced, and the authenticator stops working', async () => {
    const m = await memberWithSession({ mobileNum: `9170${String(Date.now() % 1_000_000).padStart(6, '0')}` });
    const { secret } = await enrolled(m);
    t.advance(30_000);
    const off = await disable(m.token, codeNow(secret));
    expect(off.statusCode).toBe(200);
    expect(await status(m.token)).toEqual({ enabled: false, enabledAt: null, recoveryCodesLeft: 0 });
    expect(
      await t.ctx.db.selectFrom('member_recovery_codes').select('id').where('member_id', '=', m.id).execute(),
    ).toEqual([]);
    expect((await mailsTo(m.email)).at(-1)?.text).toContain('two-factor authentication was turned off');
    const sms = await t.ctx.db
      .selectFrom('outbox')
      .select(['text'])
      .where('channel', '=', 'sms')
      .where('text', 'like', '%turned off%')
      .orderBy('id', 'desc')
      .executeTakeFirst();
    expect(sms).toBeDefined();
    const again = await disable(m.token, codeNow(secret, 30_000));
    expect([again.statusCode, again.json().code]).toEqual([409, 'TWO_FACTOR_NOT_ENABLED']);
  });

  it('turns off with a recovery code, and each recovery code works once', async () => {
    const m = await memberWithSession();
    const { recoveryCodes } = await enrolled(m);
    const code = recoveryCodes[3] as string;
    // Case, spaces and the dash do not matter.
    expect((await disable(m.token, ` ${code.toUpperCase().replace('-', ' ')} `)).statusCode).toBe(200);
    await enrolled(m);
    const reused = await disable(m.token, code);
    expect([reused.statusCode, reused.json().code]).toEqual([400, 'TWO_FACTOR_CODE_INVALID']);
  });
});

describe('new-IP login with the authenticator ("Google code", spec §4)', () => {
  let ipSeq = 0;
  const nextIp = () => `10.77.${++ipSeq}.9`;

  async function pendingLogin(m: { username: string; password: string }, ip: string) {
    const res = await injectEncrypted(t.app, {
      method: 'POST',
      url: '/wps/session/login',
      body: { username: m.username, password: m.password, type: 'username' },
      remoteAddress: ip,
    });
    expect(res.json().code).toBe('LOGIN_VERIFICATION_REQUIRED');
    return res.json().value as { verificationId: string; methods: string[] };
  }
  const answer = (verificationId: string, code: string, ip: string) =>
    t.app.inject({
      method: 'POST',
      url: '/wps/session/login/verification',
      payload: { verificationId, method: 'TOTP', code },
      remoteAddress: ip,
    });

  it('offers the authenticator only once it is on, and lets the member in with a current code once', async () => {
    const m = await memberWithSession({ payeeName: 'Juan Dela Cruz' });
    const ip1 = nextIp();
    const before = await pendingLogin(m, ip1);
    expect(before.methods).not.toContain('TOTP');
    expect((await answer(before.verificationId, '123456', ip1)).json().code).toBe(
      'LOGIN_VERIFICATION_METHOD_UNAVAILABLE',
    );

    const { secret } = await enrolled(m);
    t.advance(30_000);
    const ip2 = nextIp();
    const pending = await pendingLogin(m, ip2);
    expect(pending.methods).toContain('TOTP');
    expect((await answer(pending.verificationId, codeNow(secret, 5 * 60_000), ip2)).json().code).toBe(
      'LOGIN_VERIFICATION_INVALID',
    );
    const code = codeNow(secret);
    const ok = await answer(pending.verificationId, code, ip2);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().value.token).toEqual(expect.any(String));

    // The same code cannot open a second login from yet another address.
    const ip3 = nextIp();
    const other = await pendingLogin(m, ip3);
    expect((await answer(other.verificationId, code, ip3)).json().code).toBe('LOGIN_VERIFICATION_INVALID');
  });

  it('takes a recovery code in place of the authenticator, once', async () => {
    const m = await memberWithSession();
    const { recoveryCodes } = await enrolled(m);
    const ip1 = nextIp();
    const pending = await pendingLogin(m, ip1);
    const ok = await answer(pending.verificationId, recoveryCodes[0] as string, ip1);
    expect(ok.statusCode).toBe(200);
    expect((await status(m.token)).recoveryCodesLeft).toBe(9);
    // The login history says a recovery code was used, not the authenticator.
    const history = (await call('GET', '/wps/member/security/loginHistory', m.token)).json().value;
    expect(history.content[0]).toMatchObject({ result: 'success', method: 'RECOVERY', ip: ip1 });
    const ip2 = nextIp();
    const again = await pendingLogin(m, ip2);
    expect((await answer(again.verificationId, recoveryCodes[0] as string, ip2)).json().code).toBe(
      'LOGIN_VERIFICATION_INVALID',
    );
  });
});
