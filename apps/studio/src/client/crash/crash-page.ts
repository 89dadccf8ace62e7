/// <reference lib="dom" />
// The crash page on the shared frame (frame.ts: top bar, fairness drawer, sound, live region, space).
// The shared round comes over the WebSocket /studio/ws/crash?token= (phase, start time, the table's
// bets, the crash point and its hash once crashed); the page draws the rising curve live from the
// server's start time (games/crash-chart.ts), lists the players' bets and cash-outs as the state
// brings them, the recent crash points as coloured chips, your bets, and runs auto-bet. Bet and
// cash-out go over that socket while it is open ({ type, id } requests, answers matched by id,
// ANSWER_TIMEOUT_MS to wait) and over the HTTP API with the game token when it is not; an answer that
// never comes shows an error and re-reads the state. Every number shown comes from the server's state
// (games/crash-present.ts); the page never decides a cash-out.
import type {
  CrashAnswer,
  CrashBetAnswer,
  CrashCashoutAnswer,
  CrashSocketMessage,
  CrashSocketRequest,
  RoundRequest,
  CrashSocketAnswer as SocketAnswer,
} from '../../api-types';
import type { CrashState, MyCrashBet as MyBet } from '../../crash';
import { cashoutInRange, multiplierAt } from '../../engines/crash/crash-curve';
import { bindSpace, createFrame } from '../frame';
import { pageLanguage, pageTitle } from '../game-title';
import { gameWords } from '../game-words';
import { createCrashChart } from '../games/crash-chart';
import {
  type AutoConfig,
  autoNext,
  band,
  crashView,
  myOutcome,
  netOf,
  parseAutoConfig,
  playerRows,
  times,
} from '../games/crash-present';
import { addStyle, CRASH_CSS } from '../games/crash-style';
import type { SessionInfo } from '../types';
import { ApiError, h, money, shortHash } from '../ui';
import { fairUrl, pageLanguageOf } from '../words';

type Api = <T>(path: string, options?: { method?: string; body?: unknown }) => Promise<T>;
/** A socket request before its id is added (each kind of request without its id). */
type SocketRequest = CrashSocketRequest extends infer R ? (R extends unknown ? Omit<R, 'id'> : never) : never;

/** How long a bet or cash-out sent over the socket waits for its answer. */
const ANSWER_TIMEOUT_MS = 10_000;
/** Auto-bet does not start a bet with less than this left to bet (it would likely be refused). */
const AUTO_MIN_LEFT_MS = 600;

const signed = (minor: number) => `${minor < 0 ? '-' : '+'}${money(Math.abs(minor))}`;
const settled = (b: MyBet) => b.status !== 'open' && b.status !== 'betting';

export function crashPage(app: HTMLElement, info: SessionInfo, api: Api): void {
  addStyle('crash-css', CRASH_CSS);
  const language = pageLanguage();
  const w = gameWords(language).crash;
  let state: CrashState | null = null;
  let mine: MyBet[] = [];
  let offset = 0; // server clock minus page clock
  let busy = false;
  const reduced = typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
  // The page's game token (play.ts reads it the same way): the socket carries it to place bets.
  const token = new URLSearchParams(location.search).get('token') ?? '';
  let socket: WebSocket | null = null;
  let nextId = 0;
  const pending = new Map<string, { settle: (answer: SocketAnswer | ApiError) => void }>();

  const balance = h('strong', { 'data-testid': 'balance' }, money(info.balance));
  const chart = createCrashChart();
  const big = h('div', { class: 'crash-multiplier', 'data-testid': 'multiplier' }, '1.00×');
  const phase = h('p', { class: 'crash-phase', 'data-testid': 'phase' }, w.connecting);
  const timer = h('span');
  const timerBar = h('div', { class: 'crash-timer', 'aria-hidden': 'true' }, timer);
  const stage = h(
    'section',
    { class: 'crash-stage', 'data-phase': 'connecting' },
    chart.el,
    h('div', { class: 'crash-overlay' }, big, phase, timerBar),
  );

  const field = (attrs: Record<string, string>) =>
    h('input', { type: 'number', inputmode: 'decimal', class: 'crash-input', ...attrs });
  const amount = field({
    min: '0.01',
    step: '0.01',
    value: '10.00',
    'aria-label': w.betAmount,
    'data-testid': 'amount',
  });
  const auto = field({
    min: '1.01',
    max: '10000',
    step: '0.01',
    placeholder: w.off,
    'aria-label': w.autoCashoutAt,
    'data-testid': 'auto-cashout',
  });
  const rounds = field({
    min: '1',
    max: '1000',
    step: '1',
    value: '10',
    'aria-label': w.rounds,
    'data-testid': 'auto-rounds',
  });
  const stopLoss = field({
    min: '0.01',
    step: '0.01',
    placeholder: w.none,
    'aria-label': w.stopOnLossOf,
    'data-testid': 'auto-stop-loss',
  });
  const stopProfit = field({
    min: '0.01',
    step: '0.01',
    placeholder: w.none,
    'aria-label': w.stopOnProfitOf,
    'data-testid': 'auto-stop-profit',
  });
  const half = h('button', { class: 'button small-btn', type: 'button', 'aria-label': w.halfBet }, '½');
  const double = h('button', { class: 'button small-btn', type: 'button', 'aria-label': w.doubleBet }, '2×');
  const betButton = h('button', { class: 'button crash-action', type: 'button', 'data-testid': 'bet' }, w.betButton);
  const cashButton = h(
    'button',
    { class: 'button crash-action cash', type: 'button', 'data-testid': 'cashout', disabled: true },
    w.cashOut,
  );
  const manualTab = h('button', { class: 'button small-btn', type: 'button', 'aria-pressed': 'true' }, w.manual);
  const autoTab = h(
    'button',
    { class: 'button small-btn', type: 'button', 'aria-pressed': 'false', 'data-testid': 'auto-tab' },
    w.auto,
  );
  const autoFields = h(
    'div',
    { class: 'crash-fields', hidden: true, 'data-testid': 'auto-panel' },
    h('label', {}, w.rounds, rounds),
    h('label', {}, w.stopOnLoss(info.currency), stopLoss),
    h('label', {}, w.stopOnProfit(info.currency), stopProfit),
  );
  const autoStatus = h('p', { class: 'muted small', 'data-testid': 'auto-status' });
  const frame = createFrame({
    title: pageTitle('crash'),
    demo: info.mode === 'trial',
    lobbyUrl: info.lobbyUrl,
    balance,
    currency: info.currency,
    drawerContent: [],
  });
  const { message, sound } = frame;
  const controls = h(
    'section',
    { class: 'panel crash-controls' },
    h('div', { class: 'crash-tabs', role: 'group', 'aria-label': w.betMode }, manualTab, autoTab),
    h(
      'div',
      { class: 'crash-fields' },
      h('label', {}, w.bet(info.currency), h('span', { class: 'crash-stake' }, amount, half, double)),
      h('label', {}, w.autoCashout, auto),
    ),
    autoFields,
    h('div', { class: 'crash-actions' }, betButton, cashButton),
    autoStatus,
    message,
  );

  const history = h('div', {
    class: 'crash-history',
    role: 'group',
    'data-testid': 'history',
    'aria-label': w.recentPoints,
  });
  const players = h('tbody', { 'data-testid': 'players' });
  const playersSummary = h('p', { class: 'muted small', 'data-testid': 'players-summary' });
  const myBody = h('tbody', { 'data-testid': 'my-bets' });
  const fair = h('div', { class: 'small', 'data-testid': 'fairness', style: 'overflow-wrap:anywhere' });
  // Focusable: a wide table scrolls sideways in its box, by keyboard too.
  const table = (label: string, head: string[], body: HTMLElement) =>
    h(
      'div',
      { class: 'table-wrap', tabindex: 0, role: 'region', 'aria-label': label },
      h('table', {}, h('thead', {}, h('tr', {}, ...head.map((t) => h('th', { scope: 'col' }, t)))), body),
    );

  frame.drawer.append(h('section', { class: 'panel' }, h('h2', {}, w.provablyFair), fair));
  app.replaceChildren(
    frame.header,
    h(
      'div',
      { class: 'crash-layout' },
      h('div', { class: 'crash-main' }, history, stage, controls),
      h(
        'div',
        { class: 'crash-side' },
        h(
          'section',
          { class: 'panel' },
          h('h2', {}, w.playersThisRound),
          playersSummary,
          table(w.playersThisRound, [w.player, w.betColumn, w.out, w.win], players),
        ),
        h(
          'section',
          { class: 'panel' },
          h('h2', {}, w.yourBets),
          table(w.yourBets, [w.round, w.betColumn, w.out, w.win], myBody),
        ),
      ),
    ),
    frame.drawer,
  );
  bindSpace(controls);

  const say = (text: string, kind: 'info' | 'error' | 'ok' = 'info') => {
    message.textContent = text;
    message.className = `message ${kind}`;
  };

  const serverNow = () => Date.now() + offset;
  const myCurrent = () => (state?.round ? mine.find((b) => b.roundId === state?.round?.id) : undefined);

  // ---- auto-bet ----
  let autoMode = false;
  let autoRun: { config: AutoConfig; placed: number; betIds: Set<string>; counted: Set<string>; net: number } | null =
    null;
  const setMode = (isAuto: boolean) => {
    autoMode = isAuto;
    manualTab.setAttribute('aria-pressed', String(!isAuto));
    autoTab.setAttribute('aria-pressed', String(isAuto));
    autoFields.hidden = !isAuto;
    if (!isAuto) stopAuto(null);
    renderButtons();
  };
  manualTab.addEventListener('click', () => setMode(false));
  autoTab.addEventListener('click', () => setMode(true));
  const scaleStake = (by: number) => {
    const v = Math.max(0.01, Math.round(Number(amount.value) * by * 100) / 100);
    if (Number.isFinite(v)) amount.value = v.toFixed(2);
  };
  half.addEventListener('click', () => scaleStake(0.5));
  double.addEventListener('click', () => scaleStake(2));

  function stopAuto(reason: string | null) {
    if (!autoRun) return;
    const run = autoRun;
    autoRun = null;
    autoStatus.textContent = w.autoStopped(reason, run.placed, signed(run.net));
    renderButtons();
  }

  /** Counts settled auto bets, stops on a limit, and bets on a fresh betting phase. */
  function autoTick() {
    const run = autoRun;
    if (!run) return;
    for (const b of mine) {
      if (run.betIds.has(b.betId) && !run.counted.has(b.betId) && settled(b)) {
        run.counted.add(b.betId);
        run.net += netOf(b);
      }
    }
    const waiting = run.betIds.size > run.counted.size;
    const status = w.autoProgress(run.placed, run.config.rounds, signed(run.net));
    if (autoStatus.textContent !== status) autoStatus.textContent = status;
    if (waiting || busy) return;
    const next = autoNext(run.config, { played: run.placed, net: run.net }, language);
    if (!next.go) return stopAuto(next.reason);
    const view = crashView(state, serverNow(), language);
    if (view.phase === 'betting' && view.bettingLeft > AUTO_MIN_LEFT_MS && !myCurrent()) {
      run.placed++;
      void placeBet(run.config.amount, run.config.autoCashout).then((bet) => {
        if (bet && autoRun === run) run.betIds.add(bet.betId);
        else if (!bet) stopAuto(w.betRefused);
      });
    }
  }

  // ---- drawing ----
  function renderTables() {
    const s = state;
    if (!s) return;
    const rows = playerRows(s.bets, language);
    const total = s.bets.reduce((sum, b) => sum + b.amount, 0);
    const won = s.bets.reduce((sum, b) => sum + b.win, 0);
    playersSummary.textContent = w.playersSummary(rows.length, money(total), money(won));
    // Rows keep their element from one state to the next (the server lists bets in the order placed),
    // so a new bet or a cash-out lights up its own row only.
    while (players.children.length > rows.length) players.lastElementChild?.remove();
    rows.forEach((r, i) => {
      let tr = players.children[i] as HTMLTableRowElement | undefined;
      const key = `${r.player}:${r.amount}`;
      if (!tr || tr.dataset.key !== key) {
        const fresh = h('tr', { 'data-key': key, class: 'crash-row-new' });
        if (tr) tr.replaceWith(fresh);
        else players.append(fresh);
        tr = fresh;
      }
      if (tr.dataset.state !== r.state) {
        tr.dataset.state = r.state;
        tr.replaceChildren(
          h('td', {}, r.player),
          h('td', {}, money(r.amount)),
          h('td', {}, r.out),
          h('td', { class: r.win > 0 ? 'win' : '' }, r.win > 0 ? money(r.win) : '—'),
        );
      }
    });
    if (!rows.length) players.replaceChildren(h('tr', {}, h('td', { colspan: 4, class: 'muted' }, w.noBets)));

    const chipsKey = s.history.map((r) => r.id).join();
    if (history.dataset.key !== chipsKey) {
      history.dataset.key = chipsKey;
      history.replaceChildren(
        ...s.history.map((r) =>
          h(
            'a',
            {
              class: `crash-chip ${band(r.crashPoint)}`,
              href: fairUrl(`crash=${r.hash}`, language),
              target: '_blank',
              rel: 'noopener',
              title: w.verifyRound(r.id),
              'data-crash-point': r.crashPoint,
            },
            times(r.crashPoint),
          ),
        ),
      );
    }
    myBody.replaceChildren(
      ...mine.map((b) =>
        h(
          'tr',
          {},
          h('td', {}, `#${b.roundId}`),
          h('td', {}, money(b.amount)),
          h('td', {}, myOutcome(b, language)),
          h('td', { class: b.win > 0 ? 'win' : '' }, money(b.win)),
        ),
      ),
    );
    const r = s.round;
    if (r) {
      const link = r.hash ? fairUrl(`crash=${r.hash}&prev=${r.previousHash}`, language) : null;
      fair.replaceChildren(
        h('p', {}, w.terminatingHash, h('code', {}, r.terminatingHash)),
        h('p', {}, w.mustHashTo(r.id), h('code', {}, shortHash(r.previousHash))),
        r.hash
          ? h(
              'p',
              {},
              w.roundHash,
              h('code', { 'data-testid': 'round-hash' }, r.hash),
              ' · ',
              h('a', { href: link ?? '#', target: '_blank', rel: 'noopener', 'data-testid': 'verify-link' }, w.verify),
            )
          : h('p', { class: 'muted' }, w.hashShownLater),
        h(
          'p',
          { class: 'muted' },
          w.formula(r.salt),
          h('a', { href: fairUrl('', language), target: '_blank', rel: 'noopener' }, w.verifier),
        ),
      );
    }
  }

  function renderButtons() {
    const r = state?.round;
    const bet = myCurrent();
    const betting = r?.phase === 'betting' && serverNow() < Date.parse(r.bettingEndsAt);
    const canCash = !busy && r?.phase === 'running' && bet?.status === 'open' && !bet.cashout;
    cashButton.disabled = !canCash;
    if (canCash && r?.startedAt && bet) {
      const m = multiplierAt(serverNow() - Date.parse(r.startedAt));
      const text = w.cashOutAmount(money(Math.floor((bet.amount * m) / 100)));
      if (cashButton.textContent !== text) cashButton.textContent = text;
    } else if (cashButton.textContent !== w.cashOut) cashButton.textContent = w.cashOut;
    if (autoMode) {
      betButton.disabled = busy && !autoRun;
      betButton.textContent = autoRun ? w.stopAuto : w.startAuto;
    } else {
      betButton.disabled = busy || !betting || !!bet;
      if (betButton.textContent !== w.betButton) betButton.textContent = w.betButton;
    }
    // Space plays whichever action is live: the cash-out while flying with a bet, else the bet.
    betButton.toggleAttribute('data-primary', !canCash);
    cashButton.toggleAttribute('data-primary', canCash);
  }

  let shownMultiplier = '';
  let shownPhase = '';
  let roundBettingMs = 0;
  let lastSecond = -1;
  function frameLoop() {
    const view = crashView(state, serverNow(), language);
    const text = times(view.multiplier);
    if (text !== shownMultiplier) {
      shownMultiplier = text;
      big.textContent = text;
    }
    if (view.text !== shownPhase) {
      shownPhase = view.text;
      phase.textContent = view.text;
    }
    if (stage.dataset.phase !== view.phase) {
      enterPhase(view.phase);
      stage.dataset.phase = view.phase;
    }
    if (view.phase === 'betting') {
      roundBettingMs = Math.max(roundBettingMs, view.bettingLeft);
      timer.style.transform = `scaleX(${roundBettingMs ? view.bettingLeft / roundBettingMs : 0})`;
      const second = Math.ceil(view.bettingLeft / 1000);
      if (second !== lastSecond && second <= 3) sound.play('button');
      lastSecond = second;
    }
    chart.draw(
      view.elapsed,
      view.multiplier,
      view.phase === 'crashed' ? 'crashed' : view.phase === 'running' ? 'flying' : 'idle',
    );
    renderButtons();
    autoTick();
    requestAnimationFrame(frameLoop);
  }

  function enterPhase(next: string) {
    if (next === 'betting') {
      roundBettingMs = 0;
      lastSecond = -1;
    } else if (next === 'running') sound.play('spin');
    else if (next === 'crashed') sound.play('stop');
    if (!reduced && (next === 'crashed' || next === 'running')) {
      big.classList.remove('pop');
      void big.offsetWidth; // restarts the pop animation
      big.classList.add('pop');
    }
  }

  async function refreshMine() {
    try {
      const data = await api<CrashAnswer>('/api/crash');
      const before = myCurrent();
      mine = data.mine;
      const after = myCurrent();
      if (before?.status === 'open' && !before.cashout && after?.cashout) {
        say(w.autoCashedOut(times(after.cashout), money(after.win)), 'ok');
        sound.play(after.cashout >= 1000 ? 'bigwin' : 'win');
      }
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
      if (bet && !bet.cashout) say(w.crashedLost(times(s.round?.crashPoint ?? 100)), 'error');
      void refreshMine();
    }
  }

  function connect() {
    const ws = new WebSocket(
      `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/studio/ws/crash?token=${encodeURIComponent(token)}&lang=${pageLanguageOf(language)}`,
    );
    ws.onopen = () => {
      socket = ws;
    };
    ws.onmessage = (e) => {
      const msg = JSON.parse(String(e.data)) as CrashSocketMessage;
      if (msg.type === 'state') apply(msg.data);
      else if (msg.id !== null) pending.get(msg.id)?.settle(msg);
    };
    ws.onclose = () => {
      if (socket === ws) socket = null;
      // Answers still awaited are lost with the socket: the callers re-read the state over HTTP.
      for (const p of [...pending.values()]) p.settle(new ApiError('NETWORK', w.connectionLost, 0));
      setTimeout(connect, 1500);
    };
  }

  /** A bet or cash-out: over the open socket (answer matched by id, with a timeout), else over HTTP. */
  function send<T>(request: SocketRequest, path: string, body?: RoundRequest): Promise<T> {
    const ws = socket;
    if (!ws || ws.readyState !== WebSocket.OPEN) return api<T>(path, { method: 'POST', body });
    const id = `${Date.now().toString(36)}-${++nextId}`;
    return new Promise<T>((resolve, reject) => {
      const timeout = setTimeout(() => settle(new ApiError('TIMEOUT', w.noAnswer, 0)), ANSWER_TIMEOUT_MS);
      const settle = (answer: SocketAnswer | ApiError) => {
        clearTimeout(timeout);
        pending.delete(id);
        if (answer instanceof ApiError) reject(answer);
        else if (answer.ok) resolve(answer as T);
        else reject(new ApiError(answer.error?.code ?? 'ERROR', answer.error?.message ?? w.requestFailed, 0));
      };
      pending.set(id, { settle });
      ws.send(JSON.stringify({ ...request, id }));
    });
  }

  async function placeBet(minor: number, autoCashout: number | null): Promise<MyBet | null> {
    busy = true;
    try {
      const answer = await send<CrashBetAnswer>({ type: 'bet', amount: minor, autoCashout }, '/api/crash/bet', {
        bet: { amount: minor, autoCashout },
      });
      mine = [answer.bet, ...mine.filter((b) => b.betId !== answer.bet.betId)];
      balance.textContent = money(answer.balance);
      say(w.betPlaced(money(minor), autoCashout ? times(autoCashout) : null), 'info');
      sound.play('button');
      renderTables();
      return answer.bet;
    } catch (err) {
      say(err instanceof ApiError ? err.message : w.couldNotBet, 'error');
      // Unanswered (timeout, lost socket): the bet may stand; the state says.
      if (err instanceof ApiError && (err.code === 'TIMEOUT' || err.code === 'NETWORK')) void refreshMine();
      return null;
    } finally {
      busy = false;
    }
  }

  betButton.addEventListener('click', () => {
    if (autoMode) {
      if (autoRun) return stopAuto(null);
      const config = parseAutoConfig(
        {
          amount: amount.value,
          autoCashout: auto.value,
          rounds: rounds.value,
          stopLoss: stopLoss.value,
          stopProfit: stopProfit.value,
        },
        language,
      );
      if ('error' in config) return say(config.error, 'error');
      autoRun = { config, placed: 0, betIds: new Set(), counted: new Set(), net: 0 };
      say(w.autoOn(config.rounds, money(config.amount), times(config.autoCashout)));
      renderButtons();
      return;
    }
    const minor = Math.round(Number(amount.value) * 100);
    const autoText = auto.value.trim();
    const autoCashout = autoText ? Math.round(Number(autoText) * 100) : null;
    if (!Number.isSafeInteger(minor) || minor <= 0) return say(w.enterAmount, 'error');
    if (autoCashout !== null && !cashoutInRange(autoCashout)) return say(w.cashoutRange, 'error');
    void placeBet(minor, autoCashout);
  });

  cashButton.addEventListener('click', async () => {
    busy = true;
    try {
      const answer = await send<CrashCashoutAnswer>({ type: 'cashout' }, '/api/crash/cashout');
      mine = [answer.bet, ...mine.filter((b) => b.betId !== answer.bet.betId)];
      if (answer.balance !== null) balance.textContent = money(answer.balance);
      say(w.cashedOut(times(answer.bet.cashout ?? 100), money(answer.bet.win), answer.winPending), 'ok');
      sound.play((answer.bet.cashout ?? 0) >= 1000 ? 'bigwin' : 'win');
      renderTables();
    } catch (err) {
      say(err instanceof ApiError ? err.message : w.couldNotCashOut, 'error');
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
  requestAnimationFrame(frameLoop);
}
