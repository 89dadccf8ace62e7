import { OperatorPassword } from '@gamehall/shared/api/operators';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminLoginCall, adminToken } from '../../test/admin-session';
import { createMember } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { totpAt } from '../accounts/totp';
import { setBrandSetting } from '../brand/brand.service';
import { call, expectFailure } from '../cashier/cashier.fixtures';

// Operator passwords (forced change, self-service change, administrator reset) and the
// lock of an operator username whatever address the guesses come from.

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await adminToken(t.app);
});
afterAll(() => t.close());

let ipSeq = 0;
function nextIp() {
  ipSeq++;
  return `10.25.${Math.floor(ipSeq / 250)}.${(ipSeq % 250) + 1}`;
}
function login(username: string, password: string, extra: { code?: string; ip?: string } = {}) {
  return adminLoginCall(
    t.app,
    { username, password, ...(extra.code ? { code: extra.code } : {}) },
    { remoteAddress: extra.ip ?? nextIp() },
  );
}
async function loginValue(username: string, password: string, code?: string) {
  const res = await login(username, password, code ? { code } : {});
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value as { token: string; mustChangePassword: boolean };
}
function put(url: string, token: string, payload: unknown) {
  return t.app.inject({ method: 'PUT', url, headers: { authorization: token }, payload: payload as object });
}
async function operator(permissions: string[] = ['cashier.read']) {
  return createMember(t.ctx, { type: 90, password: 'Oper@12345', permissions });
}
async function liveSessions(memberId: number) {
  const rows = await t.ctx.db
    .selectFrom('sessions')
    .select('id')
    .where('member_id', '=', memberId)
    .where('revoked_at', 'is', null)
    .execute();
  return rows.length;
}
async function auditRows(event: string, target: string) {
  const rows = await t.ctx.db
    .selectFrom('audit_log')
    .select(['success', 'detail', 'username'])
    .where('event', '=', event)
    .orderBy('id')
    .execute();
  return rows
    .map((r) => ({
      ...r,
      detail: (typeof r.detail === 'string' ? JSON.parse(r.detail) : r.detail) as Record<string, unknown>,
    }))
    .filter((r) => r.detail.target === target);
}
async function cashierRoleId() {
  const roles = (await call(t, 'GET', '/admin/roles', admin)).json().value.list as {
    id: number;
    permissions: string[];
  }[];
  const role = roles.find((r) => r.permissions.includes('cashier.read') && !r.permissions.includes('*'));
  if (!role) throw new Error('no role with cashier.read');
  return role.id;
}
function codeNow(secret: string) {
  return totpAt(secret, t.ctx.now().getTime());
}

describe('the first sign-in with a password an administrator set', () => {
  it('lets the new operator do nothing but change it, then everything its roles allow', async () => {
    const username = `newop${Date.now().toString(36)}`;
    const created = await call(t, 'POST', '/admin/operators', admin, {
      username,
      password: 'Given@12345',
      displayName: 'Maria',
      roleIds: [await cashierRoleId()],
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().value).toMatchObject({ username, displayName: 'Maria', mustChangePassword: true });
    const id = created.json().value.id as number;

    const first = await loginValue(username, 'Given@12345');
    expect(first.mustChangePassword).toBe(true);
    const token = first.token;
    // Every other route, of the back office and of its own session, waits for the change.
    expectFailure(await call(t, 'GET', '/admin/cashier/deposits', token), 403, 'OPERATOR_PASSWORD_CHANGE_REQUIRED');
    expectFailure(
      await call(t, 'POST', '/admin/session/logoutAll', token, {}),
      403,
      'OPERATOR_PASSWORD_CHANGE_REQUIRED',
    );
    expectFailure(
      await call(t, 'POST', '/admin/session/twoFactor/enrol', token, { password: 'Given@12345' }),
      403,
      'OPERATOR_PASSWORD_CHANGE_REQUIRED',
    );
    expectFailure(
      await put('/admin/session/displayName', token, { displayName: 'Mia' }),
      403,
      'OPERATOR_PASSWORD_CHANGE_REQUIRED',
    );
    // Permissions still come first: a route it lacks is forbidden, not "change your password".
    expectFailure(await call(t, 'GET', '/admin/roles', token), 403, 'AUTH_FORBIDDEN');
    const me = await call(t, 'GET', '/admin/session/me', token);
    expect(me.statusCode).toBe(200);
    expect(me.json().value).toMatchObject({ username, displayName: 'Maria', mustChangePassword: true });

    const changed = await call(t, 'POST', '/admin/session/password', token, {
      oldPassword: 'Given@12345',
      newPassword: 'Mine@123456',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().value).toMatchObject({ id, mustChangePassword: false });
    // The same session goes on, now unrestricted.
    expect((await call(t, 'GET', '/admin/cashier/deposits', token)).statusCode).toBe(200);
    expect((await call(t, 'GET', '/admin/session/me', token)).json().value.mustChangePassword).toBe(false);
    expectFailure(await login(username, 'Given@12345'), 401, 'ACCOUNT_PASSWORD_INVALID');
    expect((await loginValue(username, 'Mine@123456')).mustChangePassword).toBe(false);

    const audit = await auditRows('operator.passwordChange', `operator:${id}`);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      success: true,
      username,
      detail: { before: { mustChangePassword: true }, after: { mustChangePassword: false } },
    });
    expect(JSON.stringify(audit)).not.toContain('Mine@123456');
  });
});

describe('the operator changing its own password', () => {
  it('needs the current password, the password rule and a new password; refusals change nothing', async () => {
    const op = await operator();
    const token = (await loginValue(op.username, 'Oper@12345')).token;
    const change = (body: object) => call(t, 'POST', '/admin/session/password', token, body);

    expectFailure(
      await change({ oldPassword: 'Wrong@12345', newPassword: 'Next@123456' }),
      400,
      'PASSWORD_OLD_INVALID',
    );
    // The operator password rule: 10 to 64 characters with a letter and a digit.
    for (const weak of ['Short@1', 'onlyletters-here', '1234567890123']) {
      expect(OperatorPassword.safeParse(weak).success).toBe(false);
      const res = await change({ oldPassword: 'Oper@12345', newPassword: weak });
      expectFailure(res, 400, 'VALIDATION_FAILED');
      expect(res.json().value.fields).toHaveProperty('newPassword');
    }
    expectFailure(await change({ oldPassword: 'Oper@12345', newPassword: 'Oper@12345' }), 400, 'PASSWORD_SAME_AS_OLD');
    expect((await loginValue(op.username, 'Oper@12345')).token).toBeTruthy();
    const failed = await auditRows('operator.passwordChange', `operator:${op.id}`);
    expect(failed.map((r) => [r.success, r.detail.code])).toEqual([
      [false, 'PASSWORD_OLD_INVALID'],
      [false, 'PASSWORD_SAME_AS_OLD'],
    ]);
  });

  it('locks the change once five wrong current passwords have been answered', async () => {
    const op = await operator();
    const token = (await loginValue(op.username, 'Oper@12345')).token;
    const wrong = { oldPassword: 'Wrong@12345', newPassword: 'Next@123456' };
    for (let i = 0; i < 5; i++)
      expectFailure(await call(t, 'POST', '/admin/session/password', token, wrong), 400, 'PASSWORD_OLD_INVALID');
    expectFailure(await call(t, 'POST', '/admin/session/password', token, wrong), 429, 'RATE_LIMITED');
    expectFailure(
      await call(t, 'POST', '/admin/session/password', token, {
        oldPassword: 'Oper@12345',
        newPassword: 'Next@123456',
      }),
      429,
      'RATE_LIMITED',
    );
  });

  it('needs a current code when two-factor is on, and ends the other sessions only', async () => {
    const op = await operator();
    const token = (await loginValue(op.username, 'Oper@12345')).token;
    const started = await call(t, 'POST', '/admin/session/twoFactor/enrol', token, { password: 'Oper@12345' });
    const secret = started.json().value.secret as string;
    expect(
      (await call(t, 'POST', '/admin/session/twoFactor/confirm', token, { code: codeNow(secret) })).statusCode,
    ).toBe(200);
    t.advance(30_000);
    const other = (await loginValue(op.username, 'Oper@12345', codeNow(secret))).token;
    expect(await liveSessions(op.id)).toBe(2);

    const body = { oldPassword: 'Oper@12345', newPassword: 'Next@123456' };
    expectFailure(await call(t, 'POST', '/admin/session/password', token, body), 401, 'OPERATOR_TWO_FACTOR_REQUIRED');
    expectFailure(
      await call(t, 'POST', '/admin/session/password', token, { ...body, code: '000000' }),
      400,
      'TWO_FACTOR_CODE_INVALID',
    );
    expect(await liveSessions(op.id)).toBe(2);
    t.advance(30_000);
    const ok = await call(t, 'POST', '/admin/session/password', token, { ...body, code: codeNow(secret) });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await call(t, 'GET', '/admin/session/me', token)).statusCode).toBe(200);
    expectFailure(await call(t, 'GET', '/admin/session/me', other), 401, 'AUTH_SESSION_EXPIRED');
    expect(await liveSessions(op.id)).toBe(1);
    t.advance(30_000);
    expect((await loginValue(op.username, 'Next@123456', codeNow(secret))).token).toBeTruthy();
  });
});

describe("an administrator's reset", () => {
  it('ends every session and gives a one-time password, shown once, that must be changed', async () => {
    const op = await operator();
    const a = (await loginValue(op.username, 'Oper@12345')).token;
    const b = (await loginValue(op.username, 'Oper@12345')).token;

    const res = await call(t, 'POST', `/admin/operators/${op.id}/resetPassword`, admin, {});
    expect(res.statusCode, res.body).toBe(200);
    const { oneTimePassword, operator: after } = res.json().value as {
      oneTimePassword: string;
      operator: { mustChangePassword: boolean };
    };
    expect(OperatorPassword.safeParse(oneTimePassword).success).toBe(true);
    expect(after.mustChangePassword).toBe(true);
    for (const token of [a, b])
      expectFailure(await call(t, 'GET', '/admin/session/me', token), 401, 'AUTH_SESSION_EXPIRED');
    expect(await liveSessions(op.id)).toBe(0);
    expectFailure(await login(op.username, 'Oper@12345'), 401, 'ACCOUNT_PASSWORD_INVALID');

    const signedIn = await loginValue(op.username, oneTimePassword);
    expect(signedIn.mustChangePassword).toBe(true);
    expectFailure(
      await call(t, 'GET', '/admin/cashier/deposits', signedIn.token),
      403,
      'OPERATOR_PASSWORD_CHANGE_REQUIRED',
    );
    const changed = await call(t, 'POST', '/admin/session/password', signedIn.token, {
      oldPassword: oneTimePassword,
      newPassword: 'Fresh@123456',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await call(t, 'GET', '/admin/cashier/deposits', signedIn.token)).statusCode).toBe(200);

    // The same one-time password is not shown again anywhere, nor written to the audit trail.
    const audit = await auditRows('operator.resetPassword', `operator:${op.id}`);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ success: true, username: 'admin', detail: { sessionsEnded: 2 } });
    expect(JSON.stringify(audit)).not.toContain(oneTimePassword);
    const listed = (await call(t, 'GET', `/admin/operators?q=${op.username}`, admin)).json().value.list;
    expect(JSON.stringify(listed)).not.toContain(oneTimePassword);
  });

  it('is refused for your own account, without operators.admin, and on an operator who outranks you', async () => {
    const me = await call(t, 'GET', '/admin/session/me', admin);
    const adminId = me.json().value.id as number;
    expectFailure(
      await call(t, 'POST', `/admin/operators/${adminId}/resetPassword`, admin, {}),
      403,
      'OPERATOR_SELF_CHANGE',
    );
    const cashier = await operator(['cashier.read']);
    const cashierToken = (await loginValue(cashier.username, 'Oper@12345')).token;
    expectFailure(
      await call(t, 'POST', `/admin/operators/${adminId}/resetPassword`, cashierToken, {}),
      403,
      'AUTH_FORBIDDEN',
    );
    const operatorsAdmin = await operator(['operators.admin']);
    const oaToken = (await loginValue(operatorsAdmin.username, 'Oper@12345')).token;
    expectFailure(
      await call(t, 'POST', `/admin/operators/${adminId}/resetPassword`, oaToken, {}),
      403,
      'OPERATOR_TARGET_OUTRANKS',
    );
    expectFailure(
      await call(t, 'POST', '/admin/operators/999999999/resetPassword', admin, {}),
      404,
      'OPERATOR_NOT_FOUND',
    );
    // Nothing changed: the demo admin signs in with its own password, unrestricted.
    expect((await loginValue('admin', 'Admin@1234')).mustChangePassword).toBe(false);
    const refused = await auditRows('operator.resetPassword', `operator:${adminId}`);
    expect(refused.map((r) => [r.success, r.detail.code])).toEqual([
      [false, 'OPERATOR_SELF_CHANGE'],
      [false, 'OPERATOR_TARGET_OUTRANKS'],
    ]);
  });
});

describe('display names', () => {
  it('are set by the operator and by an administrator, by the display-name rule, and audited', async () => {
    const op = await operator();
    const token = (await loginValue(op.username, 'Oper@12345')).token;
    expect((await call(t, 'GET', '/admin/session/me', token)).json().value.displayName).toBe('Support');
    const own = await put('/admin/session/displayName', token, { displayName: ' Ana ' });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().value.displayName).toBe('Ana');
    for (const bad of ['', '<b>Ana</b>', 'x'.repeat(31), ' - ']) {
      const res = await put('/admin/session/displayName', token, { displayName: bad });
      expectFailure(res, 400, 'VALIDATION_FAILED');
    }
    const byAdmin = await put(`/admin/operators/${op.id}/displayName`, admin, { displayName: "Ana O'Neil" });
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    expect((await call(t, 'GET', '/admin/session/me', token)).json().value.displayName).toBe("Ana O'Neil");
    expectFailure(
      await put(`/admin/operators/${op.id}/displayName`, token, { displayName: 'Nope' }),
      403,
      'AUTH_FORBIDDEN',
    );
    const audit = await auditRows('operator.displayName', `operator:${op.id}`);
    expect(audit.map((r) => [r.username, r.detail.before, r.detail.after])).toEqual([
      [op.username, { displayName: 'Support' }, { displayName: 'Ana' }],
      ['admin', { displayName: 'Ana' }, { displayName: "Ana O'Neil" }],
    ]);
  });
});

describe('the lock of an operator username', () => {
  it('locks the username after ten wrong passwords from ten addresses, whatever address comes next', async () => {
    const op = await operator();
    await setBrandSetting(t.ctx.db, 'captchaAfterFailures', 100);
    try {
      for (let i = 0; i < 10; i++)
        expectFailure(await login(op.username, `Wrong@1234${i}`), 401, 'ACCOUNT_PASSWORD_INVALID');
      // A new address with the right password: the username is locked.
      const locked = await login(op.username, 'Oper@12345');
      expectFailure(locked, 429, 'RATE_LIMITED');
      expect(locked.json().value.retryAfterSeconds).toBeGreaterThan(0);
      expect(await liveSessions(op.id)).toBe(0);
      // Another operator is not affected, from any of those addresses.
      const other = await operator();
      expect((await login(other.username, 'Oper@12345')).statusCode).toBe(200);
      // An administrator's reset lifts the lock with the new password.
      const reset = await call(t, 'POST', `/admin/operators/${op.id}/resetPassword`, admin, {});
      expect((await loginValue(op.username, reset.json().value.oneTimePassword)).mustChangePassword).toBe(true);
    } finally {
      await setBrandSetting(t.ctx.db, 'captchaAfterFailures', 3);
    }
  });

  it('lifts by itself when the lock time has passed', async () => {
    const op = await operator();
    await setBrandSetting(t.ctx.db, 'captchaAfterFailures', 100);
    try {
      for (let i = 0; i < 10; i++) await login(op.username, 'Wrong@12345');
      expectFailure(await login(op.username, 'Oper@12345'), 429, 'RATE_LIMITED');
      t.advance(15 * 60_000 + 1000);
      expect((await login(op.username, 'Oper@12345')).statusCode).toBe(200);
    } finally {
      await setBrandSetting(t.ctx.db, 'captchaAfterFailures', 3);
    }
  });
});
