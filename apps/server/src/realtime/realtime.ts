import websocket from '@fastify/websocket';
import { RealtimeQuery } from '@gamehall/shared/api/wallet';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { App } from '../app';
import type { AppContext } from '../context';
import { resolveSession } from '../modules/accounts/sessions.service';
import type { RealtimeEvent } from './event-bus';

/** Close code for a missing, invalid or expired session token (the client should log in again). */
export const CLOSE_UNAUTHORISED = 4001;

// A revoked session (logout, password change) stops receiving events within this time.
const RECHECK_MS = 60_000;

type Socket = {
  readyState: number;
  send: (data: string) => void;
  close: (code?: number, reason?: string) => void;
  on: (event: 'close' | 'message' | 'error', listener: (...args: unknown[]) => void) => void;
};
const OPEN = 1;

/**
 * GET /ws?token=... upgrades to a WebSocket carrying JSON messages `{ type, data }` (for now the
 * `balance` event after every committed change of the member's cash). Events come from the event
 * bus, which on PostgreSQL listens to NOTIFY so every node delivers events of every node.
 */
export function registerRealtime(root: App, ctx: AppContext): void {
  root.addHook('onClose', async () => {
    await ctx.events.close();
  });
  root.register(async (scoped) => {
    await scoped.register(websocket, { options: { maxPayload: 4096 } });
    // @fastify/websocket hides websocket routes from OpenAPI; every route must be documented (style rule).
    scoped.addHook('onRoute', (route) => {
      if (route.url === '/ws' && route.schema) route.schema.hide = false;
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
        const token = request.query.token;
        let unsubscribe: (() => void) | undefined;
        let closed = false;
        let timer: NodeJS.Timeout | undefined;
        socket.on('close', () => {
          closed = true;
          unsubscribe?.();
          if (timer) clearInterval(timer);
        });
        socket.on('error', () => undefined);
        // Clients only listen; anything they send is ignored.
        socket.on('message', () => undefined);
        void (async () => {
          const principal = token ? await resolveSession(ctx, token) : null;
          if (!principal || principal.isOperator) {
            socket.close(CLOSE_UNAUTHORISED, 'unauthorised');
            return;
          }
          const off = await ctx.events.subscribe(principal.memberId, (event: RealtimeEvent) => {
            if (socket.readyState === OPEN) socket.send(JSON.stringify(event));
          });
          if (closed) {
            off();
            return;
          }
          unsubscribe = off;
          socket.send(JSON.stringify({ type: 'ready', data: { memberId: principal.memberId } }));
          timer = setInterval(() => {
            void resolveSession(ctx, token ?? '')
              .then((p) => {
                if (!p) socket.close(CLOSE_UNAUTHORISED, 'session ended');
              })
              .catch(() => undefined);
          }, RECHECK_MS);
          timer.unref();
        })().catch(() => socket.close(1011, 'internal error'));
      },
    );
  });
}
