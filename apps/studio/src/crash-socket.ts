import type { IncomingMessage } from 'node:http';
import { createRequire } from 'node:module';
import type { Duplex } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { CrashGame } from './crash';
import { StudioError } from './errors';

// GET /studio/ws/crash: a WebSocket carrying the crash game's state ({ type: 'state', data }) to every
// page, on every change and at least once a second. Pages only listen: bets and cash-outs go through
// the HTTP API with the game token, so the socket needs no session.
//
// Upgrades: mounted in the platform, the platform's @fastify/websocket already listens to the
// server's 'upgrade' event and routes every upgrade through Fastify, so this route is reached as a
// plain GET and takes the socket over (registering @fastify/websocket a second time would route each
// upgrade twice). Running alone, nothing listens, so the studio listens itself for its own path.

type WsSocket = {
  readyState: number;
  send: (data: string) => void;
  close: (code?: number, reason?: string) => void;
  terminate: () => void;
  on: (event: 'close' | 'message' | 'error', listener: (...args: unknown[]) => void) => void;
};
type WsServer = {
  handleUpgrade: (req: IncomingMessage, socket: Duplex, head: Buffer, done: (ws: WsSocket) => void) => void;
  close: () => void;
};
// `ws` ships without types (it is @fastify/websocket's server): the slice used here.
const { WebSocketServer } = createRequire(import.meta.url)('ws') as {
  WebSocketServer: new (options: { noServer: true; maxPayload: number }) => WsServer;
};

const OPEN = 1;
const PATH = '/ws/crash';

export function attachCrashSocket(app: FastifyInstance, crash: CrashGame): void {
  const wss = new WebSocketServer({ noServer: true, maxPayload: 1024 });
  const sockets = new Set<WsSocket>();

  const accept = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    wss.handleUpgrade(req, socket, head, (ws) => {
      sockets.add(ws);
      const off = crash.subscribe((message) => {
        if (ws.readyState === OPEN) ws.send(message);
      });
      ws.on('close', () => {
        off();
        sockets.delete(ws);
      });
      ws.on('error', () => undefined);
      ws.on('message', () => undefined);
    });
  };

  app.get(PATH, { config: { auth: 'public' } }, async (request, reply) => {
    if (String(request.headers.upgrade ?? '').toLowerCase() !== 'websocket') {
      throw new StudioError('STUDIO_BAD_REQUEST', undefined, 'This address is a WebSocket');
    }
    reply.hijack();
    accept(request.raw, request.raw.socket, Buffer.alloc(0));
  });

  const fullPath = `${app.prefix}${PATH}`;
  const ownUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    if ((req.url ?? '').split('?')[0] === fullPath) accept(req, socket, head);
    else socket.destroy();
  };
  app.addHook('onReady', async () => {
    if (app.server.listenerCount('upgrade') === 0) app.server.on('upgrade', ownUpgrade);
  });
  app.addHook('onClose', async () => {
    app.server.removeListener('upgrade', ownUpgrade);
    for (const ws of sockets) ws.terminate();
    wss.close();
  });
}
