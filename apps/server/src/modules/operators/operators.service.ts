import { randomBytes } from 'node:crypto';
import {
  DEFAULT_OPERATOR_DISPLAY_NAME,
  type OperatorCreateBody,
  type OperatorPasswordChangeBody,
  type OperatorQuery,
  type RoleBody,
} from '@gamehall/shared/api/operators';
import { ALL_PERMISSIONS, PERMISSIONS } from '@gamehall/shared/api/permissions';
import type { AppContext } from '../../context';
import type { Conn, Trx } from '../../db/database';
import type { Principal } from '../../http/auth';
import { AppError } from '../../http/errors';
import type { RequestMeta } from '../../http/request-meta';
import { operatorUsernameKey } from '../accounts/login-attempts';
import {
  createOperatorAccount,
  setOperatorDisplayName,
  setOperatorPassword,
  setOperatorPermissions,
  setOperatorStatus,
} from '../accounts/operator-accounts.service';
import { hashPassword, verifyPassword } from '../accounts/passwords';
import { revokeOtherSessions } from '../accounts/sessions.service';
import { checkSecondFactor, removeTwoFactor, twoFactorEnabled } from '../accounts/two-factor.service';
import { audit } from '../audit/audit.service';
import { assertNotLocked, hit, reset } from '../throttle/throttle.service';
import {
  addOperatorRole,
  deleteRole,
  findOperator,
  findOperatorPassword,
  findRole,
  findRoleByName,
  findRolesByIds,
  insertRole,
  listRoles,
  lockOperator,
  lockRole,
  operatorIdsWithRole,
  pageOperators,
  replaceOperatorRoles,
  rolesOfOperators,
  updateRole,
  usernameTaken,
} from './operators.queries';

// Operators and roles. The rules that keep an operator from raising their own access:
// - nobody changes their own roles, disables themselves or resets their own two-factor here;
// - a role can be created, edited or assigned only with permissions the acting operator holds
//   ('*' holders hold them all);
// - an operator holding permissions the acting one does not (a superior) cannot be changed by them.
// The acting operator's permissions are read from the database in the transaction, not from the
// (briefly cached) session.
// members.permissions is each operator's effective set, rewritten in the transaction that changes a
// role or an assignment; the members trigger of migration 0013 then drops the operator's cached
// sessions on every node, so a change reaches live sessions at once.

/** The union of the roles' permissions in catalogue order, or ['*'] when a role grants all. */
export function effectivePermissions(roles: readonly { permissions: readonly string[] }[]): string[] {
  if (roles.some((r) => r.permissions.includes(ALL_PERMISSIONS))) return [ALL_PERMISSIONS];
  return PERMISSIONS.filter((p) => roles.some((r) => r.permissions.includes(p)));
}

/** Whether an operator holding `held` may grant every one of `wanted`. */
export function mayGrant(held: readonly string[], wanted: readonly string[]): boolean {
  if (held.includes(ALL_PERMISSIONS)) return true;
  return wanted.every((p) => p !== ALL_PERMISSIONS && held.includes(p));
}

function normalise(permissions: readonly string[]): string[] {
  return permissions.includes(ALL_PERMISSIONS) ? [ALL_PERMISSIONS] : effectivePermissions([{ permissions }]);
}

/** Rewrites one operator's effective permissions from their roles (inside the changing transaction). */
export async function recomputePermissions(db: Conn, memberId: number): Promise<string[]> {
  const permissions = effectivePermissions(await rolesOfOperators(db, [memberId]));
  await setOperatorPermissions(db, memberId, permissions);
  return permissions;
}

async function actorPermissions(trx: Trx, actor: Principal): Promise<string[]> {
  const row = await lockOperator(trx, actor.memberId);
  if (row?.status !== 'active') throw new AppError('AUTH_FORBIDDEN');
  return row.permissions ?? [];
}

/** The operator being acted on, locked; refused when it is the actor or outranks them. */
async function lockTarget(trx: Trx, actor: Principal, id: number, held: string[], selfAllowed = false) {
  const target = await lockOperator(trx, id);
  if (!target) throw new AppError('OPERATOR_NOT_FOUND');
  if (!selfAllowed && target.id === actor.memberId) throw new AppError('OPERATOR_SELF_CHANGE');
  if (!mayGrant(held, target.permissions ?? [])) throw new AppError('OPERATOR_TARGET_OUTRANKS');
  return target;
}

async function rolesFor(db: Conn, roleIds: number[]) {
  const unique = [...new Set(roleIds)];
  const roles = await findRolesByIds(db, unique);
  if (roles.length !== unique.length) throw new AppError('OPERATOR_ROLE_NOT_FOUND');
  return roles;
}

// --- operators

export async function listOperators(ctx: AppContext, q: OperatorQuery) {
  const page = await pageOperators(ctx.db, q);
  const roles = await rolesOfOperators(
    ctx.db,
    page.rows.map((r) => r.id),
  );
  return { ...page, roles };
}

export async function operatorDetail(db: Conn, id: number) {
  const row = await findOperator(db, id);
  if (!row) throw new AppError('OPERATOR_NOT_FOUND');
  return { row, roles: await rolesOfOperators(db, [id]) };
}

export type OperatorDetail = Awaited<ReturnType<typeof operatorDetail>>;

export async function createOperator(ctx: AppContext, actor: Principal, body: OperatorCreateBody) {
  // argon2 is slow: hashed before the transaction, which then only checks and writes.
  const passwordHash = await hashPassword(body.password);
  const id = await ctx.db.transaction().execute(async (trx) => {
    const held = await actorPermissions(trx, actor);
    const roles = await rolesFor(trx, body.roleIds);
    if (!mayGrant(held, effectivePermissions(roles))) throw new AppError('OPERATOR_PERMISSION_ESCALATION');
    if (await usernameTaken(trx, body.username)) throw new AppError('ACCOUNT_USERNAME_TAKEN');
    const memberId = await createOperatorAccount(trx, {
      username: body.username,
      passwordHash,
      displayName: body.displayName ?? DEFAULT_OPERATOR_DISPLAY_NAME,
      referralCode: randomBytes(5).toString('hex').toUpperCase(),
      now: ctx.now(),
    });
    await replaceOperatorRoles(
      trx,
      memberId,
      roles.map((r) => r.id),
    );
    await recomputePermissions(trx, memberId);
    return memberId;
  });
  return operatorDetail(ctx.db, id);
}

function roleNames(roles: { name: string }[]) {
  return roles.map((r) => r.name);
}

/** Replaces another operator's roles. */
export async function setOperatorRoles(ctx: AppContext, actor: Principal, id: number, roleIds: number[]) {
  const change = await ctx.db.transaction().execute(async (trx) => {
    const held = await actorPermissions(trx, actor);
    if (id === actor.memberId) throw new AppError('OPERATOR_SELF_CHANGE');
    const target = await lockTarget(trx, actor, id, held);
    const roles = await rolesFor(trx, roleIds);
    if (!mayGrant(held, effectivePermissions(roles))) throw new AppError('OPERATOR_PERMISSION_ESCALATION');
    const before = await rolesOfOperators(trx, [id]);
    await replaceOperatorRoles(
      trx,
      id,
      roles.map((r) => r.id),
    );
    const permissions = await recomputePermissions(trx, id);
    return {
      before: { roles: roleNames(before), permissions: target.permissions },
      after: { roles: roleNames(roles).sort(), permissions },
    };
  });
  return { ...change, operator: await operatorDetail(ctx.db, id) };
}

/** Disables another operator; their sessions end at once. */
export async function disableOperator(ctx: AppContext, actor: Principal, id: number) {
  return changeStatus(ctx, actor, id, 'disabled');
}

export async function enableOperator(ctx: AppContext, actor: Principal, id: number) {
  return changeStatus(ctx, actor, id, 'active');
}

async function changeStatus(ctx: AppContext, actor: Principal, id: number, status: 'active' | 'disabled') {
  const before = await ctx.db.transaction().execute(async (trx) => {
    const held = await actorPermissions(trx, actor);
    const target = await lockTarget(trx, actor, id, held);
    if (target.status !== status) await setOperatorStatus(trx, id, status);
    if (status === 'disabled') await revokeOtherSessions(ctx, trx, id);
    return target.status;
  });
  return { before: { status: before }, after: { status }, operator: await operatorDetail(ctx.db, id) };
}

/**
 * Removes another operator's authenticator (a lost phone): they sign in with the password alone,
 * or must enrol again where the brand requires it. Their sessions end, in case the phone was stolen.
 */
export async function resetOperatorTwoFactor(ctx: AppContext, actor: Principal, id: number) {
  await ctx.db.transaction().execute(async (trx) => {
    const held = await actorPermissions(trx, actor);
    await lockTarget(trx, actor, id, held);
    if (!(await removeTwoFactor(trx, id))) throw new AppError('TWO_FACTOR_NOT_ENABLED');
    await revokeOtherSessions(ctx, trx, id);
  });
  return {
    before: { twoFactorEnabled: true },
    after: { twoFactorEnabled: false },
    operator: await operatorDetail(ctx.db, id),
  };
}

// --- passwords and display names
// An administrator never knows an operator's working password: one they set (a new operator, a
// reset) must be changed at the next sign-in before anything else (password_must_change, enforced by
// the auth hook), and a reset ends every session the operator had.

/** Wrong current passwords on a signed-in session: a stolen session must not become a password oracle. */
const OLD_PASSWORD_TRIES = { max: 5, windowSeconds: 900, lockSeconds: 900 } as const;

/**
 * The operator's own change: the current password, then (with two-factor on) a current code, and a
 * new password that differs from the current one. The operator's other sessions end; this one goes on
 * without the must-change restriction. Not an operatorAction: a refusal must keep what it counted
 * (wrong current passwords, second-factor tries), which that action's rollback would undo; the
 * refusal is audited on its own, and the change with its audit row in one transaction.
 */
export async function changeOwnPassword(
  ctx: AppContext,
  meta: RequestMeta,
  actor: Principal,
  body: OperatorPasswordChangeBody,
) {
  const target = `operator:${actor.memberId}`;
  const entry = { event: 'operator.passwordChange', memberId: actor.memberId, username: actor.username } as const;
  const triesKey = `operator-password:old:${actor.memberId}`;
  try {
    await assertNotLocked(ctx.db, triesKey, ctx.now());
    const current = await findOperatorPassword(ctx.db, actor.memberId);
    if (!current) throw new AppError('AUTH_FORBIDDEN');
    if (!(await verifyPassword(current.password_hash, body.oldPassword))) {
      await hit(ctx.db, triesKey, OLD_PASSWORD_TRIES, ctx.now());
      throw new AppError('PASSWORD_OLD_INVALID');
    }
    if (body.newPassword === body.oldPassword) throw new AppError('PASSWORD_SAME_AS_OLD');
    // Checked last: a code is spent when it matches, so it is not used up by a change refused anyway.
    if (await twoFactorEnabled(ctx, actor.memberId)) {
      if (!body.code) throw new AppError('OPERATOR_TWO_FACTOR_REQUIRED');
      if (!(await checkSecondFactor(ctx, actor.memberId, body.code))) throw new AppError('TWO_FACTOR_CODE_INVALID');
    }
  } catch (error) {
    const code = error instanceof AppError ? error.code : 'INTERNAL_ERROR';
    await audit(ctx.db, meta, { ...entry, success: false, detail: { target, code } });
    throw error;
  }
  const passwordHash = await hashPassword(body.newPassword);
  await ctx.db.transaction().execute(async (trx) => {
    const row = await lockOperator(trx, actor.memberId);
    if (row?.status !== 'active') throw new AppError('AUTH_FORBIDDEN');
    await setOperatorPassword(trx, actor.memberId, { passwordHash, mustChange: false, now: ctx.now() });
    const sessionsEnded = await revokeOtherSessions(ctx, trx, actor.memberId, actor.sessionId);
    await audit(trx, meta, {
      ...entry,
      success: true,
      detail: {
        target,
        before: { mustChangePassword: row.password_must_change },
        after: { mustChangePassword: false },
        sessionsEnded,
      },
    });
  });
  await reset(ctx.db, triesKey);
  return operatorDetail(ctx.db, actor.memberId);
}

/** 16 characters from an alphabet without look-alikes, with a letter and a digit (OperatorPassword). */
export function oneTimePassword(): string {
  const letters = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ';
  const digits = '23456789';
  const alphabet = letters + digits;
  for (;;) {
    const bytes = randomBytes(32);
    let out = '';
    // Bytes at or above the largest multiple of the alphabet's size are skipped, so no character is likelier.
    const limit = 256 - (256 % alphabet.length);
    for (const b of bytes) if (b < limit && out.length < 16) out += alphabet[b % alphabet.length];
    if (out.length === 16 && /[A-Za-z]/.test(out) && /\d/.test(out)) return out;
  }
}

/**
 * An administrator's reset of another operator's password: a one-time password, answered this once
 * and stored only as a hash, that must be changed at the next sign-in. Every session of the operator
 * ends, and a lock on the username from wrong passwords is lifted so the new one can be used.
 */
export async function resetOperatorPassword(ctx: AppContext, actor: Principal, id: number) {
  const password = oneTimePassword();
  const passwordHash = await hashPassword(password);
  const change = await ctx.db.transaction().execute(async (trx) => {
    const held = await actorPermissions(trx, actor);
    const target = await lockTarget(trx, actor, id, held);
    await setOperatorPassword(trx, id, { passwordHash, mustChange: true, now: ctx.now() });
    const sessionsEnded = await revokeOtherSessions(ctx, trx, id);
    await reset(trx, operatorUsernameKey(target.username));
    return { before: { mustChangePassword: target.password_must_change }, sessionsEnded };
  });
  return {
    ...change,
    after: { mustChangePassword: true },
    oneTimePassword: password,
    operator: await operatorDetail(ctx.db, id),
  };
}

/** The operator's own display name (what players read in chat). */
export function setOwnDisplayName(ctx: AppContext, actor: Principal, displayName: string) {
  return changeDisplayName(ctx, actor, actor.memberId, displayName);
}

/** An administrator sets the display name of an operator, their own included. */
export function setDisplayName(ctx: AppContext, actor: Principal, id: number, displayName: string) {
  return changeDisplayName(ctx, actor, id, displayName);
}

async function changeDisplayName(ctx: AppContext, actor: Principal, id: number, displayName: string) {
  const before = await ctx.db.transaction().execute(async (trx) => {
    const held = await actorPermissions(trx, actor);
    const target = await lockTarget(trx, actor, id, held, true);
    await setOperatorDisplayName(trx, id, displayName);
    return target.operator_display_name ?? DEFAULT_OPERATOR_DISPLAY_NAME;
  });
  return { before: { displayName: before }, after: { displayName }, operator: await operatorDetail(ctx.db, id) };
}

// --- roles

export function roles(ctx: AppContext) {
  return listRoles(ctx.db);
}

async function roleDetail(db: Conn, id: number) {
  const row = await findRole(db, id);
  if (!row) throw new AppError('OPERATOR_ROLE_NOT_FOUND');
  return row;
}

export async function createRole(ctx: AppContext, actor: Principal, body: RoleBody) {
  const permissions = normalise(body.permissions);
  const id = await ctx.db.transaction().execute(async (trx) => {
    const held = await actorPermissions(trx, actor);
    if (!mayGrant(held, permissions)) throw new AppError('OPERATOR_PERMISSION_ESCALATION');
    const roleId = await insertRole(trx, { name: body.name, permissions, builtIn: false, now: ctx.now() });
    if (roleId === undefined) throw new AppError('OPERATOR_ROLE_NAME_TAKEN');
    return roleId;
  });
  return roleDetail(ctx.db, id);
}

/**
 * Deletes a role no operator holds. The role's row is locked first, so an operator being given it
 * at the same moment either lands before (and the delete is refused) or fails on the missing role.
 */
export async function removeRole(ctx: AppContext, actor: Principal, id: number) {
  return ctx.db.transaction().execute(async (trx) => {
    const held = await actorPermissions(trx, actor);
    const role = await lockRole(trx, id);
    if (!role) throw new AppError('OPERATOR_ROLE_NOT_FOUND');
    if (role.built_in) throw new AppError('OPERATOR_ROLE_BUILT_IN');
    if (!mayGrant(held, role.permissions)) throw new AppError('OPERATOR_TARGET_OUTRANKS');
    const holders = await operatorIdsWithRole(trx, id);
    if (holders.length > 0) throw new AppError('OPERATOR_ROLE_IN_USE', { value: { operators: holders.length } });
    await deleteRole(trx, id);
    return { name: role.name, permissions: role.permissions };
  });
}

/** Renames a role or changes its permissions; every operator holding it gets the new set at once. */
export async function changeRole(ctx: AppContext, actor: Principal, id: number, body: RoleBody) {
  const permissions = normalise(body.permissions);
  const before = await ctx.db.transaction().execute(async (trx) => {
    const held = await actorPermissions(trx, actor);
    const role = await lockRole(trx, id);
    if (!role) throw new AppError('OPERATOR_ROLE_NOT_FOUND');
    if (role.built_in) throw new AppError('OPERATOR_ROLE_BUILT_IN');
    if (!mayGrant(held, role.permissions)) throw new AppError('OPERATOR_TARGET_OUTRANKS');
    if (!mayGrant(held, permissions)) throw new AppError('OPERATOR_PERMISSION_ESCALATION');
    const sameName = await findRoleByName(trx, body.name);
    if (sameName && sameName.id !== id) throw new AppError('OPERATOR_ROLE_NAME_TAKEN');
    await updateRole(trx, id, { name: body.name, permissions, now: ctx.now() });
    await recomputeHolders(trx, id);
    return { name: role.name, permissions: role.permissions };
  });
  const after = await roleDetail(ctx.db, id);
  return { before, after: { name: after.name, permissions: after.permissions }, role: after };
}

async function recomputeHolders(trx: Trx, roleId: number) {
  for (const { member_id } of await operatorIdsWithRole(trx, roleId)) await recomputePermissions(trx, member_id);
}

// --- seed

export type BuiltInRole = { name: string; permissions: string[] };

/**
 * Keeps the built-in roles as the platform defines them (inserted when missing, permissions brought
 * up to date, holders recomputed); a role an operator made under the same name is left alone.
 */
export async function syncBuiltInRoles(trx: Trx, definitions: readonly BuiltInRole[], now: Date) {
  for (const definition of definitions) {
    const permissions = normalise(definition.permissions);
    const existing = await findRoleByName(trx, definition.name);
    if (!existing) {
      await insertRole(trx, { name: definition.name, permissions, builtIn: true, now });
    } else if (existing.built_in && JSON.stringify(existing.permissions) !== JSON.stringify(permissions)) {
      await updateRole(trx, existing.id, { name: existing.name, permissions, now });
      await recomputeHolders(trx, existing.id);
    }
  }
}

/** Gives an operator a role by name (seed), and recomputes their permissions; not for other accounts. */
export async function grantRoleByName(trx: Trx, memberId: number, roleName: string) {
  if (!(await lockOperator(trx, memberId))) return;
  const role = await findRoleByName(trx, roleName);
  if (!role) throw new Error(`No role named ${roleName}`);
  await addOperatorRole(trx, memberId, role.id);
  await recomputePermissions(trx, memberId);
}
