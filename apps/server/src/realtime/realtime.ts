import websocket from '@fastify/websocket';
import { RealtimeQuery } from '@gamehall/shared/api/wallet';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../context';
import type { App } from '../http/app-type';
import type { Principal } from '../http/auth';
import type { RealtimeEvent } from './event-bus';
import { registerOperatorRealtime } from './operator-realtime';
import { createSocketRegistry, type SocketRegistry } from './socket-registry';

/** Close code for a missing, invalid or expired session token (the client should log in again). */
export const CLOSE_UNAUTHORISED = 4001;

// A revoked session (logout, password change, an operator's lock) is checked again as soon as the
// member's invalidation notification arrives (the trigger of migration 0013, on every node), and
// in any case within this time, should a notification be missed.
const RECHECK_MS = 60_000;

export type Socket = {
  readyState: number;
  send: (data: string) => void;
  close: (code?: number, reason?: string) => void;
  on: (event: 'close' | 'message' | 'error', listener: (...args: unknown[]) => void) => void;
};
const OPEN = 1;

/** The scope the sockets are registered in: the one @fastify/websocket is registered in. */
export type RealtimeScope = App;

/** What the sockets check of a session token; the accounts area answers (the composition root passes it). */
export type SocketSessions = {
  /** The principal of a live session, as every HTTP request resolves it, or null. */
  resolve: (token: string) => Promise<Principal | null>;
  /**
   * An operator's permissions while the session lives, or null once it has ended; unlike `resolve`
   * it never touches last_seen_at (an open socket is not the operator using the console).
   */
  operatorGrants: (token: string) => Promise<string[] | null>;
};

/**
 * Registers one more socket route (an area's, such as the live chat's) inside the WebSocket scope;
 * a socket opened with a member's session tracks it in `registry`, so that its revocation closes it.
 */
export type SocketRoutes = (app: RealtimeScope, ctx: AppContext, registry: SocketRegistry) => void;

export type RealtimeCollaborators = {
  sessions: SocketSessions;
  /** The areas' own sockets, registered beside /ws and the operators' socket. */
  sockets: readonly SocketRoutes[];
};

/**
 * GET /ws?token=... upgrades to a WebSocket carrying JSON messages `{ type, data }` (for now the
 * `balance` event after every committed change of the member's cash). Events come from the event
 * bus, which on PostgreSQL listens to NOTIFY so every node delivers events of every node.
 */
export function registerRealtime(root: App, ctx: AppContext, { sessions, sockets }: RealtimeCollaborators): void {
  root.addHook('onClose', async () => {
    await ctx.events.close();
  });
  // Sockets by member, each with its check: an invalidation of the member (or of everything) runs it.
  const registry = createSocketRegistry(ctx);
  root.register(async (scoped) => {
    await scoped.register(websocket, { options: { maxPayload: 4096 } });
    // @fastify/websocket hides websocket routes from OpenAPI; every route must be documented (style rule).
    scoped.addHook('onRoute', (route) => {
      if (route.websocket && route.schema) route.schema.hide = false;
    });
    const app = scoped.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/ws',
      {
        websocket: true,
        schema: {
          tags: ['realtime'],
          summary: 'WebSocket of realtime events ({ type, data }); closes with 4001 when the token is not valid',
          querystring: RealtimeQuery,
        },
        config: { auth: 'public' },
      },
      (raw, request) => {
        const socket = raw as Socket;
        if (!registry.admitAddress(socket, request.ip)) return;
        const token = request.query.token;
        let unsubscribe: (() => void) | undefined;
        let closed = false;
        let timer: NodeJS.Timeout | undefined;
        let forget: (() => void) | undefined;
        socket.on('close', () => {
          closed = true;
          unsubscribe?.();
          forget?.();
          if (timer) clearInterval(timer);
        });
        socket.on('error', () => undefined);
        // Clients only listen; anything they send is ignored.
        socket.on('message', () => undefined);
        void (async () => {
          const principal = token ? await sessions.resolve(token) : null;
          if (!principal || principal.isOperator) {
            socket.close(CLOSE_UNAUTHORISED, 'unauthorised');
            return;
          }
          if (closed || !registry.admitMember(socket, principal.memberId)) return;
          const off = await ctx.events.subscribe(principal.memberId, (event: RealtimeEvent) => {
            if (socket.readyState === OPEN) socket.send(JSON.stringify(event));
          });
          if (closed) {
            off();
            return;
          }
          unsubscribe = off;
          socket.send(JSON.stringify({ type: 'ready', data: { memberId: principal.memberId } }));
          const check = () => {
            void sessions
              .resolve(token ?? '')
              .then((p) => {
                if (!p) socket.close(CLOSE_UNAUTHORISED, 'session ended');
              })
              .catch(() => undefined);
          };
          forget = registry.track(principal.memberId, check);
          timer = setInterval(check, RECHECK_MS);
          timer.unref();
        })().catch(() => socket.close(1011, 'internal error'));
      },
    );
    registerOperatorRealtime(app, ctx, sessions, registry);
    for (const register of sockets) register(app, ctx, registry);
  });
}
