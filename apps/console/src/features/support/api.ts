import type { AdminConversation, ChatMessage, ChatServerEvent } from '@gamehall/shared/api/chat';
import { CHAT_SOCKET_PATH } from '@gamehall/shared/api/chat';
import { queryOptions } from '@tanstack/react-query';
import { ApiError, api, authHeaders, buildUrl } from '../../lib/api-client';
import { readToken } from '../../lib/session-token';

// The support inbox's calls (modules/chat, chat.admin.routes.ts, permission support.chat) and its live socket.

export const supportKey = ['support'] as const;

export type Facts = {
  memberId: number;
  username: string;
  vipLevel: number;
  balance: number;
  currency: string;
  /** Null when the operator may not read cashier data (cashier.read). */
  lastDeposits: { reference: string; amount: number; status: string; createdAt: string }[] | null;
};
export type Colleague = { id: number; username: string; online: boolean; activeCount: number };
export type Canned = { id: number; title: string; text: string };

export const statusQuery = queryOptions({
  queryKey: [...supportKey, 'status'],
  queryFn: () => api<{ online: boolean; activeCount: number }>('/admin/chat/status'),
});

export const conversationsQuery = (state: string) =>
  queryOptions({
    queryKey: [...supportKey, 'conversations', state],
    queryFn: () =>
      api<{ list: AdminConversation[] }>('/admin/chat/conversations', {
        query: state === 'mine' ? { mine: 'true', state: 'active' } : state === 'open' ? {} : { state },
      }).then((r) => r.list),
  });

export const detailQuery = (id: number) =>
  queryOptions({
    queryKey: [...supportKey, 'detail', id],
    queryFn: () => api<{ conversation: AdminConversation; facts: Facts | null }>(`/admin/chat/conversations/${id}`),
  });

export const colleaguesQuery = queryOptions({
  queryKey: [...supportKey, 'operators'],
  queryFn: () => api<{ list: Colleague[] }>('/admin/chat/operators').then((r) => r.list),
});

export const cannedQuery = queryOptions({
  queryKey: [...supportKey, 'canned'],
  queryFn: () => api<{ list: Canned[] }>('/admin/chat/canned').then((r) => r.list),
});

export function setOnline(online: boolean) {
  return api('/admin/chat/status', { method: 'PUT', body: { online } });
}

export function act(id: number, action: 'take' | 'close') {
  return api(`/admin/chat/conversations/${id}/${action}`, { method: 'POST' });
}

export function transfer(id: number, operatorId: number) {
  return api(`/admin/chat/conversations/${id}/transfer`, { method: 'POST', body: { operatorId } });
}

export function clientMessageId(): string {
  return `op-${crypto.randomUUID()}`;
}

export function sendText(id: number, clientId: string, text: string) {
  return api<ChatMessage>(`/admin/chat/conversations/${id}/messages`, {
    method: 'POST',
    body: { clientMessageId: clientId, text },
  });
}

export async function sendImage(id: number, file: File) {
  const form = new FormData();
  form.set('clientMessageId', clientMessageId());
  form.set('image', file);
  const res = await fetch(buildUrl(`/admin/chat/conversations/${id}/attachments`), {
    method: 'POST',
    headers: authHeaders(),
    body: form,
  });
  const envelope = (await res.json()) as { success: boolean; code?: string; message?: string };
  if (!envelope.success) throw new ApiError(envelope.code ?? 'BAD_RESPONSE', envelope.message ?? '', res.status);
}

export function markRead(id: number, seq: number) {
  return api(`/admin/chat/conversations/${id}/read`, { method: 'POST', body: { seq } });
}

export function saveCanned(id: number | null, body: { title: string; text: string }) {
  return id === null
    ? api<Canned>('/admin/chat/canned', { method: 'POST', body })
    : api<Canned>(`/admin/chat/canned/${id}`, { method: 'PUT', body });
}

export function removeCanned(id: number) {
  return api(`/admin/chat/canned/${id}`, { method: 'DELETE' });
}

export type ChatSocket = {
  watch: (conversationId: number, after: number) => void;
  typing: (conversationId: number) => void;
  close: () => void;
};

/**
 * The chat socket with the operator's token (first message, never in the URL). It reconnects after
 * a drop and watches again from the last seq seen, so nothing is lost or doubled.
 */
export function openChatSocket(onEvent: (event: ChatServerEvent) => void, onReady: () => void): ChatSocket {
  let ws: WebSocket | undefined;
  let stopped = false;
  let attempt = 0;
  const connect = () => {
    const url = `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}${CHAT_SOCKET_PATH}`;
    const socket = new WebSocket(url);
    ws = socket;
    socket.onopen = () => socket.send(JSON.stringify({ type: 'auth', token: readToken() ?? '' }));
    socket.onmessage = (m) => {
      const event = JSON.parse(String(m.data)) as ChatServerEvent;
      if (event.type === 'ready') {
        attempt = 0;
        onReady();
      }
      onEvent(event);
    };
    socket.onclose = (e) => {
      if (stopped || e.code === 4001) return;
      attempt++;
      setTimeout(connect, Math.min(10_000, 500 * 2 ** attempt));
    };
  };
  connect();
  const sendJson = (v: unknown) => {
    if (ws?.readyState === WebSocket.OPEN) ws.send(JSON.stringify(v));
  };
  return {
    watch: (conversationId, after) => sendJson({ type: 'watch', conversationId, after }),
    typing: (conversationId) => sendJson({ type: 'typing', conversationId }),
    close: () => {
      stopped = true;
      ws?.close();
    },
  };
}
