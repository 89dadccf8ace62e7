import type {
  AdminApplication,
  AdminPromotion,
  AdminRefusal,
  CostReportValue,
  PromotionInput,
} from '@gamehall/shared/api/rewards';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../lib/api-client';

// The promotions area's calls (modules/rewards, rewards.admin.routes.ts): promotions.read to look, promotions.write to change.

type Infer<T extends z.ZodType> = z.infer<T>;
export type Promotion = Infer<typeof AdminPromotion>;
export type Application = Infer<typeof AdminApplication>;
export type Refusal = Infer<typeof AdminRefusal>;

export const rewardsKey = ['rewards'] as const;

export const promotionsQuery = queryOptions({
  queryKey: [...rewardsKey, 'promotions'],
  queryFn: () => api<{ list: Promotion[] }>('/admin/promotions').then((r) => r.list),
});

/** POST a new promotion (a draft), or PUT the one being edited. */
export function savePromotion(id: number | null, body: z.input<typeof PromotionInput>) {
  return id === null
    ? api<Promotion>('/admin/promotions', { method: 'POST', body })
    : api<Promotion>(`/admin/promotions/${id}`, { method: 'PUT', body });
}

export function setState(id: number, state: 'active' | 'paused' | 'ended') {
  return api<Promotion>(`/admin/promotions/${id}/state`, { method: 'POST', body: { state } });
}

export const applicationsQuery = (status: string, pageNo: number) =>
  queryOptions({
    queryKey: [...rewardsKey, 'applications', status, pageNo],
    queryFn: () =>
      api<{ content: Application[]; totalPages: number }>('/admin/promotions/applications', {
        query: { pageNo, pageSize: 20, status: status || undefined },
      }),
  });

export function decideApplication(id: number, decision: 'approve' | 'reject', reason: string) {
  return api<unknown>(`/admin/promotions/applications/${id}`, {
    method: 'POST',
    body: reason ? { decision, reason } : { decision },
  });
}

export const costsQuery = (from: string, to: string) =>
  queryOptions({
    queryKey: [...rewardsKey, 'costs', from, to],
    queryFn: () => api<Infer<typeof CostReportValue>>('/admin/promotions/costs', { query: { from, to } }),
  });

export const refusalsQuery = (pageNo: number) =>
  queryOptions({
    queryKey: [...rewardsKey, 'refusals', pageNo],
    queryFn: () =>
      api<{ content: Refusal[]; totalPages: number }>('/admin/promotions/refusals', {
        query: { pageNo, pageSize: 20 },
      }),
  });
