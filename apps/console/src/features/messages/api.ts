import type {
  CampaignItem,
  CampaignPreviewValue,
  CreateCampaignBody,
  CreateSegmentBody,
  PreviewCampaignBody,
  SegmentItem,
} from '@gamehall/shared/api/campaigns';
import type {
  AdminFeedbackItem,
  BroadcastItem,
  BroadcastPreviewValue,
  CreateBroadcastBody,
  PreviewBroadcastBody,
} from '@gamehall/shared/api/messages';
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

export function previewBroadcast(body: PreviewBroadcastBody) {
  return api<BroadcastPreviewValue>('/admin/broadcasts/preview', { method: 'POST', body });
}

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

// Campaigns (messages.admin.routes.ts -> campaigns.admin.routes.ts): campaigns.manage.

export const campaignsKey = [...messagesKey, 'campaigns'] as const;

export const segmentsQuery = () =>
  queryOptions({
    queryKey: [...campaignsKey, 'segments'],
    queryFn: () => api<{ content: SegmentItem[]; languages: string[] }>('/admin/campaigns/segments'),
  });

export function createSegment(body: CreateSegmentBody) {
  return api<SegmentItem>('/admin/campaigns/segments', { method: 'POST', body });
}

export const campaignsQuery = (pageNo: number) =>
  queryOptions({
    queryKey: [...campaignsKey, 'list', pageNo],
    queryFn: () => api<Paged<CampaignItem>>('/admin/campaigns', { query: { pageNo, pageSize: 20 } }),
  });

export function previewCampaign(body: PreviewCampaignBody) {
  return api<CampaignPreviewValue>('/admin/campaigns/preview', { method: 'POST', body });
}

export function createCampaign(body: CreateCampaignBody) {
  return api<CampaignItem>('/admin/campaigns', { method: 'POST', body });
}

export function cancelCampaign(id: number) {
  return api<CampaignItem>(`/admin/campaigns/${id}/cancel`, { method: 'POST' });
}
