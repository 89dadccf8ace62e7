import type {
  Operator,
  OperatorCreateBody,
  OperatorList,
  OperatorPasswordReset,
  Role,
  RoleBody,
  RoleDeleted,
  RoleList,
} from '@gamehall/shared/api/operators';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

// Operators and roles (permission operators.admin), S1's endpoints.
export const operatorsKey = ['operators', 'list'] as const;
export const rolesKey = ['operators', 'roles'] as const;

export const rolesQuery = queryOptions({
  queryKey: rolesKey,
  queryFn: () => api<RoleList>('/admin/roles').then((r) => r.list),
});

export function fetchOperators(query: Record<string, string | number | undefined>): Promise<OperatorList> {
  return api<OperatorList>('/admin/operators', { query });
}

export function createOperator(body: OperatorCreateBody): Promise<Operator> {
  return api<Operator>('/admin/operators', { method: 'POST', body });
}

export type OperatorAction = 'disable' | 'enable' | 'resetTwoFactor';
export function actOnOperator(id: number, action: OperatorAction): Promise<Operator> {
  return api<Operator>(`/admin/operators/${id}/${action}`, { method: 'POST', body: {} });
}

/** A one-time password, answered this once; the operator's sessions end. */
export function resetOperatorPassword(id: number): Promise<OperatorPasswordReset> {
  return api<OperatorPasswordReset>(`/admin/operators/${id}/resetPassword`, { method: 'POST', body: {} });
}

export function setOperatorDisplayName(id: number, displayName: string): Promise<Operator> {
  return api<Operator>(`/admin/operators/${id}/displayName`, { method: 'PUT', body: { displayName } });
}

export function setOperatorRoles(id: number, roleIds: number[]): Promise<Operator> {
  return api<Operator>(`/admin/operators/${id}/roles`, { method: 'PUT', body: { roleIds } });
}

export function createRole(body: RoleBody): Promise<Role> {
  return api<Role>('/admin/roles', { method: 'POST', body });
}

export function deleteRole(id: number): Promise<RoleDeleted> {
  return api<RoleDeleted>(`/admin/roles/${id}`, { method: 'DELETE' });
}

export function updateRole(id: number, body: RoleBody): Promise<Role> {
  return api<Role>(`/admin/roles/${id}`, { method: 'PUT', body });
}
