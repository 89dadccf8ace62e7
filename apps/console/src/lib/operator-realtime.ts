import type { CashierChange, OPERATOR_SOCKET_PATH, OperatorRealtimeEvent } from '@gamehall/shared/api/admin-realtime';
import type { WorkChange, WorkSourceName } from '@gamehall/shared/api/work-queue';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { onTokenChange, readToken } from './session-token';

// The operators' socket (cashier queues with live arrival, pending counters that update
// live). The token never goes into the URL (it would reach logs): it is the socket's first message.
// Types only from the shared schemas, so zod stays out of the console's first chunk.

const PATH: typeof OPERATOR_SOCKET_PATH = '/ws/operator';

/** Close code of a refused or ended session. */
export const CLOSE_UNAUTHORISED = 4001;

const BASE_DELAY_MS = 1_000;
const MAX_DELAY_MS = 30_000;

/**
 * Delay before reconnect attempt `attempt` (0-based): exponential from 1 s, capped at 30 s, with
 * "equal jitter" so a restarted server is not hit by every console in the same millisecond.
 */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** Math.max(0, attempt));
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}

/**
 * What the console acts on: a cashier queue change, a change of another source of the work panel,
 * or "read everything again" (resync, or back after a gap).
 */
export type OperatorEvent =
  | { type: 'cashier'; data: CashierChange }
  | { type: 'work'; data: WorkChange }
  | { type: 'resync' };

/** A raw message as the client acts on it: ready, an event, or null for anything unknown or malformed. */
export function parseOperatorMessage(raw: unknown): OperatorEvent | { type: 'ready' } | null {
  if (typeof raw !== 'string') return null;
  let message: Partial<OperatorRealtimeEvent> | null;
  try {
    message = JSON.parse(raw) as Partial<OperatorRealtimeEvent> | null;
  } catch {
    return null;
  }
  if (message?.type === 'ready') return { type: 'ready' };
  if (message?.type === 'resync') return { type: 'resync' };
  if (message?.type === 'work') {
    // The console only reads its panel again on it, so a source it does not know yet is kept.
    const source = (message.data as Partial<WorkChange> | undefined)?.source;
    return typeof source === 'string' ? { type: 'work', data: { source: source as WorkSourceName } } : null;
  }
  if (message?.type !== 'cashier' || !message.data || typeof message.data !== 'object') return null;
  const data = message.data as Partial<CashierChange>;
  if (
    (data.queue !== 'deposits' && data.queue !== 'withdrawals' && data.queue !== 'bankAccounts') ||
    typeof data.id !== 'number'
  )
    return null;
  return { type: 'cashier', data: data as CashierChange };
}

export function operatorSocketUrl(location: { protocol: string; host: string } = window.location): string {
  return `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}${PATH}`;
}

type SocketLike = {
  send: (data: string) => void;
  close: (code?: number, reason?: string) => void;
  onopen: ((ev: Event) => void) | null;
  onmessage: ((ev: MessageEvent) => void) | null;
  onclose: ((ev: CloseEvent) => void) | null;
  onerror: ((ev: Event) => void) | null;
};

export type OperatorSocketOptions = {
  onEvent: (event: OperatorEvent) => void;
  /** true once the server accepted the token (`ready`), false whenever the socket is down. */
  onLive: (live: boolean) => void;
  /** The server refused the token or ended the session (4001). */
  onUnauthorised?: () => void;
  createSocket?: (url: string) => SocketLike;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
};

/**
 * Keeps one operator socket open for `token`, reconnecting with backoff after any close (after a
 * 4001 too: onUnauthorised lets the app check its session, and a signed-out app stops the socket).
 * Every `ready` after the first is a return after a gap: the events of the gap are lost, so it is
 * passed on as a resync. Returns the function that stops it.
 */
export function connectOperatorSocket(token: string, options: OperatorSocketOptions): () => void {
  const create = options.createSocket ?? ((url: string) => new WebSocket(url) as SocketLike);
  const setTimer = options.setTimer ?? ((fn: () => void, ms: number) => setTimeout(fn, ms));
  const clearTimer = options.clearTimer ?? ((h: unknown) => clearTimeout(h as ReturnType<typeof setTimeout>));
  let attempt = 0;
  let stopped = false;
  let everReady = false;
  let socket: SocketLike | undefined;
  let timer: unknown;

  const open = () => {
    timer = undefined;
    if (stopped) return;
    const current = create(operatorSocketUrl());
    socket = current;
    current.onopen = () => current.send(JSON.stringify({ type: 'auth', token }));
    current.onmessage = (ev) => {
      const message = parseOperatorMessage(ev.data);
      if (message?.type === 'ready') {
        attempt = 0;
        options.onLive(true);
        if (everReady) options.onEvent({ type: 'resync' });
        everReady = true;
      } else if (message) options.onEvent(message);
    };
    current.onerror = () => undefined;
    current.onclose = (ev) => {
      if (socket !== current) return;
      socket = undefined;
      options.onLive(false);
      if (stopped) return;
      if (ev.code === CLOSE_UNAUTHORISED) options.onUnauthorised?.();
      timer = setTimer(open, reconnectDelay(attempt++));
    };
  };
  open();
  return () => {
    stopped = true;
    if (timer !== undefined) clearTimer(timer);
    const current = socket;
    socket = undefined;
    current?.close(1000, 'bye');
    options.onLive(false);
  };
}

// ---- the app's one socket, and the hooks screens use

const eventListeners = new Set<(event: OperatorEvent) => void>();
const liveListeners = new Set<() => void>();
let live = false;

function setLive(next: boolean) {
  if (live === next) return;
  live = next;
  for (const l of liveListeners) l();
}

function subscribeLive(listener: () => void) {
  liveListeners.add(listener);
  return () => liveListeners.delete(listener);
}

/**
 * Opens the socket while the operator is signed in (the console's shell calls it once). A 4001
 * calls `onUnauthorised` (the shell asks for its session again, which signs out an ended one).
 */
export function useOperatorSocket(onUnauthorised: () => void): void {
  const token = useSyncExternalStore(onTokenChange, readToken);
  const unauthorised = useRef(onUnauthorised);
  unauthorised.current = onUnauthorised;
  useEffect(() => {
    if (!token || typeof WebSocket === 'undefined') return;
    return connectOperatorSocket(token, {
      onEvent: (event) => {
        for (const l of eventListeners) l(event);
      },
      onLive: setLive,
      onUnauthorised: () => unauthorised.current(),
    });
  }, [token]);
}

/** True while the socket delivers events; screens poll slowly (fallback) only while it is false. */
export function useOperatorLive(): boolean {
  return useSyncExternalStore(subscribeLive, () => live);
}

/** How long events are gathered before a screen acts on them (a job may move many orders at once). */
const BATCH_MS = 200;

/**
 * Calls `listener` with the events of the last moment (at most one call per 200 ms), while the
 * calling screen is mounted.
 */
export function useOperatorEvents(listener: (events: OperatorEvent[]) => void): void {
  const latest = useRef(listener);
  latest.current = listener;
  useEffect(() => {
    let batch: OperatorEvent[] = [];
    let timer: ReturnType<typeof setTimeout> | undefined;
    const flush = () => {
      timer = undefined;
      const events = batch;
      batch = [];
      latest.current(events);
    };
    const add = (event: OperatorEvent) => {
      batch.push(event);
      timer ??= setTimeout(flush, BATCH_MS);
    };
    eventListeners.add(add);
    return () => {
      eventListeners.delete(add);
      if (timer) clearTimeout(timer);
    };
  }, []);
}
