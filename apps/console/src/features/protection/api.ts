import type { ProtectionDetailValue, ProtectionReportValue, ProtectionRow } from '@gamehall/shared/api/responsible';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

// The player-protection calls (modules/responsible, responsible.admin.routes.ts), all under players.protect.

export const protectionKey = ['protection'] as const;

type Page<T> = { content: T[]; pageNum: number; pageSize: number; totalPages: number; totalElements: number };

export const protectionMembersQuery = (filter: string, member: string, pageNo: number) =>
  queryOptions({
    queryKey: [...protectionKey, 'members', filter, member, pageNo],
    queryFn: () =>
      api<Page<ProtectionRow>>('/admin/protection/members', {
        query: { filter, pageNo, pageSize: 20, ...(member ? { member } : {}) },
      }),
  });

export const protectionDetailQuery = (memberId: number | null) =>
  queryOptions({
    queryKey: [...protectionKey, 'member', memberId],
    queryFn: () => api<ProtectionDetailValue>(`/admin/protection/members/${memberId}`),
    enabled: memberId !== null,
  });

export const protectionReportQuery = (months: number) =>
  queryOptions({
    queryKey: [...protectionKey, 'report', months],
    queryFn: () => api<ProtectionReportValue>('/admin/protection/report', { query: { months } }),
  });

export function addNote(memberId: number, kind: 'note' | 'contact', text: string) {
  return api<ProtectionDetailValue>(`/admin/protection/members/${memberId}/notes`, {
    method: 'POST',
    body: { kind, text },
  });
}

export function liftBreak(memberId: number, reason: string) {
  return api<ProtectionDetailValue>(`/admin/protection/members/${memberId}/lift`, { method: 'POST', body: { reason } });
}
