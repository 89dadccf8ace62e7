import { DASHBOARD_POLL_MS, type Dashboard } from '@gamehall/shared/api/reports';
import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { useOperatorEvents } from '../../lib/operator-realtime';

export const dashboardKey = ['dashboard'] as const;

/** The slow poll of the figures (rollups, members online) while queue events keep the counters live. */
export const SLOW_POLL_MS = 60_000;

export const dashboardQuery = (refetchInterval: number) =>
  queryOptions({
    queryKey: dashboardKey,
    queryFn: () => api<Dashboard>('/admin/dashboard'),
    refetchInterval,
  });

/**
 * The dashboard's poll interval, and its pending counters kept live: every queue change
 * the operators' socket pushes reads the dashboard again, and the slow poll is the fallback while
 * the socket is down. Queue events reach only operators who may read the queues (cashier.read), so
 * anyone else keeps the dashboard's own 10 s poll.
 */
export function useLiveDashboard(canReadQueues: boolean): number {
  const queryClient = useQueryClient();
  useOperatorEvents(() => void queryClient.invalidateQueries({ queryKey: dashboardKey }));
  return canReadQueues ? SLOW_POLL_MS : DASHBOARD_POLL_MS;
}
