import { AdminLoginBody, AdminLoginValue } from '@gamehall/shared/api/admin';
import { envelope, OkValue } from '@gamehall/shared/api/common';
import {
  Operator,
  OperatorCreateBody,
  OperatorDisplayNameBody,
  OperatorIdParams,
  OperatorList,
  OperatorLogoutAllValue,
  OperatorMe,
  OperatorPasswordChangeBody,
  OperatorPasswordReset,
  OperatorQuery,
  OperatorRecoveryCodes,
  OperatorRecoveryCodesBody,
  OperatorRolesBody,
  OperatorTwoFactorConfirmBody,
  OperatorTwoFactorDisableBody,
  OperatorTwoFactorEnrolBody,
  OperatorTwoFactorEnrolment,
  Role,
  RoleBody,
  RoleDeleted,
  RoleList,
} from '@gamehall/shared/api/operators';
import type { AppContext } from '../../context';
import type { App } from '../../http/app-type';
import { type Principal, principalOf } from '../../http/auth';
import { ok } from '../../http/envelope';
import { presentGrid } from '../../http/paging';
import { requestMetaOf } from '../../http/request-meta';
import type { AuditEvent } from '../audit/audit.service';
import { operatorAction } from '../audit/operator-action';
import * as session from './operator-session.service';
import { presentOperator, presentOperatorDetail, presentRole } from './operators.presenter';
import * as operators from './operators.service';

const tags = ['admin'];
// The operator's own session answers even while a required two-factor enrolment is pending; who
// they are, signing out and the password change answer even before an administrator-set password
// has been changed.
const OWN_SESSION = 'operator' as const;
const SIGN_IN = 'operator-signin' as const;
const OPERATORS_ADMIN = 'admin:operators.admin' as const;

export function registerOperatorsAdminRoutes(app: App, ctx: AppContext): void {
  app.post(
    '/admin/session/login',
    {
      schema: {
        tags,
        summary: 'Operator login (type 90 accounts only); returns an admin session token',
        body: AdminLoginBody,
        response: { 200: envelope(AdminLoginValue) },
      },
      config: { auth: 'public' },
    },
    async (req) => ok(await session.adminLogin(ctx, requestMetaOf(req), req.body)),
  );

  app.get(
    '/admin/session/me',
    {
      schema: {
        tags,
        summary: 'The signed-in operator: permissions, roles, two-factor state, idle timeout',
        response: { 200: envelope(OperatorMe) },
      },
      config: { auth: SIGN_IN },
    },
    async (req) => ok(await session.me(ctx, principalOf(req))),
  );

  app.post(
    '/admin/session/logout',
    {
      schema: { tags, summary: 'Sign out: this session token is revoked', response: { 200: envelope(OkValue) } },
      config: { auth: SIGN_IN },
    },
    async (req) => {
      await session.logout(ctx, requestMetaOf(req), principalOf(req));
      return ok(null);
    },
  );

  app.post(
    '/admin/session/logoutAll',
    {
      schema: {
        tags,
        summary: "Sign out everywhere: every one of the operator's sessions is revoked, this one included",
        response: { 200: envelope(OperatorLogoutAllValue) },
      },
      config: { auth: OWN_SESSION },
    },
    async (req) => ok(await session.logoutAll(ctx, requestMetaOf(req), principalOf(req))),
  );

  app.post(
    '/admin/session/password',
    {
      schema: {
        tags,
        summary:
          'Change your own password: the current one, a new one by the operator password rule, and a code when two-factor is on; your other sessions end',
        body: OperatorPasswordChangeBody,
        response: { 200: envelope(Operator) },
      },
      config: { auth: SIGN_IN },
    },
    async (req) =>
      ok(presentOperatorDetail(await operators.changeOwnPassword(ctx, requestMetaOf(req), principalOf(req), req.body))),
  );

  app.put(
    '/admin/session/displayName',
    {
      schema: {
        tags,
        summary: 'Change your own display name, the name players read in support chat',
        body: OperatorDisplayNameBody,
        response: { 200: envelope(Operator) },
      },
      config: { auth: OWN_SESSION },
    },
    async (req) => {
      const changed = await operatorAction(
        ctx,
        requestMetaOf(req),
        'operator.displayName',
        `operator:${principalOf(req).memberId}`,
        (op) => operators.setOwnDisplayName(ctx, op, req.body.displayName),
        (c) => ({ before: c.before, after: c.after }),
      );
      return ok(presentOperatorDetail(changed.operator));
    },
  );

  app.post(
    '/admin/session/twoFactor/enrol',
    {
      schema: {
        tags,
        summary: 'Start enrolling an authenticator with the password: the secret and otpauth URL, shown once',
        body: OperatorTwoFactorEnrolBody,
        response: { 200: envelope(OperatorTwoFactorEnrolment) },
      },
      config: { auth: OWN_SESSION },
    },
    async (req) => ok(await session.startEnrolment(ctx, requestMetaOf(req), principalOf(req), req.body.password)),
  );

  app.post(
    '/admin/session/twoFactor/confirm',
    {
      schema: {
        tags,
        summary: 'Confirm the enrolment with a first code: two-factor on, recovery codes shown once',
        body: OperatorTwoFactorConfirmBody,
        response: { 200: envelope(OperatorRecoveryCodes) },
      },
      config: { auth: OWN_SESSION },
    },
    async (req) => ok(await session.confirmEnrolment(ctx, requestMetaOf(req), principalOf(req), req.body.code)),
  );

  app.post(
    '/admin/session/twoFactor/disable',
    {
      schema: {
        tags,
        summary: 'Turn two-factor authentication off with a current code or a recovery code',
        body: OperatorTwoFactorDisableBody,
        response: { 200: envelope(OkValue) },
      },
      config: { auth: OWN_SESSION },
    },
    async (req) => {
      await session.disableTwoFactor(ctx, requestMetaOf(req), principalOf(req), req.body.code);
      return ok(null);
    },
  );

  app.post(
    '/admin/session/twoFactor/recoveryCodes',
    {
      schema: {
        tags,
        summary: 'New recovery codes for a current authenticator code (the old ones stop working)',
        body: OperatorRecoveryCodesBody,
        response: { 200: envelope(OperatorRecoveryCodes) },
      },
      config: { auth: OWN_SESSION },
    },
    async (req) => ok(await session.regenerateRecoveryCodes(ctx, requestMetaOf(req), principalOf(req), req.body.code)),
  );

  app.get(
    '/admin/operators',
    {
      schema: {
        tags,
        summary: 'Operators (paged, sorted, filtered by username part, status, role)',
        querystring: OperatorQuery,
        response: { 200: envelope(OperatorList) },
      },
      config: { auth: OPERATORS_ADMIN },
    },
    async (req) => {
      const page = await operators.listOperators(ctx, req.query);
      return ok(presentGrid(page, req.query, (row) => presentOperator(row, page.roles)));
    },
  );

  app.post(
    '/admin/operators',
    {
      schema: {
        tags,
        summary: 'Create an operator with a password and roles (only roles within your own permissions)',
        body: OperatorCreateBody,
        response: { 200: envelope(Operator) },
      },
      config: { auth: OPERATORS_ADMIN },
    },
    async (req) => {
      const created = await operatorAction(
        ctx,
        requestMetaOf(req),
        'operator.create',
        req.body.username,
        (op) => operators.createOperator(ctx, op, req.body),
        (d) => ({
          operatorId: d.row.id,
          after: { username: d.row.username, roles: d.roles.map((r) => r.name), permissions: d.row.permissions },
        }),
      );
      return ok(presentOperatorDetail(created));
    },
  );

  app.put(
    '/admin/operators/:id/roles',
    {
      schema: {
        tags,
        summary: "Replace another operator's roles (never your own; only roles within your permissions)",
        params: OperatorIdParams,
        body: OperatorRolesBody,
        response: { 200: envelope(Operator) },
      },
      config: { auth: OPERATORS_ADMIN },
    },
    async (req) => {
      const changed = await operatorAction(
        ctx,
        requestMetaOf(req),
        'operator.roles',
        `operator:${req.params.id}`,
        (op) => operators.setOperatorRoles(ctx, op, req.params.id, req.body.roleIds),
        (c) => ({ before: c.before, after: c.after }),
      );
      return ok(presentOperatorDetail(changed.operator));
    },
  );

  app.post(
    '/admin/operators/:id/resetPassword',
    {
      schema: {
        tags,
        summary:
          "Reset another operator's password: a one-time password shown this once, their sessions end, and they must change it at the next sign-in",
        params: OperatorIdParams,
        response: { 200: envelope(OperatorPasswordReset) },
      },
      config: { auth: OPERATORS_ADMIN },
    },
    async (req) => {
      const reset = await operatorAction(
        ctx,
        requestMetaOf(req),
        'operator.resetPassword',
        `operator:${req.params.id}`,
        (op) => operators.resetOperatorPassword(ctx, op, req.params.id),
        // Never the password itself.
        (c) => ({ before: c.before, after: c.after, sessionsEnded: c.sessionsEnded }),
      );
      return ok({ operator: presentOperatorDetail(reset.operator), oneTimePassword: reset.oneTimePassword });
    },
  );

  app.put(
    '/admin/operators/:id/displayName',
    {
      schema: {
        tags,
        summary: "Change an operator's display name, the name players read in support chat",
        params: OperatorIdParams,
        body: OperatorDisplayNameBody,
        response: { 200: envelope(Operator) },
      },
      config: { auth: OPERATORS_ADMIN },
    },
    async (req) => {
      const changed = await operatorAction(
        ctx,
        requestMetaOf(req),
        'operator.displayName',
        `operator:${req.params.id}`,
        (op) => operators.setDisplayName(ctx, op, req.params.id, req.body.displayName),
        (c) => ({ before: c.before, after: c.after }),
      );
      return ok(presentOperatorDetail(changed.operator));
    },
  );

  type OperatorChange = (
    ctx: AppContext,
    actor: Principal,
    id: number,
  ) => Promise<{ before: unknown; after: unknown; operator: operators.OperatorDetail }>;
  const statusRoutes: [path: string, event: AuditEvent, summary: string, act: OperatorChange][] = [
    ['disable', 'operator.disable', 'Disable another operator: their sessions end at once', operators.disableOperator],
    ['enable', 'operator.enable', 'Enable a disabled operator again', operators.enableOperator],
    [
      'resetTwoFactor',
      'operator.resetTwoFactor',
      "Remove another operator's authenticator (lost phone); their sessions end",
      operators.resetOperatorTwoFactor,
    ],
  ];
  for (const [path, event, summary, act] of statusRoutes) {
    app.post(
      `/admin/operators/:id/${path}`,
      {
        schema: { tags, summary, params: OperatorIdParams, response: { 200: envelope(Operator) } },
        config: { auth: OPERATORS_ADMIN },
      },
      async (req) => {
        const changed = await operatorAction(
          ctx,
          requestMetaOf(req),
          event,
          `operator:${req.params.id}`,
          (op) => act(ctx, op, req.params.id),
          (c) => ({ before: c.before, after: c.after }),
        );
        return ok(presentOperatorDetail(changed.operator));
      },
    );
  }

  app.get(
    '/admin/roles',
    {
      schema: {
        tags,
        summary: 'Every role with its permissions and how many operators hold it',
        response: { 200: envelope(RoleList) },
      },
      config: { auth: OPERATORS_ADMIN },
    },
    async () => ok({ list: (await operators.roles(ctx)).map(presentRole) }),
  );

  app.post(
    '/admin/roles',
    {
      schema: {
        tags,
        summary: 'Create a role (only with permissions you hold yourself)',
        body: RoleBody,
        response: { 200: envelope(Role) },
      },
      config: { auth: OPERATORS_ADMIN },
    },
    async (req) => {
      const role = await operatorAction(
        ctx,
        requestMetaOf(req),
        'role.create',
        req.body.name,
        (op) => operators.createRole(ctx, op, req.body),
        (r) => ({ roleId: r.id, after: { name: r.name, permissions: r.permissions } }),
      );
      return ok(presentRole(role));
    },
  );

  app.delete(
    '/admin/roles/:id',
    {
      schema: {
        tags,
        summary:
          'Delete a role no operator holds (OPERATOR_ROLE_IN_USE while any does, with their count; built-in roles are kept)',
        params: OperatorIdParams,
        response: { 200: envelope(RoleDeleted) },
      },
      config: { auth: OPERATORS_ADMIN },
    },
    async (req) => {
      await operatorAction(
        ctx,
        requestMetaOf(req),
        'role.delete',
        `role:${req.params.id}`,
        (op) => operators.removeRole(ctx, op, req.params.id),
        (before) => ({ before }),
      );
      return ok({ id: req.params.id });
    },
  );

  app.put(
    '/admin/roles/:id',
    {
      schema: {
        tags,
        summary: "Rename a role or change its permissions; its operators' sessions get the new set at once",
        params: OperatorIdParams,
        body: RoleBody,
        response: { 200: envelope(Role) },
      },
      config: { auth: OPERATORS_ADMIN },
    },
    async (req) => {
      const changed = await operatorAction(
        ctx,
        requestMetaOf(req),
        'role.update',
        `role:${req.params.id}`,
        (op) => operators.changeRole(ctx, op, req.params.id, req.body),
        (c) => ({ before: c.before, after: c.after }),
      );
      return ok(presentRole(changed.role));
    },
  );
}
