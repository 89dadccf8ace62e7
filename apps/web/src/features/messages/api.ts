import type { FeedbackBounds, FeedbackListValue, InboxItem, InboxValue } from '@gamehall/shared/api/messages';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../lib/api-client';
import { sendMultipart } from '../../lib/multipart';

// The member centre's inbox (spec §2 messageV2) and feedback pages (server module messages). Keys
// start with 'messages'; anything that changes the unread count also refreshes the public state.

export const INBOX_PAGE_SIZE = 10;

export function inboxQuery(token: string | null, pageNo: number, language: string) {
  return queryOptions({
    queryKey: ['messages', 'inbox', token, pageNo, language],
    queryFn: () => apiRequest<InboxValue>('/wps/messages', { query: { pageNo, pageSize: INBOX_PAGE_SIZE, language } }),
    enabled: Boolean(token),
  });
}

export function openMessage(id: string, language: string) {
  return apiRequest<InboxItem>(`/wps/messages/${encodeURIComponent(id)}`, { query: { language } });
}

export function deleteMessage(id: string) {
  return apiRequest<null>(`/wps/messages/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function readAllMessages() {
  return apiRequest<null>('/wps/messages/readAll', { method: 'POST' });
}

export function feedbackQuery(token: string | null, pageNo: number) {
  return queryOptions({
    queryKey: ['messages', 'feedback', token, pageNo],
    queryFn: () => apiRequest<z.infer<typeof FeedbackListValue>>('/wps/feedback', { query: { pageNo, pageSize: 10 } }),
    enabled: Boolean(token),
  });
}

export function feedbackBoundsQuery() {
  return queryOptions({
    queryKey: ['messages', 'feedback-bounds'],
    queryFn: () => apiRequest<z.infer<typeof FeedbackBounds>>('/wps/feedback/bounds'),
    staleTime: 60_000,
  });
}

/** PUT /wps/feedback is multipart (images); apiRequest sends JSON, so this posts the form itself. */
export async function sendFeedback(input: {
  questionType: string;
  content: string;
  images: File[];
  /** A visitor's: where the answer is mailed, and the guest captcha. */
  visitor?: { email: string; captcha: string };
}) {
  const data = new FormData();
  if (input.visitor) {
    data.append('email', input.visitor.email);
    data.append('captcha', input.visitor.captcha);
  }
  data.append('questionType', input.questionType);
  data.append('content', input.content);
  for (const image of input.images) data.append('images', image, image.name);
  return sendMultipart<{ id: number }>('PUT', '/wps/feedback', data);
}

/** The guest captcha a visitor's feedback answers (the same /wps/captcha the sign-in forms use). */
export function fetchCaptcha(): Promise<string> {
  return apiRequest<string>('/wps/captcha');
}
