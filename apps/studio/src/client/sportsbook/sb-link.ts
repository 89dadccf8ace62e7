// The sportsbook page's line to the book: the HTTP routes under /studio/api/sb (with the game
// token, through ui.ts request) and the socket /studio/ws/sb, which tells the page the prices and
// states of the events it watches and its own bets and balance. A dropped socket is opened again
// after a growing, jittered wait (never while the page is hidden: a hidden page runs no timers);
// while it is down the page polls instead (sportsbook-page.ts).
import type { SbClientMessage, SbServerMessage } from '../../sportsbook/api';
import { sessionEndedBy, showSessionEnded } from '../session-ended';

/** The book's routes for the page, in one place. */
export const SB_PATHS = {
  lobby: '/api/sb/lobby',
  events: (q: { sport?: string; league?: string; day?: string; live?: boolean }) => {
    const params = new URLSearchParams();
    if (q.sport) params.set('sport', q.sport);
    if (q.league) params.set('league', q.league);
    if (q.day) params.set('day', q.day);
    if (q.live) params.set('live', '1');
    return `/api/sb/events?${params}`;
  },
  results: (q: { day?: string | null }) => `/api/sb/results${q.day ? `?day=${encodeURIComponent(q.day)}` : ''}`,
  search: (q: string) => `/api/sb/search?q=${encodeURIComponent(q)}`,
  event: (id: string) => `/api/sb/events/${encodeURIComponent(id)}`,
  tracker: (id: string) => `/api/sb/events/${encodeURIComponent(id)}/tracker`,
  prefs: '/api/sb/prefs',
  quote: '/api/sb/quote',
  place: '/api/sb/bets',
  myBets: (status: 'open' | 'settled', cursor?: string | null) =>
    `/api/sb/bets?status=${status}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
  cashOut: (betId: string) => `/api/sb/bets/${encodeURIComponent(betId)}/cashout`,
  cashOutQuote: (betId: string) => `/api/sb/bets/${encodeURIComponent(betId)}/cashout-quote`,
  autoCashOut: (betId: string) => `/api/sb/bets/${encodeURIComponent(betId)}/auto-cashout`,
  socket: '/studio/ws/sb',
} as const;

/** The wait before reconnect attempt `attempt` (0 first): 1 s doubling to 30 s, each within ±20%. */
export function backoff(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(30_000, 1000 * 2 ** Math.max(0, attempt));
  return Math.round(base * (0.8 + 0.4 * random()));
}

/** A random v4 UUID (the slip's request id), also where crypto.randomUUID is missing (a page over plain http). */
export function uuid(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const hex = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export function createSbSocket(o: {
  token: string;
  onMessage: (msg: SbServerMessage) => void;
  onOnline: (online: boolean) => void;
}) {
  let ws: WebSocket | null = null;
  let attempt = 0;
  /** The site ended the session: nothing reconnects any more. */
  let ended = false;
  let watching: string[] = [];
  let sent = '';
  let timer: ReturnType<typeof setTimeout> | null = null;

  function send() {
    const text = JSON.stringify({ type: 'watch', events: watching } satisfies SbClientMessage);
    if (ws?.readyState === WebSocket.OPEN && text !== sent) {
      ws.send(text);
      sent = text;
    }
  }

  function connect() {
    timer = null;
    if (document.hidden) return; // visibilitychange connects when the page is seen again
    const url = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${SB_PATHS.socket}?token=${encodeURIComponent(o.token)}`;
    const socket = new WebSocket(url);
    ws = socket;
    socket.onopen = () => {
      attempt = 0;
      sent = '';
      send();
      o.onOnline(true);
    };
    socket.onmessage = (e) => {
      let msg: SbServerMessage;
      try {
        msg = JSON.parse(String(e.data)) as SbServerMessage;
      } catch {
        return;
      }
      o.onMessage(msg);
    };
    socket.onclose = (e) => {
      if (ws !== socket) return;
      ws = null;
      o.onOnline(false);
      if (sessionEndedBy(e)) {
        ended = true;
        showSessionEnded();
      } else schedule();
    };
  }

  function schedule() {
    if (timer || ws || ended || document.hidden) return;
    timer = setTimeout(connect, backoff(attempt++));
  }

  document.addEventListener('visibilitychange', () => {
    if (document.hidden) {
      if (timer) clearTimeout(timer);
      timer = null;
    } else if (!ws && !ended) {
      attempt = 0;
      connect();
    }
  });

  return {
    connect,
    /** The events the page shows now; sent when they change (and again on every reconnect). */
    watch(events: string[]) {
      watching = events;
      send();
    },
    get open() {
      return ws?.readyState === WebSocket.OPEN;
    },
  };
}
