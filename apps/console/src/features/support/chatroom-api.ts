import type {
  AdminChatroomMessage,
  AdminChatroomRestriction,
  ChatroomRestrictionKind,
} from '@gamehall/shared/api/chatroom';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

// The public chat room's moderation (modules/chatroom, chatroom.admin.routes.ts, permission chatroom.moderate).

export const chatroomKey = ['chatroom'] as const;

// The room moves while the page is open: read again every few seconds (deletions by colleagues too).
const REFRESH_MS = 5_000;

export const roomMessagesQuery = queryOptions({
  queryKey: [...chatroomKey, 'messages'],
  queryFn: () => api<{ list: AdminChatroomMessage[] }>('/admin/chatroom/messages').then((r) => r.list),
  refetchInterval: REFRESH_MS,
});

export const restrictionsQuery = queryOptions({
  queryKey: [...chatroomKey, 'restrictions'],
  queryFn: () => api<{ list: AdminChatroomRestriction[] }>('/admin/chatroom/restrictions').then((r) => r.list),
  refetchInterval: REFRESH_MS,
});

export function deleteRoomMessage(id: number) {
  return api<{ id: number }>(`/admin/chatroom/messages/${id}`, { method: 'DELETE' });
}

export function restrictMember(body: {
  memberId: number;
  kind: ChatroomRestrictionKind;
  minutes: number | null;
  reason: string;
}) {
  return api<unknown>('/admin/chatroom/restrictions', { method: 'POST', body });
}

export function liftRestriction(memberId: number, kind: ChatroomRestrictionKind) {
  return api<unknown>(`/admin/chatroom/restrictions/${memberId}/${kind}`, { method: 'DELETE' });
}
