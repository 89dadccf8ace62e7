import type { GameMenus } from '@gamehall/shared/api/catalogue';
import type { MemberInfo, PublicState } from '@gamehall/shared/api/member';
import type { RegisterFieldRule } from '@gamehall/shared/api/registration';
import type { PermissionInfo, Resource, SiteConfig, SystemStatus } from '@gamehall/shared/api/site';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from './api-client';
import { adoptMemberFlags } from './session';
import { rememberMerchantCode } from './storage';

// Brand-level data every part of the site reads (TanStack Query options, bulletproof-react style).
export const statusQuery = queryOptions({
  queryKey: ['system', 'status'],
  queryFn: () => apiRequest<SystemStatus>('/wps/system/status'),
  staleTime: 60_000,
});

export const configQuery = queryOptions({
  queryKey: ['system', 'config'],
  queryFn: async () => {
    const config = await apiRequest<SiteConfig>('/wps/system/config');
    rememberMerchantCode(config.merchantCode);
    return config;
  },
  staleTime: Number.POSITIVE_INFINITY,
});

export const permissionQuery = queryOptions({
  queryKey: ['system', 'permission'],
  queryFn: () => apiRequest<PermissionInfo>('/wps/system/permission'),
  staleTime: 5 * 60_000,
});

export const resourcesQuery = queryOptions({
  queryKey: ['system', 'resources'],
  queryFn: () => apiRequest<Resource[]>('/wps/system/resources'),
  staleTime: 5 * 60_000,
});

export function gameMenusQuery(language: string) {
  return queryOptions({
    queryKey: ['games', 'menus', language],
    queryFn: () => apiRequest<GameMenus>('/lgw/games/game_menus', { query: { language } }),
    staleTime: 5 * 60_000,
  });
}

export const registerRulesQuery = queryOptions({
  queryKey: ['system', 'setting', 'register'],
  queryFn: () => apiRequest<RegisterFieldRule[]>('/wps/system/setting/register'),
  staleTime: 5 * 60_000,
});

export function memberInfoQuery(token: string | null) {
  return queryOptions({
    queryKey: ['member', 'info', token],
    queryFn: async () => {
      const info = await apiRequest<MemberInfo>('/wps/member/info');
      if (token) adoptMemberFlags(token, info);
      return info;
    },
    enabled: Boolean(token),
  });
}

export function publicStateQuery(token: string | null) {
  return queryOptions({
    queryKey: ['member', 'publicState', token],
    queryFn: () => apiRequest<PublicState>('/wps/member/publicState'),
    enabled: Boolean(token),
    refetchInterval: 30_000,
  });
}

export function findResource(resources: Resource[] | undefined, type: string): Resource | undefined {
  return resources?.find((r) => r.resourceType.toUpperCase() === type && r.url);
}
