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
  hasOpenBet,
  initialTableModel,
  placedThisRound,
  serverNow,
  slipBet,
  type TableModel,
} from './table-state';

type Api = <T>(path: string, options?: { method?: string; body?: unknown }) => Promise<T>;

export function tablePage(app: HTMLElement, info: SessionInfo, api: Api, token: string): void {
  injectTableStyle();
  const language = pageLanguage();
  const w = gameWords(language).table;
  const engine = info.engine === 'roulette' ? 'roulette' : 'baccarat';
  const game = info.game as { chips?: number[] } | null;
  const chips = game?.chips?.length ? game.chips : [100, 500, 1000, 5000, 10000];
  const reduced = () => window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
  let model: TableModel = initialTableModel();
  let busy = false;

  const balance = h('strong', { 'data-testid': 'balance' }, money(info.balance));
  const lists = createTableLists(engine, language, w);
  const frame = createFrame({
    title: pageTitle(engine),
    demo: info.mode === 'trial',
    lobbyUrl: info.lobbyUrl,
    balance,
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
    model: () => model,
    update: (next) => {
      model = next;
    },
    bettingOpen: () => bettingOpen(model, Date.now()),
    busy: () => busy,
    onPlace: () => void placeBet(),
  });
  const scene = createTableScene({
    engine,
    language,
    words: w,
    spots: controls.spots,
    play,
    say,
    reduced,
    placedIn: (roundId) =>
      roundId === model.state?.round?.id ? placedThisRound(model, engine) : new Map<string, number>(),
  });

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

  function renderLists() {
    lists.render(model.state, model.mine);
    controls.drawSpots();
  }

  function tick() {
    scene.showClock(model.state, model.bettingSpan, serverNow(model, Date.now()));
    controls.syncControls();
    setTimeout(tick, 200);
  }

  async function refresh() {
    try {
      const data = await api<TableAnswer>('/api/table');
      const { model: next, fresh, newerState } = applyTableAnswer(model, data);
      model = next;
      if (data.balance !== null) balance.textContent = money(data.balance);
      if (newerState) apply(data.state);
      if (fresh.length) scene.showWin(fresh);
      renderLists();
      scene.checkAreaWins(model.mine);
    } catch (err) {
      if (err instanceof ApiError) say(err.message, 'error');
    }
  }

  function apply(s: TableState) {
    const { model: next, toResult } = applyTableState(model, s, Date.now());
    model = next;
    scene.render(model.state);
    renderLists();
    // The result settles the bets: fetch balance and my bets (once now, once after delivery).
    if (toResult) {
      void refresh();
      setTimeout(() => void refresh(), 1200);
    }
  }

  let socketOpen = false;
  function connect() {
    const ws = new WebSocket(
      `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/studio/ws/table?token=${encodeURIComponent(token)}`,
    );
    ws.onopen = () => {
      socketOpen = true;
    };
    ws.onmessage = (e) => {
      const msg = JSON.parse(String(e.data)) as TableSocketMessage;
      if (msg.type === 'state') apply(msg.data);
    };
    ws.onclose = (e) => {
      socketOpen = false;
      if (sessionEndedBy(e)) showSessionEnded();
      else setTimeout(connect, 1500);
    };
  }

  async function placeBet() {
    if (!model.slip.size || busy) return;
    const entries = [...model.slip.entries()];
    const bet = slipBet(engine, entries);
    busy = true;
    try {
      const answer = await api<TableBetAnswer>('/api/table/bet', {
        method: 'POST',
        body: { bet } satisfies RoundRequest,
      });
      model = betTaken(model, answer, entries);
      balance.textContent = money(answer.balance);
      say(w.betPlaced(betText(engine, answer.bet.bet, language)), 'info');
      renderLists();
    } catch (err) {
      say(err instanceof ApiError ? err.message : w.couldNotBet, 'error');
    } finally {
      busy = false;
    }
  }

  // Without the socket, the poll carries the table's state too (and keeps the table running).
  setInterval(() => {
    if (!socketOpen || hasOpenBet(model)) void refresh();
  }, 3000);

  void refresh();
  connect();
  tick();
  scene.start();
  controls.drawSpots();
}
