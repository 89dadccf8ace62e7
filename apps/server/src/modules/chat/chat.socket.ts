import {
  CHAT_SOCKET_AUTH_MS,
  CHAT_SOCKET_PATH,
  ChatClientMessage,
  type ChatServerEvent,
} from '@gamehall/shared/api/chat';
import { holdsPermission } from '@gamehall/shared/api/permissions';
import type { AppContext } from '../../context';
import { usablePermissions } from '../../http/auth';
import { AppError } from '../../http/errors';
import type { ChatNotice } from '../../realtime/event-bus';
import type { RealtimeScope, Socket } from '../../realtime/realtime';
import type { SocketRegistry } from '../../realtime/socket-registry';
import { openSocketSession } from '../../realtime/socket-session';
import { operatorGrants, resolveSession } from '../accounts/sessions.service';
import { presentMessage } from './chat.presenter';
import * as chat from './chat.service';

const PUMP_BATCH = 200;

type Role = 'member' | 'visitor' | 'operator';

/** One socket's watch of one conversation: what it has sent so far, in seq order. */
type Watch = {
  conversationId: number;
  side: chat.Side;
  lastSent: number;
  pumping: boolean;
  again: boolean;
  send: (event: ChatServerEvent) => void;
  closed: () => boolean;
};

/**
 * GET /ws/chat: the live chat's socket (docs/chat.md). It rides the realtime stack's WebSocket plugin
 * and event bus (CHAT_CHANNEL), so a message committed on any node reaches every node's watchers.
 * Delivery per watch is in seq order and exactly once: a notice that carries the next seq is sent
 * at once; anything else (a gap, a large message, the replay after `after`) is read from the table.
 */
export function registerChatSocket(app: RealtimeScope, ctx: AppContext, registry: SocketRegistry): void {
  const watches = new Map<number, Set<Watch>>();
  const operatorSockets = new Set<(event: ChatServerEvent) => void>();
  let subscribed: Promise<unknown> | undefined;

  function ensureSubscribed() {
    subscribed ??= ctx.events.subscribeChat(dispatch).catch((error: unknown) => {
      subscribed = undefined;
      throw error;
    });
    return subscribed;
  }

  function dispatch(notice: ChatNotice) {
    const c = typeof notice.c === 'number' ? notice.c : null;
    if (c === null) return;
    const mine = watches.get(c);
    if (notice.k === 's') {
      const event: ChatServerEvent = {
        type: 'conversation',
        data: {
          conversationId: c,
          state: notice.st as 'queued',
          operatorId: typeof notice.o === 'number' ? notice.o : null,
        },
      };
      for (const w of mine ?? []) if (w.side === 'customer') w.send(event);
      for (const send of operatorSockets) send(event);
      return;
    }
    if (!mine) return;
    for (const w of mine) {
      if (notice.k === 'm' && typeof notice.s === 'number') {
        if (notice.s <= w.lastSent) continue;
        if (!w.pumping && notice.s === w.lastSent + 1 && notice.m) {
          w.lastSent = notice.s;
          w.send({ type: 'message', data: presentMessage(notice.m as chat.MessageRow) });
        } else void pump(w);
      } else if (notice.k === 't' && notice.by !== w.side) {
        w.send({ type: 'typing', data: { conversationId: c, by: notice.by as chat.Side } });
      } else if (notice.k === 'r' && typeof notice.s === 'number') {
        w.send({ type: 'read', data: { conversationId: c, by: notice.by as chat.Side, seq: notice.s } });
      }
    }
  }

  /** Sends what the table holds after lastSent, in order; one pump per watch at a time. */
  async function pump(w: Watch): Promise<void> {
    if (w.pumping) {
      w.again = true;
      return;
    }
    w.pumping = true;
    try {
      do {
        w.again = false;
        const rows = await chat.messagesAfter(ctx, w.conversationId, w.lastSent, PUMP_BATCH);
        for (const row of rows) {
          if (w.closed()) return;
          if (row.seq <= w.lastSent) continue;
          w.lastSent = row.seq;
          w.send({ type: 'message', data: presentMessage(row) });
        }
        if (rows.length === PUMP_BATCH) w.again = true;
      } while (w.again && !w.closed());
    } finally {
      w.pumping = false;
    }
  }

  app.get(
    CHAT_SOCKET_PATH,
    {
      websocket: true,
      schema: {
        tags: ['realtime'],
        summary:
          "Live chat socket: send { type: 'auth', token | visitorToken } first, then { type: 'watch', conversationId, after }; messages arrive in seq order, each once",
      },
      config: { auth: 'public' },
    },
    (raw, request) => {
      const socket = raw as Socket;
      if (!registry.admitAddress(socket, request.ip)) return;
      const session = openSocketSession<ChatServerEvent>(socket, CHAT_SOCKET_AUTH_MS);
      const { send, refuse } = session;
      const mine = new Map<number, Watch>();
      let role: Role | undefined;
      let party: chat.Party | undefined;
      let authing = false;
      session.onClose(() => {
        for (const w of mine.values()) unregister(w);
      });

      const unregister = (w: Watch) => {
        const set = watches.get(w.conversationId);
        set?.delete(w);
        if (set?.size === 0) watches.delete(w.conversationId);
      };

      // The session is checked again as soon as the member's sessions change on any node (a logout,
      // "sign out other devices"), and periodically should a notification be missed.
      const keepChecking = (memberId: number, check: () => void) => {
        session.keepChecking(check);
        session.onClose(registry.track(memberId, check));
      };

      const authenticate = async (message: { token?: string | undefined; visitorToken?: string | undefined }) => {
        session.authenticated();
        if (message.token) {
          const principal = await resolveSession(ctx, message.token);
          if (!principal) return refuse('unauthorised');
          if (session.closed() || !registry.admitMember(socket, principal.memberId)) return;
          if (principal.isOperator) {
            const grants = principal.area === 'admin' ? usablePermissions(principal) : [];
            if (!holdsPermission(grants, 'support.chat')) return refuse('unauthorised');
            role = 'operator';
            const token = message.token;
            keepChecking(principal.memberId, () => {
              void operatorGrants(ctx, token)
                .then((g) => {
                  if (g === null || !holdsPermission(g, 'support.chat')) refuse('session ended');
                })
                .catch(() => undefined);
            });
          } else {
            role = 'member';
            party = { kind: 'member', memberId: principal.memberId, name: principal.username };
            const token = message.token;
            keepChecking(principal.memberId, () => {
              void resolveSession(ctx, token)
                .then((p) => {
                  if (!p) refuse('session ended');
                })
                .catch(() => undefined);
            });
          }
        } else if (message.visitorToken) {
          const visitor = chat.verifyVisitor(ctx, message.visitorToken);
          if (!visitor) return refuse('unauthorised');
          role = 'visitor';
          party = visitor;
        } else return refuse('unauthorised');
        await ensureSubscribed();
        if (session.closed()) return;
        if (role === 'operator') {
          operatorSockets.add(send);
          session.onClose(() => operatorSockets.delete(send));
        }
        send({ type: 'ready', data: { role } });
      };

      const watch = async (conversationId: number, after: number) => {
        try {
          if (role === 'operator') await chat.conversationById(ctx, conversationId);
          else if (party) await chat.customerConversation(ctx, party, conversationId);
          else return;
        } catch (error) {
          const code = error instanceof AppError ? error.code : 'INTERNAL_ERROR';
          send({ type: 'error', data: { conversationId, code } });
          return;
        }
        if (session.closed()) return;
        const previous = mine.get(conversationId);
        if (previous) unregister(previous);
        const w: Watch = {
          conversationId,
          side: role === 'operator' ? 'operator' : 'customer',
          lastSent: after,
          pumping: false,
          again: false,
          send,
          closed: () => session.closed() || mine.get(conversationId) !== w,
        };
        mine.set(conversationId, w);
        const set = watches.get(conversationId) ?? new Set();
        watches.set(conversationId, set.add(w));
        // Registered before the replay reads the table: a message committed meanwhile either is in
        // the replay or arrives as a notice after it (and is skipped if the replay already sent it).
        await pump(w);
      };

      socket.on('message', (data) => {
        if (session.closed()) return;
        let parsed: unknown;
        try {
          parsed = JSON.parse(String(data));
        } catch {
          parsed = null;
        }
        const message = ChatClientMessage.safeParse(parsed);
        if (!role) {
          if (authing) return;
          authing = true;
          if (!message.success || message.data.type !== 'auth') return refuse('unauthorised');
          void authenticate(message.data).catch(() => socket.close(1011, 'internal error'));
          return;
        }
        if (!message.success) return send({ type: 'error', data: { code: 'BAD_REQUEST' } });
        const m = message.data;
        if (m.type === 'watch') void watch(m.conversationId, m.after).catch(() => undefined);
        else if (m.type === 'unwatch') {
          const w = mine.get(m.conversationId);
          if (w) {
            mine.delete(m.conversationId);
            unregister(w);
          }
        } else if (m.type === 'typing' && mine.has(m.conversationId)) {
          void chat.typing(ctx, m.conversationId, role === 'operator' ? 'operator' : 'customer').catch(() => undefined);
        }
      });
    },
  );
}
