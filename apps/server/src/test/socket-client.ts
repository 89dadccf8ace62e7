import { createRequire } from 'node:module';

// `ws` ships with @fastify/websocket (no types installed): the slice of its client the tests use.
export type WsClient = {
  on(event: 'message', fn: (data: Buffer) => void): void;
  on(event: 'close', fn: (code: number, reason: Buffer) => void): void;
  on(event: 'open' | 'error', fn: (...args: unknown[]) => void): void;
  send(data: string): void;
  close(): void;
};
const { WebSocket } = createRequire(import.meta.url)('ws') as {
  WebSocket: new (url: string, options?: { headers?: Record<string, string> }) => WsClient;
};

export type SocketMessage = { type: string; data: Record<string, unknown> };

/**
 * Opens a WebSocket and collects its JSON messages. `onOpen` runs once connected (to send the
 * first message, as a client authenticating); `closed` resolves with the close code.
 */
export function openTestSocket(
  url: string,
  options: { headers?: Record<string, string>; onOpen?: (ws: WsClient) => void } = {},
) {
  const messages: SocketMessage[] = [];
  const waiters: (() => void)[] = [];
  const ws = new WebSocket(url, { headers: options.headers ?? {} });
  let closeCode: number | undefined;
  let closeReason = '';
  const closed = new Promise<number>((resolve) =>
    ws.on('close', (code: number, reason: Buffer) => {
      closeCode = code;
      closeReason = reason.toString();
      resolve(code);
      for (const w of waiters.splice(0)) w();
    }),
  );
  ws.on('open', () => options.onOpen?.(ws));
  ws.on('message', (data: Buffer) => {
    messages.push(JSON.parse(data.toString()) as SocketMessage);
    for (const w of waiters.splice(0)) w();
  });
  /** The first message of `type` that `match` accepts, waiting for it up to `timeoutMs`. */
  async function next(type: string, match: (m: SocketMessage) => boolean = () => true, timeoutMs = 5_000) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const i = messages.findIndex((m) => m.type === type && match(m));
      if (i >= 0) return messages.splice(i, 1)[0] as SocketMessage;
      if (closeCode !== undefined) throw new Error(`socket closed with ${closeCode}`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no ${type} message within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, left);
      });
    }
  }
  /** The close frame's reason, once `closed` has resolved. */
  const reason = () => closeReason;
  return { ws, messages, closed, next, reason };
}
