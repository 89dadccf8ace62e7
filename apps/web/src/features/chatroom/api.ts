import {
  CHATROOM_SOCKET_PATH,
  type ChatroomMessage,
  type ChatroomServerEvent,
  type ChatroomState,
  CLOSE_CHATROOM_BANNED,
} from '@gamehall/shared/api/chatroom';
import { ApiError, apiRequest } from '../../lib/api-client';
import { readToken } from '../../lib/storage';

// The public chat room's calls (modules/chatroom) and its socket.

export function fetchRoom() {
  return apiRequest<ChatroomState>('/wps/chatroom');
}

export function newClientId(): string {
  return `r-${crypto.randomUUID()}`;
}

/** Posts a message; a failed attempt is retried with the same client id, so it is stored once. */
export async function postMessage(text: string, clientMessageId = newClientId()) {
  let lastError: unknown;
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      return await apiRequest<ChatroomMessage>('/wps/chatroom/messages', {
        method: 'POST',
        body: { clientMessageId, text },
      });
    } catch (error) {
      lastError = error;
      if (!(error instanceof ApiError) || (error.code !== 'NETWORK_ERROR' && error.code !== 'REQUEST_TIMEOUT'))
        throw error;
    }
  }
  throw lastError;
}

export type RoomSocket = { close: () => void };

const BANNED_RETRY_MS = 60_000;

/**
 * The room's socket: authenticates with the session token and reports its events; after a drop it
 * reconnects (the page reloads the history on each `ready`). A refused session (4001) ends it; after
 * a ban (CLOSE_CHATROOM_BANNED) it tries once a minute, so a lifted ban opens the room again.
 */
export function openRoomSocket(
  onEvent: (event: ChatroomServerEvent) => void,
  onLive: (live: boolean) => void,
  onBanned: () => void,
): RoomSocket {
  let ws: WebSocket | undefined;
  let stopped = false;
  let attempt = 0;
  const later = (ms: number) =>
    setTimeout(() => {
      if (!stopped) connect();
    }, ms);
  const connect = () => {
    const socket = new WebSocket(
      `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}${CHATROOM_SOCKET_PATH}`,
    );
    ws = socket;
    socket.onopen = () => socket.send(JSON.stringify({ type: 'auth', token: readToken() ?? '' }));
    socket.onmessage = (m) => {
      const event = JSON.parse(String(m.data)) as ChatroomServerEvent;
      if (event.type === 'ready') {
        attempt = 0;
        onLive(true);
      }
      onEvent(event);
    };
    socket.onclose = (e) => {
      onLive(false);
      if (stopped || e.code === 4001) return;
      if (e.code === CLOSE_CHATROOM_BANNED) {
        onBanned();
        // A ban can be lifted early: try again now and then (the server closes it again meanwhile).
        later(BANNED_RETRY_MS);
        return;
      }
      attempt++;
      later(Math.min(10_000, 500 * 2 ** attempt));
    };
  };
  connect();
  return {
    close: () => {
      stopped = true;
      ws?.close();
    },
  };
}
