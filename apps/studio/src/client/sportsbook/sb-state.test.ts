import { describe, expect, it } from 'vitest';
import { card, fullEvent, liveCard, lobby, market, myBet, T0 } from './sb-fixtures';
import { parseRoute, routeHash } from './sb-route';
import { multipleOffered, slipBets } from './sb-slip';
import {
  acceptChanges,
  addChip,
  applyBet,
  applyEvent,
  applyEvents,
  applyLobby,
  applyMarkets,
  applyMyBets,
  applyQuote,
  applyState,
  chipTarget,
  clocksRunning,
  finishSlip,
  initialModel,
  liveEvents,
  placeAnswered,
  placeFailed,
  removeLeg,
  type SbModel,
  screenEvents,
  setRoute,
  setStake,
  startPlacing,
  toggleSelection,
  upcomingDay,
  watchList,
} from './sb-state';

// The page's store: how it follows the lobby, lists, event pages and the socket's messages, and the
// slip from a tap on a price to the book's answer, with no DOM.

const H = (eventId: string) => `${eventId}/1x2:ft:-/home`;
const D = (eventId: string) => `${eventId}/1x2:ft:-/draw`;

function ready(): SbModel {
  let m = applyLobby(initialModel(), lobby(), T0);
  m = applyEvents(m, 'day:2026-11-27', [card('ev-a'), card('ev-b', { home: 'Elm Crossing', away: 'Fernhill' })], T0);
  return m;
}

describe('lobby and lists', () => {
  it('takes the live events, preferences and balance from the lobby', () => {
    const m = applyLobby(
      initialModel({ lineStyle: 'split' }),
      lobby({ prefs: { oddsFormat: 'malay', oddsChange: 'none' } }),
      T0,
    );
    expect(m.lists.live).toEqual(['ev-live']);
    expect(m.prefs).toEqual({ oddsFormat: 'malay', oddsChange: 'none', lineStyle: 'split' });
    expect(m.balance).toBe(100_000);
  });

  it("keeps an event page's markets when a list sends its card again", () => {
    let m = ready();
    m = applyEvent(m, fullEvent('ev-a'), T0).model;
    expect(m.events['ev-a']!.full).toBe(true);
    m = applyEvents(m, 'day:2026-11-27', [card('ev-a')], T0 + 1000);
    expect(m.events['ev-a']!.event.markets).toHaveLength(9);
  });

  it('lists under upcoming only what has not started, and moves on from a day whose matches are all under way', () => {
    let m = applyLobby(initialModel(), lobby(), T0);
    const route = { screen: 'upcoming' as const, day: null, sport: null };
    // Late in the evening today's list holds only matches under way.
    m = applyEvents(m, 'day:2026-11-27', [liveCard('ev-late')], T0);
    expect(upcomingDay(m, route)).toBe('2026-11-28');
    m = applyEvents(m, 'day:2026-11-28', [card('ev-next')], T0);
    expect(screenEvents(setRoute(m, route))).toEqual(['ev-next']);
    // A day the player chose is shown as chosen, its started matches left out.
    const today = { screen: 'upcoming' as const, day: '2026-11-27', sport: null };
    expect(upcomingDay(m, today)).toBe('2026-11-27');
    expect(screenEvents(setRoute(m, today))).toEqual([]);
    // A day with a match still to start is the one shown.
    m = applyEvents(m, 'day:2026-11-27', [liveCard('ev-late'), card('ev-b')], T0);
    expect(upcomingDay(m, route)).toBe('2026-11-27');
    expect(screenEvents(setRoute(m, route))).toEqual(['ev-b']);
  });

  it('keeps live now to matches in play: one that starts joins it, one that ends leaves it', () => {
    let m = ready();
    expect(liveEvents(m)).toEqual(['ev-live']);
    m = applyState(m, 'ev-a', 'live', liveCard('ev-a').state, T0);
    expect(liveEvents(m)).toEqual(['ev-live', 'ev-a']);
    m = applyState(m, 'ev-live', 'ended', null, T0);
    expect(liveEvents(m)).toEqual(['ev-a']);
    expect(screenEvents(setRoute(m, { screen: 'live', sport: null }))).toEqual(['ev-a']);
    expect(screenEvents(setRoute(m, { screen: 'upcoming', day: '2026-11-27', sport: null }))).toEqual(['ev-b']);
  });

  it("remembers a card's headline markets when the event's page brings all of them", () => {
    let m = ready();
    m = applyEvent(m, fullEvent('ev-a'), T0).model;
    expect(m.events['ev-a']!.headline).toEqual(['1x2:ft:-', 'handicap:ft:-1', 'total:ft:10']);
    // An event opened before any list sent its card has none yet.
    m = applyEvent(m, fullEvent('ev-new'), T0).model;
    expect(m.events['ev-new']!.headline).toBeNull();
  });

  it('watches the events on screen and those of the slip', () => {
    let m = setRoute(ready(), { screen: 'upcoming', day: '2026-11-27', sport: null });
    expect(watchList(m)).toEqual(['ev-a', 'ev-b']);
    m = toggleSelection(m, H('ev-a'));
    m = setRoute(m, { screen: 'live', sport: null });
    expect(watchList(m)).toEqual(['ev-a', 'ev-live']);
    m = setRoute(m, { screen: 'live', sport: 'tennis' });
    expect(watchList(m)).toEqual(['ev-a']);
  });

  it('runs the clock tick only while a running clock is on screen', () => {
    let m = setRoute(ready(), { screen: 'live', sport: null });
    expect(clocksRunning(m)).toBe(true);
    m = applyState(
      m,
      'ev-live',
      'break',
      { ...liveCard('x').state!, phase: 'HT', clock: { seconds: 2700, running: false } },
      T0,
    );
    expect(clocksRunning(m)).toBe(false);
    expect(clocksRunning(setRoute(ready(), { screen: 'sports' }))).toBe(false);
  });
});

describe('prices as they move', () => {
  it('marks a price up or down and updates the slip leg under the rule', () => {
    let m = toggleSelection(ready(), H('ev-a'));
    const { model, notices } = applyMarkets(
      m,
      'ev-a',
      [market('ev-a', '1x2', { home: 2000, draw: 3400, away: 3400 })],
      T0 + 5,
    );
    m = model;
    expect(m.moves[H('ev-a')]).toEqual({ dir: 'down', at: T0 + 5 });
    expect(m.moves[D('ev-a')]).toEqual({ dir: 'up', at: T0 + 5 });
    expect(m.moves['ev-a/1x2:ft:-/away']).toBeUndefined();
    // The rule is "accept higher": a lower price waits for the player.
    expect(m.slip.legs[0]).toMatchObject({ odds1000: 2000, taken: 2100 });
    expect(notices).toEqual([{ kind: 'changed', selectionId: H('ev-a'), from: 2100, to: 2000 }]);
    m = acceptChanges(m);
    expect(m.slip.legs[0]).toMatchObject({ odds1000: 2000, taken: 2000 });
  });

  it('a suspended market locks its leg in the slip at once, and opens it again', () => {
    let m = toggleSelection(ready(), H('ev-a'));
    const suspended = market('ev-a', '1x2', { home: 2100, draw: 3300, away: 3400 }, { status: 'suspended' });
    let r = applyMarkets(m, 'ev-a', [suspended], T0);
    expect(r.model.slip.legs[0]!.status).toBe('suspended');
    expect(r.notices).toEqual([{ kind: 'suspended', selectionId: H('ev-a') }]);
    // A suspended price cannot be added.
    expect(toggleSelection(r.model, D('ev-a')).slip.legs).toHaveLength(1);
    m = r.model;
    r = applyMarkets(m, 'ev-a', [market('ev-a', '1x2', { home: 2100, draw: 3300, away: 3400 })], T0);
    expect(r.model.slip.legs[0]!.status).toBe('open');
    expect(r.notices).toEqual([{ kind: 'resumed', selectionId: H('ev-a') }]);
  });

  it('keeps a list card to its headline markets, an event page takes new ones', () => {
    let m = ready();
    const newLine = market('ev-a', 'handicap', { home: 1800, away: 2050 }, { line4: 1 });
    m = applyMarkets(m, 'ev-a', [newLine], T0).model;
    expect(m.events['ev-a']!.event.markets).toHaveLength(3);
    m = applyEvent(m, fullEvent('ev-a'), T0).model;
    m = applyMarkets(m, 'ev-a', [newLine], T0).model;
    expect(m.events['ev-a']!.event.markets).toHaveLength(10);
  });

  it('follows a state message: score, status, and the clock from the time it came', () => {
    let m = ready();
    const state = { ...liveCard('x').state!, score: { decided: { home: 2, away: 0 }, counted: { home: 2, away: 0 } } };
    m = applyState(m, 'ev-live', 'live', state, T0 + 9000);
    expect(m.events['ev-live']).toMatchObject({ receivedAt: T0 + 9000, event: { state } });
  });
});

describe('the slip', () => {
  it('adds and removes a leg with a tap', () => {
    let m = toggleSelection(ready(), H('ev-a'));
    expect(m.slip.legs).toHaveLength(1);
    expect(m.slip.legs[0]).toMatchObject({ home: 'Alder Vale', odds1000: 2100, taken: 2100, live: false });
    m = toggleSelection(m, H('ev-a'));
    expect(m.slip.legs).toHaveLength(0);
  });

  it('a second leg of the same event disables the multiple', () => {
    let m = toggleSelection(toggleSelection(ready(), H('ev-a')), H('ev-b'));
    expect(multipleOffered(m.slip.legs, 10)).toBe(true);
    m = toggleSelection(m, D('ev-a'));
    expect(multipleOffered(m.slip.legs, 10)).toBe(false);
  });

  it('marks a leg from a live event as in play', () => {
    const m = toggleSelection(ready(), H('ev-live'));
    expect(m.slip.legs[0]!.live).toBe(true);
  });

  it('chips add to the stake field last touched, else the multiple', () => {
    let m = toggleSelection(toggleSelection(ready(), H('ev-a')), H('ev-b'));
    expect(chipTarget(m)).toEqual({ kind: 'multiple' });
    m = addChip(addChip(m, 1000), 5000);
    expect(m.slip.stakes.multiple).toBe(6000);
    m = setStake(m, { kind: 'single', selectionId: H('ev-b') }, 250);
    m = addChip(m, 1000);
    expect(m.slip.stakes.single[H('ev-b')]).toBe(1250);
    // The target's leg removed: back to the default.
    m = removeLeg(m, H('ev-b'));
    expect(chipTarget(m)).toEqual({ kind: 'single', selectionId: H('ev-a') });
    expect(m.slip.stakes.multiple).toBe(0);
  });

  it('reads a quote: prices, legs gone, stake limits', () => {
    let m = toggleSelection(toggleSelection(ready(), H('ev-a')), H('ev-b'));
    const r = applyQuote(m, {
      legs: [
        {
          selectionId: H('ev-a'),
          event: 'ev-a',
          market: market('ev-a', '1x2', { home: 2300, draw: 3300, away: 3000 }),
          odds1000: 2300,
          status: 'open',
        },
        { selectionId: H('ev-b'), event: 'ev-b', market: null, odds1000: null, status: 'closed' },
      ],
      multipleRefusal: null,
      maxStake: { single: { [H('ev-a')]: 500_000 }, multiple: 100_000 },
    });
    m = r.model;
    expect(m.slip.legs[0]).toMatchObject({ odds1000: 2300, taken: 2300 }); // higher: taken
    expect(m.slip.legs[1]!.status).toBe('unavailable');
    expect(m.slip.maxStake?.multiple).toBe(100_000);
    expect(r.notices.map((n) => n.kind)).toEqual(['changed', 'unavailable']);
  });
});

describe('placing and the answers', () => {
  function slipWithMultiple() {
    let m = toggleSelection(toggleSelection(ready(), H('ev-a')), H('ev-live'));
    m = setStake(m, { kind: 'multiple' }, 1000);
    return m;
  }

  it('the changed answer shows old -> new prices to accept and starts a new request', () => {
    let m = slipWithMultiple();
    const s = startPlacing(m, 'req-1');
    m = s.model;
    expect(m.slip.phase).toBe('placing');
    m = placeAnswered(m, { bets: [], balance: 100_000, changed: [{ selectionId: H('ev-live'), odds1000: 1900 }] });
    expect(m.slip.phase).toBe('edit');
    expect(m.slip.refusal?.code).toBe('SB_ODDS_CHANGED');
    expect(m.slip.requestId).toBeNull();
    expect(m.slip.legs[1]).toMatchObject({ taken: 2100, odds1000: 1900, was: 2100 });
    m = acceptChanges(m);
    expect(slipBets(m.slip.legs, m.slip.stakes, 10)[0]!.potentialPayout).toBe(3990);
  });

  it('a lost answer keeps the request id, so sending again places nothing twice', () => {
    let m = startPlacing(slipWithMultiple(), 'req-1').model;
    m = placeFailed(m, { code: 'NETWORK', message: 'No connection', status: 0 });
    expect(m.slip.requestId).toBe('req-1');
    expect(startPlacing(m, 'req-2').requestId).toBe('req-1');
    m = placeFailed(startPlacing(m, 'req-2').model, { code: 'SB_STAKE_TOO_HIGH', message: 'x', status: 409 });
    expect(m.slip.requestId).toBeNull();
    expect(m.slip.refusal).toEqual({ code: 'SB_STAKE_TOO_HIGH', message: 'x', selectionId: null });
  });

  it('a refusal naming a leg marks it', () => {
    let m = startPlacing(slipWithMultiple(), 'req-1').model;
    m = placeFailed(m, { code: 'SB_MARKET_SUSPENDED', message: '', status: 409, selectionId: H('ev-live') });
    expect(m.slip.legs[1]!.status).toBe('suspended');
  });

  it("waits out the in-play delay, then shows the book's answer and payout", () => {
    let m = startPlacing(slipWithMultiple(), 'req-1').model;
    const pending = myBet('bet-1', { kind: 'multiple', status: 'pending', potentialPayout: 4410, cashOut: null });
    m = placeAnswered(m, { bets: [pending], balance: 99_000 });
    expect(m.slip.phase).toBe('pending');
    expect(m.balance).toBe(99_000);
    expect(m.bets.open.map((b) => b.id)).toEqual(['bet-1']);
    m = applyBet(m, { ...pending, status: 'open' });
    expect(m.slip.phase).toBe('done');
    expect(m.slip.placed[0]!.potentialPayout).toBe(4410);
    m = finishSlip(m, true);
    expect(m.slip.phase).toBe('edit');
    expect(m.slip.legs).toHaveLength(2);
    expect(m.slip.stakes.multiple).toBe(0);
  });

  it('a bet refused after the delay leaves my open bets', () => {
    let m = startPlacing(slipWithMultiple(), 'req-1').model;
    const pending = myBet('bet-1', { status: 'pending' });
    m = placeAnswered(m, { bets: [pending], balance: 99_000 });
    m = applyBet(m, { ...pending, status: 'refused' });
    expect(m.slip.phase).toBe('done');
    expect(m.bets.open).toEqual([]);
  });
});

describe('my bets', () => {
  it('moves a settled bet from open to settled once that list is loaded', () => {
    let m = applyMyBets(ready(), 'open', { bets: [myBet('b1')], next: null }, false);
    m = applyMyBets(m, 'settled', { bets: [myBet('b0', { status: 'lost' })], next: 'c1' }, false);
    m = applyBet(m, myBet('b1', { status: 'won', payout: 2100, cashOut: null }));
    expect(m.bets.open).toEqual([]);
    expect(m.bets.settled.map((b) => b.id)).toEqual(['b1', 'b0']);
    expect(m.bets.next).toBe('c1');
    m = applyMyBets(
      m,
      'settled',
      { bets: [myBet('b0', { status: 'lost' }), myBet('bz', { status: 'void' })], next: null },
      true,
    );
    expect(m.bets.settled.map((b) => b.id)).toEqual(['b1', 'b0', 'bz']);
  });
});

describe('routes', () => {
  it('reads and writes every screen', () => {
    const routes = [
      { screen: 'live', sport: null },
      { screen: 'live', sport: 'tennis' },
      { screen: 'upcoming', day: null, sport: null },
      { screen: 'upcoming', day: '2026-11-28', sport: 'football' },
      { screen: 'upcoming', day: null, sport: 'football' },
      { screen: 'sports' },
      { screen: 'league', league: 'coastal-1' },
      { screen: 'event', event: 'ev:1/x' },
      { screen: 'bets', tab: 'settled' },
    ] as const;
    for (const r of routes) expect(parseRoute(routeHash(r))).toEqual(r);
    expect(parseRoute('')).toBeNull();
    expect(parseRoute('#/nowhere')).toBeNull();
  });
});
