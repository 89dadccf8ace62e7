import type {
  AdminMemberRisk,
  AdminRiskBackfillState,
  AdminRiskFlag,
  AdminRiskLevelBody,
  AdminRiskLink,
  AdminRiskLinkGroup,
  AdminRiskReviewBody,
  RiskFlagKind,
  RiskFlagStatus,
  RiskLinkKind,
  RiskLinkStatus,
} from '@gamehall/shared/api/risk';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

// Risk (modules/risk, risk.admin.routes.ts, docs/risk.md): risk.read to see, risk.write to review
// and set levels.

export const riskKey = ['risk'] as const;
export const RISK_PAGE_SIZE = 20;

type Grid<T> = { list: T[]; total: number; pageNo: number; pageSize: number };

export type LinkFilter = { status?: RiskLinkStatus; kind?: RiskLinkKind; memberId?: number };
export type FlagFilter = { status?: RiskFlagStatus; kind?: RiskFlagKind; memberId?: number };

export const linksQuery = (filter: LinkFilter, pageNo: number) =>
  queryOptions({
    queryKey: [...riskKey, 'links', filter, pageNo],
    queryFn: () =>
      api<Grid<AdminRiskLink>>('/admin/risk/links', { query: { ...filter, pageNo, pageSize: RISK_PAGE_SIZE } }),
  });

/** Linked accounts grouped by the value they share (one row per IP, device, account or name). */
export const linkGroupsQuery = (filter: LinkFilter, pageNo: number) =>
  queryOptions({
    queryKey: [...riskKey, 'linkGroups', filter, pageNo],
    queryFn: () =>
      api<Grid<AdminRiskLinkGroup>>('/admin/risk/linkGroups', {
        query: { ...filter, pageNo, pageSize: RISK_PAGE_SIZE },
      }),
  });

export const flagsQuery = (filter: FlagFilter, pageNo: number) =>
  queryOptions({
    queryKey: [...riskKey, 'flags', filter, pageNo],
    queryFn: () =>
      api<Grid<AdminRiskFlag>>('/admin/risk/flags', { query: { ...filter, pageNo, pageSize: RISK_PAGE_SIZE } }),
  });

export const memberRiskQuery = (memberId: number) =>
  queryOptions({
    queryKey: [...riskKey, 'member', memberId],
    queryFn: () => api<AdminMemberRisk>(`/admin/risk/members/${memberId}`),
  });

export function reviewLink(id: number, body: AdminRiskReviewBody) {
  return api<AdminRiskLink>(`/admin/risk/links/${id}/review`, { method: 'POST', body });
}

/** Confirms or dismisses every pending link of the group with one note. */
export function reviewLinkGroup(id: number, body: AdminRiskReviewBody) {
  return api<{ group: AdminRiskLinkGroup; reviewed: number; raised: number[] }>(`/admin/risk/linkGroups/${id}/review`, {
    method: 'POST',
    body,
  });
}

export function reviewFlag(id: number, body: AdminRiskReviewBody) {
  return api<AdminRiskFlag>(`/admin/risk/flags/${id}/review`, { method: 'POST', body });
}

export function setRiskLevel(memberId: number, body: AdminRiskLevelBody) {
  return api<AdminMemberRisk>(`/admin/risk/members/${memberId}/level`, { method: 'PUT', body });
}

/** The links backfill's latest run; read again every two seconds while one runs. */
export const backfillQuery = queryOptions({
  queryKey: [...riskKey, 'backfill'],
  queryFn: () => api<AdminRiskBackfillState>('/admin/risk/backfill'),
  refetchInterval: (q) => (q.state.data?.run?.status === 'running' ? 2_000 : false),
});

export function startBackfill() {
  return api<AdminRiskBackfillState>('/admin/risk/backfill', { method: 'POST', body: {} });
}
