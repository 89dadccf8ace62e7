import type { Dashboard } from '@gamehall/shared/api/reports';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

export const dashboardKey = ['dashboard'] as const;

/**
 * How often the figures (rollups, members online) are read again. What waits for an operator is
 * the work panel's (work-panel.tsx), kept live by the operators' socket.
 */
export const FIGURES_POLL_MS = 60_000;

export const dashboardQuery = () =>
  queryOptions({
    queryKey: dashboardKey,
    queryFn: () => api<Dashboard>('/admin/dashboard'),
    refetchInterval: FIGURES_POLL_MS,
  });
