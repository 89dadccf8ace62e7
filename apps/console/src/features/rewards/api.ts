import type {
  AdminApplication,
  AdminPromotion,
  AdminPromotionImage,
  AdminRefusal,
  CostReportValue,
  PromotionInput,
  PromotionReportValue,
} from '@gamehall/shared/api/rewards';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { ApiError, api, authHeaders, buildUrl } from '../../lib/api-client';
import { clearToken } from '../../lib/session-token';

// The promotions area's calls (modules/rewards, rewards.admin.routes.ts): promotions.read to look, promotions.write to change.

type Infer<T extends z.ZodType> = z.infer<T>;
export type Promotion = Infer<typeof AdminPromotion>;
export type Application = Infer<typeof AdminApplication>;
export type Refusal = Infer<typeof AdminRefusal>;

export const rewardsKey = ['rewards'] as const;

export type PromotionReport = Infer<typeof PromotionReportValue>;

export const promotionsQuery = queryOptions({
  queryKey: [...rewardsKey, 'promotions'],
  queryFn: () => api<{ list: Promotion[]; languages: string[]; defaultLanguage: string }>('/admin/promotions'),
});

export const promotionReportQuery = (id: number) =>
  queryOptions({
    queryKey: [...rewardsKey, 'report', id],
    queryFn: () => api<PromotionReport>(`/admin/promotions/${id}/report`),
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

/** Uploads a promotion image (multipart `image`); the answer's id goes into the promotion. */
export async function uploadPromotionImage(file: File): Promise<Infer<typeof AdminPromotionImage>> {
  const form = new FormData();
  form.append('image', file);
  let res: Response;
  try {
    res = await fetch(buildUrl('/admin/promotions/images'), { method: 'POST', headers: authHeaders(), body: form });
  } catch {
    throw new ApiError('NETWORK_ERROR', 'The network is unreachable, please try again', 0);
  }
  if (res.status === 401) clearToken();
  const envelope = (await res.json().catch(() => null)) as
    | { success: true; value: Infer<typeof AdminPromotionImage> }
    | { success: false; code: string; message: string; value?: Record<string, unknown> }
    | null;
  if (!envelope) throw new ApiError(`HTTP_${res.status}`, `The server answered ${res.status}`, res.status);
  if (!envelope.success) throw new ApiError(envelope.code, envelope.message, res.status, envelope.value);
  return envelope.value;
}
