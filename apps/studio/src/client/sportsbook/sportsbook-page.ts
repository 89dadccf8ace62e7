// The sportsbook page (bundled as sportsbook.js, client-bundle.ts), opened in the game frame from
// the platform's Sports, E-sports or Cockfight lobby game with the game token in its address. This
// file wires the parts: what the page knows (sb-state.ts, sb-slip.ts), the screens (sb-views.ts),
// the slip (sb-slip-view.ts), my bets (sb-bets-view.ts), the sheet and settings (sb-controls.ts)
// and the book's routes and socket (sb-link.ts). Prices are written by the model's formatOdds, so
// the page and the book show the same figure in every format.
import type {
  CashOutAnswer,
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
  SbServerMessage,
} from '../../sportsbook/api';
import { formatOdds } from '../../sportsbook/model/odds';
import { readBoot } from '../boot';
import { counted, launchLanguage } from '../i18n';
import { loadKitWords } from '../kit-words';
import { startRealityCheck } from '../reality-check';
import { ApiError, h, request } from '../ui';
import { createBetsView } from './sb-bets-view';
import { createSettings, createSheet, keepingFocus, ODDS_FORMATS } from './sb-controls';
import { type LineStyle, moneyText } from './sb-format';
import { createSbSocket, SB_PATHS, uuid } from './sb-link';
import { parseRoute, routeHash } from './sb-route';
import { placeRequest, slipBets, totals } from './sb-slip';
import { loadSlip, saveSlip, slipStoreKey } from './sb-slip-store';
import { createSlipView, refusalText } from './sb-slip-view';
import * as S from './sb-state';
import { injectSportsbookStyle } from './sb-style';
import {
  drawPrice,
  drawState,
  emptyIndex,
  eventScreen,
  leagueScreen,
  liveScreen,
  markMove,
  sportsScreen,
  upcomingScreen,
  type ViewCtx,
} from './sb-views';
import { loadWords } from './sb-words';

const POLL_MS = 5000;

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

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
  let model = S.applyLobby(
    S.initialModel({ lineStyle: savedLines === 'split' ? 'split' : 'quarter' }),
    lobby,
    Date.now(),
  );
  // The slip the player left here (a reload, a trip to the site's lobby) comes back until placed or cleared.
  const slipKey = slipStoreKey(lobby.category, lobby.mode, owner);
  const savedSlip = loadSlip(storage(), slipKey);
  if (savedSlip) model = S.restoreSlip(model, savedSlip);
  const locale = lobby.language ? launchLanguage(lobby.language).locale : language.locale;
  const index = emptyIndex();
  const ctx: ViewCtx = {
    words,
    locale,
    model: () => model,
    say: () => ({ words, locale, lineStyle: model.prefs.lineStyle, sabong: model.lobby?.category === 'COCKFIGHT' }),
    odds: (o) => formatOdds(o, model.prefs.oddsFormat),
    now: () => Date.now(),
    index,
  };
  startRealityCheck({ demo: lobby.mode === 'trial', lobbyUrl: lobby.lobbyUrl });

  // ---- the frame: top bar, tabs, the screen, the slip, the live regions ----
  const balance = h('strong', { 'data-testid': 'balance' }, '');
  const showBalance = () => {
    balance.textContent = model.balance === null ? '—' : moneyText(model.balance, locale);
  };
  /** How many balances the page has learnt (answers and messages): see readBalanceAgain. */
  let balancesLearnt = 0;
  const settings = createSettings({
    words,
    prefs: () => model.prefs,
    formats: ODDS_FORMATS,
    onChange: (prefs) => void changePrefs(prefs),
  });
  const title = (typeof boot?.gameName === 'string' && boot.gameName.trim()) || words.title[lobby.category];
  const header = h(
    'header',
    { class: 'topbar sb-top' },
    lobby.lobbyUrl
      ? h(
          'a',
          {
            class: 'icon-button',
            href: lobby.lobbyUrl,
            target: '_top',
            'aria-label': words.nav.backToLobby,
            'data-testid': 'lobby',
          },
          '‹',
        )
      : h('span', { class: 'icon-spacer' }),
    h(
      'h1',
      { class: 'title', 'data-testid': 'game-title' },
      title,
      lobby.mode === 'trial' ? h('span', { class: 'badge' }, words.demo) : null,
    ),
    h('span', { class: 'balance' }, h('span', { class: 'muted small' }, `${lobby.currency} `), balance),
    settings.button,
  );
  const tabs = h('nav', { class: 'sb-tabs', 'aria-label': words.nav.label });
  const main = h('main', { class: 'sb-main', id: 'sb-main', 'data-testid': 'screen' });
  const message = h('p', {
    class: 'message sb-message',
    role: 'status',
    'aria-live': 'polite',
    'data-testid': 'message',
  });
  const say = (text: string, kind: 'info' | 'error' = 'info') => {
    message.textContent = text;
    message.className = `message sb-message ${kind}`;
  };

  const slip = createSlipView(ctx, {
    remove: (id) => update(S.removeLeg(model, id), { slip: true, prices: true }),
    clear: () => update(S.clearSlip(model), { slip: true, prices: true }),
    stake: (target, minor) => update(S.setStake(model, target, minor), { slip: true }),
    target: (target) => {
      model = S.setTarget(model, target);
    },
    chip: (amount) => update(S.addChip(model, amount), { slip: true }),
    max: () => {
      const target = S.chipTarget(model);
      const max = model.slip.maxStake;
      if (!target || !max) return;
      const value =
        target.kind === 'single' ? max.single[target.selectionId] : target.kind === 'multiple' ? max.multiple : null;
      if (value) update(S.setStake(model, target, value), { slip: true });
    },
    accept: () => update(S.acceptChanges(model), { slip: true }),
    place: () => void place(),
    removeUnavailable: () => update(S.removeUnavailable(model), { slip: true, prices: true }),
    finish: (keep) => {
      update(S.finishSlip(model, keep), { slip: true, prices: true });
      // Done: back to the screens (the sheet's bar takes the focus); kept selections stay in view to bet again.
      if (!keep) sheet.setOpen(false);
    },
    rule: (rule) => void changePrefs({ oddsChange: rule }),
  });
  const sheet = createSheet({ slip: slip.el, title: slip.title, closeButton: slip.closeButton, words });
  const bets = createBetsView(ctx, {
    cashOut: (intent) => void cashOut(intent.betId, intent.part, intent.expected),
    more: () => void loadBets('settled', true),
  });

  app.classList.add('sb-app');
  app.replaceChildren(
    header,
    settings.panel,
    tabs,
    h('div', { class: 'sb-layout' }, h('div', { class: 'sb-main-col' }, message, main), slip.el),
    sheet.backdrop,
    sheet.bar,
  );

  // ---- drawing ----
  function drawTabs() {
    const r = model.route;
    const live = S.liveEvents(model).length;
    const items: [S.Route, string, boolean][] = [
      [{ screen: 'live', sport: null }, live ? `${words.nav.live} ${live}` : words.nav.live, r.screen === 'live'],
      [{ screen: 'upcoming', day: null, sport: null }, words.nav.upcoming, r.screen === 'upcoming'],
      [{ screen: 'sports' }, words.nav.sports, r.screen === 'sports' || r.screen === 'league' || r.screen === 'event'],
      [{ screen: 'bets', tab: 'open' }, words.nav.bets, r.screen === 'bets'],
    ];
    tabs.replaceChildren(
      ...items.map(([route, text, current]) =>
        h(
          'a',
          {
            href: routeHash(route),
            class: 'sb-tab',
            'aria-current': current ? 'page' : undefined,
            'data-testid': `tab-${route.screen}`,
          },
          text,
        ),
      ),
    );
  }

  let eventMissing = false;
  function drawScreen() {
    index.prices.clear();
    index.clocks.clear();
    index.scores.clear();
    const r = model.route;
    keepingFocus(main, () => {
      if (r.screen === 'bets') {
        bets.render();
        main.replaceChildren(bets.el);
        return;
      }
      const nodes =
        r.screen === 'live'
          ? liveScreen(ctx, r)
          : r.screen === 'upcoming'
            ? upcomingScreen(ctx, r)
            : r.screen === 'sports'
              ? sportsScreen(ctx)
              : r.screen === 'league'
                ? leagueScreen(ctx, r)
                : eventScreen(ctx, r, eventMissing);
      main.replaceChildren(...nodes);
    });
    drawTabs();
    socket.watch(S.watchList(model));
    clockTimer();
  }

  function drawSlip() {
    saveSlip(storage(), slipKey, model.slip);
    keepingFocus(slip.el, () => slip.render());
    const bets = slipBets(model.slip.legs, model.slip.stakes, S.maxLegs(model));
    const sum = totals(bets);
    sheet.show(model.slip.legs.length, sum.potentialPayout ? moneyText(sum.potentialPayout, locale) : '');
  }

  /** Redraws the price buttons of these selections (all drawn ones when none are named). */
  function drawPrices(only?: Set<string>, moved = false) {
    for (const [id, buttons] of index.prices) {
      if (only && !only.has(id)) continue;
      const found = S.findSelection(model, id);
      if (!found) continue;
      for (const btn of buttons) {
        drawPrice(btn, ctx, found.market, found.selection, found.event, !!btn.closest('.sb-card'));
        const move = model.moves[id];
        if (moved && move && Date.now() - move.at < 1000) markMove(btn, move.dir, words);
      }
    }
  }

  function update(next: S.SbModel, what: { slip?: boolean; prices?: boolean; screen?: boolean }) {
    const before = model;
    model = next;
    if (what.screen) drawScreen();
    else if (what.prices) drawPrices();
    if (what.slip) drawSlip();
    if (before.balance !== model.balance) {
      balancesLearnt++;
      showBalance();
    }
    if (!what.screen && S.watchList(before).join() !== S.watchList(model).join()) socket.watch(S.watchList(model));
  }

  // ---- loading what a screen shows ----
  async function guard<T>(fn: () => Promise<T>): Promise<T | undefined> {
    try {
      return await fn();
    } catch (err) {
      say(err instanceof ApiError ? refusalText(ctx, err.code, err.message) : words.errors.other, 'error');
      return undefined;
    }
  }

  async function loadScreen() {
    const r = model.route;
    const now = () => Date.now();
    if (r.screen === 'live') {
      const a = await guard(() => api<EventsAnswer>(SB_PATHS.events({ live: true })));
      if (a) model = S.applyEvents(model, 'live', a.events, now());
    } else if (r.screen === 'upcoming') {
      // Without a day chosen, a day with nothing left to start is passed for the next one.
      let day = S.upcomingDay(model, r);
      for (let read = 0; day && read < (model.lobby?.days.length ?? 0); read++) {
        const which = day;
        const a = await guard(() => api<EventsAnswer>(SB_PATHS.events({ day: which })));
        if (!a) break;
        model = S.applyEvents(model, `day:${which}`, a.events, now());
        const next = S.upcomingDay(model, r);
        if (!next || next === which || model.lists[`day:${next}`] !== undefined) break;
        day = next;
      }
    } else if (r.screen === 'league') {
      const a = await guard(() => api<EventsAnswer>(SB_PATHS.events({ league: r.league })));
      if (a) model = S.applyEvents(model, `league:${r.league}`, a.events, now());
    } else if (r.screen === 'event') {
      try {
        const e = await api<EventView>(SB_PATHS.event(r.event));
        eventMissing = false;
        const { model: next, notices } = S.applyEvent(model, e, now());
        model = next;
        slip.announce(notices);
      } catch (err) {
        if (err instanceof ApiError && (err.status === 404 || err.code === 'SB_EVENT_NOT_FOUND')) eventMissing = true;
        else say(err instanceof ApiError ? err.message : words.errors.other, 'error');
      }
    } else if (r.screen === 'bets') {
      await loadBets(r.tab, false);
      return;
    } else return;
    // The route may have moved on while the answer came.
    drawScreen();
    drawSlip();
  }

  async function loadBets(tab: 'open' | 'settled', more: boolean) {
    const a = await guard(() => api<MyBetsAnswer>(SB_PATHS.myBets(tab, more ? model.bets.next : null)));
    if (a) model = S.applyMyBets(model, tab, a, more);
    if (model.route.screen === 'bets') drawScreen();
  }

  function onRoute() {
    const route =
      parseRoute(location.hash) ??
      (S.liveEvents(model).length
        ? { screen: 'live' as const, sport: null }
        : { screen: 'upcoming' as const, day: null, sport: null });
    const changed = routeHash(route) !== routeHash(model.route);
    // A notice belongs to the screen it was said on.
    if (changed && message.textContent) say('');
    model = S.setRoute(model, route);
    if (route.screen !== 'bets') bets.forget();
    eventMissing = false;
    drawScreen();
    if (changed) main.querySelector<HTMLElement>('.sb-screen-title')?.focus({ preventScroll: false });
    void loadScreen();
  }
  window.addEventListener('hashchange', onRoute);

  // ---- the socket ----
  function onMessage(msg: SbServerMessage) {
    const now = Date.now();
    if (msg.type === 'markets') {
      const entry = model.events[msg.eventId];
      const keysBefore = new Set(entry?.event.markets.map((x) => x.key));
      const { model: next, notices } = S.applyMarkets(model, msg.eventId, msg.markets, now);
      model = next;
      const newMarket = !!entry?.full && msg.markets.some((x) => !keysBefore.has(x.key) || x.status === 'closed');
      if (newMarket && model.route.screen === 'event' && model.route.event === msg.eventId) drawScreen();
      else drawPrices(new Set(msg.markets.flatMap((x) => x.selections.map((s) => s.id))), true);
      if (model.slip.legs.some((l) => l.eventId === msg.eventId)) drawSlip();
      slip.announce(notices);
    } else if (msg.type === 'state') {
      const before = model.events[msg.eventId]?.event.status;
      model = S.applyState(model, msg.eventId, msg.status, msg.state, now);
      if (before !== msg.status) drawScreen();
      else drawState(ctx, msg.eventId);
      clockTimer();
    } else if (msg.type === 'bet') {
      const wasPending = model.slip.phase === 'pending';
      model = S.applyBet(model, msg.bet);
      if (model.route.screen === 'bets') drawScreen();
      if (model.slip.placed.some((b) => b.id === msg.bet.id)) {
        drawSlip();
        if (wasPending && model.slip.phase === 'done') slipResult();
      }
    } else if (msg.type === 'balance') {
      learnBalance(msg.balance);
    }
  }

  // A balance message sent while the socket was down is lost (a win paid, a refused stake given
  // back), so the page reads the balance again when the socket is back. A message or an answer that
  // comes while that read is under way is newer than it: the read's figure is then dropped.
  function learnBalance(value: number | null) {
    model = S.applyBalance(model, value);
    balancesLearnt++;
    showBalance();
  }
  async function readBalanceAgain() {
    const before = balancesLearnt;
    const answer = await api<LobbyAnswer>(SB_PATHS.lobby).catch(() => null);
    if (answer && before === balancesLearnt) learnBalance(answer.balance);
  }
  let wasDown = false;

  const socket = createSbSocket({
    token,
    onMessage,
    onOnline: (online) => {
      const was = model.online;
      model = { ...model, online };
      if (was && !online) {
        wasDown = true;
        say(words.screens.offline);
      }
      if (!was && online && wasDown) void readBalanceAgain();
      if (!was && online && message.textContent === words.screens.offline) {
        say(words.screens.online);
        void loadScreen();
      }
      poll();
    },
  });

  // ---- timers: one clock tick a second for every live clock, a poll while the socket is down ----
  let tick: ReturnType<typeof setInterval> | null = null;
  function clockTimer() {
    const want = !document.hidden && S.clocksRunning(model);
    if (want && !tick) {
      tick = setInterval(() => {
        for (const id of index.clocks.keys()) drawState(ctx, id);
      }, 1000);
    } else if (!want && tick) {
      clearInterval(tick);
      tick = null;
    }
  }

  let pollTimer: ReturnType<typeof setTimeout> | null = null;
  function poll() {
    if (pollTimer) clearTimeout(pollTimer);
    pollTimer = null;
    const pendingBets = model.slip.phase === 'pending';
    if (document.hidden || (model.online && !pendingBets)) return;
    pollTimer = setTimeout(async () => {
      pollTimer = null;
      if (!model.online) {
        await loadScreen();
        await quote();
      }
      if (model.slip.phase === 'pending') await refreshPending();
      poll();
    }, POLL_MS);
  }

  document.addEventListener('visibilitychange', () => {
    clockTimer();
    poll();
    if (!document.hidden) {
      drawScreen();
      void loadScreen();
    }
  });

  // ---- the slip's calls ----
  async function quote() {
    if (!model.slip.legs.length || model.slip.phase !== 'edit') return;
    const body: QuoteRequest = { legs: model.slip.legs.map((l) => ({ selectionId: l.selectionId })) };
    const a = await api<QuoteAnswer>(SB_PATHS.quote, { method: 'POST', body }).catch(() => undefined);
    if (!a) return;
    const { model: next, notices } = S.applyQuote(model, a);
    model = next;
    drawSlip();
    slip.announce(notices);
  }

  /** Without the socket, the placed bets' fate after the in-play delay is read from my bets. */
  async function refreshPending() {
    const open = await api<MyBetsAnswer>(SB_PATHS.myBets('open')).catch(() => undefined);
    if (!open) return;
    const wasPending = model.slip.phase === 'pending';
    model = S.applyMyBets(model, 'open', open, false);
    const gone = model.slip.placed.filter((b) => !open.bets.some((x) => x.id === b.id));
    // A placed bet no longer open was refused after the delay (or already settled): it is listed as settled.
    const settled = gone.length
      ? await api<MyBetsAnswer>(SB_PATHS.myBets('settled')).catch(() => undefined)
      : undefined;
    for (const b of [...open.bets, ...(settled?.bets ?? [])]) {
      if (model.slip.placed.some((p) => p.id === b.id)) model = S.applyBet(model, b);
    }
    drawSlip();
    if (wasPending && model.slip.phase === 'done') slipResult();
  }

  function slipResult() {
    const placed = model.slip.placed;
    const refused = placed.filter((b) => b.status === 'refused').length;
    say(refused ? words.slip.refused : words.slip.accepted, refused ? 'error' : 'info');
  }

  async function place() {
    const legs = model.slip.legs;
    const betsToPlace = slipBets(legs, model.slip.stakes, S.maxLegs(model));
    if (!betsToPlace.length) return;
    const { model: next, requestId } = S.startPlacing(model, uuid());
    model = next;
    drawSlip();
    const body = placeRequest(legs, betsToPlace, requestId, model.prefs.oddsChange);
    try {
      const answer = await api<PlaceAnswer>(SB_PATHS.place, { method: 'POST', body });
      model = S.placeAnswered(model, answer);
      showBalance();
      drawSlip();
      drawPrices();
      if (answer.changed?.length)
        slip.announce(
          answer.changed.flatMap((c) => {
            const leg = model.slip.legs.find((l) => l.selectionId === c.selectionId);
            return leg && leg.taken !== null && c.odds1000 !== null
              ? [{ kind: 'changed' as const, selectionId: c.selectionId, from: leg.taken, to: c.odds1000 }]
              : [];
          }),
        );
      else if (model.slip.phase === 'done') slipResult();
      else poll();
    } catch (err) {
      const e = err instanceof ApiError ? err : new ApiError('ERROR', words.errors.other, 0);
      const detail = e.detail as { selectionId?: unknown } | null;
      model = S.placeFailed(model, {
        code: e.code,
        message: e.message,
        status: e.status,
        selectionId: typeof detail?.selectionId === 'string' ? detail.selectionId : null,
      });
      drawSlip();
      // A refusal about prices or markets: read the legs again so the slip shows them as they are.
      if (e.code.startsWith('SB_')) await quote();
    }
  }

  async function changePrefs(prefs: Partial<S.Prefs>) {
    model = S.setPrefs(model, prefs);
    if (prefs.lineStyle) storage()?.setItem(lineKey, prefs.lineStyle satisfies LineStyle);
    settings.sync();
    drawScreen();
    drawSlip();
    if (prefs.oddsFormat || prefs.oddsChange) {
      const body: PrefsRequest = {};
      if (prefs.oddsFormat) body.oddsFormat = prefs.oddsFormat;
      if (prefs.oddsChange) body.oddsChange = prefs.oddsChange as OddsChangeRule;
      await guard(() => api(SB_PATHS.prefs, { method: 'PUT', body }));
    }
  }

  async function cashOut(betId: string, part: number | null, expected: number) {
    const body: CashOutRequest = part === null ? { expected } : { expected, stake: part };
    try {
      const a = await api<CashOutAnswer>(SB_PATHS.cashOut(betId), { method: 'POST', body });
      model = S.applyBet(model, a.bet);
      learnBalance(a.balance);
      say(words.bets.cashedOutDone.replace('{amount}', moneyText(a.paid, locale)));
    } catch (err) {
      say(err instanceof ApiError ? refusalText(ctx, err.code, err.message) : words.errors.other, 'error');
      await loadBets('open', false);
    }
    if (model.route.screen === 'bets') drawScreen();
  }

  // Price buttons anywhere on a screen: one listener for all of them.
  main.addEventListener('click', (e) => {
    const btn = (e.target as HTMLElement).closest<HTMLButtonElement>('button[data-sel]');
    if (!btn || btn.disabled) return;
    const id = btn.dataset.sel!;
    const had = S.inSlip(model, id);
    update(S.toggleSelection(model, id), { slip: true, prices: true });
    const now = S.inSlip(model, id);
    if (had !== now) {
      // The slip's badge shows the count; a sentence left on screen would stay on every screen after.
      slip.status(counted(words.counts.legs, model.slip.legs.length, locale));
      void quote();
    }
  });

  showBalance();
  drawSlip();
  onRoute();
  socket.connect();
  void loadBets('open', false);
  // A slip brought back is priced again at once: changed prices and legs no longer offered show.
  if (savedSlip) void quote();
}

const app = document.getElementById('app');
if (app) void start(app);
