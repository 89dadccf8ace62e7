import { describe, expect, it, vi } from 'vitest';
import {
  CLOSE_UNAUTHORISED,
  connectOperatorSocket,
  operatorSocketUrl,
  parseOperatorMessage,
  reconnectDelay,
} from './operator-realtime';

const change = { queue: 'withdrawals', change: 'created', id: 7, reference: 'WABC', status: 'pending', memberId: 3 };

describe('parseOperatorMessage', () => {
  it('reads ready, queue changes and resync, and ignores anything else', () => {
    expect(parseOperatorMessage('{"type":"ready","data":{"operatorId":1}}')).toEqual({ type: 'ready' });
    expect(parseOperatorMessage(JSON.stringify({ type: 'cashier', data: change }))).toEqual({
      type: 'cashier',
      data: change,
    });
    expect(parseOperatorMessage('{"type":"resync","data":{}}')).toEqual({ type: 'resync' });
    expect(parseOperatorMessage('{"type":"cashier","data":{"queue":"lottery","id":1}}')).toBeNull();
    expect(parseOperatorMessage('{"type":"cashier","data":{"queue":"deposits"}}')).toBeNull();
    expect(parseOperatorMessage('{"type":"balance","data":{}}')).toBeNull();
    expect(parseOperatorMessage('{"type":"work","data":{"source":"feedback"}}')).toEqual({
      type: 'work',
      data: { source: 'feedback' },
    });
    expect(parseOperatorMessage('{"type":"work","data":{"source":7}}')).toBeNull();
    expect(parseOperatorMessage('{"type":"work"}')).toBeNull();
    expect(parseOperatorMessage('null')).toBeNull();
    expect(parseOperatorMessage('not json')).toBeNull();
    expect(parseOperatorMessage(undefined)).toBeNull();
  });
});

describe('operatorSocketUrl', () => {
  it('uses wss on https and carries no token', () => {
    expect(operatorSocketUrl({ protocol: 'https:', host: 'x.test' })).toBe('wss://x.test/ws/operator');
    expect(operatorSocketUrl({ protocol: 'http:', host: 'localhost:3000' })).toBe('ws://localhost:3000/ws/operator');
  });
});

describe('reconnectDelay', () => {
  it('doubles from 1 s with jitter in the upper half and caps at 30 s', () => {
    expect(reconnectDelay(0, () => 0)).toBe(500);
    expect(reconnectDelay(3, () => 1)).toBe(8000);
    expect(reconnectDelay(20, () => 0)).toBe(15_000);
  });
});

function fakeSockets() {
  type Fake = {
    url: string;
    sent: string[];
    send: (data: string) => void;
    onopen: ((ev: Event) => void) | null;
    onmessage: ((ev: MessageEvent) => void) | null;
    onclose: ((ev: CloseEvent) => void) | null;
    onerror: ((ev: Event) => void) | null;
    close: ReturnType<typeof vi.fn<(code?: number, reason?: string) => void>>;
  };
  const sockets: Fake[] = [];
  const timers: { fn: () => void; ms: number }[] = [];
  return {
    sockets,
    timers,
    options: {
      createSocket: (url: string) => {
        const sent: string[] = [];
        const s: Fake = {
          url,
          sent,
          send: (data) => sent.push(data),
          onopen: null,
          onmessage: null,
          onclose: null,
          onerror: null,
          close: vi.fn<(code?: number, reason?: string) => void>(),
        };
        sockets.push(s);
        return s;
      },
      setTimer: (fn: () => void, ms: number) => timers.push({ fn, ms }),
      clearTimer: vi.fn(),
    },
  };
}

const message = (data: unknown) => ({ data: JSON.stringify(data) }) as MessageEvent;

describe('connectOperatorSocket', () => {
  it('sends the token as its first message, never in the URL, and passes queue changes on once ready', () => {
    vi.stubGlobal('window', { location: { protocol: 'http:', host: 'h' } });
    const f = fakeSockets();
    const onEvent = vi.fn();
    const onLive = vi.fn();
    const stop = connectOperatorSocket('secret-token', { onEvent, onLive, ...f.options });
    const socket = f.sockets[0];
    expect(socket?.url).toBe('ws://h/ws/operator');
    socket?.onopen?.({} as Event);
    expect(socket?.sent).toEqual([JSON.stringify({ type: 'auth', token: 'secret-token' })]);
    socket?.onmessage?.(message({ type: 'ready', data: { operatorId: 1 } }));
    expect(onLive).toHaveBeenLastCalledWith(true);
    socket?.onmessage?.(message({ type: 'cashier', data: change }));
    expect(onEvent).toHaveBeenCalledExactlyOnceWith({ type: 'cashier', data: change });
    stop();
    expect(socket?.close).toHaveBeenCalled();
    expect(onLive).toHaveBeenLastCalledWith(false);
    vi.unstubAllGlobals();
  });

  it('reconnects with growing delays, and asks for a resync when it is back after a gap', () => {
    vi.stubGlobal('window', { location: { protocol: 'http:', host: 'h' } });
    const f = fakeSockets();
    const onEvent = vi.fn();
    const onLive = vi.fn();
    connectOperatorSocket('tok', { onEvent, onLive, ...f.options });
    f.sockets[0]?.onmessage?.(message({ type: 'ready', data: { operatorId: 1 } }));
    expect(onEvent).not.toHaveBeenCalled();
    f.sockets[0]?.onclose?.({ code: 1006 } as CloseEvent);
    expect(onLive).toHaveBeenLastCalledWith(false);
    expect(f.timers).toHaveLength(1);
    f.timers[0]?.fn();
    f.sockets[1]?.onclose?.({ code: 1006 } as CloseEvent);
    expect(f.timers[1]?.ms).toBeGreaterThanOrEqual(1000);
    f.timers[1]?.fn();
    f.sockets[2]?.onmessage?.(message({ type: 'ready', data: { operatorId: 1 } }));
    // Changes made while the socket was down were never pushed: the screens read everything again.
    expect(onEvent).toHaveBeenCalledExactlyOnceWith({ type: 'resync' });
    expect(onLive).toHaveBeenLastCalledWith(true);
    // Being ready again resets the backoff.
    f.sockets[2]?.onclose?.({ code: 1006 } as CloseEvent);
    expect(f.timers[2]?.ms).toBeLessThanOrEqual(1000);
    vi.unstubAllGlobals();
  });

  it('tells the caller of a 4001 (the app checks its session) and stops when asked', () => {
    vi.stubGlobal('window', { location: { protocol: 'http:', host: 'h' } });
    const f = fakeSockets();
    const onUnauthorised = vi.fn();
    const stop = connectOperatorSocket('tok', { onEvent: vi.fn(), onLive: vi.fn(), onUnauthorised, ...f.options });
    f.sockets[0]?.onclose?.({ code: CLOSE_UNAUTHORISED } as CloseEvent);
    expect(onUnauthorised).toHaveBeenCalledOnce();
    stop();
    expect(f.options.clearTimer).toHaveBeenCalled();
    f.timers[0]?.fn();
    expect(f.sockets).toHaveLength(1);
    vi.unstubAllGlobals();
  });
});
