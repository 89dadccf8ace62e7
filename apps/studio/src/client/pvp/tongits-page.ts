// The Tongits table page (docs/pvp.md "The Tongits table service"), phone first: the two opponents
// above, the stock, the discard pile and the melds on the table in the middle, the player's hand
// and the moves below. Everything comes from the table's socket (/studio/ws/pvp/tongits); a move is
// sent with a rising sequence number and resent with the same one after a reconnect, so it is
// applied once. The deal's deck is checked in the browser once its server seed is revealed.
//
// This file wires the parts: what the page knows and decides (tongits-state.ts), the table as drawn
// (tongits-scene.ts), the melds, the hand, the result and the fairness drawer (tongits-lists.ts),
// and the moves and the seat panel (tongits-controls.ts).
import type { TongitsTableView } from '../../cardroom/room/tongits-view';
import { counted, fill, type LaunchLanguage, launchLanguage } from '../i18n';
import { sessionEndedBy, showSessionEnded } from '../session-ended';
import { createSound, type Sound, type Tone } from '../sound';
import { ApiError, h, money, request } from '../ui';
import { createTongitsControls } from './tongits-controls';
import { checkDeal } from './tongits-fair';
import { createTongitsLists } from './tongits-lists';
import { createTongitsScene } from './tongits-scene';
import {
  type Answer,
  answerError,
  answerKey,
  type Deal,
  deckCheckOf,
  initialTongitsState,
  moveAnswered,
  nextRequestId,
  noteDealtHand,
  sentKey,
  skewOf,
  staleView,
  startMove,
  type TongitsPageState,
  viewTones,
} from './tongits-state';
import { injectTongitsStyle } from './tongits-style';
import { loadTongitsWords, type TongitsWords } from './tongits-words';

const API = '/api/pvp/tongits';
const TONES: Record<'turn' | 'card' | 'win', Tone[]> = {
  turn: [{ freq: 660, at: 0, dur: 0.12, type: 'sine', gain: 0.05 }],
  card: [{ freq: 320, to: 180, at: 0, dur: 0.07, type: 'triangle', gain: 0.05 }],
  win: [
    { freq: 523, at: 0, dur: 0.15, type: 'sine', gain: 0.06 },
    { freq: 784, at: 0.15, dur: 0.25, type: 'sine', gain: 0.06 },
  ],
};

/** What the page's socket, moves and drawing share once the table is open. */
type Page = {
  state: TongitsPageState;
  words: TongitsWords;
  token: string;
  tableId: string;
  sound: Sound;
  scene: ReturnType<typeof createTongitsScene>;
  lists: ReturnType<typeof createTongitsLists>;
  controls: ReturnType<typeof createTongitsControls>;
};

/**
 * Opens the Tongits table `tableId` in `app` with the game token `token`; false when there is no
 * Tongits table of that id (the address names another game's table), with nothing drawn.
 */
export async function tongitsPage(
  app: HTMLElement,
  tableId: string,
  token: string,
  launchCode: string,
): Promise<boolean> {
  const language: LaunchLanguage = launchLanguage(launchCode);
  const w: TongitsWords = await loadTongitsWords(language);
  const api = <T>(path: string, options: { method?: string; body?: unknown } = {}) =>
    request<T>(`${API}${path}`, { ...options, token }, language.code);
  const sound = createSound(
    `tongits:${token.slice(0, 8)}`,
    (() => {
      try {
        return window.localStorage;
      } catch {
        return null;
      }
    })(),
  );
  const amount = (minor: number) => money(minor);
  const plural = (phrase: { other: string }, n: number) => counted(phrase, n, language.locale);

  let view: TongitsTableView;
  try {
    view = await api<TongitsTableView>(`/tables/${encodeURIComponent(tableId)}`);
  } catch (err) {
    if (err instanceof ApiError && err.code === 'STUDIO_PVP_TABLE_NOT_FOUND') return false;
    app.replaceChildren(
      h(
        'section',
        { class: 'panel error-page' },
        h('h1', {}, w.cannotOpen),
        h('p', {}, (err as Error).message),
        h('button', { type: 'button', class: 'button', onclick: () => location.reload() }, w.retry),
      ),
    );
    return true;
  }
  injectTongitsStyle();

  const state = initialTongitsState(view);
  const redraw = () => draw(page);
  const act = (action: object) => actOn(page, action);
  const ask = (type: string, extra: Record<string, unknown> = {}) => askOn(page, type, extra);
  const page: Page = {
    state,
    words: w,
    token,
    tableId,
    sound,
    scene: createTongitsScene({ state, words: w, plural }),
    lists: createTongitsLists({ state, words: w, plural, act, redraw }),
    controls: createTongitsControls({ state, words: w, sound, act, ask, redraw }),
  };
  const { scene, lists, controls } = page;

  const header = h(
    'header',
    { class: 'tg-head' },
    h('h1', {}, view.table.name),
    h('span', { class: 'muted' }, fill(w.stake, { amount: amount(view.table.stake) })),
    scene.timer,
    h('label', { class: 'tg-sound' }, controls.soundToggle, ` ${w.sound}`),
  );
  app.replaceChildren(
    h(
      'div',
      { class: 'tg-page' },
      header,
      scene.opponents,
      scene.middle,
      lists.meldsBox,
      scene.status,
      scene.error,
      lists.handBox,
      controls.moves,
      lists.resultBox,
      controls.seatBox,
      lists.fairBox,
    ),
  );

  draw(page);
  connect(page);
  setInterval(scene.tickTimer, 500);
  return true;
}

function send(page: Page, message: Record<string, unknown>): Promise<Answer> {
  const { state } = page;
  return new Promise((resolve) => {
    const key = sentKey(message);
    state.waiting.set(key, resolve);
    if (state.ws?.readyState === WebSocket.OPEN) state.ws.send(JSON.stringify(message));
    // A request made while the socket (re)connects goes once it is open; a move goes again then
    // anyway (pending).
    else if (message.type !== 'act') state.unsent.push(JSON.stringify(message));
  });
}

async function actOn(page: Page, action: object) {
  const move = startMove(page.state, action);
  if (!move) return;
  const answer = await send(page, move.message);
  moveAnswered(page.state, move.used);
  page.scene.showError(answerError(answer));
  draw(page);
}

async function askOn(page: Page, type: string, extra: Record<string, unknown> = {}) {
  const answer = await send(page, { type, id: nextRequestId(page.state), ...extra });
  page.scene.showError(answerError(answer));
}

function draw(page: Page) {
  const { state, scene, lists, controls } = page;
  const deal = state.view.deal;
  noteDealtHand(state);
  scene.drawOpponents(deal);
  scene.drawMiddle(deal);
  lists.drawMelds(deal);
  lists.drawHand(deal);
  controls.drawMoves(deal);
  scene.drawStatus(deal);
  lists.drawResult(deal);
  controls.drawSeats();
  lists.drawFairness(deal);
  scene.tickTimer();
  if (deal?.over) void checkDeck(page, deal);
}

/** The deck check, once per deal the player was dealt into and saw dealt. */
async function checkDeck(page: Page, deal: Deal) {
  const check = deckCheckOf(page.state, deal);
  if (!check) return;
  const ok = await checkDeal(check.fair, check.dealer, check.seat, check.hand).catch(() => false);
  page.state.checked.set(deal.id, ok);
  page.lists.drawFairness(deal);
}

function onView(page: Page, next: TongitsTableView) {
  const { state } = page;
  if (staleView(state.view, next)) return;
  const before = state.view.deal;
  state.view = next;
  state.skewMs = skewOf(next);
  const due = state.entropy.due(state.view);
  if (due) {
    void send(page, { type: 'entropy', id: nextRequestId(state), ...due }).then((a) => {
      if (!a.ok) state.entropy.failed(due.hash);
    });
  }
  const { turnKey, tones } = viewTones(before, state.view, state.lastTurnSeen);
  for (const tone of tones) page.sound.playTones(TONES[tone]);
  state.lastTurnSeen = turnKey;
  draw(page);
}

function connect(page: Page) {
  const { state, scene } = page;
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  const socket = new WebSocket(
    `${scheme}://${location.host}/studio/ws/pvp/tongits?token=${encodeURIComponent(page.token)}&table=${encodeURIComponent(page.tableId)}`,
  );
  state.ws = socket;
  socket.addEventListener('open', () => {
    scene.status.textContent = '';
    socket.send(JSON.stringify({ type: 'resume' }));
    // A move whose answer was lost goes again with its number: the table applies it once.
    if (state.pending)
      socket.send(JSON.stringify({ type: 'act', seq: state.pending.seq, action: state.pending.action }));
    for (const message of state.unsent.splice(0)) socket.send(message);
  });
  socket.addEventListener('message', (event) => {
    const msg = JSON.parse(String(event.data)) as { type: string; data?: TongitsTableView } & Answer;
    if (msg.type === 'table' && msg.data) return onView(page, msg.data);
    const key = answerKey(msg);
    const resolve = state.waiting.get(key);
    state.waiting.delete(key);
    resolve?.(msg);
  });
  socket.addEventListener('close', (e) => {
    if (state.ws !== socket) return;
    if (sessionEndedBy(e)) return showSessionEnded();
    scene.status.textContent = page.words.reconnecting;
    setTimeout(() => connect(page), 1500);
  });
}
