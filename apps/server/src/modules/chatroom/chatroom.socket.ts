import {
  CHATROOM_SOCKET_AUTH_MS,
  CHATROOM_SOCKET_PATH,
  ChatroomClientMessage,
  type ChatroomServerEvent,
  CLOSE_CHATROOM_BANNED,
} from '@gamehall/shared/api/chatroom';
import type { AppContext } from '../../context';
import type { ChatNotice } from '../../realtime/event-bus';
import type { RealtimeScope, Socket } from '../../realtime/realtime';
import type { SocketRegistry } from '../../realtime/socket-registry';
import { openSocketSession } from '../../realtime/socket-session';
import { resolveSession } from '../accounts/sessions.service';
import { presentMessage } from './chatroom.presenter';
import * as room from './chatroom.service';

/** One member's open room: its sends, and the member whose restriction notices it takes. */
type Reader = { memberId: number; send: (event: ChatroomServerEvent) => void; banned: () => void };

/**
 * GET /ws/chatroom: the public room's socket (docs/chat.md "Public chat room"). It rides the realtime stack's
 * WebSocket plugin and the support chat's channel (CHAT_CHANNEL), so a message committed on any node
 * reaches every node's readers, and a deletion removes it from each. The client loads the history
 * over HTTP after `ready` (so a reconnect also catches deletions it missed) and merges by seq.
 */
export function registerChatroomSocket(app: RealtimeScope, ctx: AppContext, registry: SocketRegistry): void {
  const readers = new Set<Reader>();
  let subscribed: Promise<unknown> | undefined;

  function ensureSubscribed() {
    subscribed ??= ctx.events.subscribeChat(dispatch).catch((error: unknown) => {
      subscribed = undefined;
      throw error;
    });
    return subscribed;
  }

  function dispatch(raw: ChatNotice) {
    const notice = room.roomNotice(raw);
    if (!notice || readers.size === 0) return;
    if (notice.k === 'm') {
      for (const r of readers) r.send({ type: 'message', data: presentMessage(notice.m, r.memberId) });
    } else if (notice.k === 'd') {
      for (const r of readers) r.send({ type: 'deleted', data: { id: notice.id } });
    } else if (notice.k === 'r') {
      for (const r of [...readers]) {
        if (r.memberId !== notice.member) continue;
        r.send({ type: 'restriction', data: notice.r });
        if (notice.r?.kind === 'ban') r.banned();
      }
    }
  }

  app.get(
    CHATROOM_SOCKET_PATH,
    {
      websocket: true,
      schema: {
        tags: ['realtime'],
        summary:
          "Public chat room socket: send { type: 'auth', token } first; then message, deleted and restriction events (closes with 4003 when banned)",
      },
      config: { auth: 'public' },
    },
    (raw, request) => {
      const socket = raw as Socket;
      if (!registry.admitAddress(socket, request.ip)) return;
      const session = openSocketSession<ChatroomServerEvent>(socket, CHATROOM_SOCKET_AUTH_MS);
      const { send, refuse } = session;
      let authing = false;

      const authenticate = async (token: string) => {
        session.authenticated();
        const principal = await resolveSession(ctx, token);
        // Operators read the room in the back office; the socket is the members'.
        if (!principal || principal.isOperator) return refuse('unauthorised');
        if (session.closed() || !registry.admitMember(socket, principal.memberId)) return;
        // The session is checked again as soon as the member's sessions change on any node (a
        // logout, "sign out other devices"), and periodically should a notification be missed.
        const check = () => {
          void resolveSession(ctx, token)
            .then((p) => {
              if (!p) refuse('session ended');
            })
            .catch(() => undefined);
        };
        session.keepChecking(check);
        session.onClose(registry.track(principal.memberId, check));
        await ensureSubscribed();
        if (session.closed()) return;
        const banned = () => socket.close(CLOSE_CHATROOM_BANNED, 'banned from the chat room');
        const reader: Reader = { memberId: principal.memberId, send, banned };
        // Registered before the restriction is read: a ban committed meanwhile still closes it.
        readers.add(reader);
        session.onClose(() => readers.delete(reader));
        const restriction = await room.restrictionFor(ctx, principal.memberId);
        if (session.closed()) return;
        send({ type: 'ready', data: { role: 'member', restriction } });
        if (restriction?.kind === 'ban') banned();
      };

      socket.on('message', (data) => {
        if (session.closed() || authing) return;
        authing = true;
        let parsed: unknown;
        try {
          parsed = JSON.parse(String(data));
        } catch {
          parsed = null;
        }
        const message = ChatroomClientMessage.safeParse(parsed);
        if (!message.success) return refuse('unauthorised');
        void authenticate(message.data.token).catch(() => socket.close(1011, 'internal error'));
      });
    },
  );
}
