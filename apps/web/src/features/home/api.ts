import type { AnnouncementLists, Banner } from '@gamehall/shared/api/site';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';

type Page<T> = { content: T[]; pageNum: number; pageSize: number; totalPages: number; totalElements: number };
export type Notice = { id: number; title: string; content: string; createdAt: string; startsAt: string };
export type HelpCategory = { category: string; items: { id: number; title: string; content: string }[] };

export function bannersQuery(groupName: 'w_home' | 'w_activity', language: string) {
  return queryOptions({
    queryKey: ['banners', groupName, language],
    queryFn: () => apiRequest<Banner[]>('/wps/system/banners', { query: { groupName, language } }),
    staleTime: 5 * 60_000,
  });
}

export function noticesQuery(pageNo: number, language: string) {
  return queryOptions({
    queryKey: ['notices', pageNo, language],
    queryFn: () => apiRequest<Page<Notice>>('/wps/system/notices', { query: { pageNo, pageSize: 6 } }),
    staleTime: 60_000,
  });
}

/** spec §4 Announcements: reloaded on language change and login change (the token is in the key). */
export function announcementsQuery(language: string, token: string | null) {
  return queryOptions({
    queryKey: ['announcements', language, token],
    queryFn: () => apiRequest<AnnouncementLists>('/wps/relay/MCSFE_getListAnnouncements', { query: { language } }),
    staleTime: 60_000,
  });
}

export const helpCenterQuery = queryOptions({
  queryKey: ['system', 'helpCenter'],
  queryFn: () => apiRequest<HelpCategory[]>('/wps/system/helpCenter'),
  staleTime: 5 * 60_000,
});
