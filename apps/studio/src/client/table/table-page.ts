// The live table page (LIVE baccarat and roulette) on the shared game frame (frame.ts): the table's
// shared round over the WebSocket /studio/ws/table (phase, countdown, cards as they are dealt, the
// result, the road), bets through the HTTP API with the game token (several per round, each a wallet
// bet), your bets and results, and the fairness drawer (the round's seed hash before betting, the
// seed at the result, a verify link that recomputes the round on /studio/fair). A lost socket
// reconnects; a poll keeps the balance and your bets fresh. It reads the server's own views through
// type-only imports (nothing of the server is bundled).
//
// This file wires the parts: what the page knows (table-state.ts), the stage with the cards or the
// wheel (table-scene.ts), the side panels (table-lists.ts) and the felt, chips and keys
// (table-controls.ts). Everything shown comes from the server's round (games/table-present.ts,
// checked by its test).
import type { RoundRequest, TableAnswer, TableBetAnswer, TableSocketMessage } from '../../api-types';
import type { TableState } from '../../casino/tables';
import { type BalanceShown, balanceShown } from '../balance-shown';
import { pageLanguage } from '../boot';
import { bindSpace, createFrame } from '../frame';
import { pageTitle } from '../game-title';
import { gameWords } from '../game-words';
import { injectTableStyle } from '../games/table-style';
import { sessionEndedBy, showSessionEnded } from '../session-ended';
import { tableSound } from '../table-sound';
import type { SessionInfo } from '../types';
import { ApiError, h, money } from '../ui';
import { createTableControls } from './table-controls';
import { createTableLists } from './table-lists';
import { createTableScene } from './table-scene';
import {
  applyTableAnswer,
  applyTableState,
  betTaken,
  betText,
  bettingOpen,
  initialTablePageState,
  placedInRound,
  serverNow,
  slipBet,
  type TableEngine,
  type TablePageState,
  tableChips,
  tablePolls,
} from './table-state';

type Api = <T>(path: string, options?: { method?: string; body?: unknown }) => Promise<T>;

/** What the page's handlers share: its words, requests and parts, and its one mutable state. */
type TablePage = {
  engine: TableEngine;
  language: unknown;
  w: ReturnType<typeof gameWords>['table'];
  api: Api;
  token: string;
  balance: BalanceShown;
  say: (text: string, kind?: 'info' | 'error' | 'ok') => void;
  lists: ReturnType<typeof createTableLists>;
  controls: ReturnType<typeof createTableControls>;
  scene: ReturnType<typeof createTableScene>;
  state: TablePageState;
};

export function tablePage(app: HTMLElement, info: SessionInfo, api: Api, token: string): void {
  injectTableStyle();
  const language = pageLanguage();
  const w = gameWords(language).table;
  const engine = info.engine === 'roulette' ? 'roulette' : 'baccarat';
  const chips = tableChips(info.game as { chips?: number[] } | null);
  const reduced = () => window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
  const state = initialTablePageState();

  const balanceEl = h('strong', { 'data-testid': 'balance' }, money(info.balance));
  const balance = balanceShown(balanceEl, money);
  const lists = createTableLists(engine, language, w);
  const frame = createFrame({
    title: pageTitle(engine),
    demo: info.mode === 'trial',
    lobbyUrl: info.lobbyUrl,
    balance: balanceEl,
    currency: info.currency,
    drawerContent: [h('section', { class: 'panel fairness' }, h('h2', {}, w.provablyFair), lists.fair)],
  });
  frame.header.querySelector('h1')?.append(h('span', { class: 'badge tb-live' }, 'LIVE'));
  const { message } = frame;
  const play = tableSound(frame.sound);
  const say = (text: string, kind: 'info' | 'error' | 'ok' = 'info') => {
    message.textContent = text;
    message.className = `message ${kind}`;
  };

  const controls = createTableControls({
    engine,
    language,
    words: w,
    chips,
    play,
    say,
    model: () => state.model,
    update: (next) => {
      state.model = next;
    },
    bettingOpen: () => bettingOpen(state.model, Date.now()),
    busy: () => state.busy,
    onPlace: () => void placeBet(p),
  });
  const scene = createTableScene({
    engine,
    language,
    words: w,
    spots: controls.spots,
    play,
    say,
    reduced,
    placedIn: (roundId) => placedInRound(state.model, engine, roundId),
  });
  const p: TablePage = { engine, language, w, api, token, balance, say, lists, controls, scene, state };

  app.replaceChildren(
    frame.header,
    h(
      'div',
      { class: `tb-layout ${engine}` },
      h('div', { class: 'tb-main' }, scene.el, controls.typeBar, controls.felt, controls.chipBar, message),
      h(
        'div',
        { class: 'tb-side' },
        lists.roads,
        h('section', { class: 'panel' }, h('h2', {}, w.yourBets), lists.myTable),
        h('section', { class: 'panel' }, h('h2', {}, w.playersThisRound), lists.playersTable),
        h('p', { class: 'muted small tb-keys' }, w.keys(chips.length, engine === 'roulette')),
      ),
    ),
    frame.drawer,
  );
  bindSpace(app);
  controls.bindKeys();

  // Without the socket, the poll carries the table's state too (and keeps the table running).
  setInterval(() => {
    if (tablePolls(state)) void refresh(p);
  }, 3000);

  void refresh(p);
  connect(p);
  tick(p);
  controls.drawSpots();
}

function renderLists(p: TablePage) {
  p.lists.render(p.state.model.state, p.state.model.mine);
  p.controls.drawSpots();
}

function tick(p: TablePage) {
  p.scene.showClock(p.state.model.state, p.state.model.bettingSpan, serverNow(p.state.model, Date.now()));
  p.controls.syncControls();
  setTimeout(() => tick(p), 200);
}

async function refresh(p: TablePage) {
  const { state, scene } = p;
  try {
    const ticket = p.balance.ticket();
    const data = await p.api<TableAnswer>('/api/table');
    const { model: next, fresh, newerState } = applyTableAnswer(state.model, data);
    state.model = next;
    p.balance.show(ticket, data.balance);
    if (newerState) apply(p, data.state);
    if (fresh.length) scene.showWin(fresh);
    renderLists(p);
    scene.checkAreaWins(state.model.mine);
  } catch (err) {
    if (err instanceof ApiError) p.say(err.message, 'error');
  }
}

function apply(p: TablePage, s: TableState) {
  const { model: next, toResult } = applyTableState(p.state.model, s, Date.now());
  p.state.model = next;
  p.scene.render(p.state.model.state);
  renderLists(p);
  // The result settles the bets: fetch balance and my bets (once now, once after delivery).
  if (toResult) {
    void refresh(p);
    setTimeout(() => void refresh(p), 1200);
  }
}

function connect(p: TablePage) {
  const ws = new WebSocket(
    `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/studio/ws/table?token=${encodeURIComponent(p.token)}`,
  );
  ws.onopen = () => {
    p.state.socketOpen = true;
  };
  ws.onmessage = (e) => {
    const msg = JSON.parse(String(e.data)) as TableSocketMessage;
    if (msg.type === 'state') apply(p, msg.data);
  };
  ws.onclose = (e) => {
    p.state.socketOpen = false;
    if (sessionEndedBy(e)) showSessionEnded();
    else setTimeout(() => connect(p), 1500);
  };
}

async function placeBet(p: TablePage) {
  const { state, engine, w, say } = p;
  if (!state.model.slip.size || state.busy) return;
  const entries = [...state.model.slip.entries()];
  const bet = slipBet(engine, entries);
  state.busy = true;
  try {
    const ticket = p.balance.ticket();
    const answer = await p.api<TableBetAnswer>('/api/table/bet', {
      method: 'POST',
      body: { bet } satisfies RoundRequest,
    });
    state.model = betTaken(state.model, answer, entries);
    p.balance.show(ticket, answer.balance);
    say(w.betPlaced(betText(engine, answer.bet.bet, p.language)), 'info');
    renderLists(p);
  } catch (err) {
    say(err instanceof ApiError ? err.message : w.couldNotBet, 'error');
  } finally {
    state.busy = false;
  }
}
