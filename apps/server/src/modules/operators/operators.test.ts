import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminLoginCall, adminToken } from '../../test/admin-session';
import { createMember } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { actors, call, expectFailure, sessionFor } from '../cashier/cashier.fixtures';

let t: TestApp;
let root: string;

beforeAll(async () => {
  t = await createTestApp();
  root = await adminToken(t.app);
});
afterAll(() => t.close());

const { member: memberWithSession } = actors(() => t, createMember);

function send(method: 'GET' | 'POST' | 'PUT', url: string, token: string | undefined, payload?: unknown) {
  return t.app.inject({
    method,
    url,
    headers: token ? { authorization: token } : {},
    ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
  });
}
async function roleId(name: string): Promise<number> {
  const list = (await send('GET', '/admin/roles', root)).json().value.list as { id: number; name: string }[];
  const role = list.find((r) => r.name === name);
  if (!role) throw new Error(`no role ${name}`);
  return role.id;
}
let seq = 0;
function uniqueName(prefix: string) {
  seq++;
  return `${prefix}${Date.now().toString(36)}${seq}`;
}
/** An operator made through the API with these roles, signed in. */
async function operatorWithRoles(roleIds: number[], by = root) {
  const username = uniqueName('op');
  const res = await send('POST', '/admin/operators', by, { username, password: 'Operator123', roleIds });
  expect(res.statusCode, res.body).toBe(200);
  const id = res.json().value.id as number;
  const token = await sessionFor(t, id, 'admin');
  // The administrator chose the password: the operator replaces it before anything else.
  const password = 'Operator456';
  const changed = await send('POST', '/admin/session/password', token, {
    oldPassword: 'Operator123',
    newPassword: password,
  });
  expect(changed.statusCode, changed.body).toBe(200);
  return { id, username, password, token };
}
async function createRole(permissions: string[], by = root) {
  const res = await send('POST', '/admin/roles', by, { name: uniqueName('Role '), permissions });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value as { id: number; name: string; permissions: string[] };
}
async function permissionsOf(id: number) {
  const row = await t.ctx.db.selectFrom('members').select('permissions').where('id', '=', id).executeTakeFirstOrThrow();
  return row.permissions;
}

describe('built-in roles', () => {
  it('are seeded, read-only, and listed with how many operators hold them', async () => {
    const res = await send('GET', '/admin/roles', root);
    expect(res.statusCode).toBe(200);
    const list = res.json().value.list as {
      name: string;
      builtIn: boolean;
      permissions: string[];
      operatorCount: number;
    }[];
    expect(list.filter((r) => r.builtIn).map((r) => r.name)).toEqual(
      expect.arrayContaining(['Administrator', 'Cashier', 'Support', 'Content editor', 'Compliance', 'Analyst']),
    );
    expect(list.find((r) => r.name === 'Administrator')).toMatchObject({ permissions: ['*'], operatorCount: 1 });
    expect(list.find((r) => r.name === 'Cashier')?.permissions).toContain('cashier.approve');
    expectFailure(
      await send('PUT', `/admin/roles/${await roleId('Cashier')}`, root, { name: 'Cashier', permissions: ['*'] }),
      409,
      'OPERATOR_ROLE_BUILT_IN',
    );
  });
});

describe('operators API', () => {
  it('creates an operator whose permissions are the union of their roles, and who can sign in with them', async () => {
    const cashier = await roleId('Cashier');
    const analyst = await roleId('Analyst');
    const username = uniqueName('cash');
    const res = await send('POST', '/admin/operators', root, {
      username,
      password: 'Operator123',
      roleIds: [cashier, analyst],
    });
    expect(res.statusCode, res.body).toBe(200);
    const op = res.json().value;
    expect(op).toMatchObject({
      username,
      status: 'active',
      twoFactorEnabled: false,
      roles: [
        { id: analyst, name: 'Analyst' },
        { id: cashier, name: 'Cashier' },
      ],
    });
    expect(op.permissions).toEqual([
      'dashboard.read',
      'members.read',
      'members.pii',
      'cashier.read',
      'cashier.approve',
      'games.read',
      'reports.read',
      'audit.read',
      'agents.read',
    ]);
    const login = await adminLoginCall(t.app, { username, password: 'Operator123' }, { remoteAddress: '10.12.0.1' });
    expect(login.json().value).toMatchObject({ permissions: op.permissions, mustChangePassword: true });
    const token = login.json().value.token;
    expectFailure(await call(t, 'GET', '/admin/cashier/deposits', token), 403, 'OPERATOR_PASSWORD_CHANGE_REQUIRED');
    const changed = await send('POST', '/admin/session/password', token, {
      oldPassword: 'Operator123',
      newPassword: 'Operator456',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await call(t, 'GET', '/admin/cashier/deposits', token)).statusCode).toBe(200);
    expectFailure(await call(t, 'GET', '/admin/cashier/settings', token), 403, 'AUTH_FORBIDDEN');
    expectFailure(await call(t, 'GET', '/admin/operators', token), 403, 'AUTH_FORBIDDEN');

    const list = await send('GET', `/admin/operators?q=${username.slice(0, 8)}&sort=username&order=asc`, root);
    expect(list.json().value).toMatchObject({ pageNo: 1, pageSize: 20, total: expect.any(Number) });
    expect(list.json().value.list.map((o: { username: string }) => o.username)).toContain(username);
    const byRole = (await send('GET', `/admin/operators?roleId=${cashier}&pageSize=200`, root)).json().value;
    expect(byRole.list.every((o: { roles: { id: number }[] }) => o.roles.some((r) => r.id === cashier))).toBe(true);
  });

  it('validates the body and refuses a taken username or an unknown role, creating nothing', async () => {
    const count = async () =>
      Number(
        (
          await t.ctx.db
            .selectFrom('members')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('type', '=', 90)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    expectFailure(
      await send('POST', '/admin/operators', root, { username: 'x', password: 'short', roleIds: [] }),
      400,
      'VALIDATION_FAILED',
    );
    expectFailure(
      await send('POST', '/admin/operators', root, { username: 'ADMIN', password: 'Operator123', roleIds: [] }),
      409,
      'ACCOUNT_USERNAME_TAKEN',
    );
    expectFailure(
      await send('POST', '/admin/operators', root, {
        username: uniqueName('u'),
        password: 'Operator123',
        roleIds: [999999],
      }),
      404,
      'OPERATOR_ROLE_NOT_FOUND',
    );
    expect(await count()).toBe(before);
  });

  it('disabling ends the operator’s sessions at once; enabling lets them sign in again', async () => {
    const op = await operatorWithRoles([await roleId('Support')]);
    expect((await call(t, 'GET', '/admin/session/me', op.token)).statusCode).toBe(200);
    const disabled = await send('POST', `/admin/operators/${op.id}/disable`, root);
    expect(disabled.json().value.status).toBe('disabled');
    expectFailure(await call(t, 'GET', '/admin/session/me', op.token), 401, 'AUTH_SESSION_EXPIRED');
    const refused = await adminLoginCall(
      t.app,
      { username: op.username, password: op.password },
      { remoteAddress: '10.12.0.2' },
    );
    expectFailure(refused, 403, 'ACCOUNT_DISABLED');
    expect((await send('POST', `/admin/operators/${op.id}/enable`, root)).json().value.status).toBe('active');
    const again = await adminLoginCall(
      t.app,
      { username: op.username, password: op.password },
      { remoteAddress: '10.12.0.3' },
    );
    expect(again.statusCode).toBe(200);
    expectFailure(await send('POST', '/admin/operators/999999/disable', root), 404, 'OPERATOR_NOT_FOUND');
    const m = await memberWithSession();
    expectFailure(await send('POST', `/admin/operators/${m.id}/disable`, root), 404, 'OPERATOR_NOT_FOUND');
  });

  it('a role change reaches the live sessions of its operators at once', async () => {
    const role = await createRole(['cashier.read']);
    const op = await operatorWithRoles([role.id]);
    expect((await call(t, 'GET', '/admin/cashier/deposits', op.token)).statusCode).toBe(200);
    const changed = await send('PUT', `/admin/roles/${role.id}`, root, {
      name: role.name,
      permissions: ['reports.read'],
    });
    expect(changed.json().value).toMatchObject({ permissions: ['reports.read'], operatorCount: 1 });
    expectFailure(await call(t, 'GET', '/admin/cashier/deposits', op.token), 403, 'AUTH_FORBIDDEN');
    expect(await permissionsOf(op.id)).toEqual(['reports.read']);
    // And an assignment change, too.
    await send('PUT', `/admin/operators/${op.id}/roles`, root, { roleIds: [await roleId('Cashier')] });
    expect((await call(t, 'GET', '/admin/cashier/deposits', op.token)).statusCode).toBe(200);
    const me = (await call(t, 'GET', '/admin/session/me', op.token)).json().value;
    expect(me.roles).toEqual([{ id: await roleId('Cashier'), name: 'Cashier' }]);
    // Both writes are in the audit trail with the values before and after.
    const audit = async (query: string) => (await send('GET', `/admin/audit?${query}`, root)).json().value.list;
    expect(await audit(`action=role.update&target=role:${role.id}`)).toMatchObject([
      {
        actor: { username: 'admin' },
        success: true,
        before: { name: role.name, permissions: ['cashier.read'] },
        after: { name: role.name, permissions: ['reports.read'] },
      },
    ]);
    expect(await audit(`action=operator.roles&target=operator:${op.id}`)).toMatchObject([
      {
        action: 'operator.roles',
        before: { roles: [role.name], permissions: ['reports.read'] },
        after: {
          roles: ['Cashier'],
          permissions: ['dashboard.read', 'members.read', 'members.pii', 'cashier.read', 'cashier.approve'],
        },
      },
    ]);
  });

  it('resets another operator’s two-factor authentication and ends their sessions', async () => {
    const op = await createMember(t.ctx, { type: 90, permissions: [], totpSecret: 'JBSWY3DPEHPK3PXP' });
    const token = await sessionFor(t, op.id, 'admin');
    const res = await send('POST', `/admin/operators/${op.id}/resetTwoFactor`, root);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().value.twoFactorEnabled).toBe(false);
    expectFailure(await call(t, 'GET', '/admin/session/me', token), 401, 'AUTH_SESSION_EXPIRED');
    expectFailure(await send('POST', `/admin/operators/${op.id}/resetTwoFactor`, root), 409, 'TWO_FACTOR_NOT_ENABLED');
  });
});

describe('no operator raises their own access', () => {
  it('refuses changes to one’s own account: roles, disabling, two-factor reset', async () => {
    const admins = await operatorWithRoles([await roleId('Administrator')]);
    for (const [method, url, body] of [
      ['PUT', `/admin/operators/${admins.id}/roles`, { roleIds: [] }],
      ['POST', `/admin/operators/${admins.id}/disable`, undefined],
      ['POST', `/admin/operators/${admins.id}/resetTwoFactor`, undefined],
    ] as const)
      expectFailure(await send(method, url, admins.token, body), 403, 'OPERATOR_SELF_CHANGE');
    expect(await permissionsOf(admins.id)).toEqual(['*']);
  });

  it('refuses roles, role edits and assignments granting permissions the operator does not hold', async () => {
    const manager = await createRole(['operators.admin', 'members.read']);
    const boss = await operatorWithRoles([manager.id]);
    const roleCount = async () => (await send('GET', '/admin/roles', root)).json().value.list.length;
    const before = await roleCount();
    // A role with more than they hold, or everything.
    for (const permissions of [['members.read', 'wallet.adjust'], ['*']])
      expectFailure(
        await send('POST', '/admin/roles', boss.token, { name: uniqueName('Mine '), permissions }),
        403,
        'OPERATOR_PERMISSION_ESCALATION',
      );
    expect(await roleCount()).toBe(before);
    // Within what they hold is fine.
    const small = await createRole(['members.read'], boss.token);
    // Raising a role they can edit, e.g. their own role, is refused.
    expectFailure(
      await send('PUT', `/admin/roles/${manager.id}`, boss.token, {
        name: manager.name,
        permissions: ['operators.admin', 'members.read', 'cashier.approve'],
      }),
      403,
      'OPERATOR_PERMISSION_ESCALATION',
    );
    expect(await permissionsOf(boss.id)).toEqual(['members.read', 'operators.admin']);
    // Creating or arming another operator with a bigger role is refused too.
    expectFailure(
      await send('POST', '/admin/operators', boss.token, {
        username: uniqueName('x'),
        password: 'Operator123',
        roleIds: [await roleId('Cashier')],
      }),
      403,
      'OPERATOR_PERMISSION_ESCALATION',
    );
    const junior = await operatorWithRoles([small.id], boss.token);
    expectFailure(
      await send('PUT', `/admin/operators/${junior.id}/roles`, boss.token, {
        roleIds: [await roleId('Administrator')],
      }),
      403,
      'OPERATOR_PERMISSION_ESCALATION',
    );
    expect(await permissionsOf(junior.id)).toEqual(['members.read']);
    // A superior is out of reach: neither disabled nor demoted by them.
    const superior = await operatorWithRoles([await roleId('Cashier')]);
    expectFailure(
      await send('POST', `/admin/operators/${superior.id}/disable`, boss.token),
      403,
      'OPERATOR_TARGET_OUTRANKS',
    );
    expectFailure(
      await send('PUT', `/admin/operators/${superior.id}/roles`, boss.token, { roleIds: [] }),
      403,
      'OPERATOR_TARGET_OUTRANKS',
    );
    // '*' holders may grant anything.
    expect((await send('PUT', `/admin/operators/${junior.id}/roles`, root, { roleIds: [manager.id] })).statusCode).toBe(
      200,
    );
  });

  it('refuses a role name already taken, in any case', async () => {
    const role = await createRole(['members.read']);
    expectFailure(
      await send('POST', '/admin/roles', root, { name: role.name.toUpperCase(), permissions: [] }),
      409,
      'OPERATOR_ROLE_NAME_TAKEN',
    );
    const other = await createRole([]);
    expectFailure(
      await send('PUT', `/admin/roles/${other.id}`, root, { name: role.name, permissions: [] }),
      409,
      'OPERATOR_ROLE_NAME_TAKEN',
    );
    expectFailure(
      await send('PUT', '/admin/roles/999999', root, { name: 'x', permissions: [] }),
      404,
      'OPERATOR_ROLE_NOT_FOUND',
    );
    expectFailure(
      await send('POST', '/admin/roles', root, { name: 'Bad', permissions: ['cashier.read', 'nope'] }),
      400,
      'VALIDATION_FAILED',
    );
  });

  it('refuses the operators API to operators without operators.admin, members and guests', async () => {
    const op = await operatorWithRoles([await roleId('Analyst')]);
    const m = await memberWithSession();
    const routes: [method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown][] = [
      ['GET', '/admin/operators'],
      ['POST', '/admin/operators', { username: 'someone1', password: 'Operator123', roleIds: [] }],
      ['POST', `/admin/operators/${op.id}/disable`],
      ['POST', `/admin/operators/${op.id}/enable`],
      ['POST', `/admin/operators/${op.id}/resetTwoFactor`],
      ['PUT', `/admin/operators/${op.id}/roles`, { roleIds: [] }],
      ['GET', '/admin/roles'],
      ['POST', '/admin/roles', { name: 'R', permissions: [] }],
      ['PUT', '/admin/roles/1', { name: 'R', permissions: [] }],
    ];
    for (const [method, url, body] of routes) {
      expectFailure(await send(method, url, undefined, body), 401, 'AUTH_REQUIRED');
      expectFailure(await send(method, url, m.token, body), 403, 'AUTH_FORBIDDEN');
      expectFailure(await send(method, url, op.token, body), 403, 'AUTH_FORBIDDEN');
    }
  });
});
