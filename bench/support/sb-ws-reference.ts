// The odds fan-out bench's reference (bench/sportsbook.ts forks it): a bare `ws` server in its own
// process that keeps, as the studio's hub does, the sockets watching each event (from the page's
// `watch` message), and broadcasts a message already serialised (the studio's own text of it,
// captured by the clients) to every socket that watches its event. No database, no Fastify, no
// session: the floor of sending one text to that many sockets from one Node thread. Mode `frame`
// goes below `ws`'s send: the frame is built once and the same buffer written to every socket (the
// floor of the socket writes alone; `ws` frames and writes each send on its own).
import { createServer } from 'node:http';
import { createRequire } from 'node:module';

type Ws = {
  readyState: number;
  _socket: { write: (data: Buffer) => boolean };
  on: (event: string, listener: (...args: never[]) => void) => void;
  send: (data: string) => void;
  terminate: () => void;
};
const { WebSocketServer } = createRequire(import.meta.url)('ws') as {
  WebSocketServer: new (options: {
    server: ReturnType<typeof createServer>;
    perMessageDeflate: boolean;
    maxPayload: number;
  }) => { on: (event: 'connection', listener: (ws: Ws) => void) => void };
};

export type ReferenceOrder =
  | { kind: 'broadcast'; texts: string[]; events: string[]; intervalMs: number; mode: 'text' | 'frame' }
  | { kind: 'count' }
  | { kind: 'exit' };

export type ReferenceReport =
  | { kind: 'listening'; url: string }
  | { kind: 'count'; sockets: number; watching: number }
  /** Per message: when its broadcast began and how long the loop over its sockets took (ms). */
  | { kind: 'broadcast'; starts: number[]; loopMs: number[]; cpuMs: number };

/** An unmasked server text frame (RFC 6455). */
function serverFrame(text: string): Buffer {
  const payload = Buffer.from(text);
  const length = payload.length;
  const head = length < 126 ? Buffer.from([0x81, length]) : Buffer.alloc(4);
  if (length >= 126) {
    if (length >= 65536) throw new Error('message too long for this bench');
    head[0] = 0x81;
    head[1] = 126;
    head.writeUInt16BE(length, 2);
  }
  return Buffer.concat([head, payload]);
}

const nowMs = () => Number(process.hrtime.bigint()) / 1e6;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

async function main() {
  const byEvent = new Map<string, Set<Ws>>();
  let sockets = 0;
  const server = createServer();
  const wss = new WebSocketServer({ server, perMessageDeflate: false, maxPayload: 16 * 1024 });
  wss.on('connection', (ws) => {
    sockets++;
    let mine: string[] = [];
    ws.on('message', (data: Buffer) => {
      const message = JSON.parse(data.toString('utf8')) as { type?: string; events?: string[] };
      if (message.type !== 'watch' || !Array.isArray(message.events)) return;
      for (const id of mine) byEvent.get(id)?.delete(ws);
      mine = message.events;
      for (const id of mine) {
        let set = byEvent.get(id);
        if (!set) {
          set = new Set();
          byEvent.set(id, set);
        }
        set.add(ws);
      }
    });
    ws.on('close', () => {
      sockets--;
      for (const id of mine) byEvent.get(id)?.delete(ws);
    });
    ws.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', 4096, resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  process.send?.({ kind: 'listening', url: `ws://127.0.0.1:${port}/` } satisfies ReferenceReport);

  process.on('message', async (order: ReferenceOrder) => {
    if (order.kind === 'exit') process.exit(0);
    if (order.kind === 'count') {
      let watching = 0;
      for (const set of byEvent.values()) watching += set.size;
      process.send?.({ kind: 'count', sockets, watching } satisfies ReferenceReport);
      return;
    }
    const starts: number[] = [];
    const loopMs: number[] = [];
    const cpuAt = process.cpuUsage();
    const began = nowMs();
    for (const [k, text] of order.texts.entries()) {
      await sleep(began + k * order.intervalMs - nowMs());
      const t0 = nowMs();
      starts.push(t0);
      const set = byEvent.get(order.events[k] ?? '');
      if (set && order.mode === 'frame') {
        const frame = serverFrame(text);
        for (const ws of set) if (ws.readyState === 1) ws._socket.write(frame);
      } else if (set) {
        for (const ws of set) {
          try {
            if (ws.readyState === 1) ws.send(text);
          } catch {
            // as the hub: a socket that cannot take it is closed by its own error handler
          }
        }
      }
      loopMs.push(nowMs() - t0);
    }
    const cpu = process.cpuUsage(cpuAt);
    process.send?.({
      kind: 'broadcast',
      starts,
      loopMs,
      cpuMs: (cpu.user + cpu.system) / 1000,
    } satisfies ReferenceReport);
  });
}

await main();
