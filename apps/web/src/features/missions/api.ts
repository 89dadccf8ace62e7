import type {
  ClaimMissionValue,
  LeaderboardValue,
  MissionItem,
  MissionSummaryValue,
} from '@gamehall/shared/api/missions';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../lib/api-client';

// Missions and the mission leaderboard (server module missions). Keys start with 'missions'; a
// claim also refreshes the wallet and the public state (the badge).

export type Mission = MissionItem;

export function missionsQuery(token: string | null, language: string) {
  return queryOptions({
    queryKey: ['missions', 'summary', token, language],
    queryFn: () =>
      apiRequest<MissionSummaryValue>('/wps/relay/MCSFE_getMissionSummaryDetails', { query: { language } }),
    enabled: Boolean(token),
    refetchInterval: 5_000,
  });
}

export function leaderboardQuery(token: string | null, period: 'daily' | 'weekly') {
  return queryOptions({
    queryKey: ['missions', 'leaderboard', token, period],
    queryFn: () => apiRequest<LeaderboardValue>('/wps/relay/MCSFE_getMissionLeaderboard', { query: { period } }),
    enabled: Boolean(token),
    refetchInterval: 30_000,
  });
}

export function claimMission(progressId: number) {
  return apiRequest<z.infer<typeof ClaimMissionValue>>('/wps/relay/MCSFE_claimMissionReward', {
    method: 'POST',
    body: { progressId },
  });
}
