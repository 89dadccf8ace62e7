import type {
  AdminVipValue,
  MemberLevelBody,
  MemberVipValue,
  RebateReportValue,
  VipLevelsBody,
  VipSettingsBody,
} from '@gamehall/shared/api/vip';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

// The VIP area's calls (modules/vip, vip.admin.routes.ts): promotions.read to look, promotions.write to change.

export const vipKey = ['vip'] as const;

export const vipQuery = queryOptions({
  queryKey: [...vipKey, 'overview'],
  queryFn: () => api<AdminVipValue>('/admin/vip'),
});

export function saveLevels(body: VipLevelsBody) {
  return api<AdminVipValue>('/admin/vip/levels', { method: 'PUT', body });
}

export function saveSettings(body: VipSettingsBody) {
  return api<AdminVipValue>('/admin/vip/settings', { method: 'PUT', body });
}

export const memberVipQuery = (username: string) =>
  queryOptions({
    queryKey: [...vipKey, 'member', username],
    queryFn: () => api<MemberVipValue>('/admin/vip/members', { query: { username } }),
    enabled: username.length > 0,
    retry: false,
  });

export function setMemberLevel(memberId: number, body: MemberLevelBody) {
  return api<MemberVipValue>(`/admin/vip/members/${memberId}/level`, { method: 'POST', body });
}

export const rebateReportQuery = (from: string, to: string) =>
  queryOptions({
    queryKey: [...vipKey, 'rebate-report', from, to],
    queryFn: () => api<RebateReportValue>('/admin/vip/rebate-report', { query: { from, to } }),
  });
