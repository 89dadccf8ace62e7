import { describe, expect, it } from 'vitest';
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
  applyResults,
  applyState,
  betFacts,
  builderMoved,
  cashOutTapped,
  changedNotices,
  chipMax,
  chipTarget,
  clocksRunning,
  finishSlip,
  hasUnavailable,
  initialModel,
  legTeams,
  liveEvents,
  marketsRedrawScreen,
  navTabs,
  partTapped,
  placeAnswered,
  placeButton,
  placedRefused,
  placeFailed,
  pollWanted,
  removeLeg,
  removeUnavailable,
  resultsDay,
  routeOr,
  type SbModel,
  screenEvents,
  searchAnswered,
  searchShown,
  searchTerm,
  searchToAsk,
  searchTyped,
  setRoute,
  setStake,
  setTarget,
  shownResults,
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

  it('a bet builder: quoted, staked, repriced by a changed answer, dropped with its legs', () => {
    const draw = 'ev-a/1x2:ft:-/draw';
    let m = toggleSelection(toggleSelection(ready(), H('ev-a')), draw);
    const builder = { eventId: 'ev-a', selectionIds: [H('ev-a'), draw], odds1000: 3000, refusal: null, maxStake: 5000 };
    m = applyQuote(m, {
      legs: [],
      multipleRefusal: 'SB_CORRELATED_LEGS',
      maxStake: { single: {}, multiple: null },
      builders: [builder],
    }).model;
    expect(m.slip.builders).toEqual([builder]);
    // Its match's 1X2 or a leg's market moving asks for a new quote; another market does not.
    const view = (key: string) => ({ key }) as Parameters<typeof builderMoved>[2][number];
    expect(builderMoved(m, 'ev-a', [view('1x2:ft:-')])).toBe(true);
    expect(builderMoved(m, 'ev-a', [view('btts:ft:-')])).toBe(false);
    expect(builderMoved(m, 'ev-b', [view('1x2:ft:-')])).toBe(false);
    m = setStake(m, { kind: 'builder', eventId: 'ev-a' }, 1000);
    expect(chipMax(m)).toBe(5000);
    expect(slipBets(m.slip.legs, m.slip.stakes, 10, m.slip.builders)[0]).toMatchObject({ potentialPayout: 3000 });
    // The book's price moved under the rule: nothing placed, the new price shown for the next try.
    m = placeAnswered(startPlacing(m, 'req-b').model, {
      bets: [],
      balance: 100_000,
      changed: [],
      builderOdds1000: [{ eventId: 'ev-a', odds1000: 2800 }],
    });
    expect(m.slip).toMatchObject({ phase: 'edit', requestId: null, refusal: { code: 'SB_ODDS_CHANGED' } });
    expect(m.slip.builders[0]?.odds1000).toBe(2800);
    expect(slipBets(m.slip.legs, m.slip.stakes, 10, m.slip.builders)[0]).toMatchObject({ potentialPayout: 2800 });
    // One leg off: no builder is left for the match, nor its stake field as the chips' target.
    m = removeLeg(m, draw);
    expect(m.slip.target).toBeNull();
    expect(slipBets(m.slip.legs, m.slip.stakes, 10, m.slip.builders)).toEqual([]);
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
      { screen: 'results', day: null, sport: null },
      { screen: 'results', day: '2026-11-26', sport: 'tennis' },
      { screen: 'results', day: null, sport: 'football' },
    ] as const;
    for (const r of routes) expect(parseRoute(routeHash(r))).toEqual(r);
    expect(parseRoute('')).toBeNull();
    expect(parseRoute('#/nowhere')).toBeNull();
    expect(routeHash({ screen: 'results', day: '2026-11-26', sport: 'tennis' })).toBe('#/results/2026-11-26/tennis');
    expect(parseRoute('#/results/2026-1-1')).toEqual({ screen: 'results', day: null, sport: null });
  });
});

describe("what the page's parts decide", () => {
  const quoted = (m: SbModel) =>
    applyQuote(m, {
      legs: m.slip.legs.map((l) => ({
        selectionId: l.selectionId,
        event: l.eventId,
        market: market(l.eventId, '1x2', { home: l.odds1000, draw: 3300, away: 3400 }),
        odds1000: l.odds1000,
        status: 'open' as const,
      })),
      multipleRefusal: null,
      maxStake: { single: { [H('ev-a')]: 500_000 }, multiple: 100_000 },
    }).model;

  it("offers the quote's largest stake for the chip target, and none where the quote names none", () => {
    const two = toggleSelection(toggleSelection(ready(), H('ev-a')), H('ev-b'));
    expect(chipMax(two)).toBeNull(); // not quoted yet
    const m = quoted(two);
    expect(chipMax(m)).toBe(100_000); // the multiple, the default target
    expect(chipMax(setTarget(m, { kind: 'single', selectionId: H('ev-a') }))).toBe(500_000);
    expect(chipMax(setTarget(m, { kind: 'single', selectionId: H('ev-b') }))).toBeNull();
    expect(chipMax(setTarget(m, { kind: 'system', size: 2 }))).toBeNull();
    expect(chipMax(quoted(ready()))).toBeNull(); // an empty slip has no target
  });

  it('words the place button by the first thing that stops the placing, and the wait while it is sent', () => {
    const legs = toggleSelection(ready(), H('ev-a')).slip.legs;
    const live = toggleSelection(ready(), H('ev-live')).slip.legs;
    const edit = { phase: 'edit' as const, legs };
    expect(placeButton(edit, null, 1)).toEqual({ word: 'placeOne', disabled: false });
    expect(placeButton(edit, null, 3)).toEqual({ word: 'place', disabled: false });
    expect(placeButton(edit, 'accept', 1)).toEqual({ word: 'accept', disabled: false });
    expect(placeButton(edit, 'no_stake', 0)).toEqual({ word: 'enterStake', disabled: true });
    expect(placeButton(edit, 'funds', 1)).toEqual({ word: 'noFunds', disabled: true });
    expect(placeButton(edit, 'blocked_leg', 1)).toEqual({ word: 'suspendedLeg', disabled: true });
    expect(placeButton({ phase: 'placing', legs }, null, 1)).toEqual({ word: 'placing', disabled: true });
    // A live leg waits out the in-play delay: the button says so while the slip is sent.
    expect(placeButton({ phase: 'placing', legs: live }, 'accept', 1)).toEqual({ word: 'pending', disabled: true });
  });

  it('offers to take off the legs that cannot be bet, but not a suspended one', () => {
    let m = toggleSelection(toggleSelection(ready(), H('ev-a')), H('ev-b'));
    expect(hasUnavailable(m)).toBe(false);
    m = applyMarkets(m, 'ev-a', [market('ev-a', '1x2', { home: 2100 }, { status: 'suspended' })], T0).model;
    expect(hasUnavailable(m)).toBe(false);
    m = applyMarkets(m, 'ev-b', [market('ev-b', '1x2', { home: 2100 }, { status: 'closed' })], T0).model;
    expect(hasUnavailable(m)).toBe(true);
    expect(removeUnavailable(m).slip.legs.map((l) => l.selectionId)).toEqual([H('ev-a')]);
  });

  it('says each moved price of a placing refused on prices, and nothing of a leg withdrawn or not in the slip', () => {
    let m = toggleSelection(toggleSelection(ready(), H('ev-a')), H('ev-live'));
    const changed = [
      { selectionId: H('ev-live'), odds1000: 1900 },
      { selectionId: H('ev-a'), odds1000: null },
      { selectionId: H('ev-b'), odds1000: 2500 },
    ];
    m = placeAnswered(startPlacing(m, 'req-1').model, { bets: [], balance: 100_000, changed });
    expect(changedNotices(m, changed)).toEqual([{ kind: 'changed', selectionId: H('ev-live'), from: 2100, to: 1900 }]);
    expect(changedNotices(m, [])).toEqual([]);
  });

  it('tells a placing with any bet refused from one fully accepted', () => {
    let m = startPlacing(toggleSelection(ready(), H('ev-a')), 'req-1').model;
    expect(placedRefused(m)).toBe(false); // nothing placed yet
    m = placeAnswered(m, { bets: [myBet('b1'), myBet('b2', { status: 'refused' })], balance: 99_000 });
    expect(placedRefused(m)).toBe(true);
    m = placeAnswered(m, { bets: [myBet('b3')], balance: 99_000 });
    expect(placedRefused(m)).toBe(false);
  });

  it("asks to confirm a cash-out for the part chosen on that bet's slider only", () => {
    expect(cashOutTapped(null, 'b1')).toEqual({ betId: 'b1', part: null, confirm: true });
    expect(cashOutTapped({ betId: 'b1', part: 400, confirm: false }, 'b1')).toEqual({
      betId: 'b1',
      part: 400,
      confirm: true,
    });
    // A part chosen on another bet's slider is not this bet's.
    expect(cashOutTapped({ betId: 'b2', part: 400, confirm: false }, 'b1')).toEqual({
      betId: 'b1',
      part: null,
      confirm: true,
    });
  });

  it('opens the part slider at half the open stake, never under the minimum stake, and closes it', () => {
    expect(partTapped(null, 'b1', 1000, 100)).toEqual({ betId: 'b1', part: 500, confirm: false });
    expect(partTapped(null, 'b1', 151, 100)).toEqual({ betId: 'b1', part: 100, confirm: false });
    expect(partTapped(500, 'b1', 1000, 100)).toBeNull();
  });

  it("lists a bet's facts: the open stake and the cash-outs only when they tell something", () => {
    const w = { stake: 'S', openStake: 'OS', odds: 'O', potential: 'P', payout: 'PO', cashedOut: 'C' };
    const money = (minor: number) => `$${minor}`;
    const odds = (o: number) => `@${o}`;
    const facts = (o: Parameters<typeof myBet>[1]) => betFacts(myBet('b1', o), w, money, odds);
    expect(facts({})).toEqual([
      ['S', '$1000', 'stake'],
      ['O', '@2100', 'odds'],
      ['P', '$2100', 'potential'],
    ]);
    expect(facts({ openStake: 600, cashedOut: 380 }).map(([, , id]) => id)).toEqual([
      'stake',
      'open-stake',
      'odds',
      'potential',
      'cashed-out',
    ]);
    expect(facts({ status: 'won', payout: 2100, openStake: 600 }).map(([, , id]) => id)).toEqual([
      'stake',
      'odds',
      'payout',
    ]);
    // A bet cashed out in full shows what it was paid, and no payout of 0.
    expect(facts({ status: 'cashed_out', openStake: 0, cashedOut: 950 }).map(([, , id]) => id)).toEqual([
      'stake',
      'odds',
      'cashed-out',
    ]);
  });

  it("names a leg's teams from the event held, else from the event's name, else in general words", () => {
    const unknown = { home: 'Home', away: 'Away' };
    const m = ready();
    expect(legTeams(m, { eventId: 'ev-b', event: 'whatever' }, unknown)).toMatchObject({
      home: 'Elm Crossing',
      away: 'Fernhill',
    });
    expect(legTeams(m, { eventId: 'gone', event: 'Oak Hill vs. Reed Bay' }, unknown)).toEqual({
      home: 'Oak Hill',
      away: 'Reed Bay',
    });
    expect(legTeams(m, { eventId: 'gone', event: 'Pine Ridge – Salt Marsh' }, unknown)).toEqual({
      home: 'Pine Ridge',
      away: 'Salt Marsh',
    });
    expect(legTeams(m, { eventId: 'gone', event: 'Harbour Derby' }, unknown)).toEqual(unknown);
  });

  it('opens on live now while something is in play, else on upcoming, unless the address names a screen', () => {
    const m = ready();
    expect(routeOr(m, null)).toEqual({ screen: 'live', sport: null });
    expect(routeOr(m, { screen: 'bets', tab: 'settled' })).toEqual({ screen: 'bets', tab: 'settled' });
    const none = applyState(m, 'ev-live', 'ended', null, T0);
    expect(routeOr(none, null)).toEqual({ screen: 'upcoming', day: null, sport: null });
  });

  it('counts the matches in play on the live tab and marks the tab of the screen shown', () => {
    const nav = { live: 'Live', upcoming: 'Upcoming', sports: 'Sports', results: 'Results', bets: 'My bets' };
    let m = setRoute(ready(), { screen: 'live', sport: null });
    expect(navTabs(m, nav).map(([route, text, current]) => [route.screen, text, current])).toEqual([
      ['live', 'Live 1', true],
      ['upcoming', 'Upcoming', false],
      ['sports', 'Sports', false],
      ['results', 'Results', false],
      ['bets', 'My bets', false],
    ]);
    // A league and an event are under the sports tab; with nothing in play the live tab shows no count.
    m = applyState(setRoute(m, { screen: 'event', event: 'ev-a' }), 'ev-live', 'ended', null, T0);
    expect(navTabs(m, nav).map(([, text, current]) => [text, current])).toEqual([
      ['Live', false],
      ['Upcoming', false],
      ['Sports', true],
      ['Results', false],
      ['My bets', false],
    ]);
    m = setRoute(m, { screen: 'results', day: '2026-11-26', sport: null });
    expect(navTabs(m, nav).find(([route]) => route.screen === 'results')?.[2]).toBe(true);
  });

  it("redraws an event's page for a market new or closed there, and only the prices otherwise", () => {
    let m = applyEvent(ready(), fullEvent('ev-a'), T0).model;
    m = setRoute(m, { screen: 'event', event: 'ev-a' });
    const moved = [market('ev-a', '1x2', { home: 2200, draw: 3300, away: 3300 })];
    const added = [market('ev-a', 'total', { over: 1900, under: 1900 }, { line4: 14 })];
    const closed = [market('ev-a', '1x2', { home: 2200, draw: 3300, away: 3300 }, { status: 'closed' })];
    const redraws = (before: SbModel, markets: typeof moved) =>
      marketsRedrawScreen(before, applyMarkets(before, 'ev-a', markets, T0).model, 'ev-a', markets);
    expect(redraws(m, moved)).toBe(false);
    expect(redraws(m, added)).toBe(true);
    expect(redraws(m, closed)).toBe(true);
    // Another screen, or an event known only by its card, moves only the prices.
    expect(redraws(setRoute(m, { screen: 'live', sport: null }), added)).toBe(false);
    expect(redraws(setRoute(ready(), { screen: 'event', event: 'ev-a' }), added)).toBe(false);
  });

  it('polls while the page is seen and the socket is down or placed bets wait', () => {
    const online = { ...ready(), online: true };
    expect(pollWanted(online, false)).toBe(false);
    expect(pollWanted(ready(), false)).toBe(true);
    const pending = { ...online, slip: { ...online.slip, phase: 'pending' as const } };
    expect(pollWanted(pending, false)).toBe(true);
    // A hidden page runs no timers.
    expect(pollWanted(ready(), true)).toBe(false);
    expect(pollWanted(pending, true)).toBe(false);
  });
});

describe('results and search', () => {
  const ready = () => applyLobby(initialModel(), lobby(), T0);

  it("shows today's results until a day is chosen, each day's kept, filtered by sport", () => {
    let m = ready();
    const route = { screen: 'results', day: null, sport: null } as const;
    expect(resultsDay(m, route)).toBeNull();
    expect(shownResults(m, route)).toBeUndefined();
    m = applyResults(m, resultsAnswer('2026-11-27', [resultOf('r1'), resultOf('r2', { sport: 'tennis' })]));
    expect(resultsDay(m, route)).toBe('2026-11-27');
    expect(shownResults(m, route)?.map((r) => r.id)).toEqual(['r1', 'r2']);
    expect(shownResults(m, { ...route, sport: 'tennis' })?.map((r) => r.id)).toEqual(['r2']);
    const yesterday = { ...route, day: '2026-11-26' };
    expect(shownResults(m, yesterday)).toBeUndefined();
    m = applyResults(m, resultsAnswer('2026-11-26', []));
    expect(shownResults(m, yesterday)).toEqual([]);
    expect(shownResults(m, route)?.length).toBe(2);
    expect(m.results.days[0]).toBe('2026-11-27');
  });

  it('asks for a term of 2 to 40 characters once, and drops an answer to an older term', () => {
    expect(searchTerm(' a ')).toBeNull();
    expect(searchTerm('  ab ')).toBe('ab');
    expect(searchTerm('x'.repeat(41))).toBeNull();
    let m = searchTyped(ready(), 'a');
    expect(searchShown(m)).toEqual({ kind: 'short' });
    expect(searchToAsk(m)).toBeNull();
    m = searchTyped(m, 'as');
    expect(searchShown(m)).toEqual({ kind: 'waiting' });
    expect(searchToAsk(m)).toBe('as');
    m = searchTyped(m, 'ash');
    // The answer for "as" comes after "ash" was typed: it is not shown.
    m = searchAnswered(m, 'as', searchAnswer());
    expect(searchShown(m)).toEqual({ kind: 'waiting' });
    m = searchAnswered(m, 'ash', searchAnswer());
    expect(searchShown(m)).toMatchObject({ kind: 'answer' });
    expect(searchToAsk(m)).toBeNull();
    // A space more keeps the answer; another term drops it; an empty box shows nothing.
    expect(searchShown(searchTyped(m, 'ash '))).toMatchObject({ kind: 'answer' });
    expect(searchShown(searchTyped(m, 'ashb'))).toEqual({ kind: 'waiting' });
    expect(searchShown(searchTyped(m, ''))).toEqual({ kind: 'idle' });
  });
});
