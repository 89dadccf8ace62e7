import { createRequire } from 'node:module';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { attachSocketRoute } from './socket-route';

// The heartbeat of the studio's sockets: a page that vanished without closing (it stops answering
// pings) is dropped, so it no longer keeps its game watched; a live page stays connected.
type Client = {
  on(event: 'open' | 'close' | 'error', fn: () => void): void;
  close(): void;
  readyState: number;
};
const { WebSocket } = createRequire(import.meta.url)('ws') as {
  WebSocket: new (url: string, options?: { autoPong?: boolean }) => Client;
};

const app = Fastify();
let open = 0;
attachSocketRoute(
  app,
  '/ws/feed',
  {
    check: async () => true,
    onSocket: () => {
      open++;
      return () => {
        open--;
      };
    },
  },
  { heartbeatMs: 100 },
);
const base = (await app.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws');
afterAll(() => app.close());

function connect(autoPong: boolean): Promise<{ client: Client; closed: Promise<void> }> {
  const client = new WebSocket(`${base}/ws/feed`, { autoPong });
  const closed = new Promise<void>((resolve) => client.on('close', resolve));
  return new Promise((resolve, reject) => {
    client.on('open', () => resolve({ client, closed }));
    client.on('error', reject);
  });
}

describe('socket heartbeat', () => {
  it('drops a socket that stops answering pings and keeps one that answers', async () => {
    const live = await connect(true);
    const dead = await connect(false);
    expect(open).toBe(2);
    // Closed on the third beat at most: two pings unanswered.
    await dead.closed;
    await new Promise((r) => setTimeout(r, 350));
    expect(live.client.readyState).toBe(1);
    expect(open).toBe(1);
    live.client.close();
    await live.closed;
  });
});
