/// <reference lib="dom" />
// The crash page: the shared round over the WebSocket /studio/ws/crash?token= (phase, start time, bets
// of the table, the crash point and its hash once crashed), a rising multiplier drawn on a canvas from
// the server's start time, recent crash points, your bets and the fairness panel (the chain's
// terminating hash, each round's hash, verify). Bet and cash-out go over that socket while it is open
// ({ type, id } requests, answers matched by id, ANSWER_TIMEOUT_MS to wait) and over the HTTP API with
// the game token when it is not; an answer that never comes shows an error and re-reads the state.
import type { CrashState, MyCrashBet as MyBet } from '../crash';
import { pageTitle } from './game-title';
import type { SessionInfo } from './types';
import { ApiError, h, money, shortHash } from './ui';

// Same curve as the engine (engines/crash/crash-engine.ts: CRASH_GROWTH); the page only draws it,
// the server decides every cash-out by its own clock.
const GROWTH = 0.00006;
const multiplierAt = (ms: number) => (ms <= 0 ? 100 : Math.floor(100 * Math.exp(GROWTH * ms) + 1e-9));

type Api = <T>(path: string, options?: { method?: string; body?: unknown }) => Promise<T>;
type SocketRequest = { type: 'bet'; amount: number; autoCashout: number | null } | { type: 'cashout' };
type SocketAnswer = { type: string; id: string | null; ok: boolean; error?: { code: string; message: string } };

/** How long a bet or cash-out sent over the socket waits for its answer. */
const ANSWER_TIMEOUT_MS = 10_000;

// Fields take their column's width on phones (the grid wraps them to one column).
const FIELD = 'width:100%;min-width:0;box-sizing:border-box';
const LABEL = 'display:flex;flex-direction:column;gap:.2rem;min-width:0';
// A bet whose stake went back (the wallet answered after betting closed) is not a loss.
const outcomeOf = (status: string) =>
  status === 'open' ? '…' : status === 'rolled_back' || status === 'rolling_back' ? 'refunded' : 'lost';
const x = (hundredths: number) => `${(hundredths / 100).toFixed(2)}×`;

export function crashPage(app: HTMLElement, info: SessionInfo, api: Api): void {
  let state: CrashState | null = null;
  let mine: MyBet[] = [];
  let offset = 0; // server clock minus page clock
  let busy = false;
  // The page's game token (play.ts reads it the same way): the socket carries it to place bets.
  const token = new URLSearchParams(location.search).get('token') ?? '';
  let socket: WebSocket | null = null;
  let nextId = 0;
  const pending = new Map<string, { settle: (answer: SocketAnswer | ApiError) => void }>();

  const balance = h('strong', { 'data-testid': 'balance' }, money(info.balance));
  const message = h('p', { class: 'message', role: 'status', 'aria-live': 'polite', 'data-testid': 'message' });
  const canvas = h('canvas', {
    width: 640,
    height: 260,
    style: 'width:100%;height:auto;max-height:45vh;display:block;background:#10151f;border-radius:8px',
    'aria-hidden': 'true',
  });
  const big = h('div', {
    class: 'big-number',
    'data-testid': 'multiplier',
    style: 'font-size:2.4rem;font-weight:700;text-align:center;margin:.4rem 0',
  });
  const phase = h('p', { class: 'muted', 'data-testid': 'phase', style: 'text-align:center;margin:0' });
  const amount = h('input', {
    type: 'number',
    min: '0.01',
    step: '0.01',
    value: '10.00',
    inputmode: 'decimal',
    'aria-label': 'Bet amount',
    style: FIELD,
    'data-testid': 'amount',
  });
  const auto = h('input', {
    type: 'number',
    min: '1.01',
    step: '0.01',
    placeholder: 'off',
    inputmode: 'decimal',
    'aria-label': 'Auto cash-out at (×)',
    style: FIELD,
    'data-testid': 'auto-cashout',
  });
  const betButton = h('button', { class: 'button', type: 'button', 'data-testid': 'bet' }, 'Bet');
  const cashButton = h(
    'button',
    { class: 'button', type: 'button', 'data-testid': 'cashout', disabled: true },
    'Cash out',
  );
  const players = h('tbody', { 'data-testid': 'players' });
  const history = h('div', {
    class: 'chips',
    'data-testid': 'history',
    style: 'display:flex;flex-wrap:wrap;gap:.3rem',
  });
  const myBody = h('tbody', { 'data-testid': 'my-bets' });
  const fair = h('div', { class: 'small', 'data-testid': 'fairness', style: 'overflow-wrap:anywhere' });

  const say = (text: string, kind: 'info' | 'error' | 'ok' = 'info') => {
    message.textContent = text;
    message.className = `message ${kind}`;
  };

  app.replaceChildren(
    h(
      'header',
      { class: 'topbar' },
      info.lobbyUrl
        ? h('a', { class: 'button ghost', href: info.lobbyUrl, target: '_top', 'data-testid': 'lobby' }, '← Lobby')
        : h('span'),
      h(
        'span',
        { class: 'title', 'data-testid': 'game-title' },
        pageTitle('crash'),
        info.mode === 'trial' ? h('span', { class: 'badge' }, 'DEMO') : null,
      ),
      h('span', { class: 'balance' }, `${info.currency} `, balance),
    ),
    h('section', { class: 'panel stage' }, canvas, big, phase),
    h(
      'section',
      { class: 'panel controls' },
      h(
        'div',
        {
          class: 'field-grid',
          style: 'display:grid;grid-template-columns:repeat(auto-fit,minmax(130px,1fr));gap:.5rem',
        },
        h('label', { style: LABEL }, `Bet (${info.currency})`, amount),
        h('label', { style: LABEL }, 'Auto cash-out (×)', auto),
      ),
      h('div', { class: 'row', style: 'display:flex;gap:.5rem;margin-top:.5rem' }, betButton, cashButton),
      message,
    ),
    h('section', { class: 'panel' }, h('h2', {}, 'Recent crashes'), history),
    h(
      'section',
      { class: 'panel' },
      h('h2', {}, 'Players this round'),
      h(
        'div',
        { class: 'table-wrap' },
        h(
          'table',
          {},
          h(
            'thead',
            {},
            h('tr', {}, h('th', {}, 'Player'), h('th', {}, 'Bet'), h('th', {}, 'Out'), h('th', {}, 'Win')),
          ),
          players,
        ),
      ),
    ),
    h(
      'section',
      { class: 'panel' },
      h('h2', {}, 'Your bets'),
      h(
        'div',
        { class: 'table-wrap' },
        h(
          'table',
          {},
          h('thead', {}, h('tr', {}, h('th', {}, 'Round'), h('th', {}, 'Bet'), h('th', {}, 'Out'), h('th', {}, 'Win'))),
          myBody,
        ),
      ),
    ),
    h('section', { class: 'panel' }, h('h2', {}, 'Provably fair'), fair),
  );

  const serverNow = () => Date.now() + offset;
  const myCurrent = () => (state?.round ? mine.find((b) => b.roundId === state?.round?.id) : undefined);

  function renderTables() {
    const s = state;
    if (!s) return;
    players.replaceChildren(
      ...s.bets.map((b) =>
        h(
          'tr',
          {},
          h('td', {}, b.player),
          h('td', {}, money(b.amount)),
          h('td', {}, b.cashout ? x(b.cashout) : b.status === 'lost' ? 'lost' : '…'),
          h('td', {}, b.win > 0 ? money(b.win) : '—'),
        ),
      ),
    );
    history.replaceChildren(
      ...s.history.map((r) =>
        h(
          'a',
          {
            class: `badge ${r.crashPoint >= 200 ? 'ok' : 'bad'}`,
            href: `/studio/fair?crash=${r.hash}`,
            target: '_blank',
            rel: 'noopener',
            title: `Round ${r.id}: verify`,
          },
          x(r.crashPoint),
        ),
      ),
    );
    myBody.replaceChildren(
      ...mine.map((b) =>
        h(
          'tr',
          {},
          h('td', {}, `#${b.roundId}`),
          h('td', {}, money(b.amount)),
          h('td', {}, b.cashout ? x(b.cashout) : outcomeOf(b.status)),
          h('td', {}, money(b.win)),
        ),
      ),
    );
    const r = s.round;
    if (r) {
      const link = r.hash ? `/studio/fair?crash=${r.hash}&prev=${r.previousHash}` : null;
      fair.replaceChildren(
        h('p', {}, 'Chain terminating hash (published before round 1): ', h('code', {}, r.terminatingHash)),
        h('p', {}, `Round #${r.id} must hash to: `, h('code', {}, shortHash(r.previousHash))),
        r.hash
          ? h(
              'p',
              {},
              'Round hash: ',
              h('code', { 'data-testid': 'round-hash' }, r.hash),
              ' · ',
              h('a', { href: link ?? '#', target: '_blank', rel: 'noopener', 'data-testid': 'verify-link' }, 'Verify'),
            )
          : h('p', { class: 'muted' }, 'The round hash is shown when the round crashes.'),
        h(
          'p',
          { class: 'muted' },
          `Crash point = max(1, floor(99 / (1 − X)) / 100), X from HMAC-SHA256(round hash, "${r.salt}").`,
        ),
      );
    }
  }

  function renderButtons() {
    const r = state?.round;
    const bet = myCurrent();
    const betting = r?.phase === 'betting' && serverNow() < Date.parse(r.bettingEndsAt);
    betButton.disabled = busy || !betting || !!bet;
    const canCash = !busy && r?.phase === 'running' && bet?.status === 'open' && !bet.cashout;
    cashButton.disabled = !canCash;
    if (canCash && r?.startedAt && bet) {
      const m = multiplierAt(serverNow() - Date.parse(r.startedAt));
      cashButton.textContent = `Cash out ${money(Math.floor((bet.amount * m) / 100))}`;
    } else cashButton.textContent = 'Cash out';
  }

  const ctx = canvas.getContext('2d');
  function draw() {
    const r = state?.round;
    let m = 100;
    let elapsed = 0;
    let color = '#4ade80';
    if (!r) {
      phase.textContent = 'Connecting…';
    } else if (r.phase === 'betting') {
      const left = Math.max(0, Date.parse(r.bettingEndsAt) - serverNow());
      phase.textContent = left > 0 ? `Place your bets: ${(left / 1000).toFixed(1)} s` : 'Starting…';
    } else if (r.phase === 'running' && r.startedAt) {
      elapsed = Math.max(0, serverNow() - Date.parse(r.startedAt));
      m = multiplierAt(elapsed);
      phase.textContent = 'Rising…';
    } else if (r.phase === 'crashed') {
      m = r.crashPoint ?? 100;
      elapsed = r.startedAt && r.crashedAt ? Date.parse(r.crashedAt) - Date.parse(r.startedAt) : 0;
      color = '#f87171';
      phase.textContent = `Crashed at ${x(m)} · next round soon`;
    }
    big.textContent = x(m);
    big.style.color = color;
    if (ctx) {
      const w = canvas.width;
      const hgt = canvas.height;
      ctx.clearRect(0, 0, w, hgt);
      const span = Math.max(elapsed, 8000);
      const top = Math.max(m / 100, 2);
      ctx.strokeStyle = color;
      ctx.lineWidth = 4;
      ctx.beginPath();
      const steps = 60;
      for (let i = 0; i <= steps; i++) {
        const t = (elapsed * i) / steps;
        const v = Math.exp(GROWTH * t);
        const px = 10 + ((w - 20) * t) / span;
        const py = hgt - 10 - ((hgt - 20) * (v - 1)) / (top - 1);
        if (i === 0) ctx.moveTo(px, py);
        else ctx.lineTo(px, py);
      }
      ctx.stroke();
    }
    renderButtons();
    requestAnimationFrame(draw);
  }

  async function refreshMine() {
    try {
      const data = await api<{ state: CrashState; mine: MyBet[]; balance: number | null }>('/api/crash');
      const before = myCurrent();
      mine = data.mine;
      const after = myCurrent();
      if (before?.status === 'open' && !before.cashout && after?.cashout)
        say(`Auto cash-out at ${x(after.cashout)}: you win ${money(after.win)}`, 'ok');
      if (data.balance !== null) balance.textContent = money(data.balance);
      if (!state) apply(data.state);
      renderTables();
    } catch (err) {
      say((err as Error).message, 'error');
    }
  }

  let lastPhase = '';
  function apply(s: CrashState) {
    offset = Date.parse(s.serverNow) - Date.now();
    const key = `${s.round?.id}:${s.round?.phase}`;
    const crashedNow = s.round?.phase === 'crashed' && key !== lastPhase;
    state = s;
    lastPhase = key;
    renderTables();
    if (crashedNow) {
      const bet = myCurrent();
      if (bet && !bet.cashout) say(`Crashed at ${x(s.round?.crashPoint ?? 100)}: your bet is lost`, 'error');
      void refreshMine();
    }
  }

  function connect() {
    const ws = new WebSocket(
      `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/studio/ws/crash?token=${encodeURIComponent(token)}`,
    );
    ws.onopen = () => {
      socket = ws;
    };
    ws.onmessage = (e) => {
      const msg = JSON.parse(String(e.data)) as { type: string; data: CrashState } & SocketAnswer;
      if (msg.type === 'state') apply(msg.data);
      else if (msg.id !== null) pending.get(msg.id)?.settle(msg);
    };
    ws.onclose = () => {
      if (socket === ws) socket = null;
      // Answers still awaited are lost with the socket: the callers re-read the state over HTTP.
      for (const p of [...pending.values()])
        p.settle(new ApiError('NETWORK', 'Connection lost: check your bets and balance', 0));
      setTimeout(connect, 1500);
    };
  }

  /** A bet or cash-out: over the open socket (answer matched by id, with a timeout), else over HTTP. */
  function send<T>(request: SocketRequest, path: string, body?: unknown): Promise<T> {
    const ws = socket;
    if (!ws || ws.readyState !== WebSocket.OPEN) return api<T>(path, { method: 'POST', body });
    const id = `${Date.now().toString(36)}-${++nextId}`;
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(
        () => settle(new ApiError('TIMEOUT', 'No answer from the server: check your bets and balance', 0)),
        ANSWER_TIMEOUT_MS,
      );
      const settle = (answer: SocketAnswer | ApiError) => {
        clearTimeout(timer);
        pending.delete(id);
        if (answer instanceof ApiError) reject(answer);
        else if (answer.ok) resolve(answer as T);
        else reject(new ApiError(answer.error?.code ?? 'ERROR', answer.error?.message ?? 'Request failed', 0));
      };
      pending.set(id, { settle });
      ws.send(JSON.stringify({ ...request, id }));
    });
  }

  betButton.addEventListener('click', async () => {
    const minor = Math.round(Number(amount.value) * 100);
    const autoText = auto.value.trim();
    const autoCashout = autoText ? Math.round(Number(autoText) * 100) : null;
    if (!Number.isSafeInteger(minor) || minor <= 0) return say('Enter a bet amount', 'error');
    if (autoCashout !== null && (!Number.isSafeInteger(autoCashout) || autoCashout < 101))
      return say('Auto cash-out must be at least 1.01×', 'error');
    busy = true;
    try {
      const answer = await send<{ bet: MyBet; balance: number }>(
        { type: 'bet', amount: minor, autoCashout },
        '/api/crash/bet',
        { bet: { amount: minor, autoCashout } },
      );
      mine = [answer.bet, ...mine.filter((b) => b.betId !== answer.bet.betId)];
      balance.textContent = money(answer.balance);
      say(`Bet ${money(minor)} placed${autoCashout ? `, auto cash-out at ${x(autoCashout)}` : ''}`, 'info');
      renderTables();
    } catch (err) {
      say(err instanceof ApiError ? err.message : 'Could not place the bet', 'error');
      // Unanswered (timeout, lost socket): the bet may stand; the state says.
      if (err instanceof ApiError && (err.code === 'TIMEOUT' || err.code === 'NETWORK')) void refreshMine();
    } finally {
      busy = false;
    }
  });

  cashButton.addEventListener('click', async () => {
    busy = true;
    try {
      const answer = await send<{ bet: MyBet; balance: number | null; winPending: boolean }>(
        { type: 'cashout' },
        '/api/crash/cashout',
      );
      mine = [answer.bet, ...mine.filter((b) => b.betId !== answer.bet.betId)];
      if (answer.balance !== null) balance.textContent = money(answer.balance);
      say(
        `Cashed out at ${x(answer.bet.cashout ?? 100)}: you win ${money(answer.bet.win)}${answer.winPending ? ' (payment on its way)' : ''}`,
        'ok',
      );
      renderTables();
    } catch (err) {
      say(err instanceof ApiError ? err.message : 'Could not cash out', 'error');
      void refreshMine();
    } finally {
      busy = false;
    }
  });

  // Auto cash-outs are paid by the server; the page learns of them with the table's state.
  setInterval(() => {
    const bet = myCurrent();
    if (bet?.status === 'open' && state?.round?.phase === 'running') void refreshMine();
  }, 2000);

  void refreshMine();
  connect();
  requestAnimationFrame(draw);
}
