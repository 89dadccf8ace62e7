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
import { type BalanceShown, balanceShown } from '../balance-shown';
import { pageLanguage } from '../boot';
import { bindSpace, createFrame } from '../frame';
import { pageTitle } from '../game-title';
import { gameWords } from '../game-words';
import { type AutoConfig, autoNext, crashView, times } from '../games/crash-present';
import { addStyle, CRASH_CSS } from '../games/crash-style';
import type { Sound } from '../sound';
import type { SessionInfo } from '../types';
import { ApiError, h, money } from '../ui';
import { createCrashControls } from './crash-controls';
import { createCrashLink } from './crash-link';
import { createCrashLists } from './crash-lists';
import { createCrashScene } from './crash-scene';
import {
  applyCrashAnswer,
  applyCrashState,
  autoBetsNow,
  autoPlaced,
  autoPlacing,
  autoWaiting,
  type CrashPageState,
  cashoutSound,
  initialCrashPageState,
  lostInCrash,
  type MyBet,
  mayStand,
  myCurrent,
  serverNow,
  signed,
  startAutoRun,
  tallyAuto,
  waitsForAutoCashout,
  withBet,
} from './crash-state';

type Api = <T>(path: string, options?: { method?: string; body?: unknown }) => Promise<T>;

/** What the page's handlers share: its words, requests and parts, and its one mutable state. */
type CrashPage = {
  language: unknown;
  w: ReturnType<typeof gameWords>['crash'];
  api: Api;
  link: ReturnType<typeof createCrashLink>;
  balance: BalanceShown;
  sound: Sound;
  say: (text: string, kind?: 'info' | 'error' | 'ok') => void;
  scene: ReturnType<typeof createCrashScene>;
  lists: ReturnType<typeof createCrashLists>;
  controls: ReturnType<typeof createCrashControls>;
  state: CrashPageState;
};

export function crashPage(app: HTMLElement, info: SessionInfo, api: Api): void {
  addStyle('crash-css', CRASH_CSS);
  const language = pageLanguage();
  const w = gameWords(language).crash;
  const state = initialCrashPageState();
  const reduced = typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
  // The page's game token (play.ts reads it the same way): the socket carries it to place bets.
  const token = new URLSearchParams(location.search).get('token') ?? '';
  const link = createCrashLink({ token, language, words: w, api, onState: (s) => apply(p, s) });

  const balanceEl = h('strong', { 'data-testid': 'balance' }, money(info.balance));
  const balance = balanceShown(balanceEl, money);
  const frame = createFrame({
    title: pageTitle('crash'),
    demo: info.mode === 'trial',
    lobbyUrl: info.lobbyUrl,
    balance: balanceEl,
    currency: info.currency,
    drawerContent: [],
  });
  const { message, sound } = frame;
  const say = (text: string, kind: 'info' | 'error' | 'ok' = 'info') => {
    message.textContent = text;
    message.className = `message ${kind}`;
  };
  const scene = createCrashScene(w, sound, reduced);
  const lists = createCrashLists(language, w);
  const controls = createCrashControls({
    language,
    words: w,
    currency: info.currency,
    message,
    say,
    model: () => state.model,
    now: () => now(p),
    busy: () => state.busy,
    autoRun: () => state.autoRun,
    startAuto: (config) => startAuto(p, config),
    stopAuto: (reason) => stopAuto(p, reason),
    bet: (minor, autoCashout) => void placeBet(p, minor, autoCashout),
    cashOut: () => void cashOut(p),
  });
  const p: CrashPage = { language, w, api, link, balance, sound, say, scene, lists, controls, state };

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

  // Auto cash-outs are paid by the server; the page learns of them with the table's state.
  setInterval(() => {
    if (waitsForAutoCashout(state.model)) void refreshMine(p);
  }, 2000);

  void refreshMine(p);
  link.connect();
  requestAnimationFrame(() => frameLoop(p));
}

/** The server's clock. */
const now = (p: CrashPage) => serverNow(p.state.model, Date.now());

const renderTables = (p: CrashPage) => p.lists.render(p.state.model.state, p.state.model.mine);

// ---- auto-bet ----
function startAuto(p: CrashPage, config: AutoConfig) {
  p.state.autoRun = startAutoRun(config);
  p.say(p.w.autoOn(config.rounds, money(config.amount), times(config.autoCashout)));
  p.controls.renderButtons();
}

function stopAuto(p: CrashPage, reason: string | null) {
  if (!p.state.autoRun) return;
  const run = p.state.autoRun;
  p.state.autoRun = null;
  p.controls.autoStatus.textContent = p.w.autoStopped(reason, run.placed, signed(run.net));
  p.controls.renderButtons();
}

/** Counts settled auto bets, stops on a limit, and bets on a fresh betting phase. */
function autoTick(p: CrashPage) {
  const { state, w, language } = p;
  if (!state.autoRun) return;
  const run = tallyAuto(state.autoRun, state.model.mine);
  state.autoRun = run;
  const status = w.autoProgress(run.placed, run.config.rounds, signed(run.net));
  if (p.controls.autoStatus.textContent !== status) p.controls.autoStatus.textContent = status;
  if (autoWaiting(run) || state.busy) return;
  const next = autoNext(run.config, { played: run.placed, net: run.net }, language);
  if (!next.go) return stopAuto(p, next.reason);
  if (autoBetsNow(crashView(state.model.state, now(p), language), !!myCurrent(state.model))) {
    state.autoRun = autoPlacing(run);
    const { config } = run;
    void placeBet(p, config.amount, config.autoCashout).then((bet) => {
      if (bet && state.autoRun?.config === config) state.autoRun = autoPlaced(state.autoRun, bet.betId);
      else if (!bet) stopAuto(p, w.betRefused);
    });
  }
}

function frameLoop(p: CrashPage) {
  p.scene.draw(crashView(p.state.model.state, now(p), p.language));
  p.controls.renderButtons();
  autoTick(p);
  requestAnimationFrame(() => frameLoop(p));
}

async function refreshMine(p: CrashPage) {
  const { state, w, say } = p;
  try {
    const ticket = p.balance.ticket();
    const data = await p.api<CrashAnswer>('/api/crash');
    const { model: next, autoCashedOut: after, needsState } = applyCrashAnswer(state.model, data);
    state.model = next;
    if (after?.cashout) {
      say(w.autoCashedOut(times(after.cashout), money(after.win)), 'ok');
      p.sound.play(cashoutSound(after.cashout));
    }
    p.balance.show(ticket, data.balance);
    if (needsState) apply(p, data.state);
    renderTables(p);
  } catch (err) {
    say((err as Error).message, 'error');
  }
}

function apply(p: CrashPage, s: CrashState) {
  const { model: next, crashedNow } = applyCrashState(p.state.model, s, Date.now());
  p.state.model = next;
  renderTables(p);
  if (crashedNow) {
    if (lostInCrash(p.state.model)) p.say(p.w.crashedLost(times(s.round?.crashPoint ?? 100)), 'error');
    void refreshMine(p);
  }
}

async function placeBet(p: CrashPage, minor: number, autoCashout: number | null): Promise<MyBet | null> {
  const { state, w, say } = p;
  state.busy = true;
  try {
    const ticket = p.balance.ticket();
    const answer = await p.link.send<CrashBetAnswer>({ type: 'bet', amount: minor, autoCashout }, '/api/crash/bet', {
      bet: { amount: minor, autoCashout },
    });
    state.model = withBet(state.model, answer.bet);
    p.balance.show(ticket, answer.balance);
    say(w.betPlaced(money(minor), autoCashout ? times(autoCashout) : null), 'info');
    p.sound.play('button');
    renderTables(p);
    return answer.bet;
  } catch (err) {
    say(err instanceof ApiError ? err.message : w.couldNotBet, 'error');
    // Unanswered (timeout, lost socket): the bet may stand; the state says.
    if (err instanceof ApiError && mayStand(err.code)) void refreshMine(p);
    return null;
  } finally {
    state.busy = false;
  }
}

async function cashOut(p: CrashPage) {
  const { state, w, say } = p;
  state.busy = true;
  try {
    const ticket = p.balance.ticket();
    const answer = await p.link.send<CrashCashoutAnswer>({ type: 'cashout' }, '/api/crash/cashout');
    state.model = withBet(state.model, answer.bet);
    p.balance.show(ticket, answer.balance);
    say(w.cashedOut(times(answer.bet.cashout ?? 100), money(answer.bet.win), answer.winPending), 'ok');
    p.sound.play(cashoutSound(answer.bet.cashout));
    renderTables(p);
  } catch (err) {
    say(err instanceof ApiError ? err.message : w.couldNotCashOut, 'error');
    void refreshMine(p);
  } finally {
    state.busy = false;
  }
}
