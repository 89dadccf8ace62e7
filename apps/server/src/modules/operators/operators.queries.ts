import type { OperatorQuery } from '@gamehall/shared/api/operators';
import { sql } from 'kysely';
import type { Conn } from '../../db/database';
import { pageOffset } from '../../http/paging';

export const OPERATOR_TYPE = 90;

const OPERATOR_COLUMNS = [
  'members.id',
  'members.username',
  'members.status',
  'members.permissions',
  'members.last_login_at',
  'members.last_login_ip',
  'members.created_at',
  'members.password_must_change',
  'members.operator_display_name',
] as const;

function operatorsWithTotp(db: Conn) {
  return db
    .selectFrom('members')
    .leftJoin('member_totp', 'member_totp.member_id', 'members.id')
    .where('members.type', '=', OPERATOR_TYPE);
}

const SORT_COLUMNS = {
  id: 'members.id',
  username: 'members.username',
  status: 'members.status',
  createdAt: 'members.created_at',
  lastLoginAt: 'members.last_login_at',
} as const;

export async function pageOperators(db: Conn, q: OperatorQuery) {
  let scope = operatorsWithTotp(db);
  if (q.q) scope = scope.where(sql<string>`lower(members.username)`, 'like', `%${escapeLike(q.q.toLowerCase())}%`);
  if (q.status) scope = scope.where('members.status', '=', q.status);
  if (q.roleId !== undefined) {
    const roleId = q.roleId;
    scope = scope.where((eb) =>
      eb.exists(
        eb
          .selectFrom('operator_roles')
          .select('operator_roles.role_id')
          .whereRef('operator_roles.member_id', '=', 'members.id')
          .where('operator_roles.role_id', '=', roleId),
      ),
    );
  }
  const [rows, total] = await Promise.all([
    scope
      .select([...OPERATOR_COLUMNS, 'member_totp.enabled_at as totp_enabled_at'])
      .orderBy(SORT_COLUMNS[q.sort], (ob) => (q.order === 'asc' ? ob.asc().nullsFirst() : ob.desc().nullsLast()))
      .orderBy('members.id', q.order)
      .offset(pageOffset(q))
      .limit(q.pageSize)
      .execute(),
    scope.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

export function findOperator(db: Conn, id: number) {
  return operatorsWithTotp(db)
    .select([...OPERATOR_COLUMNS, 'member_totp.enabled_at as totp_enabled_at'])
    .where('members.id', '=', id)
    .executeTakeFirst();
}

/** Locks the operator's row for a change of roles or status (two admins at once apply in turn). */
export function lockOperator(db: Conn, id: number) {
  return db
    .selectFrom('members')
    .select(['id', 'username', 'status', 'permissions', 'password_must_change', 'operator_display_name'])
    .where('id', '=', id)
    .where('type', '=', OPERATOR_TYPE)
    .forUpdate()
    .executeTakeFirst();
}

function escapeLike(text: string) {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export function usernameTaken(db: Conn, username: string) {
  return db
    .selectFrom('members')
    .select('id')
    .where(sql<string>`lower(username)`, '=', username.toLowerCase())
    .executeTakeFirst();
}

/** The operator's password hash, for their own change. */
export function findOperatorPassword(db: Conn, id: number) {
  return db
    .selectFrom('members')
    .select(['id', 'password_hash'])
    .where('id', '=', id)
    .where('type', '=', OPERATOR_TYPE)
    .executeTakeFirst();
}

/** The roles of each of these operators, by name. */
export function rolesOfOperators(db: Conn, memberIds: number[]) {
  if (memberIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('operator_roles')
    .innerJoin('roles', 'roles.id', 'operator_roles.role_id')
    .select(['operator_roles.member_id', 'roles.id', 'roles.name', 'roles.permissions'])
    .where('operator_roles.member_id', 'in', memberIds)
    .orderBy('roles.name')
    .execute();
}

export async function replaceOperatorRoles(db: Conn, memberId: number, roleIds: number[]) {
  await db.deleteFrom('operator_roles').where('member_id', '=', memberId).execute();
  if (roleIds.length > 0)
    await db
      .insertInto('operator_roles')
      .values(roleIds.map((role_id) => ({ member_id: memberId, role_id })))
      .execute();
}

export async function addOperatorRole(db: Conn, memberId: number, roleId: number) {
  await db
    .insertInto('operator_roles')
    .values({ member_id: memberId, role_id: roleId })
    .onConflict((oc) => oc.columns(['member_id', 'role_id']).doNothing())
    .execute();
}

export function operatorIdsWithRole(db: Conn, roleId: number) {
  return db.selectFrom('operator_roles').select('member_id').where('role_id', '=', roleId).execute();
}

// --- roles

const ROLE_COLUMNS = [
  'roles.id',
  'roles.name',
  'roles.permissions',
  'roles.built_in',
  'roles.created_at',
  'roles.updated_at',
] as const;

/** Roles, each with how many operators hold it. */
function selectRoles(db: Conn) {
  return db.selectFrom('roles').select([
    ...ROLE_COLUMNS,
    (eb) =>
      eb
        .selectFrom('operator_roles')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('operator_roles.role_id', '=', 'roles.id')
        .as('operator_count'),
  ]);
}

export function listRoles(db: Conn) {
  return selectRoles(db).orderBy('roles.built_in', 'desc').orderBy('roles.name').execute();
}

export function findRole(db: Conn, id: number) {
  return selectRoles(db).where('roles.id', '=', id).executeTakeFirst();
}

export function findRolesByIds(db: Conn, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('roles').select(['id', 'name', 'permissions']).where('id', 'in', ids).execute();
}

export function findRoleByName(db: Conn, name: string) {
  return db
    .selectFrom('roles')
    .select(['id', 'name', 'permissions', 'built_in'])
    .where(sql<string>`lower(name)`, '=', name.toLowerCase())
    .executeTakeFirst();
}

/** Inserts a role; undefined when the name (any case) is taken. */
export async function insertRole(
  db: Conn,
  r: { name: string; permissions: string[]; builtIn: boolean; now: Date },
): Promise<number | undefined> {
  const row = await db
    .insertInto('roles')
    .values({
      name: r.name,
      permissions: JSON.stringify(r.permissions),
      built_in: r.builtIn,
      created_at: r.now,
      updated_at: r.now,
    })
    .onConflict((oc) => oc.expression(sql`lower(name)`).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

/** Locks a role for an update (its holders' permissions are recomputed in the same transaction). */
export function lockRole(db: Conn, id: number) {
  return db
    .selectFrom('roles')
    .select(['id', 'name', 'permissions', 'built_in'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export async function deleteRole(db: Conn, id: number) {
  await db.deleteFrom('roles').where('id', '=', id).execute();
}

export async function updateRole(db: Conn, id: number, r: { name: string; permissions: string[]; now: Date }) {
  await db
    .updateTable('roles')
    .set({ name: r.name, permissions: JSON.stringify(r.permissions), updated_at: r.now })
    .where('id', '=', id)
    .execute();
}

/** Usernames are unique without regard to case (members_username_key on lower(username)). */
export function findAccountForAdminLogin(db: Conn, username: string) {
  return db
    .selectFrom('members')
    .select(['id', 'username', 'password_hash', 'type', 'status', 'permissions', 'password_must_change'])
    .where(sql<string>`lower(username)`, '=', username.toLowerCase())
    .executeTakeFirst();
}
