// The card room benchmark's reference (bench/pvp-room.ts starts it, pinned to the studio's core
// after the studio has stopped): a bare `ws` server holding the same sockets, grouped by the
// `table` of their address as the card room's are, answering the same messages at the same rate
// and sizes. On an `act` it parses the message (as the room does), sends the table view text it was
// given (a view the studio sent in the same run) to every socket of the table, then the act's
// answer to the sender, as the room does after a move. No database, no Fastify, no engine: the
// floor of the sockets, framing and JSON on one Node thread.
import { createServer } from 'node:http';
import { createRequire } from 'node:module';

type Ws = {
  readyState: number;
  on: (event: string, listener: (...args: never[]) => void) => void;
  send: (data: string) => void;
};
const { WebSocketServer } = createRequire(import.meta.url)('ws') as {
  WebSocketServer: new (options: {
    server: ReturnType<typeof createServer>;
    perMessageDeflate: boolean;
    maxPayload: number;
  }) => { on: (event: 'connection', listener: (ws: Ws, request: { url?: string }) => void) => void };
};

export type PvpReferenceOrder = { kind: 'view'; text: string } | { kind: 'cpu' } | { kind: 'exit' };
export type PvpReferenceReport = { kind: 'listening'; url: string } | { kind: 'cpu'; cpuUs: number };

async function main() {
  let viewText = '{}';
  const byTable = new Map<string, Set<Ws>>();
  const server = createServer();
  // The studio's socket route takes messages up to 4 KiB.
  const wss = new WebSocketServer({ server, perMessageDeflate: false, maxPayload: 4096 });
  wss.on('connection', (ws, request) => {
    const table = new URL(request.url ?? '/', 'http://x').searchParams.get('table') ?? '';
    let set = byTable.get(table);
    if (!set) {
      set = new Set();
      byTable.set(table, set);
    }
    set.add(ws);
    ws.on('message', (data: Buffer) => {
      let message: { type?: unknown; seq?: unknown };
      try {
        message = JSON.parse(data.toString('utf8')) as typeof message;
      } catch {
        return;
      }
      if (message.type !== 'act') return;
      for (const other of byTable.get(table) ?? []) if (other.readyState === 1) other.send(viewText);
      ws.send(JSON.stringify({ type: 'act-result', seq: message.seq, ok: true, applied: true }));
    });
    ws.on('close', () => byTable.get(table)?.delete(ws));
    ws.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', 4096, resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  process.send?.({ kind: 'listening', url: `ws://127.0.0.1:${port}/` } satisfies PvpReferenceReport);
  process.on('message', (order: PvpReferenceOrder) => {
    if (order.kind === 'exit') process.exit(0);
    if (order.kind === 'view') viewText = order.text;
    if (order.kind === 'cpu') {
      const cpu = process.cpuUsage();
      process.send?.({ kind: 'cpu', cpuUs: cpu.user + cpu.system } satisfies PvpReferenceReport);
    }
  });
}

await main();
