import { describe, expect, it, vi } from 'vitest';
import { CLOSE_UNAUTHORISED, connectRealtime, parseBalanceEvent, realtimeUrl, reconnectDelay } from './realtime';

describe('reconnectDelay', () => {
  it('doubles from 1 s with jitter in the upper half and caps at 30 s', () => {
    expect(reconnectDelay(0, () => 0)).toBe(500);
    expect(reconnectDelay(0, () => 1)).toBe(1000);
    expect(reconnectDelay(3, () => 1)).toBe(8000);
    expect(reconnectDelay(20, () => 1)).toBe(30_000);
    expect(reconnectDelay(20, () => 0)).toBe(15_000);
  });
});

describe('parseBalanceEvent', () => {
  it('reads the balance event and ignores everything else', () => {
    expect(parseBalanceEvent('{"type":"balance","data":{"balance":12.5,"available":10,"currency":"PHP"}}')).toEqual({
      balance: 12.5,
      available: 10,
      currency: 'PHP',
    });
    expect(parseBalanceEvent('{"type":"ready","data":{"memberId":1}}')).toBeNull();
    expect(parseBalanceEvent('{"type":"balance","data":{"balance":"12"}}')).toBeNull();
    expect(parseBalanceEvent('not json')).toBeNull();
    expect(parseBalanceEvent(null)).toBeNull();
  });
});

describe('realtimeUrl', () => {
  it('uses wss on https and encodes the token', () => {
    expect(realtimeUrl('a b', { protocol: 'https:', host: 'x.test' })).toBe('wss://x.test/ws?token=a%20b');
    expect(realtimeUrl('t', { protocol: 'http:', host: 'localhost:3000' })).toBe('ws://localhost:3000/ws?token=t');
  });
});

function fakeSockets() {
  type Fake = {
    url: string;
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
        const s: Fake = {
          url,
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

describe('connectRealtime', () => {
  it('delivers balance events and reconnects with growing delays after a drop', () => {
    vi.stubGlobal('window', { location: { protocol: 'http:', host: 'h' } });
    const f = fakeSockets();
    const onBalance = vi.fn();
    const stop = connectRealtime('tok', { onBalance, ...f.options });
    expect(f.sockets[0]?.url).toBe('ws://h/ws?token=tok');
    f.sockets[0]?.onmessage?.({
      data: '{"type":"balance","data":{"balance":1,"available":1,"currency":"PHP"}}',
    } as MessageEvent);
    expect(onBalance).toHaveBeenCalledWith({ balance: 1, available: 1, currency: 'PHP' });
    f.sockets[0]?.onclose?.({ code: 1006 } as CloseEvent);
    expect(f.timers).toHaveLength(1);
    f.timers[0]?.fn();
    expect(f.sockets).toHaveLength(2);
    f.sockets[1]?.onclose?.({ code: 1006 } as CloseEvent);
    expect(f.timers[1]?.ms).toBeGreaterThanOrEqual(1000);
    // A successful open resets the backoff.
    f.timers[1]?.fn();
    f.sockets[2]?.onopen?.({} as Event);
    f.sockets[2]?.onclose?.({ code: 1006 } as CloseEvent);
    expect(f.timers[2]?.ms).toBeLessThanOrEqual(1000);
    stop();
    expect(f.options.clearTimer).toHaveBeenCalled();
    vi.unstubAllGlobals();
  });

  it('stops for good on 4001 and tells the caller', () => {
    vi.stubGlobal('window', { location: { protocol: 'http:', host: 'h' } });
    const f = fakeSockets();
    const onUnauthorised = vi.fn();
    connectRealtime('tok', { onBalance: vi.fn(), onUnauthorised, ...f.options });
    f.sockets[0]?.onclose?.({ code: CLOSE_UNAUTHORISED } as CloseEvent);
    expect(onUnauthorised).toHaveBeenCalledOnce();
    expect(f.timers).toHaveLength(0);
    vi.unstubAllGlobals();
  });

  it('closes the socket when stopped and does not reconnect', () => {
    vi.stubGlobal('window', { location: { protocol: 'http:', host: 'h' } });
    const f = fakeSockets();
    const stop = connectRealtime('tok', { onBalance: vi.fn(), ...f.options });
    stop();
    expect(f.sockets[0]?.close).toHaveBeenCalled();
    f.sockets[0]?.onclose?.({ code: 1000 } as CloseEvent);
    expect(f.timers).toHaveLength(0);
    vi.unstubAllGlobals();
  });
});
