// The odds fan-out bench's WebSocket clients (bench/sportsbook.ts forks several of these): each
// process holds its share of the clients, one socket to the studio's /studio/ws/sb and one to the
// reference server per client, each watching the same events on both. During a phase it notes,
// per socket and message, when the message arrived (CLOCK_MONOTONIC via process.hrtime, which every
// process on the machine shares, so the sender's clock is comparable). A message is told by its
// number, which the bench writes into the first odds of every market it sends (BASE + k); the
// client finds it with a byte search, without parsing the JSON, so the clients' own CPU per
// message stays small and the same for both servers.
//
// The clients share the machine's two cores with the server they measure, so the less CPU they
// take the less they slow it: `raw` (the default) is a minimal client on a plain TCP socket (the
// upgrade handshake, masked frames out, unmasked frames in, pings answered), about half the CPU per
// message of the `ws` package's client (`ws`, kept to check the raw one against).
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { connect, type Socket } from 'node:net';

type Ws = {
  readyState: number;
  on: (event: string, listener: (...args: never[]) => void) => void;
  send: (data: string) => void;
  terminate: () => void;
};
const WebSocket = createRequire(import.meta.url)('ws') as new (
  url: string,
  options: { perMessageDeflate: boolean },
) => Ws;

export type ClientJob = {
  /** One entry per client of this process: its game token and the events it watches. */
  clients: { token: string; events: string[] }[];
  studioUrl: string;
  referenceUrl: string;
  /** Odds of message k are BASE + k. */
  base: number;
  /** Messages per phase (the size of each socket's arrival table). */
  messages: number;
  /** Sockets opened at once while connecting. */
  connectBatch: number;
  client: 'raw' | 'ws';
};

export type ClientOrder = { kind: 'phase'; target: 'studio' | 'reference' } | { kind: 'collect' } | { kind: 'exit' };

export type ClientReport =
  | { kind: 'connected'; studio: number; reference: number; failed: string[] }
  | {
      kind: 'collected';
      /** Arrival times (ms, CLOCK_MONOTONIC), socket-major: [socket * messages + k]; NaN = not received. */
      arrivals: Float64Array;
      /** Messages that arrived but were not a numbered odds message, or arrived twice. */
      strays: number;
      /** The first socket's text of each message (the reference sends these texts). */
      texts: (string | null)[];
      cpuMs: number;
    };

const nowMs = () => Number(process.hrtime.bigint()) / 1e6;
const MARK = Buffer.from('"odds1000":');

function numberAfterMark(data: Buffer): number {
  const at = data.indexOf(MARK);
  if (at < 0) return -1;
  let n = 0;
  for (let i = at + MARK.length; i < data.length; i++) {
    const c = data[i] ?? 0;
    if (c < 48 || c > 57) break;
    n = n * 10 + (c - 48);
  }
  return n;
}

/** A masked client frame (RFC 6455): text (1) or pong (10). */
function clientFrame(opcode: number, payload: Buffer): Buffer {
  const length = payload.length;
  const head = length < 126 ? 2 : 4;
  const frame = Buffer.alloc(head + 4 + length);
  frame[0] = 0x80 | opcode;
  if (length < 126) frame[1] = 0x80 | length;
  else {
    frame[1] = 0x80 | 126;
    frame.writeUInt16BE(length, 2);
  }
  const mask = randomBytes(4);
  mask.copy(frame, head);
  for (let i = 0; i < length; i++) frame[head + 4 + i] = (payload[i] ?? 0) ^ (mask[i % 4] ?? 0);
  return frame;
}

type Listener = (data: Buffer) => void;

/** A minimal WebSocket client: resolves once upgraded, calls `onText` with each text frame's payload. */
function rawOpen(url: string, onText: Listener, onFail: (message: string) => void): Promise<Socket | undefined> {
  const u = new URL(url);
  return new Promise((resolve) => {
    const socket = connect(Number(u.port), u.hostname);
    socket.setNoDelay(true);
    let upgraded = false;
    let pending: Buffer = Buffer.alloc(0);
    const fail = (message: string) => {
      onFail(message);
      socket.destroy();
      resolve(undefined);
    };
    socket.on('error', (err) => {
      if (!upgraded) fail(err.message);
    });
    socket.on('connect', () => {
      socket.write(
        `GET ${u.pathname}${u.search} HTTP/1.1\r\nHost: ${u.host}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
          `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}\r\nSec-WebSocket-Version: 13\r\n\r\n`,
      );
    });
    const frames = () => {
      for (;;) {
        if (pending.length < 2) return;
        const opcode = (pending[0] ?? 0) & 0x0f;
        let length = (pending[1] ?? 0) & 0x7f;
        let offset = 2;
        if (length === 126) {
          if (pending.length < 4) return;
          length = pending.readUInt16BE(2);
          offset = 4;
        } else if (length === 127) {
          if (pending.length < 10) return;
          length = Number(pending.readBigUInt64BE(2));
          offset = 10;
        }
        if (pending.length < offset + length) return;
        const payload = pending.subarray(offset, offset + length);
        pending = pending.subarray(offset + length);
        if (opcode === 1) onText(payload);
        else if (opcode === 9) socket.write(clientFrame(10, Buffer.from(payload)));
        else if (opcode === 8) socket.end();
      }
    };
    socket.on('data', (chunk: Buffer) => {
      if (!upgraded) {
        pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
        const end = pending.indexOf('\r\n\r\n');
        if (end < 0) return;
        if (!pending.subarray(0, 12).toString('latin1').includes(' 101')) {
          fail(pending.subarray(0, Math.min(end, 200)).toString('latin1').split('\r\n')[0] ?? 'refused');
          return;
        }
        upgraded = true;
        pending = pending.subarray(end + 4);
        resolve(socket);
        frames();
        return;
      }
      pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
      frames();
    });
  });
}

async function main() {
  const job = await new Promise<ClientJob>((resolve) => process.once('message', (m) => resolve(m as ClientJob)));
  const n = job.clients.length;
  let target: 'studio' | 'reference' | undefined;
  let arrivals = new Float64Array(n * job.messages).fill(Number.NaN);
  let strays = 0;
  let texts: (string | null)[] = new Array(job.messages).fill(null);
  const failed: string[] = [];

  const received = (index: number, mine: 'studio' | 'reference') => (data: Buffer) => {
    const at = nowMs();
    if (target !== mine) return;
    const k = numberAfterMark(data) - job.base;
    const slot = index * job.messages + k;
    if (k < 0 || k >= job.messages || !Number.isNaN(arrivals[slot] ?? 0)) {
      strays++;
      return;
    }
    arrivals[slot] = at;
    if (index === 0) texts[k] = data.toString('utf8');
  };
  const noteFailure = (mine: string) => (message: string) => {
    if (failed.length < 5) failed.push(`${mine}: ${message}`);
  };
  const open = async (
    url: string,
    index: number,
    mine: 'studio' | 'reference',
    events: string[],
  ): Promise<{ close: () => void } | undefined> => {
    const watch = JSON.stringify({ type: 'watch', events });
    if (job.client === 'raw') {
      const socket = await rawOpen(url, received(index, mine), noteFailure(mine));
      socket?.write(clientFrame(1, Buffer.from(watch)));
      return socket && { close: () => socket.destroy() };
    }
    return new Promise((resolve) => {
      const ws = new WebSocket(url, { perMessageDeflate: false });
      ws.on('open', () => {
        ws.send(watch);
        resolve({ close: () => ws.terminate() });
      });
      ws.on('error', (err: Error) => {
        noteFailure(mine)(err.message);
        resolve(undefined);
      });
      ws.on('message', received(index, mine));
    });
  };

  const sockets: { close: () => void }[] = [];
  let studio = 0;
  let reference = 0;
  for (let i = 0; i < n; i += job.connectBatch) {
    const batch = job.clients.slice(i, i + job.connectBatch);
    const opened = await Promise.all(
      batch.flatMap((c, j) => [
        open(`${job.studioUrl}?token=${encodeURIComponent(c.token)}`, i + j, 'studio', c.events),
        open(job.referenceUrl, i + j, 'reference', c.events),
      ]),
    );
    opened.forEach((ws, j) => {
      if (!ws) return;
      sockets.push(ws);
      if (j % 2 === 0) studio++;
      else reference++;
    });
  }
  process.send?.({ kind: 'connected', studio, reference, failed } satisfies ClientReport);

  let cpuAt = process.cpuUsage();
  process.on('message', (order: ClientOrder) => {
    if (order.kind === 'phase') {
      target = order.target;
      arrivals = new Float64Array(n * job.messages).fill(Number.NaN);
      strays = 0;
      texts = new Array(job.messages).fill(null);
      cpuAt = process.cpuUsage();
    } else if (order.kind === 'collect') {
      const cpu = process.cpuUsage(cpuAt);
      target = undefined;
      process.send?.({
        kind: 'collected',
        arrivals,
        strays,
        texts,
        cpuMs: (cpu.user + cpu.system) / 1000,
      } satisfies ClientReport);
    } else {
      for (const socket of sockets) socket.close();
      process.exit(0);
    }
  });
}

await main();
