import { DEFAULT_OPERATOR_DISPLAY_NAME, type Operator, type Role } from '@gamehall/shared/api/operators';
import type { OperatorDetail } from './operators.service';

function iso(value: Date | string | null): string | null {
  return value === null ? null : new Date(value).toISOString();
}

type OperatorRow = OperatorDetail['row'];
type RoleOfOperator = { member_id: number; id: number; name: string };

export function presentOperator(row: OperatorRow, roles: readonly RoleOfOperator[]): Operator {
  return {
    id: row.id,
    username: row.username,
    displayName: row.operator_display_name ?? DEFAULT_OPERATOR_DISPLAY_NAME,
    mustChangePassword: row.password_must_change,
    status: row.status,
    roles: roles.filter((r) => r.member_id === row.id).map((r) => ({ id: r.id, name: r.name })),
    permissions: row.permissions ?? [],
    twoFactorEnabled: row.totp_enabled_at !== null,
    lastLoginAt: iso(row.last_login_at),
    lastLoginIp: row.last_login_ip,
    createdAt: iso(row.created_at) as string,
  };
}

export function presentOperatorDetail(detail: OperatorDetail): Operator {
  return presentOperator(detail.row, detail.roles);
}

export function presentRole(row: {
  id: number;
  name: string;
  permissions: string[];
  built_in: boolean;
  created_at: Date | string;
  updated_at: Date | string;
  operator_count: number | string | null;
}): Role {
  return {
    id: row.id,
    name: row.name,
    permissions: row.permissions,
    builtIn: row.built_in,
    operatorCount: Number(row.operator_count ?? 0),
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}
