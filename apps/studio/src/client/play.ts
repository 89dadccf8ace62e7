// The game page shell: the shared frame (frame.ts: top bar, fairness drawer, sound, live region),
// the game's own UI, results and round history.
// The game session token comes from the launch URL and goes with every call as X-Game-Token.
//
// This file opens the launch's page and wires the instant games' parts: what the page decides
// (play-state.ts), the stage (play-scene.ts), the fairness drawer and the free spins buttons
// (play-controls.ts) and the history (play-lists.ts).
import type { PlayAnswer, RoundRequest } from '../api-types';
import { bootLanguage, pageLanguage } from './boot';
import { bindSpace, createFrame } from './frame';
import { pageTitle } from './game-title';
import { gameWords, loadGameWords } from './game-words';
import { loadGameUi } from './games';
import { launchLanguage } from './i18n';
import { loadKitWords } from './kit-words';
import { createPlayControls } from './play-controls';
import { createPlayLists } from './play-lists';
import { createPlayScene } from './play-scene';
import { failureOf, initialPlayModel, lastStepOf, pageKindOf, type ShellWords, tongitsTableOf } from './play-state';
import { presentingRound } from './round-signal';
import type { GameUi, SessionInfo } from './types';
import { h, money, request } from './ui';

const params = new URLSearchParams(location.search);
const token = params.get('token') ?? '';
const api = <T>(path: string, options: { method?: string; body?: unknown } = {}) =>
  request<T>(path, { ...options, token });

const app = document.getElementById('app') as HTMLElement;

async function start() {
  const launch = launchLanguage(bootLanguage());
  await Promise.all([loadKitWords(launch), loadGameWords(launch)]);
  const language = pageLanguage();
  const w = gameWords(language).shell;
  let info: SessionInfo;
  try {
    info = await api<SessionInfo>('/api/session');
  } catch (err) {
    app.replaceChildren(
      h('section', { class: 'panel error-page' }, h('h1', {}, w.cannotOpen), h('p', {}, (err as Error).message)),
    );
    return;
  }
  // The server titled the page in English or Filipino only (it has no other language's words): the
  // title in the page's own language, now that its words are loaded.
  document.title = `${pageTitle(info.engine)} · Gamehall Studio`;
  // A card table's address names its table (&table=<id>); a Tongits table opens its own page.
  const tableId = tongitsTableOf(params.get('table'), info.gameCode);
  if (tableId) {
    if (await (await import('./pvp/tongits-page')).tongitsPage(app, tableId, token, info.language)) return;
  }
  // Each kind's page is a chunk of its own (client-bundle.ts): a slot page does not load the tables.
  const kind = pageKindOf(info.engine);
  if (kind === 'crash') {
    (await import('./crash/crash-page')).crashPage(app, info, api);
    return;
  }
  if (kind === 'lottery') {
    (await import('./lottery/lottery-page')).lotteryPage(app, info, api);
    return;
  }
  if (kind === 'table') {
    (await import('./table/table-page')).tablePage(app, info, api, token);
    return;
  }
  const ui = await loadGameUi(info.engine);
  await gamePage(info, ui, w, language);
}

/** An instant game's page: its UI on the stage, each round played through the API and shown by it. */
async function gamePage(info: SessionInfo, ui: GameUi, w: ShellWords, language: unknown) {
  const model = initialPlayModel();
  const lists = createPlayLists({ api, w, language });
  const controls = createPlayControls({ api, w, language, guard, say, loadHistory: lists.loadHistory, step });
  const scene = createPlayScene(info, { w, ui, say, showContinue: controls.showContinue });

  const frame = createFrame({
    title: pageTitle(info.engine),
    demo: info.mode === 'trial',
    lobbyUrl: info.lobbyUrl,
    balance: scene.balance,
    currency: info.currency,
    drawerContent: [controls.fairness, lists.history],
  });
  const { message } = frame;
  app.replaceChildren(
    frame.header,
    h('div', { class: 'layout solo' }, h('div', { class: 'main-col' }, scene.stage, message)),
    frame.drawer,
  );
  bindSpace(scene.stage);

  function say(text: string, kind: 'info' | 'error' = 'info') {
    message.textContent = text;
    message.className = `message ${kind}`;
  }
  async function guard<T>(fn: () => Promise<T>): Promise<T | undefined> {
    if (model.busy) return undefined;
    model.busy = true;
    app.classList.add('busy');
    try {
      return await fn();
    } catch (err) {
      const failure = failureOf(err, w);
      say(failure.text, 'error');
      if (failure.refreshSession) void refreshSession();
      return undefined;
    } finally {
      model.busy = false;
      app.classList.remove('busy');
    }
  }
  async function refreshSession() {
    const fresh = await api<SessionInfo>('/api/session').catch(() => undefined);
    if (fresh) {
      scene.balance.textContent = money(fresh.balance);
      controls.showSeed(fresh.fairness);
    }
  }

  async function step(roundId: string): Promise<PlayAnswer | undefined> {
    const answer = await presentingRound(async () => {
      const played = await guard(() => api<PlayAnswer>(`/api/round/${roundId}/step`, { method: 'POST' }));
      if (played) await scene.showAnswer(played, lastStepOf(played.round)!);
      return played;
    });
    if (answer) {
      await lists.loadHistory();
      await refreshSeedOnly();
    }
    return answer;
  }

  async function refreshSeedOnly() {
    const fresh = await api<SessionInfo>('/api/session').catch(() => undefined);
    if (fresh) controls.showSeed(fresh.fairness);
  }

  ui.mount(scene.stage, {
    game: info.game,
    defaultBet: info.defaultBet,
    currency: info.currency,
    declaredRtp: info.declaredRtp,
    sound: frame.sound,
    announce: (text) => say(text),
    step,
    play: async (bet) => {
      const answer = await presentingRound(async () => {
        const played = await guard(() =>
          api<PlayAnswer>('/api/round', { method: 'POST', body: { bet } satisfies RoundRequest }),
        );
        if (played) await scene.showAnswer(played, played.round.steps[0]!);
        return played;
      });
      if (answer) {
        await lists.loadHistory();
        await refreshSeedOnly();
      }
      return answer;
    },
  });
  scene.stage.append(scene.result, controls.continueBox);
  controls.showSeed(info.fairness);
  if (info.openRound) {
    // A round left with free spins owed: resume it where it stopped.
    const last = lastStepOf(info.openRound);
    if (last) void ui.showStep(last, info.openRound);
    say(w.welcomeBack(info.openRound.pendingSteps));
    controls.showContinue(info.openRound);
  }
  await lists.loadHistory();
}

void start();
