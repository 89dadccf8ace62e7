/// <reference lib="dom" />
// The game page shell: the shared frame (frame.ts: top bar, fairness drawer, sound, live region),
// the game's own UI, results and round history.
// The game session token comes from the launch URL and goes with every call as X-Game-Token.
import { bindSpace, createFrame } from './frame';
import { pageTitle } from './game-title';
import { loadGameUi, roundSummary } from './games';
import { presentingRound } from './round-signal';
import type { PlayAnswer, RoundView, SeedView, SessionInfo, StepView } from './types';
import { ApiError, h, money, request, shortHash } from './ui';
import { count } from './words';

const params = new URLSearchParams(location.search);
const token = params.get('token') ?? '';
const api = <T>(path: string, options: { method?: string; body?: unknown } = {}) =>
  request<T>(path, { ...options, token });

const app = document.getElementById('app') as HTMLElement;

async function start() {
  let info: SessionInfo;
  try {
    info = await api<SessionInfo>('/api/session');
  } catch (err) {
    app.replaceChildren(
      h(
        'section',
        { class: 'panel error-page' },
        h('h1', {}, 'Cannot open the game'),
        h('p', {}, (err as Error).message),
      ),
    );
    return;
  }
  // Each kind's page is a chunk of its own (client-bundle.ts): a slot page does not load the tables.
  if (info.engine === 'crash') {
    (await import('./crash')).crashPage(app, info, api);
    return;
  }
  if (info.engine === 'lottery') {
    (await import('./lottery')).lotteryPage(app, info, api);
    return;
  }
  if (info.engine === 'baccarat' || info.engine === 'roulette') {
    (await import('./table')).tablePage(app, info, api, token);
    return;
  }
  const ui = await loadGameUi(info.engine);
  let busy = false;

  const balance = h('strong', { 'data-testid': 'balance' }, money(info.balance));
  const lastWin = h('strong', { 'data-testid': 'last-win' }, '0.00');

  const stage = h('section', { class: 'panel stage' });
  const result = h('div', { class: 'result' }, 'Win ', lastWin);
  const continueBox = h('div', { class: 'continue', hidden: true });

  const historyBody = h('tbody');
  const history = h(
    'section',
    { class: 'panel history-panel' },
    h('h2', {}, 'History'),
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
            h('th', {}, 'Time'),
            h('th', {}, 'Stake'),
            h('th', {}, 'Win'),
            h('th', {}, 'Result'),
            h('th', {}, 'Verify'),
          ),
        ),
        historyBody,
      ),
    ),
  );

  const hashEl = h('code', { 'data-testid': 'server-seed-hash' }, '');
  const nonceEl = h('code', { 'data-testid': 'nonce' }, '');
  const clientSeedInput = h('input', { 'aria-label': 'Client seed', maxlength: 64, 'data-testid': 'client-seed' });
  const revealed = h('div', { class: 'revealed', 'data-testid': 'revealed' });
  const fairness = h(
    'section',
    { class: 'panel fairness' },
    h('h2', {}, 'Provably fair'),
    h(
      'p',
      { class: 'muted small' },
      'Each result is HMAC-SHA256(server seed, client seed:nonce). You see the server seed’s hash before you play; rotating reveals the seed so you can check every round on the ',
      h('a', { href: '/studio/fair', target: '_blank' }, 'verifier'),
      '.',
    ),
    h('dl', {}, h('dt', {}, 'Server seed hash'), h('dd', {}, hashEl), h('dt', {}, 'Nonce'), h('dd', {}, nonceEl)),
    h(
      'form',
      {
        class: 'row',
        onsubmit: async (e: Event) => {
          e.preventDefault();
          await guard(async () => {
            showSeed(
              await api<SeedView>('/api/seed/client', { method: 'PUT', body: { clientSeed: clientSeedInput.value } }),
            );
            say('Client seed saved');
          });
        },
      },
      h('label', {}, 'Client seed ', clientSeedInput),
      h('button', { class: 'button', type: 'submit' }, 'Save'),
    ),
    h(
      'button',
      {
        class: 'button',
        'data-testid': 'rotate',
        onclick: () =>
          guard(async () => {
            const r = await api<{
              revealed: { serverSeed: string; serverSeedHash: string; clientSeed: string; lastNonce: number };
              next: SeedView;
            }>('/api/seed/rotate', { method: 'POST' });
            showSeed(r.next);
            revealed.replaceChildren(
              h(
                'p',
                {},
                'Previous server seed: ',
                h('code', { 'data-testid': 'revealed-seed' }, r.revealed.serverSeed),
              ),
              h(
                'p',
                { class: 'muted small' },
                `hash ${shortHash(r.revealed.serverSeedHash)} · client seed ${r.revealed.clientSeed} · nonces 0 to ${r.revealed.lastNonce}`,
              ),
            );
            await loadHistory();
          }),
      },
      'Rotate seed (reveal)',
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
      say(err instanceof ApiError ? err.message : 'Something went wrong, please try again', 'error');
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
    if (answer.winPending) say('Your win is being delivered to your wallet…');
    else if (answer.round.pendingSteps > 0) say(`${count(answer.round.pendingSteps, 'free spin')} to play`);
    else if (answer.round.win > 0) say(`You won ${money(answer.round.win)}!`);
    else say('No win this time');
    showContinue(answer.round);
  }

  function showContinue(round: RoundView | null) {
    continueBox.replaceChildren();
    continueBox.hidden = !round || round.pendingSteps <= 0;
    if (!round || round.pendingSteps <= 0) return;
    const one = h(
      'button',
      { class: 'button primary', 'data-testid': 'free-spin' },
      `Play free spin (${round.pendingSteps} left)`,
    );
    const all = h('button', { class: 'button' }, 'Play all');
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
    const { rounds } = await api<{ rounds: RoundView[] }>('/api/history?limit=20');
    const summaries = await Promise.all(
      rounds.map((r) => (r.status === 'closed' ? roundSummary(r) : r.status.replace('_', ' '))),
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
              { href: `/studio/fair?round=${r.roundId}`, target: '_blank', 'data-testid': 'verify-link' },
              r.serverSeed ? 'verify' : `#${r.nonce}`,
            ),
          ),
        ),
      ),
    );
    if (!rounds.length) historyBody.append(h('tr', {}, h('td', { colspan: 5, class: 'muted' }, 'No rounds yet')));
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
        const played = await guard(() => api<PlayAnswer>('/api/round', { method: 'POST', body: { bet } }));
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
    say(
      `Welcome back: ${count(info.openRound.pendingSteps, 'free spin')} ${info.openRound.pendingSteps === 1 ? 'is' : 'are'} waiting`,
    );
    showContinue(info.openRound);
  }
  await loadHistory();
}

void start();
