import { z } from 'zod';
import { PageQuery } from './common';
import { PermissionList } from './permissions';
import { SecondFactorCode, TotpCode } from './two-factor';

// The back office's own session, operators, roles and audit trail. Operators are
// accounts of type 90 with an 'admin' session; what they may do is the union of their roles'
// permissions (permissions.ts).

// --- grids (every back-office list: server-side paging, sorting and filtering)

export const SortOrder = z.enum(['asc', 'desc']);

/** A grid's query: 1-based pageNo, pageSize up to 200, `sort` one of the grid's columns, `order`. */
export function gridQuery<S extends readonly [string, ...string[]]>(sortable: S, defaultSort: S[number]) {
  return PageQuery.extend({
    sort: z.enum(sortable).default(defaultSort as never),
    order: SortOrder.default('desc'),
  });
}

/** A grid's page: the rows, the total over every page, and the paging numbers asked for. */
export function grid<T extends z.ZodType>(item: T) {
  return z.object({
    list: z.array(item),
    total: z.number().int(),
    pageNo: z.number().int(),
    pageSize: z.number().int(),
  });
}

// --- the operator's session

export const RoleRef = z.object({ id: z.number().int(), name: z.string() });
export type RoleRef = z.infer<typeof RoleRef>;

/** GET /admin/session/me */
export const OperatorMe = z.object({
  id: z.number().int(),
  username: z.string(),
  /** The name players read in support chat (never the username). */
  displayName: z.string(),
  /**
   * The password was set by an administrator (a new operator, a reset): every /admin call but me,
   * logout and POST /admin/session/password answers OPERATOR_PASSWORD_CHANGE_REQUIRED until it is changed.
   */
  mustChangePassword: z.boolean(),
  /** The effective permissions: the union of the roles' ones, or ['*']. */
  permissions: z.array(z.string()),
  roles: z.array(RoleRef),
  twoFactor: z.object({
    enabled: z.boolean(),
    /** The brand requires two-factor authentication of every operator (operatorTwoFactorRequired). */
    required: z.boolean(),
    recoveryCodesLeft: z.number().int(),
  }),
  /**
   * The brand requires two-factor authentication and this operator has none yet: every /admin call
   * but /admin/session/* answers OPERATOR_TWO_FACTOR_SETUP_REQUIRED until enrolment is confirmed.
   */
  mustEnrol: z.boolean(),
  /** An admin session unused for this long is refused with AUTH_SESSION_EXPIRED (operatorIdleMinutes). */
  idleMinutes: z.number().int(),
  /** The brand's time zone (IANA), whose calendar days the reports and the dashboard count in. */
  brandTimeZone: z.string(),
});
export type OperatorMe = z.infer<typeof OperatorMe>;

/** POST /admin/session/logoutAll: how many sessions (this one included) were ended. */
export const OperatorLogoutAllValue = z.object({ revoked: z.number().int() });
export type OperatorLogoutAllValue = z.infer<typeof OperatorLogoutAllValue>;

/** POST /admin/session/twoFactor/enrol: the login password proves it is the operator. */
export const OperatorTwoFactorEnrolBody = z.object({ password: z.string().min(1).max(200) });
export type OperatorTwoFactorEnrolBody = z.infer<typeof OperatorTwoFactorEnrolBody>;

/** The new secret and its otpauth:// URL (for the QR code), shown during enrolment only. */
export const OperatorTwoFactorEnrolment = z.object({
  secret: z.string(),
  otpauthUrl: z.string(),
  issuer: z.string(),
  account: z.string(),
  /** Confirm before this, or enrol again. */
  expiresAt: z.string(),
});
export type OperatorTwoFactorEnrolment = z.infer<typeof OperatorTwoFactorEnrolment>;

/** POST /admin/session/twoFactor/confirm: the authenticator's first code. */
export const OperatorTwoFactorConfirmBody = z.object({ code: TotpCode });
export type OperatorTwoFactorConfirmBody = z.infer<typeof OperatorTwoFactorConfirmBody>;

/** POST /admin/session/twoFactor/disable: a current code or a recovery code. */
export const OperatorTwoFactorDisableBody = z.object({ code: SecondFactorCode });
export type OperatorTwoFactorDisableBody = z.infer<typeof OperatorTwoFactorDisableBody>;

/** POST /admin/session/twoFactor/recoveryCodes: new codes for a current authenticator code. */
export const OperatorRecoveryCodesBody = z.object({ code: TotpCode });
export type OperatorRecoveryCodesBody = z.infer<typeof OperatorRecoveryCodesBody>;

/** The recovery codes, shown once. */
export const OperatorRecoveryCodes = z.object({ recoveryCodes: z.array(z.string()) });
export type OperatorRecoveryCodes = z.infer<typeof OperatorRecoveryCodes>;

// --- operators (permission operators.admin)

export const OperatorStatus = z.enum(['active', 'disabled']);

export const Operator = z.object({
  id: z.number().int(),
  username: z.string(),
  displayName: z.string(),
  /** Signed in with an administrator-set password and has not changed it yet. */
  mustChangePassword: z.boolean(),
  status: OperatorStatus,
  roles: z.array(RoleRef),
  permissions: z.array(z.string()),
  twoFactorEnabled: z.boolean(),
  lastLoginAt: z.string().nullable(),
  lastLoginIp: z.string().nullable(),
  createdAt: z.string(),
});
export type Operator = z.infer<typeof Operator>;

export const OPERATOR_SORTS = ['id', 'username', 'status', 'createdAt', 'lastLoginAt'] as const;
/** GET /admin/operators: `q` matches part of the username; `roleId` operators holding that role. */
export const OperatorQuery = gridQuery(OPERATOR_SORTS, 'id').extend({
  q: z.string().trim().max(40).optional(),
  status: OperatorStatus.optional(),
  roleId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
});
export type OperatorQuery = z.infer<typeof OperatorQuery>;
export const OperatorList = grid(Operator);
export type OperatorList = z.infer<typeof OperatorList>;

const RoleIds = z.array(z.number().int().positive().max(Number.MAX_SAFE_INTEGER)).max(50);

/** Operator usernames: letters, digits, '_', '.', '-', 3 to 30 characters. */
export const OperatorUsername = z
  .string()
  .trim()
  .min(3)
  .max(30)
  .regex(/^[A-Za-z0-9_.-]+$/);
/** Operator passwords: 10 to 64 characters with a letter and a digit. */
export const OperatorPassword = z
  .string()
  .min(10)
  .max(64)
  .regex(/[A-Za-z]/)
  .regex(/\d/);

/** What players read in chat for an operator: letters, digits, spaces and . _ ' -, 1 to 30 characters. */
export const OperatorDisplayName = z
  .string()
  .trim()
  .min(1)
  .max(30)
  .regex(/^[\p{L}\p{N}][\p{L}\p{N} ._'-]*$/u);
/** The display name an operator has until someone chooses one: neutral, never the login name. */
export const DEFAULT_OPERATOR_DISPLAY_NAME = 'Support';

/**
 * POST /admin/operators. The password is the administrator's choice, so the new operator must
 * change it at the first sign-in.
 */
export const OperatorCreateBody = z.object({
  username: OperatorUsername,
  password: OperatorPassword,
  displayName: OperatorDisplayName.optional(),
  roleIds: RoleIds,
});
export type OperatorCreateBody = z.infer<typeof OperatorCreateBody>;

/**
 * POST /admin/session/password: the operator's own change. The current password, the new one (the
 * operator password rule, different from the current one), and the authenticator or recovery code
 * when two-factor authentication is on. The operator's other sessions end.
 */
export const OperatorPasswordChangeBody = z.object({
  oldPassword: z.string().min(1).max(200),
  newPassword: OperatorPassword,
  code: SecondFactorCode.optional(),
});
export type OperatorPasswordChangeBody = z.infer<typeof OperatorPasswordChangeBody>;

/** PUT /admin/session/displayName, PUT /admin/operators/:id/displayName */
export const OperatorDisplayNameBody = z.object({ displayName: OperatorDisplayName });
export type OperatorDisplayNameBody = z.infer<typeof OperatorDisplayNameBody>;

/** PUT /admin/operators/:id/roles: the operator's roles from now on (replaces them). */
export const OperatorRolesBody = z.object({ roleIds: RoleIds });
export type OperatorRolesBody = z.infer<typeof OperatorRolesBody>;

export const OperatorIdParams = z.object({
  id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});

/**
 * POST /admin/operators/:id/resetPassword: a one-time password, shown to the administrator this once
 * and stored only as a hash; the operator's sessions end and the next sign-in must change it.
 */
export const OperatorPasswordReset = z.object({ operator: Operator, oneTimePassword: z.string() });
export type OperatorPasswordReset = z.infer<typeof OperatorPasswordReset>;

// --- roles (permission operators.admin)

export const Role = z.object({
  id: z.number().int(),
  name: z.string(),
  permissions: z.array(z.string()),
  /** Seeded by the platform; cannot be edited (make a role of your own instead). */
  builtIn: z.boolean(),
  operatorCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Role = z.infer<typeof Role>;

/** GET /admin/roles: every role, by name. */
export const RoleList = z.object({ list: z.array(Role) });
export type RoleList = z.infer<typeof RoleList>;

/** POST /admin/roles, PUT /admin/roles/:id */
export const RoleBody = z.object({
  name: z.string().trim().min(1).max(60),
  permissions: PermissionList,
});
export type RoleBody = z.infer<typeof RoleBody>;

// --- the audit trail (permission audit.read)

const IsoDate = z.iso.datetime({ offset: true }).or(z.iso.date());

export const AUDIT_SORTS = ['id'] as const;
/**
 * GET /admin/audit, newest first by default. `operator` is a username (exact, any case); `action`
 * an event name, or a prefix ending in '*' ("cashier.*"); `target` exact; `from` inclusive and `to`
 * exclusive (a date alone means its midnight UTC). `actor=all` lists member events too (logins,
 * registrations); by default only rows written by operators.
 */
export const AuditQuery = gridQuery(AUDIT_SORTS, 'id').extend({
  operator: z.string().trim().min(1).max(40).optional(),
  action: z
    .string()
    .trim()
    .min(1)
    .max(60)
    .regex(/^[A-Za-z0-9_.]+\*?$/)
    .optional(),
  target: z.string().trim().min(1).max(100).optional(),
  from: IsoDate.optional(),
  to: IsoDate.optional(),
  success: z.enum(['true', 'false']).optional(),
  actor: z.enum(['operators', 'all']).default('operators'),
});
export type AuditQuery = z.infer<typeof AuditQuery>;

export const AuditEntry = z.object({
  id: z.number().int(),
  time: z.string(),
  /** The account that acted (operator or member), as recorded. */
  actor: z.object({ id: z.number().int().nullable(), username: z.string().nullable() }),
  operator: z.boolean(),
  action: z.string(),
  target: z.string().nullable(),
  success: z.boolean(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  /** The values before and after the change, where the action has any. */
  before: z.unknown(),
  after: z.unknown(),
  /** Everything else recorded (refusal code, reason, ...). */
  detail: z.record(z.string(), z.unknown()),
});
export type AuditEntry = z.infer<typeof AuditEntry>;
export const AuditList = grid(AuditEntry);
export type AuditList = z.infer<typeof AuditList>;

/** DELETE /admin/roles/:id: the role deleted. */
export const RoleDeleted = z.object({ id: z.number().int() });
export type RoleDeleted = z.infer<typeof RoleDeleted>;
