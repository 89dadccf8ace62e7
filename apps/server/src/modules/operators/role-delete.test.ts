import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken } from '../../test/admin-session';
import { createMember } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { actors, expectFailure } from '../cashier/cashier.fixtures';

// Deleting a role: only one no operator holds, never a built-in one, audited.

let t: TestApp;
let root: string;
const { operator } = actors(() => t, createMember);

beforeAll(async () => {
  t = await createTestApp();
  root = await adminToken(t.app);
});
afterAll(() => t.close());

function send(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: unknown) {
  return t.app.inject({
    method,
    url,
    headers: { authorization: token },
    ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
  });
}

let seq = 0;
async function createRole(permissions: string[]) {
  seq++;
  const res = await send('POST', '/admin/roles', root, {
    name: `Doomed ${Date.now().toString(36)}${seq}`,
    permissions,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value as { id: number; name: string };
}

async function roleExists(id: number) {
  return (await t.ctx.db.selectFrom('roles').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

async function lastAudit() {
  const row = await t.ctx.db
    .selectFrom('audit_log')
    .select(['detail', 'success'])
    .where('event', '=', 'role.delete')
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  return { success: row.success, detail: typeof row.detail === 'string' ? JSON.parse(row.detail) : row.detail };
}

describe('DELETE /admin/roles/:id', () => {
  it('deletes a role no operator holds, audited with what it was', async () => {
    const role = await createRole(['reports.read', 'dashboard.read']);
    const res = await send('DELETE', `/admin/roles/${role.id}`, root);
    expect(res.statusCode).toBe(200);
    expect(res.json().value).toEqual({ id: role.id });
    expect(await roleExists(role.id)).toBe(false);
    expect(await lastAudit()).toEqual({
      success: true,
      detail: {
        target: `role:${role.id}`,
        before: { name: role.name, permissions: ['dashboard.read', 'reports.read'] },
      },
    });
    expectFailure(await send('DELETE', `/admin/roles/${role.id}`, root), 404, 'OPERATOR_ROLE_NOT_FOUND');
  });

  it('refuses a role an operator holds, with their count, until they are given other roles', async () => {
    const role = await createRole(['reports.read']);
    const made = await send('POST', '/admin/operators', root, {
      username: `holder${Date.now().toString(36)}`,
      password: 'Operator123',
      roleIds: [role.id],
    });
    expect(made.statusCode, made.body).toBe(200);
    const holder = made.json().value.id as number;

    const refused = await send('DELETE', `/admin/roles/${role.id}`, root);
    expectFailure(refused, 409, 'OPERATOR_ROLE_IN_USE');
    expect(refused.json().value).toEqual({ operators: 1 });
    expect(await roleExists(role.id)).toBe(true);
    expect(await lastAudit()).toEqual({
      success: false,
      detail: { target: `role:${role.id}`, code: 'OPERATOR_ROLE_IN_USE' },
    });

    expect((await send('PUT', `/admin/operators/${holder}/roles`, root, { roleIds: [] })).statusCode).toBe(200);
    expect((await send('DELETE', `/admin/roles/${role.id}`, root)).statusCode).toBe(200);
    expect(await roleExists(role.id)).toBe(false);
  });

  it('keeps built-in roles, refuses bad ids and operators without operators.admin', async () => {
    const roles = (await send('GET', '/admin/roles', root)).json().value.list as { id: number; builtIn: boolean }[];
    const builtIn = roles.find((r) => r.builtIn && r.id);
    if (!builtIn) throw new Error('the seed has no built-in role');
    expectFailure(await send('DELETE', `/admin/roles/${builtIn.id}`, root), 409, 'OPERATOR_ROLE_BUILT_IN');
    expect(await roleExists(builtIn.id)).toBe(true);

    const role = await createRole(['reports.read']);
    const outsider = await operator(['members.read', 'reports.read']);
    expectFailure(await send('DELETE', `/admin/roles/${role.id}`, outsider.token), 403, 'AUTH_FORBIDDEN');
    for (const id of ['abc', '0', '-1'])
      expectFailure(await send('DELETE', `/admin/roles/${id}`, root), 400, 'VALIDATION_FAILED');
    expect(await roleExists(role.id)).toBe(true);
  });
});
