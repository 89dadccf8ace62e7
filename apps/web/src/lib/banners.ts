import type { Banner } from '@gamehall/shared/api/site';
import type { BANNER_GROUPS } from '@gamehall/shared/constants';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from './api-client';

export type BannerGroup = (typeof BANNER_GROUPS)[number];

/** A banner group's banners in a language (spec §3 Banner groups), as the operator sorted them. */
export function bannersQuery(groupName: BannerGroup, language: string) {
  return queryOptions({
    queryKey: ['banners', groupName, language],
    queryFn: () => apiRequest<Banner[]>('/wps/system/banners', { query: { groupName, language } }),
    staleTime: 5 * 60_000,
  });
}
