import type { AdminMission, MissionCostValue, MissionInput } from '@gamehall/shared/api/missions';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../lib/api-client';

// The missions area's calls (modules/missions, missions.admin.routes.ts): promotions.read to look,
// promotions.write to change.

export type Mission = AdminMission;

export const missionsKey = ['missions'] as const;

export const missionsQuery = queryOptions({
  queryKey: [...missionsKey, 'list'],
  queryFn: () => api<{ list: Mission[] }>('/admin/missions').then((r) => r.list),
});

export function saveMission(id: number | null, body: z.input<typeof MissionInput>) {
  return id === null
    ? api<Mission>('/admin/missions', { method: 'POST', body })
    : api<Mission>(`/admin/missions/${id}`, { method: 'PUT', body });
}

export function setMissionState(id: number, state: 'active' | 'paused' | 'ended') {
  return api<Mission>(`/admin/missions/${id}/state`, { method: 'POST', body: { state } });
}

export const missionCostsQuery = (from: string, to: string) =>
  queryOptions({
    queryKey: [...missionsKey, 'costs', from, to],
    queryFn: () => api<z.infer<typeof MissionCostValue>>('/admin/missions/costs', { query: { from, to } }),
  });
