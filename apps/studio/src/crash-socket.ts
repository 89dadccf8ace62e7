import type { FastifyInstance } from 'fastify';
import type { CrashGame } from './crash';
import { attachSocketRoute, WS_OPEN } from './socket-route';

// GET /studio/ws/crash: a WebSocket carrying the crash game's state ({ type: 'state', data }) to every
// page, on every change and at least once a second. Pages only listen: bets and cash-outs go through
// the HTTP API with the game token, so the socket needs no session.

export function attachCrashSocket(app: FastifyInstance, crash: CrashGame): void {
  attachSocketRoute(app, '/ws/crash', {
    check: async () => undefined,
    onSocket: (ws) =>
      crash.subscribe((message) => {
        if (ws.readyState === WS_OPEN) ws.send(message);
      }),
  });
}
