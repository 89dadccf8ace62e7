import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminLoginCall } from '../../test/admin-session';
import { solveChallenge } from '../../test/challenge';
import { createMember } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { captchaAnswerHash } from '../accounts/captcha.service';
import { setBrandSetting } from '../brand/brand.service';
import { call, expectFailure } from '../cashier/cashier.fixtures';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

// Each login comes from an address of its own unless a test says otherwise, so the failures one
// call counts against its address make no captcha due for the next.
let ipSeq = 0;
function nextIp() {
  ipSeq++;
  return `10.9.${Math.floor(ipSeq / 250) + 100}.${(ipSeq % 250) + 1}`;
}
function login(
  username: string,
  password: string,
  remoteAddress = nextIp(),
  options: { captcha?: string; challenge?: string | null } = {},
) {
  return adminLoginCall(
    t.app,
    { username, password, ...(options.captcha ? { captcha: options.captcha } : {}) },
    { remoteAddress, ...(options.challenge !== undefined ? { challenge: options.challenge } : {}) },
  );
}
async function auditRows(username: string) {
  return t.ctx.db.selectFrom('audit_log').selectAll().where('username', '=', username).execute();
}
async function adminSessions(memberId: number) {
  const rows = await t.ctx.db
    .selectFrom('sessions')
    .select('id')
    .where('member_id', '=', memberId)
    .where('area', '=', 'admin')
    .execute();
  return rows.length;
}
/** Fetches a captcha for an address and replaces its answer by a known one (the image is random). */
async function captchaFor(remoteAddress: string, answer: string) {
  t.advance(1100);
  const res = await t.app.inject({ method: 'GET', url: '/wps/captcha', remoteAddress });
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
}

describe('POST /admin/session/login', () => {
  it('gives the seeded operator an admin session that reaches the cashier API, audited', async () => {
    const res = await login('admin', 'Admin@1234');
    expect(res.statusCode).toBe(200);
    const value = res.json().value;
    expect(value).toMatchObject({ username: 'admin', permissions: ['*'] });
    const session = await t.ctx.db
      .selectFrom('sessions')
      .selectAll()
      .where(
        'member_id',
        '=',
        (await t.ctx.db.selectFrom('members').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow())
          .id,
      )
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(session.area).toBe('admin');
    const list = await call(t, 'GET', '/admin/cashier/deposits', value.token);
    expect(list.statusCode).toBe(200);
    expect(list.json().value).toMatchObject({ pageNum: 1, content: expect.any(Array) });
    const rows = await auditRows('admin');
    expect(rows.some((r) => r.event === 'admin.login' && r.success)).toBe(true);
  });

  it('refuses members with 403 AUTH_FORBIDDEN and wrong passwords with 401, issuing no session', async () => {
    const m = await createMember(t.ctx, { password: 'Member@123' });
    const sessions = async () =>
      (await t.ctx.db.selectFrom('sessions').select('id').where('member_id', '=', m.id).execute()).length;
    expectFailure(await login(m.username, 'Member@123'), 403, 'AUTH_FORBIDDEN');
    expectFailure(await login(m.username, 'Wrong@123'), 401, 'ACCOUNT_PASSWORD_INVALID');
    expectFailure(await login('admin', 'Wrong@123'), 401, 'ACCOUNT_PASSWORD_INVALID');
    expectFailure(await login('nobody-here', 'Wrong@123'), 401, 'ACCOUNT_PASSWORD_INVALID');
    expect(await sessions()).toBe(0);
    const rows = await auditRows(m.username);
    expect(rows.filter((r) => !r.success)).toHaveLength(2);
    const disabled = await createMember(t.ctx, {
      type: 90,
      password: 'Oper@1234',
      status: 'disabled',
      permissions: ['*'],
    });
    expectFailure(await login(disabled.username, 'Oper@1234'), 403, 'ACCOUNT_DISABLED');
  });

  it('validates the body', async () => {
    expectFailure(
      await t.app.inject({ method: 'POST', url: '/admin/session/login', payload: { username: '' } }),
      400,
      'VALIDATION_FAILED',
    );
  });

  it('asks for a fresh proof-of-work challenge unless the brand turns it off', async () => {
    expectFailure(await login('admin', 'Admin@1234', nextIp(), { challenge: null }), 400, 'CHALLENGE_REQUIRED');
    expectFailure(
      await login('admin', 'Admin@1234', nextIp(), { challenge: 'bm90IGEgY2hhbGxlbmdl' }),
      400,
      'CHALLENGE_INVALID',
    );
    const challenge = await solveChallenge(t.app);
    expect((await login('admin', 'Admin@1234', nextIp(), { challenge })).statusCode).toBe(200);
    expectFailure(await login('admin', 'Admin@1234', nextIp(), { challenge }), 400, 'CHALLENGE_INVALID');
    await setBrandSetting(t.ctx.db, 'challengeEnabled', false);
    try {
      expect((await login('admin', 'Admin@1234', nextIp(), { challenge: null })).statusCode).toBe(200);
    } finally {
      await setBrandSetting(t.ctx.db, 'challengeEnabled', true);
    }
  });

  it('asks for the captcha after three failures from an address, and takes a right answer once', async () => {
    const op = await createMember(t.ctx, { type: 90, password: 'Oper@1234', permissions: ['*'] });
    const ip = nextIp();
    expect((await login(op.username, 'Wrong@123', ip)).json()).not.toHaveProperty('value');
    expect((await login('someone-else', 'Wrong@123', ip)).json()).not.toHaveProperty('value');
    const third = await login(op.username, 'Wrong@123', ip);
    expect(third.statusCode).toBe(401);
    expect(third.json()).toMatchObject({ code: 'ACCOUNT_PASSWORD_INVALID', value: { captcha: true } });
    const noCaptcha = await login(op.username, 'Oper@1234', ip);
    expect(noCaptcha.statusCode).toBe(400);
    expect(noCaptcha.json()).toMatchObject({ code: 'CAPTCHA_REQUIRED', value: { captcha: true } });
    await captchaFor(ip, 'ACEF');
    expect((await login(op.username, 'Oper@1234', ip, { captcha: 'XXXX' })).json()).toMatchObject({
      code: 'CAPTCHA_INVALID',
      value: { captcha: true },
    });
    // The wrong answer spent it.
    expectFailure(await login(op.username, 'Oper@1234', ip, { captcha: 'ACEF' }), 400, 'CAPTCHA_INVALID');
    expect(await adminSessions(op.id)).toBe(0);
    await captchaFor(ip, 'HJKM');
    expect((await login(op.username, 'Oper@1234', ip, { captcha: 'hjkm' })).statusCode).toBe(200);
    // Success clears the count: no captcha next time.
    expect((await login(op.username, 'Oper@1234', ip)).statusCode).toBe(200);
  });

  it('asks for the captcha after three failures of one username, from any address', async () => {
    const op = await createMember(t.ctx, { type: 90, password: 'Oper@1234', permissions: ['*'] });
    for (let i = 0; i < 3; i++) expectFailure(await login(op.username, 'Wrong@123'), 401, 'ACCOUNT_PASSWORD_INVALID');
    const res = await login(op.username.toUpperCase(), 'Oper@1234');
    expect(res.json()).toMatchObject({ code: 'CAPTCHA_REQUIRED', value: { captcha: true } });
    expect(await adminSessions(op.id)).toBe(0);
  });

  it('locks an IP out after ten wrong passwords', async () => {
    await setBrandSetting(t.ctx.db, 'captchaAfterFailures', 100);
    try {
      // Ten usernames, one wrong password each: the address is locked, no username is.
      for (let i = 0; i < 10; i++)
        expectFailure(await login(`nobody${i}`, 'Nope@1234', '10.9.9.9'), 401, 'ACCOUNT_PASSWORD_INVALID');
      expectFailure(await login('admin', 'Nope@1234', '10.9.9.9'), 429, 'RATE_LIMITED');
      expectFailure(await login('admin', 'Admin@1234', '10.9.9.9'), 429, 'RATE_LIMITED');
      expect((await login('admin', 'Admin@1234', '10.9.9.10')).statusCode).toBe(200);
    } finally {
      await setBrandSetting(t.ctx.db, 'captchaAfterFailures', 3);
    }
  });
});
