import type { IncomingMessage } from 'node:http';
import { createRequire } from 'node:module';
import type { Duplex } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { ErrorWords } from './error-words';
import { StudioError } from './errors';
import { hashToken } from './sessions';

// The studio's WebSocket routes (/studio/ws/crash, /studio/ws/table): a feed of JSON messages to the
// page; a route that takes requests from the page too (crash: bet, cash-out) gives an `onMessage`,
// and a route without one ignores what the page sends (the live tables).
//
// Upgrades: mounted in the platform, the platform's @fastify/websocket already listens to the
// server's 'upgrade' event and routes every upgrade through Fastify, so a route is reached as a
// plain GET and takes the socket over (registering @fastify/websocket a second time would route each
// upgrade twice). Running alone, nothing listens, so the studio installs one listener of its own that
// dispatches its paths (and drops any other upgrade).

export type WsSocket = {
  readyState: number;
  send: (data: string) => void;
  close: (code?: number, reason?: string) => void;
  terminate: () => void;
  ping: () => void;
  on: (event: 'close' | 'message' | 'error' | 'pong', listener: (...args: unknown[]) => void) => void;
};
type WsServer = {
  handleUpgrade: (req: IncomingMessage, socket: Duplex, head: Buffer, done: (ws: WsSocket) => void) => void;
  close: () => void;
};
// `ws` ships without types (it is @fastify/websocket's server): the slice used here.
const { WebSocketServer } = createRequire(import.meta.url)('ws') as {
  WebSocketServer: new (options: { noServer: true; maxPayload: number }) => WsServer;
};

export const WS_OPEN = 1;

/**
 * A socket connected to `path`: `onSocket` gets it with the request's query and answers the cleanup
 * to run when it closes. `check` runs before the upgrade (throw a StudioError to refuse with HTTP),
 * with the address the request came from (Fastify's request.ip when mounted, so the platform's
 * proxy settings apply; the socket's peer when the studio runs alone).
 * `onMessage` gets each message the page sends, as text (none: messages are ignored).
 */
export type SocketHandler<T> = {
  check: (query: URLSearchParams, address: string | undefined) => Promise<T>;
  onSocket: (ws: WsSocket, checked: T) => () => void;
  onMessage?: (ws: WsSocket, text: string, checked: T) => void;
};

type Route = (req: IncomingMessage, socket: Duplex, head: Buffer) => Promise<void>;
const routesOf = new WeakMap<FastifyInstance, Map<string, Route>>();

/** Close code of a socket whose game session the platform ended: the page must not reconnect. */
export const CLOSE_SESSION_ENDED = 4001;

// The open sockets of each game session (by its token's hash), per server: every route of a studio
// shares its HTTP server, so one ended session closes its crash, table, card room and book sockets.
const sessionSocketsOf = new WeakMap<object, Map<string, Set<WsSocket>>>();

function sessionSockets(server: object): Map<string, Set<WsSocket>> {
  let map = sessionSocketsOf.get(server);
  if (!map) {
    map = new Map();
    sessionSocketsOf.set(server, map);
  }
  return map;
}

/** Closes this server's sockets of the game sessions named by their token hashes; answers how many. */
export function closeSessionSockets(app: FastifyInstance, tokenHashes: readonly string[]): number {
  const map = sessionSockets(app.server);
  let closed = 0;
  for (const hash of tokenHashes) {
    const open = map.get(hash);
    if (!open) continue;
    map.delete(hash);
    for (const ws of open) {
      ws.close(CLOSE_SESSION_ENDED, 'session ended');
      closed++;
    }
  }
  return closed;
}

/**
 * Heartbeat: every HEARTBEAT_MS each socket is pinged, and one that left two pings in a row
 * unanswered is closed. A page that vanished without closing (a phone losing its network) would
 * otherwise keep its game "watched", and so its loop running, until the operating system's TCP
 * timeout. Two, not one, and judged after the turn's I/O: a server that was itself held up (a busy
 * or starved process) must not read its own delay as the page's silence.
 */
export const HEARTBEAT_MS = 30_000;

/**
 * A page's request as a socket route reads it: the message's JSON (`raw`, undefined when it is not
 * JSON) checked by `schema`; when it is no request, the error to answer with, naming the fields at
 * fault in the page's words.
 */
export function readRequest<S extends z.ZodType>(
  text: string,
  schema: S,
  words: ErrorWords,
):
  | { ok: true; request: z.output<S> }
  | { ok: false; raw: unknown; error: { code: 'STUDIO_BAD_REQUEST'; message: string; detail: { fields: string[] } } } {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    raw = undefined;
  }
  const parsed = schema.safeParse(raw);
  if (parsed.success) return { ok: true, request: parsed.data };
  const fields =
    raw === undefined ? ['(message)'] : [...new Set(parsed.error.issues.map((i) => i.path.join('.') || '(message)'))];
  const message = raw === undefined ? words.notJson : words.invalidFields(fields);
  return { ok: false, raw, error: { code: 'STUDIO_BAD_REQUEST', message, detail: { fields } } };
}

const queryOf = (url: string | undefined) => new URLSearchParams((url ?? '').split('?')[1] ?? '');

export function attachSocketRoute<T>(
  app: FastifyInstance,
  path: string,
  handler: SocketHandler<T>,
  options: { heartbeatMs?: number; maxPayload?: number } = {},
): void {
  const wss = new WebSocketServer({ noServer: true, maxPayload: options.maxPayload ?? 1024 });
  const sockets = new Map<WsSocket, { missed: number }>();

  const bySession = sessionSockets(app.server);
  const accept = (req: IncomingMessage, socket: Duplex, head: Buffer, checked: T) => {
    const token = queryOf(req.url).get('token');
    const session = token ? hashToken(token) : undefined;
    wss.handleUpgrade(req, socket, head, (ws) => {
      const state = { missed: 0 };
      sockets.set(ws, state);
      if (session) bySession.set(session, (bySession.get(session) ?? new Set()).add(ws));
      const off = handler.onSocket(ws, checked);
      ws.on('close', () => {
        off();
        sockets.delete(ws);
        const mine = session ? bySession.get(session) : undefined;
        if (mine?.delete(ws) && mine.size === 0) bySession.delete(session as string);
      });
      ws.on('pong', () => {
        state.missed = 0;
      });
      ws.on('error', () => undefined);
      const onMessage = handler.onMessage;
      ws.on('message', (data) => {
        if (onMessage) onMessage(ws, Buffer.isBuffer(data) ? data.toString('utf8') : String(data), checked);
      });
    });
  };
  // Timers run before the loop reads its sockets: judged in setImmediate, after this turn's poll, a
  // pong already waiting in the socket counts. A pong to the previous ping can then only be missing
  // if the page did not answer for a whole interval.
  const judge = () => {
    for (const [ws, state] of sockets) {
      if (state.missed >= 2) {
        ws.terminate();
        continue;
      }
      state.missed++;
      ws.ping();
    }
  };
  const heartbeat = setInterval(() => setImmediate(judge), options.heartbeatMs ?? HEARTBEAT_MS);
  heartbeat.unref();

  app.get(path, { config: { auth: 'public' } }, async (request, reply) => {
    if (String(request.headers.upgrade ?? '').toLowerCase() !== 'websocket') {
      throw new StudioError('STUDIO_BAD_REQUEST', undefined, (w) => w.webSocketOnly);
    }
    let checked: T;
    try {
      checked = await handler.check(queryOf(request.raw.url), request.ip);
    } catch (error) {
      // The refusal goes out over an upgrade's socket, which the HTTP server no longer tracks: end it
      // once answered, or it stays open until the client drops it and holds up the server's close.
      reply.raw.once('finish', () => request.raw.socket.destroy());
      throw error;
    }
    reply.hijack();
    accept(request.raw, request.raw.socket, Buffer.alloc(0), checked);
  });

  // Running alone: one upgrade listener per app dispatches every studio socket path.
  let routes = routesOf.get(app);
  if (!routes) {
    const table = new Map<string, Route>();
    routes = table;
    routesOf.set(app, table);
    const ownUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
      const route = table.get((req.url ?? '').split('?')[0] ?? '');
      if (!route) {
        socket.destroy();
        return;
      }
      route(req, socket, head).catch(() => socket.destroy());
    };
    app.addHook('onReady', async () => {
      if (app.server.listenerCount('upgrade') === 0) app.server.on('upgrade', ownUpgrade);
    });
    app.addHook('onClose', async () => {
      app.server.removeListener('upgrade', ownUpgrade);
    });
  }
  routes.set(`${app.prefix}${path}`, async (req, socket, head) => {
    const checked = await handler.check(queryOf(req.url), req.socket.remoteAddress);
    accept(req, socket, head, checked);
  });
  app.addHook('onClose', async () => {
    clearInterval(heartbeat);
    for (const ws of sockets.keys()) ws.terminate();
    wss.close();
  });
}
