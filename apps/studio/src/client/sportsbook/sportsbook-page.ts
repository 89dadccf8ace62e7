// The sportsbook page (bundled as sportsbook.js, client-bundle.ts), opened in the game frame from
// the platform's Sports, E-sports or Cockfight lobby game with the game token in its address. This
// file assembles the parts and runs the page: what the page knows and decides (sb-state.ts,
// sb-slip.ts), the frame and its redraws (sb-scene.ts), the screens (sb-views.ts), the slip
// (sb-slip-view.ts), my bets (sb-bets-view.ts), the sheet, settings and inputs (sb-controls.ts) and
// the book's routes and socket (sb-link.ts); here are the requests, the socket's messages and the
// poll. Prices are written by the model's formatOdds, so the page and the book show the same figure
// in every format.
import type {
  AutoCashOutAnswer,
  AutoCashOutRequest,
  CashOutAnswer,
  CashOutQuoteAnswer,
  CashOutQuoteRequest,
  CashOutRequest,
  EventsAnswer,
  EventView,
  LobbyAnswer,
  MyBetsAnswer,
  OddsChangeRule,
  PlaceAnswer,
  PrefsRequest,
  QuoteAnswer,
  QuoteRequest,
  ResultsAnswer,
  SbServerMessage,
  SearchAnswer,
  TrackerAnswer,
} from '../../sportsbook/api';
import { formatOdds } from '../../sportsbook/model/odds';
import { readBoot } from '../boot';
import { counted, launchLanguage } from '../i18n';
import { loadKitWords } from '../kit-words';
import { startRealityCheck } from '../reality-check';
import { ApiError, h, request } from '../ui';
import { type CashOutIntent, createBetsView, type HoldIntent } from './sb-bets-view';
import { createSettings, createSheet, ODDS_FORMATS, onPriceTap } from './sb-controls';
import { type LineStyle, moneyText } from './sb-format';
import { createSbSocket, SB_PATHS, uuid } from './sb-link';
import { parseRoute, routeHash } from './sb-route';
import {
  clockTimer,
  createPageFrame,
  drawPrices,
  drawScreen,
  drawSlip,
  drawTracker,
  type PageState,
  type SbPage,
  showBalance,
  update,
} from './sb-scene';
import { createSearchView } from './sb-search-view';
import { placeRequest, slipBets } from './sb-slip';
import { loadSlip, slipStoreKey, storage } from './sb-slip-store';
import { createSlipView, refusalText } from './sb-slip-view';
import * as S from './sb-state';
import { injectSportsbookStyle } from './sb-style';
import * as T from './sb-tracker-state';
import { createTrackerView } from './sb-tracker-view';
import { drawState, emptyIndex, type ViewCtx } from './sb-views';
import { loadWords } from './sb-words';

const POLL_MS = 5000;
/** How long the typing pauses before the search box asks the book. */
const SEARCH_WAIT_MS = 300;

async function start(app: HTMLElement) {
  injectSportsbookStyle();
  const token = new URLSearchParams(location.search).get('token') ?? '';
  const boot = readBoot(document) as { language?: unknown; gameName?: unknown; member?: unknown } | null;
  const language = launchLanguage(boot?.language);
  const api = <T>(path: string, options: { method?: string; body?: unknown } = {}) =>
    request<T>(path, { ...options, token }, language.code);
  const [words, lobbyOrError] = await Promise.all([
    loadWords(language),
    // The kit's words before the lobby call: its refusal is worded by them.
    loadKitWords(language).then(() => api<LobbyAnswer>(SB_PATHS.lobby).catch((err: unknown) => err as Error)),
  ]);
  if (lobbyOrError instanceof Error) {
    app.replaceChildren(
      h(
        'section',
        { class: 'panel error-page' },
        h('h1', {}, words.screens.cannotOpen),
        h('p', {}, lobbyOrError.message),
        h('button', { type: 'button', class: 'button', onclick: () => location.reload() }, words.screens.retry),
      ),
    );
    return;
  }
  const lobby = lobbyOrError;
  const owner = typeof boot?.member === 'string' && boot.member ? boot.member : 'guest';
  const lineKey = `studio-sb-lines:${owner}`;
  const savedLines = storage()?.getItem(lineKey);
  const s: PageState = {
    model: S.applyLobby(S.initialModel({ lineStyle: savedLines === 'split' ? 'split' : 'quarter' }), lobby, Date.now()),
    balancesLearnt: 0,
    eventMissing: false,
    wasDown: false,
    tick: null,
    pollTimer: null,
    tracker: T.initialTracker(),
  };
  // The slip the player left here (a reload, a trip to the site's lobby) comes back until placed or cleared.
  const slipKey = slipStoreKey(lobby.category, lobby.mode, owner);
  const savedSlip = loadSlip(storage(), slipKey);
  if (savedSlip) s.model = S.restoreSlip(s.model, savedSlip);
  const locale = lobby.language ? launchLanguage(lobby.language).locale : language.locale;
  const ctx: ViewCtx = {
    words,
    locale,
    model: () => s.model,
    say: () => ({ words, locale, lineStyle: s.model.prefs.lineStyle, sabong: s.model.lobby?.category === 'COCKFIGHT' }),
    odds: (o) => formatOdds(o, s.model.prefs.oddsFormat),
    now: () => Date.now(),
    index: emptyIndex(),
  };
  startRealityCheck({ demo: lobby.mode === 'trial', lobbyUrl: lobby.lobbyUrl });
  const title = (typeof boot?.gameName === 'string' && boot.gameName.trim()) || words.title[lobby.category];
  const p = mount(app, { s, ctx, words, locale, api, slipKey, lineKey }, { token, lobby, title });

  showBalance(p);
  drawSlip(p);
  onRoute(p);
  p.socket.connect();
  void loadBets(p, 'open', false);
  // A slip brought back is priced again at once: changed prices and legs no longer offered show.
  if (savedSlip) void quote(p);
}

/**
 * Draws the frame, the slip and my bets into `app` and wires them: the slip's and the settings'
 * inputs, the price buttons, the address, the socket and the page being hidden or seen again.
 */
function mount(
  app: HTMLElement,
  o: Pick<SbPage, 's' | 'ctx' | 'words' | 'locale' | 'api' | 'slipKey' | 'lineKey'>,
  launch: { token: string; lobby: LobbyAnswer; title: string },
): SbPage {
  const { s, ctx, words } = o;
  const settings = createSettings({
    words,
    prefs: () => s.model.prefs,
    formats: ODDS_FORMATS,
    onChange: (prefs) => void changePrefs(p, prefs),
  });
  const frame = createPageFrame({ words, lobby: launch.lobby, title: launch.title, settingsButton: settings.button });
  const slip = createSlipView(ctx, {
    remove: (id) => update(p, S.removeLeg(s.model, id), { slip: true, prices: true }),
    clear: () => update(p, S.clearSlip(s.model), { slip: true, prices: true }),
    stake: (target, minor) => update(p, S.setStake(s.model, target, minor), { slip: true }),
    target: (target) => {
      s.model = S.setTarget(s.model, target);
    },
    chip: (amount) => update(p, S.addChip(s.model, amount), { slip: true }),
    max: () => {
      const target = S.chipTarget(s.model);
      const value = S.chipMax(s.model);
      if (target && value) update(p, S.setStake(s.model, target, value), { slip: true });
    },
    accept: () => update(p, S.acceptChanges(s.model), { slip: true }),
    place: () => void place(p),
    removeUnavailable: () => update(p, S.removeUnavailable(s.model), { slip: true, prices: true }),
    finish: (keep) => {
      update(p, S.finishSlip(s.model, keep), { slip: true, prices: true });
      // Done: back to the screens (the sheet's bar takes the focus); kept selections stay in view to bet again.
      if (!keep) sheet.setOpen(false);
    },
    rule: (rule) => void changePrefs(p, { oddsChange: rule }),
  });
  const sheet = createSheet({ slip: slip.el, title: slip.title, closeButton: slip.closeButton, words });
  let searchTimer: ReturnType<typeof setTimeout> | null = null;
  const search = createSearchView(ctx, {
    typed: (text) => {
      s.model = S.searchTyped(s.model, text);
      search.render();
      if (searchTimer) clearTimeout(searchTimer);
      searchTimer = setTimeout(() => void askSearch(p), SEARCH_WAIT_MS);
    },
    // After the link is followed: a link taken out of the page at its click would not be.
    picked: () =>
      setTimeout(() => {
        s.model = S.searchTyped(s.model, '');
        search.render();
      }, 0),
  });
  const bets = createBetsView(ctx, {
    cashOut: (intent) => void cashOut(p, intent),
    holdCashOut: (intent) => void holdCashOut(p, intent),
    autoCashOut: (intent) => void autoCashOut(p, intent.betId, intent.value),
    more: () => void loadBets(p, 'settled', true),
  });

  app.classList.add('sb-app');
  app.replaceChildren(
    frame.header,
    settings.panel,
    frame.tabs,
    h('div', { class: 'sb-layout' }, h('div', { class: 'sb-main-col' }, search.el, frame.message, frame.main), slip.el),
    sheet.backdrop,
    sheet.bar,
  );

  window.addEventListener('hashchange', () => onRoute(p));
  const socket = createSbSocket({
    token: launch.token,
    onMessage: (msg) => onMessage(p, msg),
    onOnline: (online) => onOnline(p, online),
  });
  document.addEventListener('visibilitychange', () => {
    clockTimer(p);
    poll(p);
    if (!document.hidden) {
      drawScreen(p);
      void loadScreen(p);
    }
  });
  onPriceTap(frame.main, (id) => togglePrice(p, id));

  const tracker = createTrackerView({
    words,
    tab: (tab) => {
      s.tracker = T.setTab(s.tracker, tab);
      drawTracker(p);
    },
  });
  const p: SbPage = { ...o, frame, settings, slip, sheet, bets, tracker, search, socket };
  return p;
}

// ---- loading what a screen shows ----

async function guard<T>(p: SbPage, fn: () => Promise<T>): Promise<T | undefined> {
  try {
    return await fn();
  } catch (err) {
    p.frame.say(err instanceof ApiError ? refusalText(p.ctx, err.code, err.message) : p.words.errors.other, 'error');
    return undefined;
  }
}

async function loadScreen(p: SbPage) {
  const { s, api } = p;
  const r = s.model.route;
  const now = () => Date.now();
  if (r.screen === 'live') {
    const a = await guard(p, () => api<EventsAnswer>(SB_PATHS.events({ live: true })));
    if (a) s.model = S.applyEvents(s.model, 'live', a.events, now());
  } else if (r.screen === 'upcoming') {
    // Without a day chosen, a day with nothing left to start is passed for the next one.
    let day = S.upcomingDay(s.model, r);
    for (let read = 0; day && read < (s.model.lobby?.days.length ?? 0); read++) {
      const which = day;
      const a = await guard(p, () => api<EventsAnswer>(SB_PATHS.events({ day: which })));
      if (!a) break;
      s.model = S.applyEvents(s.model, `day:${which}`, a.events, now());
      const next = S.upcomingDay(s.model, r);
      if (!next || next === which || s.model.lists[`day:${next}`] !== undefined) break;
      day = next;
    }
  } else if (r.screen === 'results') {
    const a = await guard(p, () => api<ResultsAnswer>(SB_PATHS.results({ day: r.day })));
    if (a) s.model = S.applyResults(s.model, a);
  } else if (r.screen === 'league') {
    const a = await guard(p, () => api<EventsAnswer>(SB_PATHS.events({ league: r.league })));
    if (a) s.model = S.applyEvents(s.model, `league:${r.league}`, a.events, now());
  } else if (r.screen === 'event') {
    try {
      const e = await api<EventView>(SB_PATHS.event(r.event));
      s.eventMissing = false;
      const { model: next, notices } = S.applyEvent(s.model, e, now());
      s.model = next;
      p.slip.announce(notices);
      void readTracker(p);
    } catch (err) {
      if (err instanceof ApiError && (err.status === 404 || err.code === 'SB_EVENT_NOT_FOUND')) s.eventMissing = true;
      else p.frame.say(err instanceof ApiError ? err.message : p.words.errors.other, 'error');
    }
  } else if (r.screen === 'bets') {
    await loadBets(p, r.tab, false);
    return;
  } else return;
  // The route may have moved on while the answer came.
  drawScreen(p);
  drawSlip(p);
}

async function loadBets(p: SbPage, tab: 'open' | 'settled', more: boolean) {
  const { s } = p;
  const a = await guard(p, () => p.api<MyBetsAnswer>(SB_PATHS.myBets(tab, more ? s.model.bets.next : null)));
  if (a) s.model = S.applyMyBets(s.model, tab, a, more);
  if (s.model.route.screen === 'bets') drawScreen(p);
}

function onRoute(p: SbPage) {
  const { s } = p;
  const route = S.routeOr(s.model, parseRoute(location.hash));
  const changed = routeHash(route) !== routeHash(s.model.route);
  // A notice belongs to the screen it was said on.
  if (changed && p.frame.message.textContent) p.frame.say('');
  s.model = S.setRoute(s.model, route);
  s.tracker = T.trackerFor(s.tracker, route.screen === 'event' ? route.event : null);
  if (route.screen !== 'bets') p.bets.forget();
  s.eventMissing = false;
  drawScreen(p);
  if (changed) p.frame.main.querySelector<HTMLElement>('.sb-screen-title')?.focus({ preventScroll: false });
  void loadScreen(p);
}

/** Asks the book for what the search box holds, unless it is too short or already answered. */
async function askSearch(p: SbPage) {
  const term = S.searchToAsk(p.s.model);
  if (!term) return;
  const answer = await p.api<SearchAnswer>(SB_PATHS.search(term)).catch(() => null);
  if (!answer) return;
  p.s.model = S.searchAnswered(p.s.model, term, answer);
  p.search.render();
}

// ---- the socket ----

function onMessage(p: SbPage, msg: SbServerMessage) {
  const { s } = p;
  const now = Date.now();
  if (msg.type === 'markets') {
    const before = s.model;
    const { model: next, notices } = S.applyMarkets(s.model, msg.eventId, msg.markets, now);
    s.model = next;
    if (S.marketsRedrawScreen(before, s.model, msg.eventId, msg.markets)) drawScreen(p);
    else drawPrices(p, new Set(msg.markets.flatMap((x) => x.selections.map((sel) => sel.id))), true);
    if (s.model.slip.legs.some((l) => l.eventId === msg.eventId)) drawSlip(p);
    if (S.builderMoved(s.model, msg.eventId, msg.markets)) requoteSoon(p);
    p.slip.announce(notices);
  } else if (msg.type === 'state') {
    const before = s.model.events[msg.eventId]?.event.status;
    s.model = S.applyState(s.model, msg.eventId, msg.status, msg.state, now);
    if (before !== msg.status) drawScreen(p);
    else drawState(p.ctx, msg.eventId);
    clockTimer(p);
    // A step of the match on screen: its tracker has news.
    if (msg.eventId === s.tracker.eventId) void readTracker(p);
  } else if (msg.type === 'bet') {
    const wasPending = s.model.slip.phase === 'pending';
    s.model = S.applyBet(s.model, msg.bet);
    if (s.model.route.screen === 'bets') drawScreen(p);
    if (s.model.slip.placed.some((b) => b.id === msg.bet.id)) {
      drawSlip(p);
      if (wasPending && s.model.slip.phase === 'done') slipResult(p);
    }
  } else if (msg.type === 'balance') {
    learnBalance(p, msg.balance);
  }
}

// A balance message sent while the socket was down is lost (a win paid, a refused stake given
// back), so the page reads the balance again when the socket is back. A message or an answer that
// comes while that read is under way is newer than it: the read's figure is then dropped.
function learnBalance(p: SbPage, value: number | null) {
  p.s.model = S.applyBalance(p.s.model, value);
  p.s.balancesLearnt++;
  showBalance(p);
}
async function readBalanceAgain(p: SbPage) {
  const before = p.s.balancesLearnt;
  const answer = await p.api<LobbyAnswer>(SB_PATHS.lobby).catch(() => null);
  if (answer && before === p.s.balancesLearnt) learnBalance(p, answer.balance);
}

function onOnline(p: SbPage, online: boolean) {
  const { s, words } = p;
  const was = s.model.online;
  s.model = { ...s.model, online };
  if (was && !online) {
    s.wasDown = true;
    p.frame.say(words.screens.offline);
  }
  if (!was && online && s.wasDown) void readBalanceAgain(p);
  if (!was && online && p.frame.message.textContent === words.screens.offline) {
    p.frame.say(words.screens.online);
    void loadScreen(p);
  }
  poll(p);
}

/** Reads the event page's tracker (once at a time: news meanwhile reads it again after). */
async function readTracker(p: SbPage) {
  const { s } = p;
  const id = s.tracker.eventId;
  const status = id ? s.model.events[id]?.event.status : undefined;
  if (!id || !status || !T.trackerShown(status)) return;
  const start = T.startRead(s.tracker, id);
  s.tracker = start.model;
  if (!start.read) return;
  const answer = await p.api<TrackerAnswer>(SB_PATHS.tracker(id)).catch(() => null);
  const done = T.readDone(s.tracker, id, answer);
  s.tracker = done.model;
  drawTracker(p);
  if (done.again) void readTracker(p);
}

// ---- timers: a poll while the socket is down (the clocks' tick is sb-scene.ts clockTimer) ----

function poll(p: SbPage) {
  const { s } = p;
  if (s.pollTimer) clearTimeout(s.pollTimer);
  s.pollTimer = null;
  if (!S.pollWanted(s.model, document.hidden)) return;
  s.pollTimer = setTimeout(async () => {
    s.pollTimer = null;
    if (!s.model.online) {
      await loadScreen(p);
      await quote(p);
    }
    if (s.model.slip.phase === 'pending') await refreshPending(p);
    poll(p);
  }, POLL_MS);
}

// ---- the slip's calls ----

function togglePrice(p: SbPage, id: string) {
  const { s } = p;
  const had = S.inSlip(s.model, id);
  update(p, S.toggleSelection(s.model, id), { slip: true, prices: true });
  const now = S.inSlip(s.model, id);
  if (had !== now) {
    // The slip's badge shows the count; a sentence left on screen would stay on every screen after.
    p.slip.status(counted(p.words.counts.legs, s.model.slip.legs.length, p.locale));
    void quote(p);
  }
}

/** A market message moved a builder's price: one quote a second at most follows it. */
let requoteTimer: ReturnType<typeof setTimeout> | null = null;
function requoteSoon(p: SbPage) {
  if (requoteTimer) return;
  requoteTimer = setTimeout(() => {
    requoteTimer = null;
    void quote(p);
  }, REQUOTE_MS);
}
const REQUOTE_MS = 1000;

async function quote(p: SbPage) {
  const { s } = p;
  if (!s.model.slip.legs.length || s.model.slip.phase !== 'edit') return;
  const body: QuoteRequest = { legs: s.model.slip.legs.map((l) => ({ selectionId: l.selectionId })) };
  const a = await p.api<QuoteAnswer>(SB_PATHS.quote, { method: 'POST', body }).catch(() => undefined);
  if (!a) return;
  const { model: next, notices } = S.applyQuote(s.model, a);
  s.model = next;
  drawSlip(p);
  p.slip.announce(notices);
}

/** Without the socket, the placed bets' fate after the in-play delay is read from my bets. */
async function refreshPending(p: SbPage) {
  const { s, api } = p;
  const open = await api<MyBetsAnswer>(SB_PATHS.myBets('open')).catch(() => undefined);
  if (!open) return;
  const wasPending = s.model.slip.phase === 'pending';
  s.model = S.applyMyBets(s.model, 'open', open, false);
  const gone = s.model.slip.placed.filter((b) => !open.bets.some((x) => x.id === b.id));
  // A placed bet no longer open was refused after the delay (or already settled): it is listed as settled.
  const settled = gone.length ? await api<MyBetsAnswer>(SB_PATHS.myBets('settled')).catch(() => undefined) : undefined;
  for (const b of [...open.bets, ...(settled?.bets ?? [])]) {
    if (s.model.slip.placed.some((x) => x.id === b.id)) s.model = S.applyBet(s.model, b);
  }
  drawSlip(p);
  if (wasPending && s.model.slip.phase === 'done') slipResult(p);
}

function slipResult(p: SbPage) {
  const refused = S.placedRefused(p.s.model);
  p.frame.say(refused ? p.words.slip.refused : p.words.slip.accepted, refused ? 'error' : 'info');
}

async function place(p: SbPage) {
  const { s } = p;
  const legs = s.model.slip.legs;
  const betsToPlace = slipBets(legs, s.model.slip.stakes, S.maxLegs(s.model), s.model.slip.builders);
  if (!betsToPlace.length) return;
  const { model: next, requestId } = S.startPlacing(s.model, uuid());
  s.model = next;
  drawSlip(p);
  const body = placeRequest(legs, betsToPlace, requestId, s.model.prefs.oddsChange);
  try {
    const answer = await p.api<PlaceAnswer>(SB_PATHS.place, { method: 'POST', body });
    s.model = S.placeAnswered(s.model, answer);
    showBalance(p);
    drawSlip(p);
    drawPrices(p);
    if (answer.changed?.length) p.slip.announce(S.changedNotices(s.model, answer.changed));
    else if (answer.bets.length === 0 && answer.builderOdds1000?.length) return;
    else if (s.model.slip.phase === 'done') slipResult(p);
    else poll(p);
  } catch (err) {
    const e = err instanceof ApiError ? err : new ApiError('ERROR', p.words.errors.other, 0);
    const detail = e.detail as { selectionId?: unknown } | null;
    s.model = S.placeFailed(s.model, {
      code: e.code,
      message: e.message,
      status: e.status,
      selectionId: typeof detail?.selectionId === 'string' ? detail.selectionId : null,
    });
    drawSlip(p);
    // A refusal about prices or markets: read the legs again so the slip shows them as they are.
    if (e.code.startsWith('SB_')) await quote(p);
  }
}

async function changePrefs(p: SbPage, prefs: Partial<S.Prefs>) {
  const { s } = p;
  s.model = S.setPrefs(s.model, prefs);
  if (prefs.lineStyle) storage()?.setItem(p.lineKey, prefs.lineStyle satisfies LineStyle);
  p.settings.sync();
  drawScreen(p);
  drawSlip(p);
  if (prefs.oddsFormat || prefs.oddsChange) {
    const body: PrefsRequest = {};
    if (prefs.oddsFormat) body.oddsFormat = prefs.oddsFormat;
    if (prefs.oddsChange) body.oddsChange = prefs.oddsChange as OddsChangeRule;
    await guard(p, () => p.api(SB_PATHS.prefs, { method: 'PUT', body }));
  }
}

async function cashOut(p: SbPage, { betId, part, expected, hold }: CashOutIntent) {
  const { s } = p;
  const body: CashOutRequest = {
    expected,
    ...(part === null ? {} : { stake: part }),
    ...(hold === undefined ? {} : { hold }),
  };
  try {
    const a = await p.api<CashOutAnswer>(SB_PATHS.cashOut(betId), { method: 'POST', body });
    s.model = S.applyBet(s.model, a.bet);
    learnBalance(p, a.balance);
    p.frame.say(p.words.bets.cashedOutDone.replace('{amount}', moneyText(a.paid, p.locale)));
  } catch (err) {
    p.frame.say(err instanceof ApiError ? refusalText(p.ctx, err.code, err.message) : p.words.errors.other, 'error');
    await loadBets(p, 'open', false);
  }
  if (s.model.route.screen === 'bets') drawScreen(p);
}

/**
 * Asks the book to hold the cash-out value while the player confirms. The hold is timed on this page's
 * clock from when the answer arrived, so it ends here no later than on the book; a hold that does
 * not come (the offer gone, the network) leaves the confirm as it was: the value shown is the floor.
 */
async function holdCashOut(p: SbPage, { betId, part }: HoldIntent) {
  const body: CashOutQuoteRequest = part === null ? {} : { stake: part };
  try {
    const sent = Date.now();
    const a = await p.api<CashOutQuoteAnswer>(SB_PATHS.cashOutQuote(betId), { method: 'POST', body });
    p.bets.held(betId, { part, value: a.value, hold: a.hold, until: sent + a.heldForMs });
  } catch {
    // Nothing held: the confirm sends the value it shows as the least the player takes.
  }
}

async function autoCashOut(p: SbPage, betId: string, value: number | null) {
  const { s } = p;
  const body: AutoCashOutRequest = { value };
  try {
    const a = await p.api<AutoCashOutAnswer>(SB_PATHS.autoCashOut(betId), { method: 'PUT', body });
    s.model = S.applyBet(s.model, a.bet);
    const w = p.words.bets;
    p.frame.say(
      value === null ? w.autoCashOutRemoved : w.autoCashOutSaved.replace('{amount}', moneyText(value, p.locale)),
    );
  } catch (err) {
    p.frame.say(err instanceof ApiError ? refusalText(p.ctx, err.code, err.message) : p.words.errors.other, 'error');
    await loadBets(p, 'open', false);
  }
  if (s.model.route.screen === 'bets') drawScreen(p);
}

const app = document.getElementById('app');
if (app) void start(app);
