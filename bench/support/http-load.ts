// A lean HTTP/1.1 keep-alive load generator for cheap routes. node:http's client costs more CPU per
// request than a cheap route costs the server, so on a shared 2-core machine it would measure the
// client, not the server. Each connection writes one prebuilt request, reads the response (status
// line, Content-Length body) and sends the next: a closed loop, no pipelining.
import net from 'node:net';
import { percentile } from './measure';

export type LoadTarget = { port: number; path: string; headers?: Record<string, string> };
export type LoadRun = { requests: number; errors: number; perSecond: number; p50: number; p99: number };

function requestBytes(target: LoadTarget): Buffer {
  const headers = Object.entries({ host: `127.0.0.1:${target.port}`, ...(target.headers ?? {}) })
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join('');
  return Buffer.from(`GET ${target.path} HTTP/1.1\r\n${headers}\r\n`);
}

const HEADER_END = Buffer.from('\r\n\r\n');
const CONTENT_LENGTH = /\r\ncontent-length: *(\d+)/i;

/** One request on a fresh connection: the status code (to check a target before measuring it). */
export async function statusOf(target: LoadTarget): Promise<number> {
  const r = await load(target, 1, 0, 1);
  return r.errors === 0 ? 200 : 0;
}

/**
 * `connections` closed loops against `target` for `seconds` (or until `maxRequests` in all): the
 * rate, latency percentiles, and how many answers were not 200.
 */
export function load(
  target: LoadTarget,
  connections: number,
  seconds: number,
  maxRequests = Infinity,
): Promise<LoadRun> {
  const bytes = requestBytes(target);
  const latencies: number[] = [];
  let errors = 0;
  let sent = 0;
  const started = performance.now();
  const end = started + seconds * 1000;
  const more = () => sent < maxRequests && (sent === 0 || performance.now() < end);

  const one = () =>
    new Promise<void>((resolve, reject) => {
      const socket = net.connect(target.port, '127.0.0.1');
      socket.setNoDelay(true);
      let buffer: Buffer = Buffer.alloc(0);
      let t0 = 0;
      const send = () => {
        if (!more()) {
          socket.end();
          resolve();
          return;
        }
        sent++;
        t0 = performance.now();
        socket.write(bytes);
      };
      socket.on('connect', send);
      socket.on('error', reject);
      socket.on('data', (chunk: Buffer) => {
        buffer = buffer.length === 0 ? chunk : Buffer.concat([buffer, chunk]);
        for (;;) {
          const headerEnd = buffer.indexOf(HEADER_END);
          if (headerEnd < 0) return;
          const head = buffer.subarray(0, headerEnd).toString('latin1');
          const length = Number(CONTENT_LENGTH.exec(head)?.[1] ?? 0);
          const total = headerEnd + 4 + length;
          if (buffer.length < total) return;
          if (head.slice(9, 12) !== '200') errors++;
          latencies.push(performance.now() - t0);
          buffer = buffer.subarray(total);
          send();
        }
      });
    });

  return Promise.all(Array.from({ length: connections }, one)).then(() => {
    const elapsed = (performance.now() - started) / 1000;
    latencies.sort((a, b) => a - b);
    return {
      requests: latencies.length,
      errors,
      perSecond: latencies.length / elapsed,
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
    };
  });
}
