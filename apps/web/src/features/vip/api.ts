import type { RebateHistoryList, RebatePayout, RebateSummaryValue, VipSummaryValue } from '@gamehall/shared/api/vip';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../lib/api-client';

// The VIP page and the manual rebate page (server modules vip and rebates). Keys start with 'vip';
// a claim also refreshes the wallet and the public state (the header balance).

export function vipSummaryQuery(token: string | null) {
  return queryOptions({
    queryKey: ['vip', 'summary', token],
    queryFn: () => apiRequest<VipSummaryValue>('/wps/vip/summary'),
    enabled: Boolean(token),
  });
}

export function rebateSummaryQuery(token: string | null) {
  return queryOptions({
    queryKey: ['vip', 'rebate', token],
    queryFn: () => apiRequest<RebateSummaryValue>('/wps/rebate/summary'),
    enabled: Boolean(token),
    refetchInterval: 15_000,
  });
}

export function rebateHistoryQuery(token: string | null, page: number) {
  return queryOptions({
    queryKey: ['vip', 'rebate-history', token, page],
    queryFn: () =>
      apiRequest<z.infer<typeof RebateHistoryList>>('/wps/rebate/history', { query: { pageNo: page, pageSize: 10 } }),
    enabled: Boolean(token),
  });
}

export function claimRebate() {
  return apiRequest<RebatePayout>('/wps/rebate/claim', { method: 'POST' });
}

/** A rate in ppm as a percentage (12,000 -> "1.2%"). */
export function ratePercent(ppm: number): string {
  return `${Number((ppm / 10_000).toFixed(4))}%`;
}
