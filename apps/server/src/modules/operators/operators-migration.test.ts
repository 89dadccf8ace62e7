import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { down, up } from '../../db/migrations/0022-operators';
import { createMember } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('migration 0022 on a database with operators', () => {
  it("gives '*' operators Administrator and keeps other operators' access in a migrated role", async () => {
    const db = t.ctx.db as unknown as Kysely<unknown>;
    await down(db);
    // Operators as they were before roles: '*', or the old permission names.
    const star = await createMember(t.ctx, { type: 90, permissions: ['*'] });
    const cashierA = await createMember(t.ctx, { type: 90, permissions: ['cashier'] });
    const cashierB = await createMember(t.ctx, { type: 90, permissions: ['cashier'] });
    const both = await createMember(t.ctx, { type: 90, permissions: ['brand', 'cashier', 'vendors'] });
    const none = await createMember(t.ctx, { type: 90, permissions: [] });
    const member = await createMember(t.ctx, {});
    const admin = await t.ctx.db
      .selectFrom('members')
      .select('id')
      .where('username', '=', 'admin')
      .executeTakeFirstOrThrow();
    await t.ctx.db
      .insertInto('audit_log')
      .values({ member_id: star.id, username: 'x', event: 'cashier.method', success: true, detail: '{}' })
      .execute();
    await up(db);

    const rolesOf = async (memberId: number) =>
      t.ctx.db
        .selectFrom('operator_roles')
        .innerJoin('roles', 'roles.id', 'operator_roles.role_id')
        .select(['roles.name', 'roles.permissions', 'roles.built_in'])
        .where('operator_roles.member_id', '=', memberId)
        .execute();
    const permissionsOf = async (memberId: number) =>
      (await t.ctx.db.selectFrom('members').select('permissions').where('id', '=', memberId).executeTakeFirstOrThrow())
        .permissions;

    for (const id of [admin.id, star.id]) {
      expect(await rolesOf(id)).toEqual([{ name: 'Administrator', permissions: ['*'], built_in: true }]);
      expect(await permissionsOf(id)).toEqual(['*']);
    }
    const cashierRoles = await rolesOf(cashierA.id);
    expect(cashierRoles).toEqual([
      {
        name: 'Migrated 1: cashier',
        permissions: ['cashier.read', 'cashier.approve', 'cashier.settings'],
        built_in: false,
      },
    ]);
    expect(await rolesOf(cashierB.id)).toEqual(cashierRoles);
    expect(await permissionsOf(cashierA.id)).toEqual(['cashier.read', 'cashier.approve', 'cashier.settings']);
    expect(await rolesOf(both.id)).toMatchObject([
      {
        name: 'Migrated 2: brand, cashier, vendors',
        permissions: expect.arrayContaining(['site.write', 'cashier.read']),
      },
    ]);
    expect(await permissionsOf(both.id)).toHaveLength(4);
    for (const id of [none.id, member.id]) {
      expect(await rolesOf(id)).toEqual([]);
      expect(await permissionsOf(id)).toEqual([]);
    }
    // Earlier operator rows of the audit trail are flagged as such.
    const flagged = await t.ctx.db
      .selectFrom('audit_log')
      .select('operator')
      .where('member_id', '=', star.id)
      .executeTakeFirstOrThrow();
    expect(flagged.operator).toBe(true);
  });
});
