import type { AdminBrandSetting, AdminBrandSettings, AdminBrandSwitch } from '@gamehall/shared/api/admin';
import type {
  AdminRegisterFieldRule,
  AdminRegisterFieldRuleBody,
  AdminResource,
  AdminResourceBody,
} from '@gamehall/shared/api/admin-content';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

// Brand settings and whitelabel switches, resources and registration field rules (site.write).
export const brandKey = ['site', 'brand'] as const;
export const resourcesKey = ['site', 'resources'] as const;
export const fieldRulesKey = ['site', 'registrationFields'] as const;

export const brandQuery = queryOptions({
  queryKey: brandKey,
  queryFn: () => api<AdminBrandSettings>('/admin/brand/settings'),
});

export function saveBrandSetting(key: string, value: unknown) {
  return api<AdminBrandSetting>(`/admin/brand/settings/${encodeURIComponent(key)}`, {
    method: 'PUT',
    body: { value },
  });
}

export function setBrandSwitch(modId: string, enabled: boolean) {
  return api<AdminBrandSwitch>(`/admin/brand/switches/${encodeURIComponent(modId)}`, {
    method: 'PUT',
    body: { enabled },
  });
}

export const resourcesQuery = queryOptions({
  queryKey: resourcesKey,
  queryFn: () => api<{ list: AdminResource[] }>('/admin/site/resources').then((r) => r.list),
});

export function saveResource(id: number | null, body: AdminResourceBody) {
  return id === null
    ? api<AdminResource>('/admin/site/resources', { method: 'POST', body })
    : api<AdminResource>(`/admin/site/resources/${id}`, { method: 'PUT', body });
}

export function deleteResource(id: number) {
  return api(`/admin/site/resources/${id}`, { method: 'DELETE' });
}

/** The listed ids get sort 0, 1, 2... in this order. */
export function orderResources(ids: number[]) {
  return api<{ updated: number }>('/admin/site/resources/order', { method: 'PUT', body: { ids } });
}

export const fieldRulesQuery = queryOptions({
  queryKey: fieldRulesKey,
  queryFn: () => api<{ list: AdminRegisterFieldRule[] }>('/admin/site/registrationFields').then((r) => r.list),
});

export function saveFieldRule(field: string, body: AdminRegisterFieldRuleBody) {
  return api<AdminRegisterFieldRule>(`/admin/site/registrationFields/${encodeURIComponent(field)}`, {
    method: 'PUT',
    body,
  });
}
