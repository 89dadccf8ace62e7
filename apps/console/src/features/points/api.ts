import type {
  AdminMemberPoints,
  AdminPointsConfig,
  AdminRedemption,
  AdminReward,
  PointsAdjustmentBody,
  PointsConfigBody,
  RedeemStatus,
  RewardBody,
} from '@gamehall/shared/api/points';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../lib/api-client';

// The points area's calls (modules/points, points.admin.routes.ts): points.read to look, points.write to change.

export const pointsKey = ['points'] as const;

export const rewardsQuery = queryOptions({
  queryKey: [...pointsKey, 'rewards'],
  queryFn: () => api<{ list: AdminReward[] }>('/admin/points/rewards').then((r) => r.list),
});

export function saveReward(id: number | null, body: z.input<typeof RewardBody>) {
  return id === null
    ? api<AdminReward>('/admin/points/rewards', { method: 'POST', body })
    : api<AdminReward>(`/admin/points/rewards/${id}`, { method: 'PUT', body });
}

export const configQuery = queryOptions({
  queryKey: [...pointsKey, 'config'],
  queryFn: () => api<AdminPointsConfig>('/admin/points/config'),
});

export function saveConfig(body: z.input<typeof PointsConfigBody>) {
  return api<AdminPointsConfig>('/admin/points/config', { method: 'PUT', body });
}

export const redemptionsQuery = (status: RedeemStatus | '', pageNo: number) =>
  queryOptions({
    queryKey: [...pointsKey, 'redemptions', status, pageNo],
    queryFn: () =>
      api<{ list: AdminRedemption[]; total: number; pageNo: number; pageSize: number }>('/admin/points/redemptions', {
        // The fulfilment queue is served oldest first; decided ones newest first.
        query: { pageNo, pageSize: 20, order: status === 'in_process' ? 'asc' : 'desc', status: status || undefined },
      }),
  });

export function decide(id: number, decision: 'approve' | 'reject', remark: string) {
  return api<AdminRedemption>(`/admin/points/redemptions/${id}/decision`, {
    method: 'POST',
    body: { decision, remark },
  });
}

export const memberPointsQuery = (username: string, pageNo: number) =>
  queryOptions({
    queryKey: [...pointsKey, 'member', username, pageNo],
    queryFn: () => api<AdminMemberPoints>('/admin/points/member', { query: { username, pageNo, pageSize: 20 } }),
    enabled: username.length > 0,
  });

export function adjust(body: z.input<typeof PointsAdjustmentBody>) {
  return api<{ pointsBalance: number; replayed: boolean }>('/admin/points/adjustments', { method: 'POST', body });
}

export function newRequestId(): string {
  return crypto.randomUUID().replaceAll('-', '');
}
