import { DASHBOARD_POLL_MS, type Dashboard } from '@gamehall/shared/api/reports';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

// The pending counters are live on the server; the console asks again every 10 s (the realtime
// socket serves members only, and an operator token must not go into a /ws URL).
export const dashboardQuery = () =>
  queryOptions({
    queryKey: ['dashboard'],
    queryFn: () => api<Dashboard>('/admin/dashboard'),
    refetchInterval: DASHBOARD_POLL_MS,
  });
