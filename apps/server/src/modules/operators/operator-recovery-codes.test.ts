import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { totpAt } from '../accounts/totp';
import { call, expectFailure, sessionFor } from '../cashier/cashier.fixtures';

// The console's two-factor panel: an operator with two-factor sign-in on gets new recovery codes
// for a current authenticator code; the old codes stop working, and /me counts the new ones.

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const codeAt = (secret: string, offsetMs = 0) => totpAt(secret, t.ctx.now().getTime() + offsetMs);

async function enrolledOperator() {
  const op = await createMember(t.ctx, { type: 90, password: 'Oper@12345', permissions: ['cashier.read'] });
  const token = await sessionFor(t, op.id, 'admin');
  const started = await call(t, 'POST', '/admin/session/twoFactor/enrol', token, { password: 'Oper@12345' });
  expect(started.statusCode, started.body).toBe(200);
  const secret = started.json().value.secret as string;
  const confirmed = await call(t, 'POST', '/admin/session/twoFactor/confirm', token, { code: codeAt(secret) });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return { ...op, token, secret, recoveryCodes: confirmed.json().value.recoveryCodes as string[] };
}

async function codesLeft(token: string) {
  return (await call(t, 'GET', '/admin/session/me', token)).json().value.twoFactor as {
    enabled: boolean;
    recoveryCodesLeft: number;
  };
}

describe('POST /admin/session/twoFactor/recoveryCodes', () => {
  it('answers new codes once for a current authenticator code; the old ones stop working', async () => {
    const op = await enrolledOperator();
    expect(await codesLeft(op.token)).toMatchObject({ enabled: true, recoveryCodesLeft: op.recoveryCodes.length });
    t.advance(30_000);
    const res = await call(t, 'POST', '/admin/session/twoFactor/recoveryCodes', op.token, { code: codeAt(op.secret) });
    expect(res.statusCode, res.body).toBe(200);
    const fresh = res.json().value.recoveryCodes as string[];
    expect(fresh.length).toBe(op.recoveryCodes.length);
    expect(fresh.filter((c) => op.recoveryCodes.includes(c))).toEqual([]);
    expect(await codesLeft(op.token)).toMatchObject({ enabled: true, recoveryCodesLeft: fresh.length });

    // An old recovery code is no longer a second factor: turning two-factor off with it is refused.
    const old = await call(t, 'POST', '/admin/session/twoFactor/disable', op.token, { code: op.recoveryCodes[0] });
    expect(old.json().success).toBe(false);
    expect((await codesLeft(op.token)).enabled).toBe(true);
  });

  it('refuses a wrong, spent or malformed code and changes nothing', async () => {
    const op = await enrolledOperator();
    // The code that turned two-factor on is spent.
    expectFailure(
      await call(t, 'POST', '/admin/session/twoFactor/recoveryCodes', op.token, { code: codeAt(op.secret) }),
      400,
      'TWO_FACTOR_CODE_INVALID',
    );
    for (const code of ['12345', 'abcdef', ''])
      expectFailure(
        await call(t, 'POST', '/admin/session/twoFactor/recoveryCodes', op.token, { code }),
        400,
        'VALIDATION_FAILED',
      );
    expect(await codesLeft(op.token)).toMatchObject({ recoveryCodesLeft: op.recoveryCodes.length });
  });

  it('refuses an operator without two-factor sign-in, and a member', async () => {
    const op = await createMember(t.ctx, { type: 90, password: 'Oper@12345', permissions: ['cashier.read'] });
    const token = await sessionFor(t, op.id, 'admin');
    expectFailure(
      await call(t, 'POST', '/admin/session/twoFactor/recoveryCodes', token, { code: '123456' }),
      409,
      'TWO_FACTOR_NOT_ENABLED',
    );
    const member = await createMember(t.ctx);
    const memberToken = await sessionFor(t, member.id);
    expectFailure(
      await call(t, 'POST', '/admin/session/twoFactor/recoveryCodes', memberToken, { code: '123456' }),
      403,
      'AUTH_FORBIDDEN',
    );
  });
});
