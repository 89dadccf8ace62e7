import { PERMISSIONS } from '@gamehall/shared/api/permissions';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { adminLoginCall } from '../../test/admin-session';
import { createMember } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { totpAt } from '../accounts/totp';
import { setBrandSetting } from '../brand/brand.service';
import { actors, call, expectFailure } from '../cashier/cashier.fixtures';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const { member: memberWithSession } = actors(() => t, createMember);

let ipSeq = 0;
function login(username: string, password: string, extra: { code?: string; remoteAddress?: string } = {}) {
  ipSeq++;
  return adminLoginCall(
    t.app,
    { username, password, ...(extra.code ? { code: extra.code } : {}) },
    { remoteAddress: extra.remoteAddress ?? `10.11.${Math.floor(ipSeq / 250)}.${(ipSeq % 250) + 1}` },
  );
}
async function loginToken(username: string, password: string, code?: string) {
  const res = await login(username, password, code ? { code } : {});
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value as { token: string; mustEnrol: boolean; twoFactor: { enabled: boolean; required: boolean } };
}
function post(url: string, token: string, payload?: unknown) {
  return call(t, 'POST', url, token, payload ?? {});
}
async function operator(permissions: string[] = ['cashier.read']) {
  return createMember(t.ctx, { type: 90, password: 'Oper@12345', permissions });
}
async function sessionCount(memberId: number) {
  const rows = await t.ctx.db
    .selectFrom('sessions')
    .select('id')
    .where('member_id', '=', memberId)
    .where('revoked_at', 'is', null)
    .execute();
  return rows.length;
}
function codeNow(secret: string) {
  return totpAt(secret, t.ctx.now().getTime());
}
/** Enrols the session's operator in two-factor authentication; answers the secret and recovery codes. */
async function enrol(token: string, password = 'Oper@12345') {
  const started = await post('/admin/session/twoFactor/enrol', token, { password });
  expect(started.statusCode, started.body).toBe(200);
  const { secret, otpauthUrl } = started.json().value;
  expect(otpauthUrl).toMatch(/^otpauth:\/\/totp\/.+\?secret=[A-Z2-7]+&/);
  const confirmed = await post('/admin/session/twoFactor/confirm', token, { code: codeNow(secret) });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return { secret: secret as string, recoveryCodes: confirmed.json().value.recoveryCodes as string[] };
}

describe('the operator session', () => {
  it('signs the demo admin in with the Administrator role and describes the session', async () => {
    const value = await loginToken('admin', 'Admin@1234');
    expect(value).toMatchObject({
      username: 'admin',
      permissions: ['*'],
      twoFactor: { enabled: false, required: false },
      mustEnrol: false,
    });
    const me = await call(t, 'GET', '/admin/session/me', value.token);
    expect(me.statusCode).toBe(200);
    expect(me.json().value).toMatchObject({
      username: 'admin',
      permissions: ['*'],
      roles: [{ name: 'Administrator' }],
      twoFactor: { enabled: false, required: false, recoveryCodesLeft: 0 },
      mustEnrol: false,
      idleMinutes: 30,
      brandTimeZone: 'Asia/Manila',
    });
  });

  it('refuses /admin/session/me to guests and members', async () => {
    expectFailure(await call(t, 'GET', '/admin/session/me'), 401, 'AUTH_REQUIRED');
    const m = await memberWithSession();
    expectFailure(await call(t, 'GET', '/admin/session/me', m.token), 403, 'AUTH_FORBIDDEN');
  });

  it('signs out one session, or every session of the operator', async () => {
    const op = await operator();
    const a = (await loginToken(op.username, 'Oper@12345')).token;
    const b = (await loginToken(op.username, 'Oper@12345')).token;
    const c = (await loginToken(op.username, 'Oper@12345')).token;
    expect((await post('/admin/session/logout', a)).statusCode).toBe(200);
    expectFailure(await call(t, 'GET', '/admin/session/me', a), 401, 'AUTH_SESSION_EXPIRED');
    expect((await call(t, 'GET', '/admin/session/me', b)).statusCode).toBe(200);
    const all = await post('/admin/session/logoutAll', b);
    expect(all.json().value).toEqual({ revoked: 2 });
    for (const token of [b, c])
      expectFailure(await call(t, 'GET', '/admin/session/me', token), 401, 'AUTH_SESSION_EXPIRED');
    expect(await sessionCount(op.id)).toBe(0);
  });

  it("refuses an admin session unused for the brand's operatorIdleMinutes, not a member's", async () => {
    const op = await operator();
    const busy = (await loginToken(op.username, 'Oper@12345')).token;
    const idle = (await loginToken(op.username, 'Oper@12345')).token;
    const m = await memberWithSession();
    // Used every 20 minutes, a session stays; left for 31 it is gone.
    t.advance(20 * 60_000);
    expect((await call(t, 'GET', '/admin/session/me', busy)).statusCode).toBe(200);
    t.advance(11 * 60_000);
    expect((await call(t, 'GET', '/admin/session/me', busy)).statusCode).toBe(200);
    expectFailure(await call(t, 'GET', '/admin/session/me', idle), 401, 'AUTH_SESSION_EXPIRED');
    expect((await call(t, 'GET', '/wps/member/info', m.token)).statusCode).toBe(200);
    await setBrandSetting(t.ctx.db, 'operatorIdleMinutes', 5);
    try {
      t.advance(6 * 60_000);
      expectFailure(await call(t, 'GET', '/admin/session/me', busy), 401, 'AUTH_SESSION_EXPIRED');
    } finally {
      await setBrandSetting(t.ctx.db, 'operatorIdleMinutes', 30);
    }
  });
});

describe('operator two-factor sign-in', () => {
  it('enrols with the password, then asks for a code at every sign-in; a TOTP step and a recovery code work once', async () => {
    // The codes belong to 30 s time steps: held still, a slow run cannot cross into the next step
    // and turn "the spent step's code" into a fresh one.
    onTestFinished(t.freeze());
    const op = await operator();
    const token = (await loginToken(op.username, 'Oper@12345')).token;
    expectFailure(
      await post('/admin/session/twoFactor/enrol', token, { password: 'Wrong@12345' }),
      400,
      'SECURITY_PASSWORD_INVALID',
    );
    const { secret, recoveryCodes } = await enrol(token);
    expect(recoveryCodes).toHaveLength(10);
    const me = (await call(t, 'GET', '/admin/session/me', token)).json().value;
    expect(me.twoFactor).toEqual({ enabled: true, required: false, recoveryCodesLeft: 10 });

    const before = await sessionCount(op.id);
    const noCode = await login(op.username, 'Oper@12345');
    expectFailure(noCode, 401, 'OPERATOR_TWO_FACTOR_REQUIRED');
    expect(noCode.json()).not.toHaveProperty('value.token');
    expectFailure(await login(op.username, 'Oper@12345', { code: '000000' }), 400, 'TWO_FACTOR_CODE_INVALID');
    // The confirming code's time step is spent: the same code does not sign in.
    expectFailure(await login(op.username, 'Oper@12345', { code: codeNow(secret) }), 400, 'TWO_FACTOR_CODE_INVALID');
    // A right code with a wrong password tells nothing about the code.
    t.advance(30_000);
    expectFailure(await login(op.username, 'Wrong@12345', { code: codeNow(secret) }), 401, 'ACCOUNT_PASSWORD_INVALID');
    expect(await sessionCount(op.id)).toBe(before);

    // Three failures of this username: the captcha is due, so the wrong codes were counted too.
    const due = await login(op.username, 'Oper@12345', { code: codeNow(secret) });
    expect(due.json()).toMatchObject({ code: 'CAPTCHA_REQUIRED' });
    await t.ctx.db.deleteFrom('rate_limits').where('key', 'like', 'admin-login:%').execute();

    const withTotp = await loginToken(op.username, 'Oper@12345', codeNow(secret));
    expect(withTotp.twoFactor).toEqual({ enabled: true, required: false });
    const recovery = recoveryCodes[0] as string;
    const withRecovery = await loginToken(op.username, 'Oper@12345', recovery.toUpperCase());
    expect(withRecovery.token).toBeTruthy();
    expectFailure(await login(op.username, 'Oper@12345', { code: recovery }), 400, 'TWO_FACTOR_CODE_INVALID');
    const left = (await call(t, 'GET', '/admin/session/me', withRecovery.token)).json().value.twoFactor;
    expect(left.recoveryCodesLeft).toBe(9);
    const audit = await t.ctx.db
      .selectFrom('audit_log')
      .select(['success', 'detail', 'operator'])
      .where('event', '=', 'admin.login')
      .where('member_id', '=', op.id)
      .orderBy('id')
      .execute();
    const detail = (d: unknown) => (typeof d === 'string' ? JSON.parse(d) : d) as Record<string, unknown>;
    expect(audit.every((r) => r.operator)).toBe(true);
    expect(audit.filter((r) => r.success).map((r) => detail(r.detail).secondFactor)).toEqual([
      undefined,
      'TOTP',
      'RECOVERY',
    ]);
    expect(audit.map((r) => detail(r.detail).reason).filter(Boolean)).toContain('OPERATOR_TWO_FACTOR_REQUIRED');
  });

  it('turns two-factor off with a code; sign-in needs the password alone again', async () => {
    const op = await operator();
    const token = (await loginToken(op.username, 'Oper@12345')).token;
    const { secret } = await enrol(token);
    expectFailure(
      await post('/admin/session/twoFactor/disable', token, { code: '123456' }),
      400,
      'TWO_FACTOR_CODE_INVALID',
    );
    t.advance(30_000);
    expect((await post('/admin/session/twoFactor/disable', token, { code: codeNow(secret) })).statusCode).toBe(200);
    expect((await loginToken(op.username, 'Oper@12345')).twoFactor.enabled).toBe(false);
  });

  it('lets an operator who must enrol reach only /admin/session/* until enrolment is confirmed', async () => {
    await setBrandSetting(t.ctx.db, 'operatorTwoFactorRequired', true);
    try {
      const op = await operator(['cashier.read']);
      const value = await loginToken(op.username, 'Oper@12345');
      expect(value).toMatchObject({ mustEnrol: true, twoFactor: { enabled: false, required: true } });
      expectFailure(
        await call(t, 'GET', '/admin/cashier/deposits', value.token),
        403,
        'OPERATOR_TWO_FACTOR_SETUP_REQUIRED',
      );
      const me = await call(t, 'GET', '/admin/session/me', value.token);
      expect(me.json().value).toMatchObject({ mustEnrol: true, twoFactor: { required: true, enabled: false } });
      // Still no further than the permissions: a route it lacks is forbidden, not "enrol first".
      expectFailure(await call(t, 'GET', '/admin/roles', value.token), 403, 'AUTH_FORBIDDEN');
      await enrol(value.token);
      expect((await call(t, 'GET', '/admin/cashier/deposits', value.token)).statusCode).toBe(200);
      expect((await call(t, 'GET', '/admin/session/me', value.token)).json().value.mustEnrol).toBe(false);
    } finally {
      await setBrandSetting(t.ctx.db, 'operatorTwoFactorRequired', false);
    }
  });
});

describe('route permissions', () => {
  it('every /admin route declares a permission of the catalogue, but the login, the own-session routes and the work panel', () => {
    const admin = t.app.declaredRoutes.filter((r) => r.url.startsWith('/admin'));
    expect(admin.length).toBeGreaterThan(20);
    for (const route of admin) {
      const where = `${route.method} ${route.url}`;
      if (route.url === '/admin/session/login') {
        expect(route.auth, where).toBe('public');
        continue;
      }
      if (route.url.startsWith('/admin/session/')) {
        expect(['operator', 'operator-signin'], where).toContain(route.auth);
        continue;
      }
      // Every operator opens the work panel; it lists only the queues their permissions act on.
      if (route.url === '/admin/work') {
        expect(route.auth, where).toBe('operator');
        continue;
      }
      expect(route.auth, where).toMatch(/^admin:/);
      expect(PERMISSIONS as readonly string[], where).toContain(route.auth.slice('admin:'.length));
    }
    // And nothing outside /admin asks for an operator.
    for (const route of t.app.declaredRoutes.filter((r) => !r.url.startsWith('/admin')))
      expect(route.auth, `${route.method} ${route.url}`).not.toMatch(/^(admin:|operator$|operator-signin$)/);
  });
});
