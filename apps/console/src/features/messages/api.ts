import type { AdminFeedbackItem, BroadcastItem, CreateBroadcastBody } from '@gamehall/shared/api/messages';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

// Messages' calls (modules/messages, messages.admin.routes.ts): messages.read / messages.write for broadcasts,
// feedback.answer for the feedback queue.

export const messagesKey = ['messages'] as const;

type Paged<T> = { content: T[]; pageNum: number; totalPages: number; totalElements: number };

export const broadcastsQuery = (pageNo: number) =>
  queryOptions({
    queryKey: [...messagesKey, 'broadcasts', pageNo],
    queryFn: () => api<Paged<BroadcastItem>>('/admin/broadcasts', { query: { pageNo, pageSize: 20 } }),
  });

export function createBroadcast(body: CreateBroadcastBody) {
  return api<BroadcastItem>('/admin/broadcasts', { method: 'POST', body });
}

export function cancelBroadcast(id: number) {
  return api<BroadcastItem>(`/admin/broadcasts/${id}/cancel`, { method: 'POST' });
}

export const feedbackQuery = (status: 'open' | 'answered', pageNo: number) =>
  queryOptions({
    queryKey: [...messagesKey, 'feedback', status, pageNo],
    queryFn: () => api<Paged<AdminFeedbackItem>>('/admin/feedback', { query: { status, pageNo, pageSize: 20 } }),
  });

export function answerFeedback(id: number, answer: string) {
  return api<null>(`/admin/feedback/${id}/answer`, { method: 'POST', body: { answer } });
}
