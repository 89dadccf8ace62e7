import type { QueryClient } from '@tanstack/react-query';
import { showBalance } from './balance-hold';

// The /ws client. The server sends JSON { type, data };
// a `balance` event follows every committed change of the member's cash, a `bonusBalance` event
// every committed change of their bonus account (docs/rewards.md). Browsers cannot set headers on
// a WebSocket, so the session token travels in the query string.

export type BalanceData = { balance: number; available: number; currency: string };
export type BonusData = { bonus: number; currency: string };
export type RealtimeMessage = { type: 'balance'; data: BalanceData } | { type: string; data: unknown };

/** Close code the server uses for a missing or ended session: reconnecting would not help. */
export const CLOSE_UNAUTHORISED = 4001;

const BASE_DELAY_MS = 1_000;
const MAX_DELAY_MS = 30_000;

/**
 * Delay before reconnect attempt `attempt` (0-based): exponential from 1 s, capped at 30 s, with
 * "equal jitter" so a restarted server is not hit by every client in the same millisecond.
 */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** Math.max(0, attempt));
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}

/** The data object of a raw message of this type, or null (another type, no object, malformed JSON). */
function eventData(raw: unknown, expected: string): Record<string, unknown> | null {
  if (typeof raw !== 'string') return null;
  let message: unknown;
  try {
    message = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!message || typeof message !== 'object') return null;
  const { type, data } = message as { type?: unknown; data?: unknown };
  if (type !== expected || !data || typeof data !== 'object') return null;
  return data as Record<string, unknown>;
}

/** The balance event of a raw message, or null for anything else (ready, unknown, malformed). */
export function parseBalanceEvent(raw: unknown): BalanceData | null {
  const data = eventData(raw, 'balance');
  if (!data) return null;
  const { balance, available, currency } = data;
  if (typeof balance !== 'number' || typeof available !== 'number' || typeof currency !== 'string') return null;
  return { balance, available, currency };
}

/** The bonusBalance event of a raw message, or null for anything else. */
export function parseBonusEvent(raw: unknown): BonusData | null {
  const data = eventData(raw, 'bonusBalance');
  if (!data) return null;
  const { bonus, currency } = data;
  if (typeof bonus !== 'number' || typeof currency !== 'string') return null;
  return { bonus, currency };
}

/** The type of a raw event other than the socket's own greeting, or null when it is not an event. */
export function eventType(raw: unknown): string | null {
  if (typeof raw !== 'string') return null;
  try {
    const message = JSON.parse(raw) as { type?: unknown } | null;
    return message && typeof message.type === 'string' && message.type !== 'ready' ? message.type : null;
  } catch {
    return null;
  }
}

export function realtimeUrl(token: string, location: { protocol: string; host: string } = window.location): string {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${location.host}/ws?token=${encodeURIComponent(token)}`;
}

type SocketLike = Pick<WebSocket, 'close'> & {
  onopen: ((ev: Event) => void) | null;
  onmessage: ((ev: MessageEvent) => void) | null;
  onclose: ((ev: CloseEvent) => void) | null;
  onerror: ((ev: Event) => void) | null;
};

export type RealtimeOptions = {
  onBalance: (data: BalanceData) => void;
  /** The member's bonus balance changed (a bet spent bonus, a win or a promotion paid it). */
  onBonus?: (data: BonusData) => void;
  /** Every other event by its type (`message` when a message arrives in the inbox). */
  onEvent?: (type: string) => void;
  /** The server refused the token (4001): the session is over. */
  onUnauthorised?: () => void;
  createSocket?: (url: string) => SocketLike;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
};

/**
 * Keeps one socket open for `token`, reconnecting with backoff after any close except 4001.
 * Returns the function that stops it.
 */
export function connectRealtime(token: string, options: RealtimeOptions): () => void {
  const create = options.createSocket ?? ((url: string) => new WebSocket(url));
  const setTimer = options.setTimer ?? ((fn: () => void, ms: number) => setTimeout(fn, ms));
  const clearTimer = options.clearTimer ?? ((h: unknown) => clearTimeout(h as ReturnType<typeof setTimeout>));
  let attempt = 0;
  let stopped = false;
  let socket: SocketLike | undefined;
  let timer: unknown;

  const open = () => {
    timer = undefined;
    if (stopped) return;
    const current = create(realtimeUrl(token));
    socket = current;
    current.onopen = () => {
      attempt = 0;
    };
    current.onmessage = (ev) => {
      const data = parseBalanceEvent(ev.data);
      const bonus = data ? null : parseBonusEvent(ev.data);
      if (data) options.onBalance(data);
      else if (bonus) options.onBonus?.(bonus);
      else if (options.onEvent) {
        const type = eventType(ev.data);
        if (type) options.onEvent(type);
      }
    };
    current.onerror = () => undefined;
    current.onclose = (ev) => {
      if (socket !== current) return;
      socket = undefined;
      if (stopped) return;
      if (ev.code === CLOSE_UNAUTHORISED) {
        options.onUnauthorised?.();
        return;
      }
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
  };
}

/**
 * Applies a balance event to the TanStack Query cache: the header's public state (balance) at
 * once, and the wallet pages' queries are refetched so they show the same figure.
 */
export function applyBalance(queryClient: QueryClient, token: string, data: BalanceData): void {
  // publicState's balance is the available one (money held for a withdrawal is not in it); it waits
  // while a game page shows a round (balance-hold.ts).
  showBalance(() =>
    queryClient.setQueryData<{ balance: number }>(['member', 'publicState', token], (old) =>
      old ? { ...old, balance: data.available } : old,
    ),
  );
  void queryClient.invalidateQueries({ queryKey: ['wallet'] });
}

/**
 * Applies a bonusBalance event to the header's public state (`bonusBalance`), held like the cash
 * balance while a game page shows a round; the wallet pages refetch as for a balance event.
 */
export function applyBonus(queryClient: QueryClient, token: string, data: BonusData): void {
  showBalance(
    () =>
      queryClient.setQueryData<{ bonusBalance: number }>(['member', 'publicState', token], (old) =>
        old ? { ...old, bonusBalance: data.bonus } : old,
      ),
    'bonus',
  );
  void queryClient.invalidateQueries({ queryKey: ['wallet'] });
}
