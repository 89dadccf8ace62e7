// The game page shell: the shared frame (frame.ts: top bar, fairness drawer, sound, live region),
// the game's own UI, results and round history.
// The game session token comes from the launch URL and goes with every call as X-Game-Token.
import type {
  ClientSeedRequest,
  HistoryAnswer,
  PlayAnswer,
  RotateSeedAnswer,
  RoundRequest,
  RoundView,
  SeedView,
  SessionInfo,
  StepView,
} from '../api-types';
import { bootLanguage, pageLanguage } from './boot';
import { bindSpace, createFrame } from './frame';
import { pageTitle } from './game-title';
import { gameWords, loadGameWords } from './game-words';
import { loadGameUi, roundSummary } from './games';
import { launchLanguage } from './i18n';
import { loadKitWords } from './kit-words';
import { presentingRound } from './round-signal';
import { ApiError, h, money, request, shortHash } from './ui';
import { fairUrl } from './words';

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
  const tableId = params.get('table');
  if (tableId && info.gameCode.startsWith('PVP-')) {
    if (await (await import('./pvp/tongits-page')).tongitsPage(app, tableId, token, info.language)) return;
  }
  // Each kind's page is a chunk of its own (client-bundle.ts): a slot page does not load the tables.
  if (info.engine === 'crash') {
    (await import('./crash/crash-page')).crashPage(app, info, api);
    return;
  }
  if (info.engine === 'lottery') {
    (await import('./lottery/lottery-page')).lotteryPage(app, info, api);
    return;
  }
  if (info.engine === 'baccarat' || info.engine === 'roulette') {
    (await import('./table/table-page')).tablePage(app, info, api, token);
    return;
  }
  const ui = await loadGameUi(info.engine);
  let busy = false;

  const balance = h('strong', { 'data-testid': 'balance' }, money(info.balance));
  const lastWin = h('strong', { 'data-testid': 'last-win' }, '0.00');

  const stage = h('section', { class: 'panel stage' });
  const result = h('div', { class: 'result' }, `${w.win} `, lastWin);
  const continueBox = h('div', { class: 'continue', hidden: true });

  const historyBody = h('tbody');
  const history = h(
    'section',
    { class: 'panel history-panel' },
    h('h2', {}, w.history),
    h(
      'div',
      { class: 'table-wrap' },
      h(
        'table',
        { class: 'history', 'data-testid': 'history' },
        h(
          'thead',
          {},
          h(
            'tr',
            {},
            h('th', {}, w.time),
            h('th', {}, w.stake),
            h('th', {}, w.win),
            h('th', {}, w.result),
            h('th', {}, w.verify),
          ),
        ),
        historyBody,
      ),
    ),
  );

  const hashEl = h('code', { 'data-testid': 'server-seed-hash' }, '');
  const nonceEl = h('code', { 'data-testid': 'nonce' }, '');
  const clientSeedInput = h('input', { 'aria-label': w.clientSeed, maxlength: 64, 'data-testid': 'client-seed' });
  const revealed = h('div', { class: 'revealed', 'data-testid': 'revealed' });
  const fairness = h(
    'section',
    { class: 'panel fairness' },
    h('h2', {}, w.provablyFair),
    h(
      'p',
      { class: 'muted small' },
      w.fairIntro,
      h('a', { href: fairUrl('', language), target: '_blank' }, w.verifier),
      '.',
    ),
    h('dl', {}, h('dt', {}, w.serverSeedHash), h('dd', {}, hashEl), h('dt', {}, w.nonce), h('dd', {}, nonceEl)),
    h(
      'form',
      {
        class: 'row',
        onsubmit: async (e: Event) => {
          e.preventDefault();
          await guard(async () => {
            showSeed(
              await api<SeedView>('/api/seed/client', {
                method: 'PUT',
                body: { clientSeed: clientSeedInput.value } satisfies ClientSeedRequest,
              }),
            );
            say(w.clientSeedSaved);
          });
        },
      },
      h('label', {}, `${w.clientSeed} `, clientSeedInput),
      h('button', { class: 'button', type: 'submit' }, w.save),
    ),
    h(
      'button',
      {
        class: 'button',
        'data-testid': 'rotate',
        onclick: () =>
          guard(async () => {
            const r = await api<RotateSeedAnswer>('/api/seed/rotate', { method: 'POST' });
            showSeed(r.next);
            revealed.replaceChildren(
              h('p', {}, w.previousSeed, h('code', { 'data-testid': 'revealed-seed' }, r.revealed.serverSeed)),
              h(
                'p',
                { class: 'muted small' },
                w.revealedLine(shortHash(r.revealed.serverSeedHash), r.revealed.clientSeed, r.revealed.lastNonce),
              ),
            );
            await loadHistory();
          }),
      },
      w.rotate,
    ),
    revealed,
  );

  const frame = createFrame({
    title: pageTitle(info.engine),
    demo: info.mode === 'trial',
    lobbyUrl: info.lobbyUrl,
    balance,
    currency: info.currency,
    drawerContent: [fairness, history],
  });
  const { message } = frame;
  app.replaceChildren(
    frame.header,
    h('div', { class: 'layout solo' }, h('div', { class: 'main-col' }, stage, message)),
    frame.drawer,
  );
  bindSpace(stage);

  function say(text: string, kind: 'info' | 'error' = 'info') {
    message.textContent = text;
    message.className = `message ${kind}`;
  }
  function showSeed(seed: SeedView) {
    hashEl.textContent = seed.serverSeedHash;
    nonceEl.textContent = String(seed.nonce);
    if (document.activeElement !== clientSeedInput) clientSeedInput.value = seed.clientSeed;
  }
  async function guard<T>(fn: () => Promise<T>): Promise<T | undefined> {
    if (busy) return undefined;
    busy = true;
    app.classList.add('busy');
    try {
      return await fn();
    } catch (err) {
      say(err instanceof ApiError ? err.message : w.somethingWrong, 'error');
      if (err instanceof ApiError && err.code === 'STUDIO_INSUFFICIENT_FUNDS') void refreshSession();
      return undefined;
    } finally {
      busy = false;
      app.classList.remove('busy');
    }
  }
  async function refreshSession() {
    const fresh = await api<SessionInfo>('/api/session').catch(() => undefined);
    if (fresh) {
      balance.textContent = money(fresh.balance);
      showSeed(fresh.fairness);
    }
  }

  // The balance and the result text follow the animation: the reels land before the win is shown.
  async function showAnswer(answer: PlayAnswer, step: StepView) {
    await ui.showStep(step, answer.round);
    balance.textContent = money(answer.balance);
    lastWin.textContent = money(answer.round.win);
    if (answer.winPending) say(w.winPending);
    else if (answer.round.pendingSteps > 0) say(w.freeSpinsToPlay(answer.round.pendingSteps));
    else if (answer.round.win > 0) say(w.youWon(money(answer.round.win)));
    else say(w.noWin);
    showContinue(answer.round);
  }

  function showContinue(round: RoundView | null) {
    continueBox.replaceChildren();
    continueBox.hidden = !round || round.pendingSteps <= 0;
    if (!round || round.pendingSteps <= 0) return;
    const one = h(
      'button',
      { class: 'button primary', 'data-testid': 'free-spin' },
      w.playFreeSpin(round.pendingSteps),
    );
    const all = h('button', { class: 'button' }, w.playAll);
    one.addEventListener('click', () => void step(round.roundId));
    all.addEventListener('click', async () => {
      let current: RoundView | null = round;
      while (current && current.pendingSteps > 0) current = (await step(current.roundId))?.round ?? null;
    });
    continueBox.append(one, all);
  }

  async function step(roundId: string): Promise<PlayAnswer | undefined> {
    const answer = await presentingRound(async () => {
      const played = await guard(() => api<PlayAnswer>(`/api/round/${roundId}/step`, { method: 'POST' }));
      if (played) await showAnswer(played, played.round.steps[played.round.steps.length - 1]!);
      return played;
    });
    if (answer) {
      await loadHistory();
      await refreshSeedOnly();
    }
    return answer;
  }

  async function refreshSeedOnly() {
    const fresh = await api<SessionInfo>('/api/session').catch(() => undefined);
    if (fresh) showSeed(fresh.fairness);
  }

  async function loadHistory() {
    const { rounds } = await api<HistoryAnswer>('/api/history?limit=20');
    const summaries = await Promise.all(
      rounds.map((r) => (r.status === 'closed' ? roundSummary(r) : w.roundStatus(r.status))),
    );
    historyBody.replaceChildren(
      ...rounds.map((r, i) =>
        h(
          'tr',
          { 'data-round-id': r.roundId },
          h('td', {}, new Date(r.createdAt).toLocaleTimeString()),
          h('td', {}, money(r.stake)),
          h('td', { class: r.win > 0 ? 'win' : '' }, money(r.win)),
          h('td', {}, summaries[i] ?? ''),
          h(
            'td',
            {},
            h(
              'a',
              { href: fairUrl(`round=${r.roundId}`, language), target: '_blank', 'data-testid': 'verify-link' },
              r.serverSeed ? w.verifyLink : `#${r.nonce}`,
            ),
          ),
        ),
      ),
    );
    if (!rounds.length) historyBody.append(h('tr', {}, h('td', { colspan: 5, class: 'muted' }, w.noRounds)));
  }

  ui.mount(stage, {
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
        if (played) await showAnswer(played, played.round.steps[0]!);
        return played;
      });
      if (answer) {
        await loadHistory();
        await refreshSeedOnly();
      }
      return answer;
    },
  });
  stage.append(result, continueBox);
  showSeed(info.fairness);
  if (info.openRound) {
    // A round left with free spins owed: resume it where it stopped.
    const last = info.openRound.steps[info.openRound.steps.length - 1];
    if (last) void ui.showStep(last, info.openRound);
    say(w.welcomeBack(info.openRound.pendingSteps));
    showContinue(info.openRound);
  }
  await loadHistory();
}

void start();
