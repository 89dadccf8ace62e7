import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { holdBalance } from './balance-hold';
import {
  applyBalance,
  applyBonus,
  CLOSE_UNAUTHORISED,
  connectRealtime,
  parseBalanceEvent,
  parseBonusEvent,
  realtimeUrl,
  reconnectDelay,
} from './realtime';

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

describe('parseBonusEvent', () => {
  it('reads the bonusBalance event and ignores everything else', () => {
    expect(parseBonusEvent('{"type":"bonusBalance","data":{"bonus":45.5,"currency":"PHP"}}')).toEqual({
      bonus: 45.5,
      currency: 'PHP',
    });
    expect(parseBonusEvent('{"type":"balance","data":{"balance":1,"available":1,"currency":"PHP"}}')).toBeNull();
    expect(parseBonusEvent('{"type":"bonusBalance","data":{"bonus":"45"}}')).toBeNull();
    expect(parseBonusEvent('{"type":"bonusBalance","data":{"bonus":45}}')).toBeNull();
    expect(parseBonusEvent('not json')).toBeNull();
    expect(parseBonusEvent(undefined)).toBeNull();
  });
});

describe('applyBonus', () => {
  const key = ['member', 'publicState', 'tok'];
  it('puts the live bonus into the header state beside the balance, held with it during a round', () => {
    const client = new QueryClient();
    client.setQueryData(key, { balance: 10, bonusBalance: 50, currencySymbol: '₱' });
    applyBonus(client, 'tok', { bonus: 45, currency: 'PHP' });
    expect(client.getQueryData(key)).toEqual({ balance: 10, bonusBalance: 45, currencySymbol: '₱' });
    // A round that moves both figures shows both once it is over, not only the last event's.
    holdBalance(true);
    applyBonus(client, 'tok', { bonus: 38, currency: 'PHP' });
    applyBalance(client, 'tok', { balance: 0, available: 0, currency: 'PHP' });
    expect(client.getQueryData(key)).toEqual({ balance: 10, bonusBalance: 45, currencySymbol: '₱' });
    holdBalance(false);
    expect(client.getQueryData(key)).toEqual({ balance: 0, bonusBalance: 38, currencySymbol: '₱' });
  });

  it('leaves a state that was never loaded alone', () => {
    const client = new QueryClient();
    applyBonus(client, 'tok', { bonus: 45, currency: 'PHP' });
    expect(client.getQueryData(key)).toBeUndefined();
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

  it('hands bonusBalance events to onBonus, not to onBalance or onEvent', () => {
    vi.stubGlobal('window', { location: { protocol: 'http:', host: 'h' } });
    const f = fakeSockets();
    const onBalance = vi.fn();
    const onBonus = vi.fn();
    const onEvent = vi.fn();
    const stop = connectRealtime('tok', { onBalance, onBonus, onEvent, ...f.options });
    f.sockets[0]?.onmessage?.({ data: '{"type":"bonusBalance","data":{"bonus":38,"currency":"PHP"}}' } as MessageEvent);
    expect(onBonus).toHaveBeenCalledWith({ bonus: 38, currency: 'PHP' });
    expect(onBalance).not.toHaveBeenCalled();
    expect(onEvent).not.toHaveBeenCalled();
    stop();
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
