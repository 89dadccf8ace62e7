// The crash page on the shared frame (frame.ts: top bar, fairness drawer, sound, live region, space).
// The shared round comes over the WebSocket /studio/ws/crash?token= (phase, start time, the table's
// bets, the crash point and its hash once crashed); the page draws the rising curve live from the
// server's start time, lists the players' bets and cash-outs as the state brings them, the recent
// crash points as coloured chips, your bets, and runs auto-bet. Bet and cash-out go over that socket
// while it is open and over the HTTP API with the game token when it is not (crash-link.ts); an
// answer that never comes shows an error and re-reads the state. Every number shown comes from the server's state (games/crash-present.ts); the
// page never decides a cash-out.
//
// This file wires the parts: what the page knows (crash-state.ts), the stage (crash-scene.ts), the
// lists and fairness drawer (crash-lists.ts), the bet controls (crash-controls.ts) and the line to
// the studio (crash-link.ts).
import type { CrashAnswer, CrashBetAnswer, CrashCashoutAnswer } from '../../api-types';
import type { CrashState } from '../../casino/crash';
import { pageLanguage } from '../boot';
import { bindSpace, createFrame } from '../frame';
import { pageTitle } from '../game-title';
import { gameWords } from '../game-words';
import { autoNext, crashView, times } from '../games/crash-present';
import { addStyle, CRASH_CSS } from '../games/crash-style';
import type { SessionInfo } from '../types';
import { ApiError, h, money } from '../ui';
import { createCrashControls } from './crash-controls';
import { createCrashLink } from './crash-link';
import { createCrashLists } from './crash-lists';
import { createCrashScene } from './crash-scene';
import {
  type AutoRun,
  applyCrashAnswer,
  applyCrashState,
  autoBetsNow,
  autoPlaced,
  autoPlacing,
  autoWaiting,
  type CrashModel,
  initialCrashModel,
  type MyBet,
  myCurrent,
  serverNow,
  startAutoRun,
  tallyAuto,
  withBet,
} from './crash-state';

type Api = <T>(path: string, options?: { method?: string; body?: unknown }) => Promise<T>;

const signed = (minor: number) => `${minor < 0 ? '-' : '+'}${money(Math.abs(minor))}`;

export function crashPage(app: HTMLElement, info: SessionInfo, api: Api): void {
  addStyle('crash-css', CRASH_CSS);
  const language = pageLanguage();
  const w = gameWords(language).crash;
  let model: CrashModel = initialCrashModel();
  let busy = false;
  let autoRun: AutoRun | null = null;
  const reduced = typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
  // The page's game token (play.ts reads it the same way): the socket carries it to place bets.
  const token = new URLSearchParams(location.search).get('token') ?? '';
  const link = createCrashLink({ token, language, words: w, api, onState: (s) => apply(s) });

  const balance = h('strong', { 'data-testid': 'balance' }, money(info.balance));
  const frame = createFrame({
    title: pageTitle('crash'),
    demo: info.mode === 'trial',
    lobbyUrl: info.lobbyUrl,
    balance,
    currency: info.currency,
    drawerContent: [],
  });
  const { message, sound } = frame;
  const say = (text: string, kind: 'info' | 'error' | 'ok' = 'info') => {
    message.textContent = text;
    message.className = `message ${kind}`;
  };
  const now = () => serverNow(model, Date.now());
  const scene = createCrashScene(w, sound, reduced);
  const lists = createCrashLists(language, w);
  const controls = createCrashControls({
    language,
    words: w,
    currency: info.currency,
    message,
    say,
    model: () => model,
    now,
    busy: () => busy,
    autoRun: () => autoRun,
    startAuto: (config) => {
      autoRun = startAutoRun(config);
      say(w.autoOn(config.rounds, money(config.amount), times(config.autoCashout)));
      controls.renderButtons();
    },
    stopAuto,
    bet: (minor, autoCashout) => void placeBet(minor, autoCashout),
    cashOut: () => void cashOut(),
  });

  frame.drawer.append(h('section', { class: 'panel' }, h('h2', {}, w.provablyFair), lists.fair));
  app.replaceChildren(
    frame.header,
    h(
      'div',
      { class: 'crash-layout' },
      h('div', { class: 'crash-main' }, lists.history, scene.el, controls.el),
      h(
        'div',
        { class: 'crash-side' },
        h('section', { class: 'panel' }, h('h2', {}, w.playersThisRound), ...lists.playersPanel),
        h('section', { class: 'panel' }, h('h2', {}, w.yourBets), lists.myTable),
      ),
    ),
    frame.drawer,
  );
  bindSpace(controls.el);

  const renderTables = () => lists.render(model.state, model.mine);

  // ---- auto-bet ----
  function stopAuto(reason: string | null) {
    if (!autoRun) return;
    const run = autoRun;
    autoRun = null;
    controls.autoStatus.textContent = w.autoStopped(reason, run.placed, signed(run.net));
    controls.renderButtons();
  }

  /** Counts settled auto bets, stops on a limit, and bets on a fresh betting phase. */
  function autoTick() {
    if (!autoRun) return;
    const run = tallyAuto(autoRun, model.mine);
    autoRun = run;
    const status = w.autoProgress(run.placed, run.config.rounds, signed(run.net));
    if (controls.autoStatus.textContent !== status) controls.autoStatus.textContent = status;
    if (autoWaiting(run) || busy) return;
    const next = autoNext(run.config, { played: run.placed, net: run.net }, language);
    if (!next.go) return stopAuto(next.reason);
    if (autoBetsNow(crashView(model.state, now(), language), !!myCurrent(model))) {
      autoRun = autoPlacing(run);
      const { config } = run;
      void placeBet(config.amount, config.autoCashout).then((bet) => {
        if (bet && autoRun?.config === config) autoRun = autoPlaced(autoRun, bet.betId);
        else if (!bet) stopAuto(w.betRefused);
      });
    }
  }

  function frameLoop() {
    scene.draw(crashView(model.state, now(), language));
    controls.renderButtons();
    autoTick();
    requestAnimationFrame(frameLoop);
  }

  async function refreshMine() {
    try {
      const data = await api<CrashAnswer>('/api/crash');
      const { model: next, autoCashedOut: after, needsState } = applyCrashAnswer(model, data);
      model = next;
      if (after?.cashout) {
        say(w.autoCashedOut(times(after.cashout), money(after.win)), 'ok');
        sound.play(after.cashout >= 1000 ? 'bigwin' : 'win');
      }
      if (data.balance !== null) balance.textContent = money(data.balance);
      if (needsState) apply(data.state);
      renderTables();
    } catch (err) {
      say((err as Error).message, 'error');
    }
  }

  function apply(s: CrashState) {
    const { model: next, crashedNow } = applyCrashState(model, s, Date.now());
    model = next;
    renderTables();
    if (crashedNow) {
      const bet = myCurrent(model);
      if (bet && !bet.cashout) say(w.crashedLost(times(s.round?.crashPoint ?? 100)), 'error');
      void refreshMine();
    }
  }

  async function placeBet(minor: number, autoCashout: number | null): Promise<MyBet | null> {
    busy = true;
    try {
      const answer = await link.send<CrashBetAnswer>({ type: 'bet', amount: minor, autoCashout }, '/api/crash/bet', {
        bet: { amount: minor, autoCashout },
      });
      model = withBet(model, answer.bet);
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

  async function cashOut() {
    busy = true;
    try {
      const answer = await link.send<CrashCashoutAnswer>({ type: 'cashout' }, '/api/crash/cashout');
      model = withBet(model, answer.bet);
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
  }

  // Auto cash-outs are paid by the server; the page learns of them with the table's state.
  setInterval(() => {
    const bet = myCurrent(model);
    if (bet?.status === 'open' && model.state?.round?.phase === 'running') void refreshMine();
  }, 2000);

  void refreshMine();
  link.connect();
  requestAnimationFrame(frameLoop);
}
