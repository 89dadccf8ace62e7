// The sportsbook page's frame and its redraws: the top bar (back to the lobby, the title, the
// balance, the settings button), the tabs, the search box (sb-search-view.ts), the screen and the page's notices, and what a change of
// the state redraws: the screen, the price buttons, the slip, the balance, a live clock once a
// second while one is on screen. The screens are drawn by sb-views.ts, the slip by sb-slip-view.ts
// and my bets by sb-bets-view.ts; the page (sportsbook-page.ts) holds them in one SbPage.
import type { LobbyAnswer } from '../../sportsbook/api';
import { h } from '../ui';
import type { createBetsView } from './sb-bets-view';
import { type createSettings, type createSheet, keepingFocus } from './sb-controls';
import { moneyText } from './sb-format';
import type { createSbSocket } from './sb-link';
import { routeHash } from './sb-route';
import type { SearchView } from './sb-search-view';
import { slipBets, totals } from './sb-slip';
import { saveSlip, storage } from './sb-slip-store';
import type { createSlipView } from './sb-slip-view';
import * as S from './sb-state';
import { type TrackerModel, trackerShown } from './sb-tracker-state';
import type { TrackerView } from './sb-tracker-view';
import {
  drawPrice,
  drawState,
  eventScreen,
  leagueScreen,
  liveScreen,
  markMove,
  resultsScreen,
  sportsScreen,
  upcomingScreen,
  type ViewCtx,
} from './sb-views';
import type { SbWords } from './sb-words';

/** The book's HTTP routes with the page's game token and language (ui.ts request). */
export type Api = <T>(path: string, options?: { method?: string; body?: unknown }) => Promise<T>;

/** What the page changes as it runs, all in one place. */
export type PageState = {
  model: S.SbModel;
  /** How many balances the page has learnt (answers and messages): see readBalanceAgain. */
  balancesLearnt: number;
  /** The event page's event is not in the book (its page then says so). */
  eventMissing: boolean;
  /** The socket was lost since the page opened: when it is back, the balance is read again. */
  wasDown: boolean;
  /** The one-second tick of the live clocks on screen. */
  tick: ReturnType<typeof setInterval> | null;
  /** The next poll while the socket is down or placed bets wait. */
  pollTimer: ReturnType<typeof setTimeout> | null;
  /** The event page's match tracker. */
  tracker: TrackerModel;
};

/** The page's parts and its state, as its handlers share them. */
export type SbPage = {
  s: PageState;
  ctx: ViewCtx;
  words: SbWords;
  locale: string;
  api: Api;
  /** Where the browser keeps the slip (per player and lobby) and the line style (per player). */
  slipKey: string;
  lineKey: string;
  frame: PageFrame;
  settings: ReturnType<typeof createSettings>;
  slip: ReturnType<typeof createSlipView>;
  sheet: ReturnType<typeof createSheet>;
  bets: ReturnType<typeof createBetsView>;
  tracker: TrackerView;
  search: SearchView;
  socket: ReturnType<typeof createSbSocket>;
};

export type PageFrame = ReturnType<typeof createPageFrame>;

/** The top bar, the tabs, the screen and the live region of the page's notices. */
export function createPageFrame(o: { words: SbWords; lobby: LobbyAnswer; title: string; settingsButton: HTMLElement }) {
  const { words, lobby, title } = o;
  const balance = h('strong', { 'data-testid': 'balance' }, '');
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
    o.settingsButton,
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
  return { balance, header, tabs, main, message, say };
}

export function showBalance(p: SbPage) {
  p.frame.balance.textContent = p.s.model.balance === null ? '—' : moneyText(p.s.model.balance, p.locale);
}

function drawTabs(p: SbPage) {
  p.frame.tabs.replaceChildren(
    ...S.navTabs(p.s.model, p.words.nav).map(([route, text, current]) =>
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

export function drawScreen(p: SbPage) {
  const { ctx, s } = p;
  const { index } = ctx;
  const main = p.frame.main;
  index.prices.clear();
  index.clocks.clear();
  index.scores.clear();
  const r = s.model.route;
  keepingFocus(main, () => {
    if (r.screen === 'bets') {
      p.bets.render();
      main.replaceChildren(p.bets.el);
      return;
    }
    const nodes =
      r.screen === 'live'
        ? liveScreen(ctx, r)
        : r.screen === 'upcoming'
          ? upcomingScreen(ctx, r)
          : r.screen === 'results'
            ? resultsScreen(ctx, r)
            : r.screen === 'sports'
              ? sportsScreen(ctx)
              : r.screen === 'league'
                ? leagueScreen(ctx, r)
                : eventScreen(ctx, r, s.eventMissing);
    // The event page's tracker stands under its head, once the match has started.
    const event = r.screen === 'event' ? s.model.events[r.event]?.event : undefined;
    if (event && trackerShown(event.status)) {
      nodes.splice(1, 0, p.tracker.el);
      p.tracker.render(s.tracker, event);
    }
    main.replaceChildren(...nodes);
  });
  drawTabs(p);
  p.socket.watch(S.watchList(s.model));
  clockTimer(p);
}

/** Redraws the tracker where the event page shows it. */
export function drawTracker(p: SbPage) {
  const r = p.s.model.route;
  const event = r.screen === 'event' ? p.s.model.events[r.event]?.event : undefined;
  if (!event || !trackerShown(event.status)) return;
  if (!p.tracker.el.isConnected) drawScreen(p);
  else p.tracker.render(p.s.tracker, event);
}

export function drawSlip(p: SbPage) {
  const { s } = p;
  saveSlip(storage(), p.slipKey, s.model.slip);
  keepingFocus(p.slip.el, () => p.slip.render());
  const bets = slipBets(s.model.slip.legs, s.model.slip.stakes, S.maxLegs(s.model), s.model.slip.builders);
  const sum = totals(bets);
  p.sheet.show(s.model.slip.legs.length, sum.potentialPayout ? moneyText(sum.potentialPayout, p.locale) : '');
}

/** Redraws the price buttons of these selections (all drawn ones when none are named). */
export function drawPrices(p: SbPage, only?: Set<string>, moved = false) {
  const { ctx, s } = p;
  for (const [id, buttons] of ctx.index.prices) {
    if (only && !only.has(id)) continue;
    const found = S.findSelection(s.model, id);
    if (!found) continue;
    for (const btn of buttons) {
      drawPrice(btn, ctx, found.market, found.selection, found.event, !!btn.closest('.sb-card'));
      const move = s.model.moves[id];
      if (moved && move && Date.now() - move.at < 1000) markMove(btn, move.dir, p.words);
    }
  }
}

/** The page's next state, and the redraws it asks for (the balance and the socket's watch list follow). */
export function update(p: SbPage, next: S.SbModel, what: { slip?: boolean; prices?: boolean; screen?: boolean }) {
  const { s } = p;
  const before = s.model;
  s.model = next;
  if (what.screen) drawScreen(p);
  else if (what.prices) drawPrices(p);
  if (what.slip) drawSlip(p);
  if (before.balance !== s.model.balance) {
    s.balancesLearnt++;
    showBalance(p);
  }
  if (!what.screen && S.watchList(before).join() !== S.watchList(s.model).join()) p.socket.watch(S.watchList(s.model));
}

/** Runs the one clock tick a second while a live clock is on a screen that is seen, and stops it otherwise. */
export function clockTimer(p: SbPage) {
  const { s } = p;
  const want = !document.hidden && S.clocksRunning(s.model);
  if (want && !s.tick) {
    s.tick = setInterval(() => {
      for (const id of p.ctx.index.clocks.keys()) drawState(p.ctx, id);
    }, 1000);
  } else if (!want && s.tick) {
    clearInterval(s.tick);
    s.tick = null;
  }
}
