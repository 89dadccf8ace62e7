import {
  CHAT_SOCKET_PATH,
  type ChatConversation,
  type ChatMessage,
  type ChatServerEvent,
  VISITOR_HEADER,
} from '@gamehall/shared/api/chat';
import { ApiError, apiRequest } from '../../lib/api-client';
import { readToken } from '../../lib/storage';

// The chat window's calls (modules/chat) and its socket. A member is known by the session token; a
// visitor by the signed visitor token kept in local storage (the same visitor on return).

const VISITOR_KEY = 'chatVisitor';

export function readVisitor(): { token: string; name: string } | null {
  try {
    const raw = localStorage.getItem(VISITOR_KEY);
    return raw ? (JSON.parse(raw) as { token: string; name: string }) : null;
  } catch {
    return null;
  }
}

export async function becomeVisitor(name: string) {
  const value = await apiRequest<{ visitorToken: string; name: string }>('/wps/chat/visitor', {
    method: 'POST',
    body: { name },
  });
  localStorage.setItem(VISITOR_KEY, JSON.stringify({ token: value.visitorToken, name: value.name }));
  return value;
}

function visitorHeaders(): Record<string, string> {
  const visitor = readToken() ? null : readVisitor();
  return visitor ? { [VISITOR_HEADER]: visitor.token } : {};
}

/** apiRequest with the visitor header when there is no member session. */
async function call<T>(path: string, options: Parameters<typeof apiRequest>[1] = {}): Promise<T> {
  const extra = visitorHeaders();
  if (Object.keys(extra).length === 0) return apiRequest<T>(path, options);
  // apiRequest sets its own headers; a visitor's calls go through fetch with the same envelope.
  const url = new URL(path, window.location.origin);
  for (const [k, v] of Object.entries(options.query ?? {})) if (v !== undefined) url.searchParams.set(k, String(v));
  const res = await fetch(url, {
    method: options.method ?? 'GET',
    headers: {
      Device: 'WEB',
      ...extra,
      ...(options.body !== undefined ? { 'Content-Type': 'application/json' } : {}),
    },
    body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
  });
  const envelope = (await res.json()) as { success: boolean; value?: T; code?: string; message?: string };
  if (!envelope.success) throw new ApiError(envelope.code ?? 'INTERNAL_ERROR', envelope.message ?? '', res.status);
  return envelope.value as T;
}

export function currentConversation() {
  return call<{ conversation: ChatConversation | null }>('/wps/chat/conversation').then((r) => r.conversation);
}

export function openConversation() {
  return call<{ conversation: ChatConversation }>('/wps/chat/conversation', { method: 'POST' }).then(
    (r) => r.conversation,
  );
}

export function newClientId(): string {
  return `c-${crypto.randomUUID()}`;
}

/** Sends a text; a failed attempt is retried with the same client id, so it is stored once. */
export async function sendText(conversationId: number, text: string, clientMessageId = newClientId()) {
  let lastError: unknown;
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      return await call<ChatMessage>('/wps/chat/messages', {
        method: 'POST',
        body: { conversationId, clientMessageId, text },
      });
    } catch (error) {
      lastError = error;
      if (!(error instanceof ApiError) || (error.code !== 'NETWORK_ERROR' && error.code !== 'REQUEST_TIMEOUT'))
        throw error;
    }
  }
  throw lastError;
}

function authHeaders(): Record<string, string> {
  const token = readToken();
  return token ? { Authorization: token, Device: 'WEB' } : { Device: 'WEB', ...visitorHeaders() };
}

export async function sendImage(conversationId: number, file: File) {
  const form = new FormData();
  form.set('conversationId', String(conversationId));
  form.set('clientMessageId', newClientId());
  form.set('image', file);
  const res = await fetch('/wps/chat/attachments', { method: 'POST', headers: authHeaders(), body: form });
  const envelope = (await res.json().catch(() => ({ success: false, code: `HTTP_${res.status}` }))) as {
    success: boolean;
    code?: string;
    message?: string;
  };
  if (!envelope.success) throw new ApiError(envelope.code ?? 'INTERNAL_ERROR', envelope.message ?? '', res.status);
}

export async function attachmentUrl(id: number): Promise<string> {
  const res = await fetch(`/wps/chat/attachments/${id}`, { headers: authHeaders() });
  if (!res.ok) throw new ApiError('CHAT_ATTACHMENT_NOT_FOUND', '', res.status);
  return URL.createObjectURL(await res.blob());
}

export function markRead(conversationId: number, seq: number) {
  return call('/wps/chat/read', { method: 'POST', body: { conversationId, seq } });
}

export type ChatSocket = { typing: () => void; close: () => void };

/**
 * The chat socket: authenticates with the session or visitor token, watches the conversation from
 * the last seq seen, and after a drop reconnects and resumes from there (nothing lost or doubled).
 */
export function openChatSocket(
  conversationId: number,
  lastSeq: () => number,
  onEvent: (event: ChatServerEvent) => void,
  onLive: (live: boolean) => void,
): ChatSocket {
  let ws: WebSocket | undefined;
  let stopped = false;
  let attempt = 0;
  const connect = () => {
    const socket = new WebSocket(
      `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}${CHAT_SOCKET_PATH}`,
    );
    ws = socket;
    socket.onopen = () => {
      const token = readToken();
      const visitor = readVisitor();
      socket.send(
        JSON.stringify(token ? { type: 'auth', token } : { type: 'auth', visitorToken: visitor?.token ?? '' }),
      );
    };
    socket.onmessage = (m) => {
      const event = JSON.parse(String(m.data)) as ChatServerEvent;
      if (event.type === 'ready') {
        attempt = 0;
        onLive(true);
        socket.send(JSON.stringify({ type: 'watch', conversationId, after: lastSeq() }));
      }
      onEvent(event);
    };
    socket.onclose = (e) => {
      onLive(false);
      if (stopped || e.code === 4001) return;
      attempt++;
      setTimeout(connect, Math.min(10_000, 500 * 2 ** attempt));
    };
  };
  connect();
  let lastTyping = 0;
  return {
    typing: () => {
      if (Date.now() - lastTyping < 2_000 || ws?.readyState !== WebSocket.OPEN) return;
      lastTyping = Date.now();
      ws.send(JSON.stringify({ type: 'typing', conversationId }));
    },
    close: () => {
      stopped = true;
      ws?.close();
    },
  };
}
