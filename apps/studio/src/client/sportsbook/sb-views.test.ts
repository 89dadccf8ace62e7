// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createBetsView } from './sb-bets-view';
import { createSheet, keepingFocus } from './sb-controls';
import {
  card,
  fullEvent,
  liveCard,
  lobby,
  market,
  myBet,
  resultOf,
  resultsAnswer,
  searchAnswer,
  T0,
} from './sb-fixtures';
import { betKindText } from './sb-present';
import { createSearchView } from './sb-search-view';
import { createSlipView, type SlipActions } from './sb-slip-view';
import * as S from './sb-state';
import {
  drawPrice,
  emptyIndex,
  eventScreen,
  liveScreen,
  resultsScreen,
  upcomingScreen,
  type ViewCtx,
} from './sb-views';
import { englishWords } from './sb-words';

// The page's drawing in a DOM: prices are buttons with names a screen reader reads, suspended
// prices are locked, the event page groups its markets, the slip shows the book's arithmetic and
// the changes to accept, my bets offer the cash-out, and nothing the server sends becomes markup.

const H = (e: string) => `${e}/1x2:ft:-/home`;
let model: S.SbModel;

function context(): ViewCtx {
  return {
    words: englishWords,
    locale: 'en',
    model: () => model,
    say: () => ({ words: englishWords, locale: 'en', lineStyle: model.prefs.lineStyle }),
    odds: (o) => (o / 1000).toFixed(2),
    now: () => T0,
    index: emptyIndex(),
  };
}

function noop(): SlipActions {
  const n = () => undefined;
  return {
    remove: n,
    clear: n,
    stake: n,
    target: n,
    chip: n,
    max: n,
    accept: n,
    place: n,
    removeUnavailable: n,
    finish: n,
    rule: n,
  };
}

beforeEach(() => {
  document.body.replaceChildren();
  model = S.applyLobby(S.initialModel(), lobby(), T0);
  model = S.applyEvents(
    model,
    'day:2026-11-27',
    [card('ev-a'), card('ev-b', { home: 'Elm Crossing', away: 'Fernhill' })],
    T0,
  );
});

describe('the sabong page', () => {
  /** A derby fight called and open for betting, as the book lists it (Meron / Wala and the draw). */
  function fight(id: string, phase = 'OPEN') {
    return liveCard(id, {
      sport: 'cockfight',
      league: { id: 'derby', name: 'Riverbend Derby', region: 'Riverbend', title: null },
      home: 'Ashgrove Farm',
      away: 'Bluestem Roosters',
      state: { status: 'live', phase, score: { decided: { home: 0, away: 0 }, counted: { home: 0, away: 0 } } },
      markets: [market(id, 'winner', { home: 1900, away: 1850 }), market(id, 'draw', { yes: 28000 })],
      marketCount: 2,
    });
  }
  const sabongContext = (): ViewCtx => ({
    ...context(),
    say: () => ({ words: englishWords, locale: 'en', lineStyle: model.prefs.lineStyle, sabong: true }),
  });

  it('shows a fight as Meron, Draw and Wala side by side, with nothing hidden under more markets', () => {
    model = S.applyLobby(S.initialModel(), lobby({ category: 'COCKFIGHT', live: [fight('cf-1')] }), T0);
    const root = document.createElement('main');
    root.append(...liveScreen(sabongContext(), { screen: 'live', sport: null }));
    const cardEl = root.querySelector('[data-event="cf-1"]')!;
    const rows = cardEl.querySelectorAll('.sb-card-markets .sb-prices');
    expect(rows).toHaveLength(1);
    const buttons = [...rows[0]!.querySelectorAll('button.sb-price')];
    expect(buttons.map((b) => b.querySelector('.sb-price-label')!.textContent)).toEqual(['Meron', 'Draw', 'Wala']);
    expect(buttons.map((b) => b.getAttribute('data-sel'))).toEqual([
      'cf-1/winner:ft:-/home',
      'cf-1/draw:ft:-/yes',
      'cf-1/winner:ft:-/away',
    ]);
    expect(buttons[0]!.getAttribute('aria-label')).toBe('Meron 1.90, Fight result');
    expect(buttons[1]!.getAttribute('aria-label')).toBe('Draw 28.00, Draw');
    expect(cardEl.querySelector('.sb-more')).toBeNull();
    expect(cardEl.textContent).not.toMatch(/Winner|market/);
    // The gamefarms are named under their corners, and the phase says betting is open.
    expect([...cardEl.querySelectorAll('.sb-teams > span')].map((x) => x.textContent)).toEqual([
      'Meron Ashgrove Farm',
      'Wala Bluestem Roosters',
    ]);
    expect(cardEl.querySelector('.sb-phase')!.textContent).toBe('Betting open');
  });

  it('says the last call, and names the sides on the event page and in the slip', () => {
    const e = fight('cf-2', 'CLOSED');
    model = S.applyLobby(S.initialModel(), lobby({ category: 'COCKFIGHT', live: [] }), T0);
    model = S.applyEvent(model, { ...e, seed: null }, T0).model;
    const root = document.createElement('main');
    root.append(...eventScreen(sabongContext(), { screen: 'event', event: 'cf-2' }, false));
    expect(root.querySelector('.sb-phase')!.textContent).toBe('Last call: betting closed');
    expect([...root.querySelectorAll('.sb-group h3')].map((x) => x.textContent)).toEqual(['Fight result']);
    expect([...root.querySelectorAll('[data-group=result] button .sb-price-label')].map((x) => x.textContent)).toEqual([
      'Meron',
      'Draw',
      'Wala',
    ]);
  });
});

describe('screens', () => {
  it('draws live events with score, clock and price buttons that are buttons', () => {
    const ctx = context();
    const root = document.createElement('main');
    root.append(...liveScreen(ctx, { screen: 'live', sport: null }));
    const cardEl = root.querySelector('[data-event="ev-live"]')!;
    expect(cardEl.querySelector('[data-testid=score]')!.textContent).toBe('1-0');
    expect(cardEl.querySelector('[data-testid=clock]')!.textContent).toBe("43'");
    const prices = cardEl.querySelectorAll('button.sb-price');
    expect(prices).toHaveLength(7);
    const first = prices[0] as HTMLButtonElement;
    expect(first.getAttribute('aria-label')).toBe('1 2.10, Cinder Bay, Match result');
    expect(first.getAttribute('aria-pressed')).toBe('false');
    expect(ctx.index.prices.get(H('ev-live'))).toEqual([first]);
    expect(ctx.index.clocks.get('ev-live')).toHaveLength(1);
    expect(root.querySelector('.sb-more')!.textContent).toBe('+21 markets');
  });

  it("draws upcoming events by the brand's day, with the zone named", () => {
    model = S.setRoute(model, { screen: 'upcoming', day: '2026-11-27', sport: null });
    const root = document.createElement('main');
    root.append(...upcomingScreen(context(), { screen: 'upcoming', day: '2026-11-27', sport: null }));
    expect([...root.querySelectorAll('.sb-days a')].map((a) => a.textContent)).toEqual([
      'Today',
      'Tomorrow',
      'Sun, Nov 29',
    ]);
    expect(root.querySelector('[data-testid=time-zone]')!.textContent).toBe('Times in GMT+8 (Asia/Manila)');
    expect(root.querySelectorAll('[data-testid=event-card]')).toHaveLength(2);
    expect(root.querySelector('.sb-when')!.textContent).toBe('8:00 PM');
  });

  it("groups an event's markets and locks a suspended one", () => {
    model = S.applyEvent(model, fullEvent('ev-a'), T0).model;
    const root = document.createElement('main');
    root.append(...eventScreen(context(), { screen: 'event', event: 'ev-a' }, false));
    expect([...root.querySelectorAll('.sb-group h3')].map((x) => x.textContent)).toEqual([
      'Match result',
      'Handicap',
      'Totals',
      'Correct score',
      'Both teams to score',
      'First half',
    ]);
    expect([...root.querySelectorAll('[data-group=handicap] .sb-mkt-name')].map((x) => x.textContent)).toEqual([
      'Handicap -0.75',
      'Handicap -0.25',
    ]);
    const btts = root.querySelectorAll<HTMLButtonElement>('[data-group=btts] button');
    expect([...btts].every((b) => b.disabled && b.querySelector('svg.sb-lock'))).toBe(true);
    expect(btts[0]!.getAttribute('aria-label')).toBe('Yes, Both teams to score, Suspended');
    // A market named as its group is not named twice.
    expect(root.querySelector('[data-group=btts] .sb-mkt-name')).toBeNull();
    const away = root.querySelector<HTMLButtonElement>(`[data-sel="ev-a/handicap:ft:-3/away"]`)!;
    expect(away.querySelector('.sb-price-label')!.textContent).toBe('Brindle Port +0.75');
  });

  it("links a league's heading with its region, so the link is not told from the text by colour alone", () => {
    model = S.applyEvents(
      model,
      'day:2026-11-27',
      [card('ev-a', { league: { id: 'coastal-1', name: 'Coastal First Division', region: 'Testland', title: null } })],
      T0,
    );
    const root = document.createElement('main');
    root.append(...upcomingScreen(context(), { screen: 'upcoming', day: '2026-11-27', sport: null }));
    const heading = root.querySelector('.sb-league-group h3')!;
    expect(heading.children).toHaveLength(1);
    expect(heading.querySelector('a')!.textContent).toBe('Coastal First Division · Testland');
  });

  it('leaves matches under way out of upcoming, and out of its sport counts', () => {
    model = S.applyEvents(model, 'day:2026-11-27', [card('ev-a'), liveCard('ev-started'), card('ev-b')], T0);
    const route = { screen: 'upcoming' as const, day: '2026-11-27', sport: null };
    model = S.setRoute(model, route);
    const root = document.createElement('main');
    root.append(...upcomingScreen(context(), route));
    expect([...root.querySelectorAll('[data-testid=event-card]')].map((c) => c.getAttribute('data-event'))).toEqual([
      'ev-a',
      'ev-b',
    ]);
    expect(root.querySelector('[data-testid=score]')).toBeNull();
  });

  it("shows a card's headline markets only, also after its event page was opened", () => {
    model = S.applyEvent(model, fullEvent('ev-a'), T0).model;
    const route = { screen: 'upcoming' as const, day: '2026-11-27', sport: null };
    model = S.setRoute(model, route);
    const root = document.createElement('main');
    root.append(...upcomingScreen(context(), route));
    const cardEl = root.querySelector('[data-event="ev-a"]')!;
    expect([...cardEl.querySelectorAll('.sb-mkt')].map((x) => x.getAttribute('data-market'))).toEqual([
      '1x2:ft:-',
      'handicap:ft:-1',
      'total:ft:10',
    ]);
    expect(cardEl.querySelector('.sb-more')!.textContent).toBe('+21 markets');
  });

  it('lays out correct score by winner, three-way names a row each on phones, first-half names unrepeated', () => {
    model = S.applyEvent(model, fullEvent('ev-a'), T0).model;
    const root = document.createElement('main');
    root.append(...eventScreen(context(), { screen: 'event', event: 'ev-a' }, false));
    const columns = [...root.querySelectorAll('[data-group=correct_score] .sb-cs-col')].map((col) => [
      col.querySelector('.sb-cs-head')!.textContent,
      ...[...col.querySelectorAll('.sb-price-label')].map((x) => x.textContent),
    ]);
    expect(columns).toEqual([
      ['Alder Vale', '1-0'],
      ['Draw', '0-0'],
      ['Brindle Port', '0-1'],
    ]);
    expect(root.querySelector('[data-group=correct_score] .sb-cs > .sb-prices')!.textContent).toContain('Any other');
    // The three-way markets carry team names: the class that lays them out a row each on a phone.
    expect(root.querySelectorAll('[data-group=result] .sb-prices.named')).toHaveLength(2);
    expect(root.querySelectorAll('[data-group=handicap] .sb-prices.named')).toHaveLength(0);
    expect([...root.querySelectorAll('[data-group=h1] .sb-mkt-name')].map((x) => x.textContent)).toEqual([
      'Match result',
    ]);
  });

  it('writes quarter lines split when the player chose so', () => {
    model = S.setPrefs(S.applyEvent(model, fullEvent('ev-a'), T0).model, { lineStyle: 'split' });
    const root = document.createElement('main');
    root.append(...eventScreen(context(), { screen: 'event', event: 'ev-a' }, false));
    expect([...root.querySelectorAll('[data-group=handicap] .sb-mkt-name')].map((x) => x.textContent)).toEqual([
      'Handicap -0.5/-1',
      'Handicap 0/-0.5',
    ]);
  });

  it('puts what the server sends in as text, never as markup', () => {
    const hostile = '<img src=x onerror="alert(1)">';
    model = S.applyEvents(
      model,
      'day:2026-11-27',
      [card('ev-x', { home: hostile, league: { id: 'l', name: hostile, region: null, title: null } })],
      T0,
    );
    const root = document.createElement('main');
    root.append(...upcomingScreen(context(), { screen: 'upcoming', day: '2026-11-27', sport: null }));
    expect(root.querySelector('img')).toBeNull();
    expect(root.textContent).toContain(hostile);
  });

  it('redraws a price in place: new odds, and locked while suspended', () => {
    const ctx = context();
    const btn = document.createElement('button');
    const m = market('ev-a', '1x2', { home: 2050, draw: 3300, away: 3400 }, { status: 'suspended' });
    drawPrice(btn, ctx, m, m.selections[0]!, { home: 'Alder Vale', away: 'Brindle Port' }, true);
    expect(btn.disabled).toBe(true);
    expect(btn.classList.contains('suspended')).toBe(true);
  });
});

describe('the slip', () => {
  it("shows legs, the multiple with the book's payout, systems, and refuses a same-event multiple", () => {
    model = S.toggleSelection(S.toggleSelection(S.toggleSelection(model, H('ev-a')), H('ev-b')), H('ev-live'));
    model = S.setStake(model, { kind: 'multiple' }, 1000);
    const view = createSlipView(context(), noop());
    view.render();
    expect(view.el.querySelectorAll('[data-testid=slip-leg]')).toHaveLength(3);
    expect(view.el.querySelector('[data-testid=multiple]')!.textContent).toContain('Multiple (3 selections)');
    expect(view.el.querySelector('[data-testid=system-2]')!.textContent).toContain('3 combinations');
    // 10.00 x 2.1 x 2.1 x 2.1 = 92.61
    expect(view.el.querySelector('[data-testid=total-payout]')!.textContent).toBe('92.61');
    expect(view.el.querySelector('[data-testid=place]')!.textContent).toBe('Place bet · 10.00');
    const inputs = view.el.querySelectorAll('input.sb-stake');
    expect([...inputs].every((i) => i.getAttribute('aria-label'))).toBe(true);

    model = S.toggleSelection(model, 'ev-a/1x2:ft:-/draw');
    view.render();
    expect(view.el.querySelector('[data-testid=multiple]')).toBeNull();
    expect(view.el.querySelector('[data-testid=multiple-refused]')!.textContent).toBe(englishWords.slip.sameEvent);
  });

  it('offers a bet builder for two legs of one match at the quoted price, or says why it is refused', () => {
    const draw = 'ev-a/1x2:ft:-/draw';
    model = S.toggleSelection(S.toggleSelection(model, H('ev-a')), draw);
    const quoteOf = (builder: { odds1000: number | null; refusal: string | null }) =>
      S.applyQuote(model, {
        legs: [],
        multipleRefusal: 'SB_CORRELATED_LEGS',
        maxStake: { single: {}, multiple: null },
        builders: [{ eventId: 'ev-a', selectionIds: [H('ev-a'), draw], maxStake: 10_000, ...builder }],
      }).model;
    model = S.setStake(quoteOf({ odds1000: 4250, refusal: null }), { kind: 'builder', eventId: 'ev-a' }, 1000);
    const view = createSlipView(context(), noop());
    view.render();
    const row = view.el.querySelector('[data-testid=builder]')!;
    expect(row.textContent).toContain('Bet builder (2 selections)');
    expect(row.textContent).toContain('4.25');
    expect(row.textContent).toContain(englishWords.slip.builderNote);
    expect(row.querySelector('input.sb-stake')!.getAttribute('aria-label')).toContain('Bet builder');
    // 10.00 at 4.25 pays 42.50.
    expect(view.el.querySelector('[data-testid=total-payout]')!.textContent).toBe('42.50');
    expect(S.chipMax(model)).toBe(10_000);
    model = quoteOf({ odds1000: null, refusal: 'SB_BUILDER_IMPOSSIBLE' });
    view.render();
    expect(view.el.querySelector('[data-testid=builder]')).toBeNull();
    expect(view.el.querySelector('[data-testid=builder-refused]')!.textContent).toContain(
      englishWords.errors.SB_BUILDER_IMPOSSIBLE,
    );
  });

  it('shows a changed price as old -> new and asks to accept', () => {
    model = S.toggleSelection(model, H('ev-a'));
    model = S.setStake(model, { kind: 'single', selectionId: H('ev-a') }, 500);
    model = S.applyMarkets(model, 'ev-a', [market('ev-a', '1x2', { home: 1900, draw: 3300, away: 3400 })], T0).model;
    const view = createSlipView(context(), noop());
    view.render();
    const odds = view.el.querySelector('[data-testid=leg-odds]')!;
    expect(odds.textContent).toBe('2.10 → 1.90');
    expect(odds.getAttribute('aria-label')).toBe('Price changed: 2.10 → 1.90');
    expect(view.el.querySelector('[data-testid=place]')!.textContent).toBe(englishWords.slip.accept);
    view.announce([{ kind: 'changed', selectionId: H('ev-a'), from: 2100, to: 1900 }]);
    expect(view.el.querySelector('[data-testid=slip-live]')!.textContent).toBe(
      'Alder Vale: price changed from 2.10 to 1.90',
    );
  });

  it('words each refusal code, with the limit where it has one', () => {
    model = S.toggleSelection(model, H('ev-a'));
    model = S.placeFailed(model, { code: 'SB_STAKE_TOO_LOW', message: 'server words', status: 400 });
    const view = createSlipView(context(), noop());
    view.render();
    expect(view.el.querySelector('[data-testid=slip-refusal]')!.textContent).toBe(
      'A stake is below the minimum of 1.00.',
    );
    model = S.placeFailed(model, { code: 'SB_SOMETHING_NEW', message: "The book's own words", status: 409 });
    view.render();
    expect(view.el.querySelector('[data-testid=slip-refusal]')!.textContent).toBe("The book's own words");
  });

  it('shows the wait of the in-play delay, then the placed bets', () => {
    model = S.toggleSelection(model, H('ev-live'));
    model = S.setStake(model, { kind: 'single', selectionId: H('ev-live') }, 1000);
    model = S.placeAnswered(S.startPlacing(model, 'r').model, {
      bets: [myBet('b1', { status: 'pending' })],
      balance: 99_000,
    });
    const view = createSlipView(context(), noop());
    view.render();
    expect(view.el.querySelector('[data-testid=slip-pending]')).not.toBeNull();
    model = S.applyBet(model, myBet('b1', { status: 'open', potentialPayout: 2100 }));
    view.render();
    expect(view.el.querySelector('[data-testid=slip-pending]')).toBeNull();
    expect(view.el.querySelector('[data-testid=placed-payout]')!.textContent).toBe('21.00');
  });

  it('is a modal bottom sheet on a phone that gives focus back when closed', () => {
    const view = createSlipView(context(), noop());
    const media = { matches: false, addEventListener: () => undefined } as unknown as MediaQueryList;
    const sheet = createSheet({
      slip: view.el,
      title: view.title,
      closeButton: view.closeButton,
      words: englishWords,
      media,
    });
    document.body.append(view.el, sheet.bar);
    expect(view.el.hidden).toBe(true);
    sheet.bar.click();
    expect(view.el.getAttribute('role')).toBe('dialog');
    expect(view.el.getAttribute('aria-modal')).toBe('true');
    expect(document.activeElement).toBe(view.title);
    view.el.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    expect(view.el.hidden).toBe(true);
    expect(document.activeElement).toBe(sheet.bar);
  });

  it('dims the page behind the open sheet, and a tap there closes it', () => {
    const view = createSlipView(context(), noop());
    const media = { matches: false, addEventListener: () => undefined } as unknown as MediaQueryList;
    const sheet = createSheet({
      slip: view.el,
      title: view.title,
      closeButton: view.closeButton,
      words: englishWords,
      media,
    });
    document.body.append(view.el, sheet.backdrop, sheet.bar);
    expect(sheet.backdrop.hidden).toBe(true);
    sheet.bar.click();
    expect(sheet.backdrop.hidden).toBe(false);
    sheet.backdrop.click();
    expect(view.el.hidden).toBe(true);
    expect(sheet.backdrop.hidden).toBe(true);
    expect(document.activeElement).toBe(sheet.bar);
  });
});

describe('my bets', () => {
  it('names a builder as one bet of its legs, with no cash-out offered', () => {
    const bet = myBet('b-1', { kind: 'builder', cashOut: null });
    bet.legs = [bet.legs[0]!, { ...bet.legs[0]!, selectionId: 'ev-a/btts:ft:-/yes', selection: 'yes' }];
    expect(betKindText(bet, context().say())).toBe('Bet builder (2 selections)');
  });

  /** The open bets screen with one open bet, b1, whose cash-out requests are collected in `sent`. */
  function openBetWithCashOut() {
    model = S.applyMyBets(model, 'open', { bets: [myBet('b1')], next: null }, false);
    model = S.setRoute(model, { screen: 'bets', tab: 'open' });
    const sent: unknown[] = [];
    const holds: unknown[] = [];
    const view = createBetsView(context(), {
      cashOut: (i) => sent.push(i),
      holdCashOut: (i) => holds.push(i),
      autoCashOut: (i) => sent.push(i),
      more: () => undefined,
    });
    view.render();
    return { view, sent, holds };
  }

  it('asks the book to hold the value, confirms at the held value with its seconds, and at the price once the hold ends', () => {
    vi.useFakeTimers({ now: T0 });
    try {
      const { view, sent, holds } = openBetWithCashOut();
      const confirm = () => view.el.querySelector<HTMLButtonElement>('[data-testid=cashout-confirm]')!;
      const heldLine = () => view.el.querySelector('[data-testid=cashout-held]')?.textContent;
      view.el.querySelector<HTMLButtonElement>('[data-testid=cashout]')!.click();
      expect(holds).toEqual([{ betId: 'b1', part: null }]);
      // Before the book answers: the price now, nothing said of a hold.
      expect(confirm().textContent).toBe('Confirm: cash out 9.50');
      expect(heldLine()).toBeUndefined();
      view.held('b1', { part: null, value: 950, hold: 'h1', until: T0 + 5_000 });
      // The price falls while the book holds 9.50: the confirm keeps it and counts the seconds down.
      model = S.applyBet(model, myBet('b1', { cashOut: 900 }));
      view.render();
      expect([confirm().textContent, heldLine()]).toEqual(['Confirm: cash out 9.50', 'Price held for 5 s']);
      vi.advanceTimersByTime(2_100);
      expect(heldLine()).toBe('Price held for 3 s');
      confirm().click();
      expect(sent.at(-1)).toEqual({ betId: 'b1', part: null, expected: 950, hold: 'h1' });

      // A second tap, a hold that runs out: the confirm shows the price now and sends no hold.
      view.render();
      view.el.querySelector<HTMLButtonElement>('[data-testid=cashout]')!.click();
      view.held('b1', { part: null, value: 950, hold: 'h2', until: Date.now() + 5_000 });
      vi.advanceTimersByTime(5_100);
      expect([confirm().textContent, heldLine()]).toEqual([
        'Confirm: cash out 9.00',
        'Price no longer held: it may change',
      ]);
      confirm().click();
      expect(sent.at(-1)).toEqual({ betId: 'b1', part: null, expected: 900 });
      view.render();
      // A hold for another part than the one being confirmed is not kept.
      view.el.querySelector<HTMLButtonElement>('[data-testid=cashout]')!.click();
      view.held('b1', { part: 500, value: 450, hold: 'h3', until: Date.now() + 5_000 });
      expect(heldLine()).toBeUndefined();
    } finally {
      vi.useRealTimers();
    }
  });

  it('sets an auto cash-out only within the range the book takes, and keeps the typed value across a redraw', () => {
    const { view, sent } = openBetWithCashOut();
    view.el.querySelector<HTMLButtonElement>('[data-testid=auto-cashout]')!.click();
    const field = () => view.el.querySelector<HTMLInputElement>('[data-testid=auto-cashout-value]')!;
    const set = () => view.el.querySelector<HTMLButtonElement>('[data-testid=auto-cashout-set]')!;
    // Offered 9.50 now, 21.00 at most: the range says so, and a value outside it cannot be sent.
    expect(view.el.querySelector('.sb-auto-form')!.textContent).toContain('Above 9.50 and below 21.00');
    for (const typed of ['9.50', '21', 'abc', '']) {
      field().value = typed;
      field().dispatchEvent(new Event('input'));
      expect([typed, set().disabled]).toEqual([typed, true]);
    }
    field().value = '15.5';
    field().dispatchEvent(new Event('input'));
    // A price move redraws the list: the text typed stays.
    model = S.applyBet(model, myBet('b1', { cashOut: 940 }));
    view.render();
    expect(field().value).toBe('15.5');
    set().click();
    expect(sent).toEqual([{ betId: 'b1', value: 1550 }]);
  });

  it('shows the auto cash-out named, removes it, and says a bet was cashed out by it', () => {
    model = S.applyMyBets(model, 'open', { bets: [myBet('b1', { autoCashOut: 1550 })], next: null }, false);
    model = S.setRoute(model, { screen: 'bets', tab: 'open' });
    const sent: unknown[] = [];
    const view = createBetsView(context(), {
      cashOut: () => undefined,
      holdCashOut: () => undefined,
      autoCashOut: (i) => sent.push(i),
      more: () => undefined,
    });
    view.render();
    expect(view.el.querySelector('[data-testid=auto-cashout-at]')!.textContent).toBe('Auto cash-out at 15.50');
    view.el.querySelector<HTMLButtonElement>('[data-testid=auto-cashout-remove]')!.click();
    expect(sent).toEqual([{ betId: 'b1', value: null }]);
    const cashed = myBet('b1', {
      status: 'cashed_out',
      openStake: 0,
      cashOut: null,
      cashedOut: 1600,
      autoCashOut: 1550,
    });
    model = S.applyMyBets(model, 'settled', { bets: [cashed], next: null }, false);
    model = S.setRoute(model, { screen: 'bets', tab: 'settled' });
    view.render();
    expect(view.el.querySelector('[data-testid=auto-cashed-out]')!.textContent).toBe('Cashed out automatically: 16.00');
    expect(view.el.querySelector('[data-testid=auto-cashout]')).toBeNull();
  });

  it("offers the cash-out at the book's value, confirmed before it is sent", () => {
    const { view, sent } = openBetWithCashOut();
    const button = view.el.querySelector<HTMLButtonElement>('[data-testid=cashout]')!;
    expect(button.textContent).toBe('Cash out 9.50');
    button.click();
    view.el.querySelector<HTMLButtonElement>('[data-testid=cashout-confirm]')!.click();
    expect(sent).toEqual([{ betId: 'b1', part: null, expected: 950 }]);
  });

  it('keeps the cash-out buttons across redraws, so a tap during a price move reaches them at the new value', () => {
    const { view, sent } = openBetWithCashOut();
    const button = view.el.querySelector<HTMLButtonElement>('[data-testid=cashout]')!;
    button.click();
    const confirm = view.el.querySelector<HTMLButtonElement>('[data-testid=cashout-confirm]')!;
    // The book's value moves and the list is drawn again: the same button, with the new amount.
    model = S.applyBet(model, myBet('b1', { cashOut: 910 }));
    view.render();
    expect(view.el.querySelector('[data-testid=cashout-confirm]')).toBe(confirm);
    expect(view.el.contains(confirm)).toBe(true);
    expect(confirm.textContent).toBe('Confirm: cash out 9.10');
    confirm.click();
    expect(sent).toEqual([{ betId: 'b1', part: null, expected: 910 }]);
    // Once the bet is gone from the list its buttons are dropped, and a new bet gets its own.
    model = S.applyMyBets(model, 'open', { bets: [myBet('b3')], next: null }, false);
    view.render();
    expect(view.el.querySelector<HTMLButtonElement>('[data-testid=cashout]')).not.toBe(button);
  });

  it('cashes out a part chosen on the slider', () => {
    const { view, sent } = openBetWithCashOut();
    view.el.querySelector<HTMLButtonElement>('[data-testid=cashout-part]')!.click();
    const range = view.el.querySelector<HTMLInputElement>('[data-testid=cashout-range]')!;
    range.value = '400';
    range.dispatchEvent(new Event('input'));
    expect(view.el.querySelector('[data-testid=cashout-part-value]')!.textContent).toBe('4.00 of 10.00: you get 3.80');
    view.el.querySelector<HTMLButtonElement>('[data-testid=cashout]')!.click();
    view.el.querySelector<HTMLButtonElement>('[data-testid=cashout-confirm]')!.click();
    expect(sent).toEqual([{ betId: 'b1', part: 400, expected: 380 }]);
  });

  it("shows a settled bet's legs, results, payout and corrections", () => {
    const settled = myBet('b2', {
      status: 'won',
      payout: 2100,
      cashOut: null,
      settledAt: new Date(T0).toISOString(),
      corrections: [
        { at: new Date(T0 + 60_000).toISOString(), amount: -2100, reason: null },
        { at: new Date(T0 + 120_000).toISOString(), amount: 2100, reason: 'VAR' },
      ],
    });
    settled.legs[0]!.outcome = 'win';
    settled.legs[0]!.score = '2-1';
    model = S.applyMyBets(model, 'settled', { bets: [settled], next: null }, false);
    model = S.setRoute(model, { screen: 'bets', tab: 'settled' });
    const view = createBetsView(context(), {
      cashOut: () => undefined,
      holdCashOut: () => undefined,
      autoCashOut: () => undefined,
      more: () => undefined,
    });
    view.render();
    const el = view.el.querySelector('[data-testid=my-bet]')!;
    expect(el.querySelector('[data-testid=bet-status]')!.textContent).toBe('Won');
    expect(el.querySelector('.sb-outcome')!.textContent).toBe('Won');
    expect(el.querySelector('[data-testid=bet-payout]')!.textContent).toBe('21.00');
    expect(el.textContent).toContain('Score 2-1');
    // A result the feed corrected is named in the page's language; a trader's reason is shown as typed.
    expect([...el.querySelectorAll('.sb-corrections li')].map((li) => li.textContent)).toEqual([
      'Nov 27, 7:01 PM: -21.00 (Result corrected)',
      'Nov 27, 7:02 PM: +21.00 (VAR)',
    ]);
    expect(el.querySelector('[data-testid=cashout]')).toBeNull();
  });

  it('shows why the book refused a bet', () => {
    const refused = myBet('b4', { status: 'refused', refusal: 'SB_MARKET_CLOSED', payout: 0, cashOut: null });
    const unknown = myBet('b5', { status: 'refused', refusal: 'STUDIO_WALLET_UNAVAILABLE', payout: 0, cashOut: null });
    model = S.applyMyBets(model, 'settled', { bets: [refused, unknown], next: null }, false);
    model = S.setRoute(model, { screen: 'bets', tab: 'settled' });
    const view = createBetsView(context(), {
      cashOut: () => undefined,
      holdCashOut: () => undefined,
      autoCashOut: () => undefined,
      more: () => undefined,
    });
    view.render();
    const [first, second] = [...view.el.querySelectorAll('[data-testid=my-bet]')];
    expect(first!.querySelector('[data-testid=bet-status]')!.textContent).toBe('Not accepted');
    expect(first!.querySelector('[data-testid=bet-refusal]')!.textContent).toBe(
      'A market has closed. Remove the selection and try again.',
    );
    // A code the page has no words of: its general sentence.
    expect(second!.querySelector('[data-testid=bet-refusal]')!.textContent).toBe(
      'Something went wrong. Please try again.',
    );
  });

  it('shows what a bet cashed out in full paid, with no payout of 0.00 beside it', () => {
    const cashed = myBet('b3', { status: 'cashed_out', payout: 0, cashedOut: 950, cashOut: null });
    model = S.applyMyBets(model, 'settled', { bets: [cashed], next: null }, false);
    model = S.setRoute(model, { screen: 'bets', tab: 'settled' });
    const view = createBetsView(context(), {
      cashOut: () => undefined,
      holdCashOut: () => undefined,
      autoCashOut: () => undefined,
      more: () => undefined,
    });
    view.render();
    const el = view.el.querySelector('[data-testid=my-bet]')!;
    expect(el.querySelector('[data-testid=bet-status]')!.textContent).toBe('Cashed out');
    expect(el.querySelector('[data-testid=bet-cashed-out]')!.textContent).toBe('9.50');
    expect(el.querySelector('[data-testid=bet-payout]')).toBeNull();
  });
});

describe('redraws', () => {
  it('keep the focus and caret on the field being typed in', () => {
    const root = document.createElement('div');
    document.body.append(root);
    const draw = (value: string) => {
      const input = document.createElement('input');
      input.dataset.focus = 'stake:multiple';
      input.value = value;
      root.replaceChildren(input);
      return input;
    };
    const first = draw('12.5');
    first.focus();
    first.setSelectionRange(2, 2);
    keepingFocus(root, () => draw('12.5'));
    const now = root.querySelector('input')!;
    expect(now).not.toBe(first);
    expect(document.activeElement).toBe(now);
    expect(now.selectionStart).toBe(2);
  });
});

describe('results and search', () => {
  const draw = (nodes: HTMLElement[]) => {
    const root = document.createElement('main');
    root.append(...nodes);
    document.body.append(root);
    return root;
  };

  it("lists a day's results by league with final and period scores, a cancelled match said so", () => {
    model = S.applyResults(
      model,
      resultsAnswer('2026-11-27', [
        resultOf('r1'),
        resultOf('r2', { home: 'Cedar Town', away: 'Dunmore', status: 'abandoned', score: null, periods: [] }),
        resultOf('r3', {
          sport: 'tennis',
          league: { id: 'clay-open', name: 'Clayfield Open', region: null, title: null },
          score: { home: 2, away: 1 },
          counted: { home: 16, away: 14 },
          periods: [
            { period: 'S1', home: 6, away: 4 },
            { period: 'S2', home: 3, away: 6 },
          ],
        }),
      ]),
    );
    const root = draw(resultsScreen(context(), { screen: 'results', day: null, sport: null }));
    expect(root.querySelector('h2')?.textContent).toBe('Results');
    expect(root.querySelector('[data-testid="results-count"]')?.textContent).toBe('Results: 3');
    expect(root.querySelector('[data-testid="results-count"]')?.getAttribute('aria-live')).toBe('polite');
    const groups = [...root.querySelectorAll('.sb-league-group h3 a')].map((a) => a.getAttribute('href'));
    expect(groups).toEqual(['#/league/coastal-1', '#/league/clay-open']);
    const r1 = root.querySelector('[data-event="r1"]')!;
    expect(r1.querySelector('[data-testid="final-score"]')?.textContent).toBe('2-1');
    expect(r1.querySelector('[data-testid="periods"]')?.textContent).toBe('1st half 1-0');
    expect(r1.querySelector('[data-testid="result-status"]')?.textContent).toBe('Ended');
    expect(r1.querySelector('a')?.getAttribute('href')).toBe('#/event/r1');
    const r2 = root.querySelector('[data-event="r2"]')!;
    expect(r2.querySelector('[data-testid="result-status"]')?.textContent).toBe('Cancelled');
    expect(r2.querySelector('[data-testid="final-score"]')?.textContent).toBe('–');
    const r3 = root.querySelector('[data-event="r3"]')!;
    expect(r3.textContent).toContain('(16-14)');
    expect(r3.querySelector('[data-testid="periods"]')?.textContent).toBe('Set 1 6-4 · Set 2 3-6');
    // The days are links to their results, today marked; the sport chips keep the day.
    const days = [...root.querySelectorAll('.sb-days a')];
    expect(days).toHaveLength(7);
    expect(days[0]?.getAttribute('aria-current')).toBe('page');
    expect(days[1]?.getAttribute('href')).toBe('#/results/2026-11-26');
    const tennis = [...root.querySelectorAll('.sb-chips a')].find((a) => a.textContent?.startsWith('Tennis'));
    expect(tennis?.getAttribute('href')).toBe('#/results/2026-11-27/tennis');
  });

  it('says a day with no results, and waits for a day not read yet', () => {
    model = S.applyResults(model, resultsAnswer('2026-11-27', []));
    let root = draw(resultsScreen(context(), { screen: 'results', day: null, sport: null }));
    expect(root.querySelector('[data-testid="empty"]')?.textContent).toBe('No results on this day.');
    root = draw(resultsScreen(context(), { screen: 'results', day: '2026-11-25', sport: null }));
    expect(root.querySelector('[data-testid="empty"]')).toBeNull();
    expect(root.textContent).toContain('Loading');
  });

  it('shows the leagues and matches found, linked, with the count said politely', () => {
    const typed: string[] = [];
    const view = createSearchView(context(), { typed: (t) => typed.push(t), picked: () => undefined });
    document.body.append(view.el);
    const label = view.el.querySelector('label')!;
    expect(label.getAttribute('for')).toBe(view.input.id);
    expect(label.textContent).toBe('Search teams and leagues');
    view.input.value = 'a';
    view.input.dispatchEvent(new Event('input'));
    expect(typed).toEqual(['a']);
    model = S.searchTyped(model, 'a');
    view.render();
    const status = view.el.querySelector('[data-testid="search-count"]')!;
    expect(status.getAttribute('aria-live')).toBe('polite');
    expect(status.textContent).toBe('Type at least 2 characters.');
    model = S.searchAnswered(S.searchTyped(model, 'ash'), 'ash', searchAnswer());
    view.render();
    expect(status.textContent).toBe('Leagues: 1, matches: 1');
    expect(view.el.querySelector('[data-testid="search-league"]')?.getAttribute('href')).toBe('#/league/coastal-1');
    const match = view.el.querySelector('[data-testid="search-event"]')!;
    expect(match.getAttribute('href')).toBe('#/event/ev-a');
    expect(match.textContent).toContain('Ashby Rovers – Birchfield');
    model = S.searchAnswered(S.searchTyped(model, 'zz'), 'zz', { leagues: [], events: [] });
    view.render();
    expect(status.textContent).toBe('Nothing found.');
    expect(view.el.querySelectorAll('a')).toHaveLength(0);
  });
});
