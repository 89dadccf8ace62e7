import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { actors, call, expectFailure, requestId } from '../cashier/cashier.fixtures';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const { member: memberWithSession, operator: operatorToken } = actors(() => t, createMember);

function login(username: string, password: string, remoteAddress = '10.9.0.1') {
  return t.app.inject({ method: 'POST', url: '/admin/session/login', payload: { username, password }, remoteAddress });
}
async function auditRows(username: string) {
  return t.ctx.db.selectFrom('audit_log').selectAll().where('username', '=', username).execute();
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

  it('locks an IP out after ten wrong passwords', async () => {
    for (let i = 0; i < 10; i++)
      expectFailure(await login('admin', 'Nope@1234', '10.9.9.9'), 401, 'ACCOUNT_PASSWORD_INVALID');
    expectFailure(await login('admin', 'Nope@1234', '10.9.9.9'), 429, 'RATE_LIMITED');
    expectFailure(await login('admin', 'Admin@1234', '10.9.9.9'), 429, 'RATE_LIMITED');
    expect((await login('admin', 'Admin@1234', '10.9.9.10')).statusCode).toBe(200);
  });
});

describe('operator cashier routes: role refusals', () => {
  const routes: [method: 'GET' | 'POST', url: string, body?: unknown][] = [
    ['GET', '/admin/cashier/deposits'],
    ['POST', '/admin/cashier/deposits/DXXXXXXXXXXXX/approve'],
    ['POST', '/admin/cashier/deposits/DXXXXXXXXXXXX/reject', { reason: 'r' }],
    ['GET', '/admin/cashier/withdrawals'],
    ['POST', '/admin/cashier/withdrawals/WXXXXXXXXXXXX/approve'],
    ['POST', '/admin/cashier/withdrawals/WXXXXXXXXXXXX/reject', { reason: 'r' }],
    ['POST', '/admin/cashier/withdrawals/WXXXXXXXXXXXX/paid'],
    ['POST', '/admin/cashier/bankAccounts/1/confirm'],
    ['GET', '/admin/cashier/images/DXXXXXXXXXXXX'],
    ['GET', '/admin/cashier/images/DXXXXXXXXXXXX/1'],
  ];

  it('refuses guests, members, trial members, agents and operators without the cashier permission', async () => {
    const member = await memberWithSession();
    const trial = await memberWithSession({ type: 4 });
    const agent = await memberWithSession({ type: 1 });
    const otherOperator = await operatorToken(['content']);
    for (const [method, url, body] of routes) {
      expectFailure(await call(t, method, url, undefined, body), 401, 'AUTH_REQUIRED');
      for (const token of [member.token, trial.token, agent.token, otherOperator.token])
        expectFailure(await call(t, method, url, token, body), 403, 'AUTH_FORBIDDEN');
    }
  });

  it('lets an operator with the cashier permission list and filter orders', async () => {
    const op = await operatorToken(['cashier']);
    const m = await memberWithSession();
    const dep = (
      await call(t, 'POST', '/wps/cashier/deposit', m.token, {
        methodCode: 'BANK_TRANSFER',
        amount: 150,
        requestId: requestId(),
      })
    ).json().value;
    const pending = (await call(t, 'GET', '/admin/cashier/deposits?status=pending&pageSize=200', op.token)).json()
      .value;
    expect(pending.content.find((d: { reference: string }) => d.reference === dep.reference)).toMatchObject({
      member: { id: m.id, username: m.username },
      amount: 150,
      status: 'pending',
      proofCount: 0,
    });
    const approved = (await call(t, 'GET', '/admin/cashier/deposits?status=approved', op.token)).json().value;
    expect(approved.content.some((d: { reference: string }) => d.reference === dep.reference)).toBe(false);
    expectFailure(await call(t, 'GET', '/admin/cashier/withdrawals?status=nope', op.token), 400, 'VALIDATION_FAILED');
    expect((await call(t, 'GET', '/admin/cashier/withdrawals', op.token)).statusCode).toBe(200);
  });
});
