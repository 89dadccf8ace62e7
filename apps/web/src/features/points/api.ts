import type {
  ConvertPointBody,
  ConvertValue,
  PointBalanceValue,
  PointConfigValue,
  PointRewardList,
  PointsDetailsList,
  RedeemList,
  RedeemPointBody,
  RedeemValue,
} from '@gamehall/shared/api/points';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../lib/api-client';

// The points mall calls (spec §7 Points, modules/points on the server). Every key starts with
// 'points' so a redeem or a conversion refreshes them all at once.

type Infer<T extends z.ZodType> = z.infer<T>;
export const PAGE_SIZE = 10;

export function pointBalanceQuery(token: string | null) {
  return queryOptions({
    queryKey: ['points', 'balance', token],
    queryFn: () => apiRequest<Infer<typeof PointBalanceValue>>('/wps/relay/MCS2_getPointBalance'),
    enabled: Boolean(token),
  });
}

export function rewardsQuery(token: string | null, pageNo: number) {
  return queryOptions({
    queryKey: ['points', 'rewards', token, pageNo],
    queryFn: () =>
      apiRequest<Infer<typeof PointRewardList>>('/wps/relay/MCS2_getPointReward', {
        query: { pageNo, pageSize: 12 },
      }),
    enabled: Boolean(token),
  });
}

export function pointConfigQuery(token: string | null) {
  return queryOptions({
    queryKey: ['points', 'config', token],
    queryFn: () => apiRequest<Infer<typeof PointConfigValue>>('/wps/relay/MCS2_getPointConfig'),
    enabled: Boolean(token),
  });
}

export function redeemHistoryQuery(token: string | null, pageNo: number) {
  return queryOptions({
    queryKey: ['points', 'history', token, pageNo],
    queryFn: () =>
      apiRequest<Infer<typeof RedeemList>>('/wps/relay/MCS2_getRedeemPointList', {
        query: { pageNo, pageSize: PAGE_SIZE },
      }),
    enabled: Boolean(token),
  });
}

export function pointsDetailsQuery(token: string | null, pageNo: number) {
  return queryOptions({
    queryKey: ['points', 'details', token, pageNo],
    queryFn: () =>
      apiRequest<Infer<typeof PointsDetailsList>>('/wps/relay/ODSFE2_MemTransDet', {
        query: { pageNo, pageSize: PAGE_SIZE },
      }),
    enabled: Boolean(token),
  });
}

export function redeemReward(body: Infer<typeof RedeemPointBody>) {
  return apiRequest<Infer<typeof RedeemValue>>('/wps/relay/passwordCheck/MCS2_redeemPointReward', {
    method: 'POST',
    body,
    encrypted: true,
  });
}

export function convertPoints(body: Infer<typeof ConvertPointBody>) {
  return apiRequest<Infer<typeof ConvertValue>>('/wps/relay/passwordCheck/MCS2_convertPoint', {
    method: 'POST',
    body,
    encrypted: true,
  });
}

/** A client-chosen idempotency key: a retry of the same submit redeems or converts once. */
export function newRequestId(): string {
  return crypto.randomUUID().replaceAll('-', '');
}
