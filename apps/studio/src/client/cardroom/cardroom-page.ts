// The card room page (bundled as cardroom.js, client-bundle.ts), opened in the game frame from a
// PVP tile of the card room (game-map.ts) with the game token in its address. Two screens: the lobby
// (GET /studio/api/pvp/lobby, polled while shown: the tables, their figures, filters, "join the next
// free seat" and the waiting lists) and a table (the WebSocket /studio/ws/pvp: the server's view
// after every change; moves, sit, top-up, sit out, leave, show and the client seed as requests; on a
// lost socket it reconnects and sends `resume`, so the same seat comes back). docs/pvp.md "Pages".
//
// This file wires the parts: what the page knows and decides (cr-state.ts), the felt, the cards and
// the turn line (cr-scene.ts), the lobby's filters and the table's moves, tools and amount sheet
// (cr-controls.ts), and the lobby's tables and the table's fair shuffle and history panels
// (cr-lists.ts); it runs the top bar, the lobby's poll and the table's socket.
import type { PvpTableView } from '../../cardroom/room/view';
import { readBoot } from '../boot';
import { speakerIcon } from '../frame';
import { fill, launchLanguage } from '../i18n';
import { loadKitWords } from '../kit-words';
import { HandEntropy } from '../pvp/hand-entropy';
import { startRealityCheck } from '../reality-check';
import { sessionEndedBy, showSessionEnded } from '../session-ended';
import { createSound } from '../sound';
import { tableSound } from '../table-sound';
import { ApiError, h, request } from '../ui';
import { createJoinNext, createTableControls, drawLobbyFilters } from './cr-controls';
import { createTablePanels, drawLobbyTables, drawTongitsTables } from './cr-lists';
import { chipsText, moneyText } from './cr-present';
import { createTableScene, present } from './cr-scene';
import { createSngBar, drawSngs } from './cr-sng-lists';
import {
  type Answer,
  answerKey,
  type Boot,
  balanceText,
  type CrApi,
  errorPhrase,
  initialLobbyChoice,
  initialTableScreen,
  type LobbyAnswer,
  type LobbyChoice,
  markDrawn,
  nextRequestId,
  reconnectDelay,
  requestKey,
  type StripItem,
  seatedIn,
  sideBySideChoice,
  stripItems,
  type TableScreen,
  tableFromHash,
  takeView,
} from './cr-state';
import { injectCardRoomStyle } from './cr-style';
import { runToResume, type SngRun } from './cr-tournament-state';
import { type CrWords, loadCardRoomWords } from './cr-words';

const LOBBY_POLL_MS = 3000;

/** What both screens use: the page's words and amounts, its requests and sounds, the status line, the screen. */
type CrPage = {
  words: CrWords;
  locale: string;
  money: (minor: number) => string;
  api: CrApi;
  token: string;
  trial: boolean;
  effect: ReturnType<typeof tableSound>;
  say: (text: string, error?: boolean) => void;
  errorText: (err: unknown) => string;
  /** The member's wallet balance, read again. */
  showBalance: () => Promise<void>;
  screen: HTMLElement;
  filter: LobbyChoice;
  /** Stops the screen shown (its poll, or its tables' drawing) before the next is drawn. */
  leaveScreen: () => void;
  /** The tables the page holds a socket to, in the order they were opened: those shown and those the player sits at. */
  open: Map<string, OpenTable>;
  /** The tables on screen (one, or two side by side); none on the lobby. */
  shown: string[];
  /** Draws the "My tables" strip again. */
  drawStrip: () => void;
};

/** A table followed over its socket, drawn or not: the player may sit at several and look at one or two. */
type OpenTable = {
  id: string;
  st: TableScreen;
  entropy: HandEntropy;
  send: (message: Record<string, unknown>) => Promise<Answer>;
  requestOf: (type: string, extra?: Record<string, unknown>) => Promise<boolean>;
  /** The drawing on screen, while the table is shown. */
  onView: ((v: PvpTableView) => void) | null;
  close: () => void;
};

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

async function start(app: HTMLElement) {
  injectCardRoomStyle();
  const token = new URLSearchParams(location.search).get('token') ?? '';
  const boot = (readBoot(document) ?? {}) as Boot;
  const language = launchLanguage(boot.language);
  const [words] = await Promise.all([loadCardRoomWords(language), loadKitWords(language)]);
  const locale = language.locale;
  const money = (m: number) => moneyText(m, locale);
  const api = <T>(path: string, options: { method?: string; body?: unknown } = {}) =>
    request<T>(path, { ...options, token }, language.code);
  const lobbyUrl = typeof boot.lobbyUrl === 'string' ? boot.lobbyUrl : null;
  const trial = boot.mode !== 'real';
  startRealityCheck({ demo: trial, lobbyUrl });
  const owner = typeof boot.member === 'string' && boot.member ? boot.member : 'guest';
  const sound = createSound(owner, storage());
  const effect = tableSound(sound);

  // ---- the frame: top bar, the status line ----
  const soundButton = h('button', { class: 'icon-button', type: 'button', 'data-testid': 'sound' });
  const showSound = () => {
    soundButton.setAttribute('aria-pressed', String(!sound.muted));
    soundButton.setAttribute('aria-label', sound.muted ? words.sound.off : words.sound.on);
    soundButton.replaceChildren(speakerIcon(sound.muted));
  };
  soundButton.addEventListener('click', () => {
    sound.setMuted(!sound.muted);
    showSound();
    sound.play('button');
  });
  showSound();
  const title = (typeof boot.gameName === 'string' && boot.gameName.trim()) || words.title;
  // The member's wallet balance: read when the page opens and after every move of money (sit, top-up, leave).
  const balance = h('strong', { 'data-testid': 'balance' }, '—');
  const showBalance = async () => {
    try {
      const s = await api<{ balance: number | null; currency: string }>('/api/session');
      balance.textContent = balanceText(s, money);
    } catch {
      balance.textContent = '—';
    }
  };
  void showBalance();
  const header = h(
    'header',
    { class: 'topbar cr-top' },
    lobbyUrl
      ? h(
          'a',
          {
            class: 'icon-button',
            href: lobbyUrl,
            target: '_top',
            'data-testid': 'lobby',
            'aria-label': words.backToLobby,
          },
          '‹',
        )
      : h('span', { class: 'icon-spacer' }),
    h('h1', { class: 'title', 'data-testid': 'game-title' }, title),
    h('span', { class: 'balance' }, h('span', { class: 'muted small' }, `${words.balance} `), balance),
    soundButton,
  );
  const status = h('p', { class: 'message', role: 'status', 'aria-live': 'polite', 'data-testid': 'message' });
  const screen = h('div', {});
  const strip = h('nav', {
    class: 'cr-strip',
    hidden: true,
    'data-testid': 'my-tables',
    'aria-label': words.multi.myTables,
  });
  app.classList.add('cr-app');
  app.replaceChildren(header, status, strip, screen);
  const say = (text: string, error = false) => {
    status.textContent = text;
    status.classList.toggle('error', error);
  };
  const errorText = (err: unknown): string => {
    if (err instanceof ApiError) return errorPhrase(words.errors, err.code, err.message);
    return words.errors.other;
  };

  const page: CrPage = {
    words,
    locale,
    money,
    api,
    token,
    trial,
    effect,
    say,
    errorText,
    showBalance,
    screen,
    filter: initialLobbyChoice(boot.preset),
    leaveScreen: () => undefined,
    open: new Map(),
    shown: [],
    drawStrip: () => drawStrip(page, strip),
  };
  const fromHash = tableFromHash(location.hash);
  if (fromHash !== null) showTables(page, [fromHash]);
  else await showLobby(page, true);
}

// ---- the lobby ----
async function showLobby(page: CrPage, autoOpen: boolean) {
  const { words, trial, say, errorText } = page;
  page.leaveScreen();
  page.shown = [];
  page.drawStrip();
  location.hash = '';
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  page.leaveScreen = () => {
    stopped = true;
    clearTimeout(timer);
  };
  const notes = h('div', {});
  const filters = h('div', { class: 'cr-filters' });
  const list = h('div', { class: 'cr-tables', 'data-testid': 'lobby-tables' });
  // Tongits tables have a page of their own (client/pvp/tongits-page.ts): a row opens it at its
  // address. Their heading sits above their grid, so the rows line up with the Hold'em ones.
  const tongitsList = h('div', { class: 'cr-tables', 'data-testid': 'tongits-tables' });
  const tongitsHeading = h('h2', { hidden: true }, 'Tongits');
  const sngList = h('div', { class: 'cr-tables', 'data-testid': 'sng-list' });
  const sngHeading = h('h2', { hidden: true }, words.sng.heading);
  const toTable = (tableId: string) => showTables(page, [tableId]);
  const joinNext = createJoinNext({ ...page, showTable: toTable });
  page.screen.replaceChildren(
    h('h2', {}, words.lobby.heading),
    notes,
    filters,
    joinNext,
    list,
    sngHeading,
    sngList,
    tongitsHeading,
    tongitsList,
  );

  const drawTables = (d: LobbyAnswer) => drawLobbyTables({ ...page, showTable: toTable, refresh }, list, d);
  const refresh = async () => {
    let data: LobbyAnswer;
    let sngs: SngRun[];
    try {
      [data, sngs] = await Promise.all([
        page.api<LobbyAnswer>('/api/pvp/lobby'),
        page.api<{ sngs: SngRun[] }>('/api/pvp/sngs').then((a) => a.sngs),
      ]);
    } catch (err) {
      say(errorText(err), true);
      return;
    }
    if (stopped) return;
    const d = data;
    if (autoOpen) {
      autoOpen = false;
      // Back on the page while seated (a reload, a lost tab): straight back to the seats, the first
      // on screen and the others followed in the "My tables" strip.
      const mine = d.tables.filter((t) => t.you.seated).map((t) => t.id);
      const run = runToResume(sngs);
      const first = mine[0] ?? run;
      if (first) {
        for (const id of [...mine, ...(run ? [run] : [])]) openTable(page, id);
        showTables(page, [first]);
        return;
      }
    }
    notes.replaceChildren(
      ...present(
        h('p', { class: 'cr-note strong', 'data-testid': 'no-house' }, words.lobby.noHouse),
        d.demo ? h('p', { class: 'cr-note' }, words.lobby.demoTogether) : null,
        trial ? h('p', { class: 'cr-note' }, words.lobby.trial) : null,
        h('p', { class: 'cr-note' }, fill(words.lobby.figures, { minutes: d.figuresWindowMinutes })),
      ),
    );
    if (!filters.firstChild) drawLobbyFilters(page, filters, d, drawTables);
    drawTables(d);
    drawSngs({ ...page, showTable: toTable, refresh }, sngHeading, sngList, sngs);
    drawTongitsTables(page, tongitsHeading, tongitsList, d.tongitsTables);
  };
  await refresh();
  const poll = () => {
    if (stopped) return;
    timer = setTimeout(async () => {
      await refresh();
      poll();
    }, LOBBY_POLL_MS);
  };
  poll();
}

// ---- the tables ----

/** The table's connection, opened once and kept while the player sits there or it is on screen. */
function openTable(page: CrPage, tableId: string): OpenTable {
  const known = page.open.get(tableId);
  if (known) return known;
  const { words, say } = page;
  const st: TableScreen = initialTableScreen();
  const send = (message: Record<string, unknown>) =>
    new Promise<Answer>((resolve) => {
      if (!st.ws || st.ws.readyState !== WebSocket.OPEN) {
        resolve({ ok: false, error: { code: 'NETWORK', message: words.table.reconnecting } });
        return;
      }
      const key = requestKey(message);
      st.answers.set(key, resolve);
      st.ws.send(JSON.stringify(message));
    });
  const requestOf = async (type: string, extra: Record<string, unknown> = {}) => {
    const answer = await send({ type, id: nextRequestId(st), ...extra });
    if (answer.ok && (type === 'sit' || type === 'top-up' || type === 'leave')) void page.showBalance();
    if (!answer.ok && answer.error) say(errorPhrase(words.errors, answer.error.code, answer.error.message), true);
    return answer.ok;
  };
  // The page's own part of each next hand's deck, sent once its seed is committed: at every table
  // the player sits at, shown or not.
  const entropy = new HandEntropy();
  const sendEntropy = (v: PvpTableView) => {
    const due = entropy.due(v);
    if (!due) return;
    void send({ type: 'entropy', id: nextRequestId(st), ...due }).then((a) => {
      if (!a.ok) entropy.failed(due.hash);
    });
  };
  const onOnline = () => {
    if (st.ws?.readyState !== WebSocket.OPEN) {
      clearTimeout(st.retryTimer);
      connect();
    }
  };
  const table: OpenTable = {
    id: tableId,
    st,
    entropy,
    send,
    requestOf,
    onView: null,
    close: () => {
      st.stopped = true;
      clearTimeout(st.retryTimer);
      window.removeEventListener('online', onOnline);
      st.ws?.close();
      st.ws = null;
      page.open.delete(tableId);
      page.drawStrip();
    },
  };
  const connect = tableSocket(page, st, tableId, (v) => {
    sendEntropy(v);
    table.onView?.(v);
    // Left while another table is on screen: nothing more to follow here.
    if (!table.onView && !seatedIn(v)) table.close();
    page.drawStrip();
  });
  window.addEventListener('online', onOnline);
  page.open.set(tableId, table);
  connect();
  return table;
}

/** One table on screen, or two side by side; the others the player sits at are followed in the strip. */
function showTables(page: CrPage, tableIds: string[]) {
  const { words } = page;
  page.leaveScreen();
  page.shown = tableIds;
  location.hash = `table=${encodeURIComponent(tableIds[0] ?? '')}`;
  page.say('');
  const back = h('button', { type: 'button', class: 'button ghost', 'data-testid': 'to-lobby' }, words.table.lobby);
  back.addEventListener('click', () => {
    void showLobby(page, false);
    void page.showBalance();
  });
  const pairButton = h('button', {
    type: 'button',
    class: 'button ghost',
    hidden: true,
    'data-testid': 'side-by-side',
  });
  pairButton.addEventListener('click', () => {
    const choice = sideBySideChoice(page.shown, seatedIds(page), window.innerWidth);
    if (choice) showTables(page, choice.show);
  });
  const tables = tableIds.map((id) => openTable(page, id));
  const spots = tables.map((t) => h('div', { class: 'cr-spot', 'data-table': t.id }));
  page.screen.replaceChildren(
    h('div', { class: 'cr-actions' }, back, pairButton),
    h('div', { class: tables.length > 1 ? 'cr-duo' : 'cr-solo' }, ...spots),
  );
  const drawPairButton = () => {
    const choice = sideBySideChoice(page.shown, seatedIds(page), window.innerWidth);
    pairButton.hidden = choice === null;
    if (choice) pairButton.textContent = choice.pair ? words.multi.sideBySide : words.multi.oneTable;
  };
  const detach = tables.map((t, i) => drawTable(page, t, spots[i] as HTMLElement, drawPairButton));
  drawPairButton();
  window.addEventListener('resize', drawPairButton);
  page.drawStrip();
  page.leaveScreen = () => {
    window.removeEventListener('resize', drawPairButton);
    for (const d of detach) d();
    // A table watched but not sat at is not followed once it is off screen.
    for (const t of tables) if (!seatedIn(t.st.view)) t.close();
  };
}

const seatedIds = (page: CrPage) => [...page.open.values()].filter((t) => seatedIn(t.st.view)).map((t) => t.id);

/** Draws a table into its spot from its connection's views; answers what stops the drawing. */
function drawTable(page: CrPage, table: OpenTable, spot: HTMLElement, onView: () => void): () => void {
  const { st, send, requestOf } = table;
  // At a sit-and-go's table the felt's amounts (stacks, bets, pots, raises) are tournament chips, not money.
  const felt = {
    ...page,
    money: (amount: number) => (st.view?.table.kind === 'sng' ? chipsText(amount, page.locale) : page.money(amount)),
  };
  const controls = createTableControls({ ...felt, state: st, send, requestOf });
  const scene = createTableScene({ ...felt, state: st, onSit: controls.sitSheet });
  const panels = createTablePanels({ ...page, state: st, requestOf, entropy: table.entropy });
  const me = h('div', { class: 'cr-me' }, scene.turnLine, scene.mine, controls.moves, controls.raise, controls.tools);
  // The felt and the player's own panel: one above the other, side by side on a wide screen (cr-style.ts).
  const play = h('div', { class: 'cr-play' }, scene.wrap, me);
  // A sit-and-go's level, blinds, clock and prizes above its table (hidden at a cash table).
  const sngBar = createSngBar(page, table.id);
  spot.replaceChildren(sngBar.el, play, panels.fair, panels.hist, controls.sheet);

  const draw = (v: PvpTableView) => {
    const newHand = scene.drawFelt(v);
    // ---- the player's own cards, moves and tools ----
    scene.drawMine(v, newHand);
    controls.drawMoves(v);
    scene.drawClock();
    controls.drawTools(v);
    panels.drawFair();
    sngBar.watch(v);
    onView();
  };
  const mine = (v: PvpTableView) => draw(v);
  table.onView = mine;
  if (st.view) {
    markDrawn(st);
    draw(st.view);
  }
  const clock = setInterval(() => scene.drawClock(), 250);
  return () => {
    if (table.onView === mine) table.onView = null;
    sngBar.stop();
    clearInterval(clock);
  };
}

/** The "My tables" strip: each table the player sits at, the ones waiting for a move marked, a tap away. */
function drawStrip(page: CrPage, strip: HTMLElement) {
  const { words } = page;
  const items = stripItems(
    [...page.open.values()].map((t) => ({ id: t.id, view: t.st.view })),
    page.shown,
  );
  strip.hidden = items.length === 0;
  if (strip.hidden) {
    strip.replaceChildren();
    return;
  }
  const amount = (i: StripItem, n: number) => (i.chips ? chipsText(n, page.locale) : page.money(n));
  const stakes = (i: StripItem) => `${amount(i, i.smallBlind)}/${amount(i, i.bigBlind)}`;
  strip.replaceChildren(
    h('span', { class: 'muted small' }, words.multi.myTables),
    ...items.map((i) => {
      const b = h(
        'button',
        {
          type: 'button',
          class: `cr-strip-item${i.turn ? ' turn' : ''}`,
          'data-testid': 'my-table',
          'data-table': i.id,
          'aria-current': i.shown ? 'true' : 'false',
        },
        h('span', {}, i.name),
        h('span', { class: 'muted small' }, stakes(i)),
        i.turn ? h('strong', { class: 'cr-strip-turn' }, words.table.yourTurn) : null,
      );
      b.addEventListener('click', () => {
        if (!page.shown.includes(i.id)) showTables(page, [i.id]);
      });
      return b;
    }),
  );
}

/**
 * The table's socket: returns what (re)opens it. Each view newer than the one shown is taken and
 * handed to `onView`; an answer settles the request waiting for it; a lost socket fails the
 * requests waiting and reconnects after a growing wait, unless the session has ended.
 */
function tableSocket(page: CrPage, st: TableScreen, tableId: string, onView: (v: PvpTableView) => void) {
  const connect = () => {
    if (st.stopped) return;
    const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
    const socket = new WebSocket(
      `${scheme}://${location.host}/studio/ws/pvp?token=${encodeURIComponent(page.token)}&table=${encodeURIComponent(tableId)}`,
    );
    st.ws = socket;
    socket.addEventListener('open', () => {
      st.retry = 0;
      page.say('');
      socket.send(JSON.stringify({ type: 'resume' }));
    });
    socket.addEventListener('message', (e) => {
      const msg = JSON.parse(String(e.data)) as {
        type: string;
        data?: PvpTableView;
        id?: string;
        seq?: number;
        ok?: boolean;
        error?: { code: string; message: string };
      };
      if (msg.type === 'table' && msg.data) {
        if (takeView(st, msg.data, Date.now())) onView(msg.data);
        return;
      }
      const key = answerKey(msg);
      const done = st.answers.get(key);
      st.answers.delete(key);
      done?.({ ok: msg.ok === true, ...(msg.error ? { error: msg.error } : {}) });
    });
    socket.addEventListener('close', (e) => {
      if (st.stopped || st.ws !== socket) return;
      for (const done of st.answers.values()) done({ ok: false });
      st.answers.clear();
      if (sessionEndedBy(e)) {
        st.stopped = true;
        showSessionEnded();
        return;
      }
      page.say(page.words.table.reconnecting, true);
      st.retryTimer = setTimeout(connect, reconnectDelay(st.retry++));
    });
  };
  return connect;
}

const app = document.getElementById('app');
if (app) {
  start(app).catch((err: unknown) => {
    app.replaceChildren(h('section', { class: 'panel error-page' }, h('p', {}, String(err))));
  });
}
