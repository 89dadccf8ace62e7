import { describe, expect, it } from 'vitest';
import type { PvpTableView } from '../../cardroom/room/view';
import { chipsText, type Legal, type LobbyRow } from './cr-present';
import {
  amountField,
  answerKey,
  balanceText,
  boardGrew,
  buyInOffered,
  canSit,
  detailCards,
  enterHand,
  errorPhrase,
  type HandDetail,
  handJustOver,
  historyRowText,
  initialLobbyChoice,
  initialTableScreen,
  joinNextBody,
  keepRaise,
  lobbyTables,
  markDrawn,
  minorOf,
  moveLabel,
  moveSound,
  nextRequestId,
  nextSeq,
  offerSecondsLeft,
  reconnectDelay,
  requestKey,
  SIDE_BY_SIDE_MIN_WIDTH,
  seatClasses,
  seatedIn,
  seatSpot,
  seatTag,
  showsOf,
  sideBySideChoice,
  stripItems,
  tableFromHash,
  takeView,
  tongitsAddress,
  topUpRoom,
  turnClock,
  winnersOf,
  yourTurn,
} from './cr-state';
import { englishCardRoomWords as words } from './cr-words';

// The card room page's state and decisions, without a DOM: what the lobby lists and asks for, how a
// socket message, a view and a click move the table screen's state, and what a seat, a move and a
// history row say.

const money = (minor: number) => (minor / 100).toFixed(2);

const row = (id: string, betting: LobbyRow['betting'], bigBlind: number, open: number): LobbyRow => ({
  id,
  betting,
  seats: 6,
  smallBlind: bigBlind / 2,
  bigBlind,
  minBuyIn: 0,
  maxBuyIn: 0,
  currency: 'PHP',
  seated: 6 - open,
  open,
  handsPerHour: 0,
  averagePot: null,
  waiting: 0,
  you: { seated: false, waitingPosition: null, offerEndsAt: null },
});

const seat = (over: Partial<NonNullable<PvpTableView['seats'][number]>> = {}) => ({
  seat: 0,
  name: 'An***',
  stack: 1000,
  sittingOut: false,
  waitingForBigBlind: false,
  connected: true,
  buyingIn: false,
  you: false,
  ...over,
});

const player = (over: Partial<NonNullable<PvpTableView['hand']>['players'][number]> = {}) => ({
  seat: 0,
  committed: 0,
  streetBet: 0,
  folded: false,
  allIn: false,
  cards: null,
  ...over,
});

const viewOf = (version: number, serverNow: string) => ({ version, serverNow }) as PvpTableView;

describe('the lobby', () => {
  it("starts from the tile's preset, and from nothing without one", () => {
    expect(initialLobbyChoice({ seats: 6, betting: 'pot-limit' })).toEqual({
      bigBlind: null,
      seats: 6,
      freeSeat: false,
      betting: 'pot-limit',
    });
    expect(initialLobbyChoice(undefined)).toEqual({ bigBlind: null, seats: null, freeSeat: false, betting: null });
  });

  it('lists the tables of the filter and of the chosen betting', () => {
    const rows = [row('a', 'no-limit', 200, 0), row('b', 'pot-limit', 200, 2), row('c', 'no-limit', 200, 3)];
    const choice = { bigBlind: 200, seats: null, freeSeat: true, betting: 'no-limit' };
    expect(lobbyTables(rows, choice).map((t) => t.id)).toEqual(['c']);
    expect(lobbyTables(rows, { ...choice, freeSeat: false, betting: null }).map((t) => t.id)).toEqual(['a', 'b', 'c']);
    expect(lobbyTables([], choice)).toEqual([]);
  });

  it('asks for the next seat with the buy-in held within 1 to 1000 big blinds', () => {
    const any = initialLobbyChoice(undefined);
    expect(joinNextBody(any, '80')).toEqual({ buyInBigBlinds: 80 });
    expect(joinNextBody(any, '99.6')).toEqual({ buyInBigBlinds: 100 });
    expect(joinNextBody(any, '5000')).toEqual({ buyInBigBlinds: 1000 });
    expect(joinNextBody(any, '')).toEqual({ buyInBigBlinds: 1 });
    expect(joinNextBody(any, 'abc')).toEqual({ buyInBigBlinds: 50 });
    expect(joinNextBody({ bigBlind: 200, seats: 9, freeSeat: true, betting: 'pot-limit' }, '50')).toEqual({
      buyInBigBlinds: 50,
      seats: 9,
      bigBlind: 200,
      betting: 'pot-limit',
    });
    // A betting the server does not know is not sent.
    expect(joinNextBody({ ...any, betting: 'fixed-limit' }, '50')).toEqual({ buyInBigBlinds: 50 });
  });

  it("counts an offer's seconds up, and 0 once over", () => {
    const now = Date.parse('2025-01-01T00:00:00.000Z');
    expect(offerSecondsLeft('2025-01-01T00:00:09.200Z', now)).toBe(10);
    expect(offerSecondsLeft('2024-12-31T23:59:50.000Z', now)).toBe(0);
    expect(offerSecondsLeft(null, now)).toBeNull();
  });

  it("opens a Tongits table on this page's address with the table's query over it", () => {
    expect(tongitsAddress('?token=t&game=PVP-1', '/studio/cardroom', 'game=TONGITS&table=x')).toBe(
      '/studio/cardroom?token=t&game=TONGITS&table=x',
    );
    expect(tongitsAddress('', '/p', '')).toBe('/p?');
  });

  it('reads the table an address opens', () => {
    expect(tableFromHash('#table=a%20b')).toBe('a b');
    expect(tableFromHash('#table=')).toBeNull();
    expect(tableFromHash('')).toBeNull();
  });

  it('shows the balance with its currency, a dash when unknown', () => {
    expect(balanceText({ balance: 12345, currency: 'PHP' }, money)).toBe('PHP 123.45');
    expect(balanceText({ balance: null, currency: 'PHP' }, money)).toBe('—');
  });

  it("says a refusal in the page's words, else as the server did", () => {
    expect(errorPhrase(words.errors, 'STUDIO_PVP_REFUSED', 'x')).toBe(words.errors.STUDIO_PVP_REFUSED);
    expect(errorPhrase(words.errors, 'STUDIO_SOMETHING_NEW', 'As sent')).toBe('As sent');
  });
});

describe('the table socket', () => {
  it('takes a view unless it is older than the one shown, and keeps the clock skew', () => {
    const s = initialTableScreen();
    expect(takeView(s, viewOf(3, '2025-01-01T00:00:10.000Z'), Date.parse('2025-01-01T00:00:08.000Z'))).toBe(true);
    expect(s.skew).toBe(2000);
    expect(takeView(s, viewOf(2, '2025-01-01T00:00:11.000Z'), 0)).toBe(false);
    expect(s.view?.version).toBe(3);
    // The same version again is taken (a resume sends the view as it stands).
    expect(takeView(s, viewOf(3, '2025-01-01T00:00:10.000Z'), Date.parse('2025-01-01T00:00:10.000Z'))).toBe(true);
    expect(s.skew).toBe(0);
  });

  it('pairs each answer with its request: moves by sequence number, the rest by id', () => {
    expect(requestKey({ type: 'act', seq: 7, action: { type: 'fold' } })).toBe('act:7');
    expect(requestKey({ type: 'top-up', id: 'r3', amount: 100 })).toBe('top-up:r3');
    expect(answerKey({ type: 'act-result', seq: 7 })).toBe('act:7');
    expect(answerKey({ type: 'top-up-result', id: 'r3' })).toBe('top-up:r3');
    // An answer without the suffix is taken by its type as it is.
    expect(answerKey({ type: 'show', id: 'r1' })).toBe('show:r1');
  });

  it('numbers requests and moves, a move after the last the server took', () => {
    const s = initialTableScreen();
    expect(nextRequestId(s)).toBe('r1');
    expect(nextRequestId(s)).toBe('r2');
    expect(nextSeq(s, 0)).toBe(1);
    expect(nextSeq(s, 0)).toBe(2);
    // Back on the page: the server took moves this page has not counted.
    expect(nextSeq(s, 10)).toBe(11);
  });

  it('waits longer before each reconnect, at most 5 s', () => {
    expect([0, 1, 2, 3, 4, 5].map(reconnectDelay)).toEqual([500, 1000, 2000, 4000, 5000, 5000]);
  });
});

describe('the felt', () => {
  it("puts the player's own seat at the bottom and the others round the oval", () => {
    const mine = seatSpot(2, 6, 2, false);
    expect(mine.x).toBeCloseTo(50);
    expect(mine.y).toBeCloseTo(92);
    // Watching: seat 0 at the bottom.
    expect(seatSpot(0, 6, null, false).y).toBeCloseTo(92);
    expect(seatSpot(3, 6, 0, false, 0.5).y).toBeCloseTo(29);
  });

  it('moves the seats beside the board off its row on an upright felt', () => {
    const wide = seatSpot(1, 4, 0, false);
    const upright = seatSpot(1, 4, 0, true);
    expect(wide.y).toBeCloseTo(50);
    expect(upright.y).toBeCloseTo(50 - 42 * 0.62);
    expect(upright.x).toBeCloseTo(wide.x);
  });

  it("adds up each seat's wins over the pots", () => {
    const result = {
      pots: [
        { winners: [{ seat: 1, amount: 300 }] },
        {
          winners: [
            { seat: 1, amount: 100 },
            { seat: 4, amount: 100 },
          ],
        },
      ],
    };
    expect([...winnersOf(result)]).toEqual([
      [1, 400],
      [4, 100],
    ]);
    expect(winnersOf(null).size).toBe(0);
    expect(winnersOf({}).size).toBe(0);
  });

  it('deals a new hand once, flips the board cards that are new, and sends the pot once', () => {
    const s = initialTableScreen();
    expect(enterHand(s, null)).toBe(false);
    expect(enterHand(s, { id: 5 })).toBe(true);
    expect(boardGrew(s, 0, true)).toBe(false);
    expect(enterHand(s, { id: 5 })).toBe(false);
    expect(boardGrew(s, 3, false)).toBe(true);
    expect(boardGrew(s, 3, false)).toBe(false);
    expect(boardGrew(s, 4, false)).toBe(true);
    // A new hand dealt straight to a board (a late view): no flip, and its board counted.
    expect(enterHand(s, { id: 6 })).toBe(true);
    expect(s.lastBoard).toBe(0);
    expect(boardGrew(s, 5, true)).toBe(false);
    expect(s.lastBoard).toBe(5);
    expect(handJustOver(s, { id: 6, over: false })).toBe(false);
    expect(handJustOver(s, { id: 6, over: true })).toBe(true);
    expect(handJustOver(s, { id: 6, over: true })).toBe(false);
    expect(handJustOver(s, null)).toBe(false);
  });

  it('tags a seat with the first that applies, and nothing for a player in the hand', () => {
    expect(seatTag(words.table, seat({ buyingIn: true, connected: false }), undefined)).toBe(words.table.buyingIn);
    expect(seatTag(words.table, seat({ connected: false, sittingOut: true }), undefined)).toBe(words.table.away);
    expect(seatTag(words.table, seat({ sittingOut: true }), undefined)).toBe(words.table.sittingOut);
    expect(seatTag(words.table, seat({ waitingForBigBlind: true }), undefined)).toBe(words.table.waitingBb);
    expect(seatTag(words.table, seat(), player({ folded: true, allIn: true }))).toBe(words.table.folded);
    expect(seatTag(words.table, seat(), player({ allIn: true }))).toBe(words.table.allInTag);
    expect(seatTag(words.table, seat(), player())).toBe('');
  });

  it('classes a seat by whose it is and how it stands', () => {
    expect(seatClasses(seat(), undefined, null, undefined)).toBe('cr-seat');
    expect(seatClasses(seat({ you: true }), player({ folded: true }), false, false)).toBe('cr-seat me folded');
    expect(seatClasses(seat({ connected: false }), player(), true, true)).toBe('cr-seat turn out winner');
  });

  it('lets a real player sit once, at a free seat', () => {
    const seats = [seat(), null];
    expect(canSit(false, null, seats)).toBe(true);
    expect(canSit(true, null, seats)).toBe(false);
    expect(canSit(false, 0, seats)).toBe(false);
    // Buying in elsewhere at this table: the page has no seat yet, the server has.
    expect(canSit(false, null, [seat({ you: true, buyingIn: true }), null])).toBe(false);
  });

  it('knows the seats whose cards were shown', () => {
    const events = [{ type: 'show', seat: 2 }, { type: 'fold', seat: 1 }, { type: 'show' }];
    expect([...showsOf({ events })]).toEqual([2]);
    expect(showsOf({ events: [] }).size).toBe(0);
  });
});

describe("the player's moves and tools", () => {
  const legal: Legal = {
    canCheck: false,
    callAmount: 100,
    canRaise: true,
    minRaiseTo: 400,
    maxRaiseTo: 2000,
    allInTo: 2000,
  };
  const hand = { id: 1, street: 'flop', currentBet: 200 };

  it('keeps the raise chosen for the turn, and starts a new turn at the smallest raise', () => {
    const s = initialTableScreen();
    expect(keepRaise(s, legal, hand)).toBe(400);
    s.raiseTo = 900;
    expect(keepRaise(s, legal, hand)).toBe(900);
    expect(keepRaise(s, legal, { ...hand, currentBet: 400 })).toBe(400);
    // A short stack: the smallest raise is its all-in.
    expect(keepRaise(s, { ...legal, allInTo: 300, maxRaiseTo: 300 }, { ...hand, street: 'turn' })).toBe(300);
  });

  it('labels each move with its amount', () => {
    expect(moveLabel(words.table, { type: 'fold' }, money)).toBe('Fold');
    expect(moveLabel(words.table, { type: 'check' }, money)).toBe('Check');
    expect(moveLabel(words.table, { type: 'call', amount: 150 }, money)).toBe('Call 1.50');
    expect(moveLabel(words.table, { type: 'bet', to: 400 }, money)).toBe('Bet 4.00');
    expect(moveLabel(words.table, { type: 'raise', to: 800 }, money)).toBe('Raise to 8.00');
    expect(moveLabel(words.table, { type: 'allIn', to: 2000 }, money)).toBe('All-in 20.00');
    expect(moveSound({ type: 'check' })).toBe('flip');
    expect(moveSound({ type: 'allIn', to: 1 })).toBe('chip');
  });

  it('tops up to the largest buy-in, a queued top-up counted', () => {
    const v = { table: { maxBuyIn: 10_000 }, seats: [seat({ stack: 4000 })], you: { pendingTopUp: 1000 } };
    expect(topUpRoom(v as PvpTableView, 0)).toBe(5000);
    expect(topUpRoom({ ...v, you: { pendingTopUp: 6000 } } as PvpTableView, 0)).toBe(0);
    // The seat already gone from the view: the whole range.
    expect(topUpRoom({ ...v, seats: [null], you: { pendingTopUp: 0 } } as PvpTableView, 0)).toBe(10_000);
  });

  it('offers 100 big blinds to sit, within the limits', () => {
    expect(buyInOffered({ minBuyIn: 2000, maxBuyIn: 20_000, bigBlind: 100 })).toBe(10_000);
    expect(buyInOffered({ minBuyIn: 2000, maxBuyIn: 5000, bigBlind: 100 })).toBe(5000);
    expect(buyInOffered({ minBuyIn: 2000, maxBuyIn: 5000, bigBlind: 10 })).toBe(2000);
  });

  it('reads amounts typed in major units', () => {
    expect(minorOf('12.34')).toBe(1234);
    expect(minorOf('0.005')).toBe(1);
    expect(minorOf('')).toBe(0);
    expect(minorOf('x')).toBeNaN();
  });

  it("types a cash table's raise in money and a sit-and-go's in whole chips", () => {
    const cash = amountField(false);
    expect([cash.text(1234), cash.parse('12.34'), cash.step]).toEqual(['12.34', 1234, '0.01']);
    const sng = amountField(true);
    expect([sng.text(1500), sng.parse('1500'), sng.parse('1500.4'), sng.step]).toEqual(['1500', 1500, 1500, '1']);
    expect(chipsText(12_500, 'en-US')).toBe('12,500');
    expect(chipsText(12_500, 'de-DE')).toBe('12.500');
  });

  it('runs the turn time first, then the time bank', () => {
    const now = Date.parse('2025-01-01T00:00:00.000Z');
    const turn = turnClock({ turnEndsAt: '2025-01-01T00:00:06.000Z', timeBankEndsAt: null }, 0, now);
    expect(turn).toEqual({ turn: 6, bank: null, inBank: false, width: 40 });
    const bank = turnClock(
      { turnEndsAt: '2025-01-01T00:00:00.000Z', timeBankEndsAt: '2025-01-01T00:00:30.000Z' },
      1000,
      now,
    );
    expect(bank).toEqual({ turn: 0, bank: 29, inBank: true, width: 100 });
  });
});

describe('the hand history', () => {
  it("writes a row with the pot and the player's net, signed when won", () => {
    const base = { handId: 1, tableId: 't', number: 12, status: 'over', pot: 1500 };
    const row = (r: Parameters<typeof historyRowText>[1]) => historyRowText(words, r, money, 'en-US');
    expect(row({ ...base, net: 700 })).toBe('Hand #12 · Pot 15.00 · Net +7.00');
    expect(row({ ...base, net: -200 })).toBe('Hand #12 · Pot 15.00 · Net -2.00');
    expect(row({ ...base, net: 0 })).toBe('Hand #12 · Pot 15.00 · Net 0.00');
    expect(row({ ...base, net: null })).toBe('Hand #12 · Pot 15.00');
    // A sit-and-go's hand: tournament chips, not money.
    expect(row({ ...base, net: 700, chips: true })).toBe('Hand #12 · Pot 1,500 · Net +700');
  });

  it("shows a Hold'em board with the player's cards, and a Tongits hand as it ended", () => {
    const holdem = {
      game: 'holdem',
      players: [
        { seat: 0, you: false, cards: null },
        { seat: 3, you: true, cards: ['As', 'Kd'] },
      ],
      board: ['2c', '3c', '4c'],
    } as unknown as HandDetail;
    expect(detailCards(holdem)).toEqual({ board: ['2c', '3c', '4c'], cards: ['As', 'Kd'] });
    const tongits: HandDetail = {
      game: 'tongits',
      id: 1,
      players: [
        { seat: 0, you: false },
        { seat: 2, you: true },
      ],
      deal: {
        number: 1,
        players: [
          { seat: 0, cards: null },
          { seat: 2, cards: ['5h', '5s'] },
        ],
      },
    };
    expect(detailCards(tongits)).toEqual({ board: null, cards: ['5h', '5s'] });
    // A Tongits hand without its deal (not dealt yet): no cards.
    expect(detailCards({ ...tongits, deal: null })).toEqual({ board: null, cards: null });
  });
});

describe('several tables', () => {
  const legal = { fold: true } as unknown as PvpTableView['you']['legal'];
  const tableView = (
    id: string,
    o: { seat?: number | null; buyingIn?: boolean; toAct?: number | null; kind?: 'sng'; over?: boolean } = {},
  ) => {
    const seat = o.seat === undefined ? 2 : o.seat;
    return {
      table: { id, name: `Table ${id}`, smallBlind: 100, bigBlind: 200, ...(o.kind ? { kind: o.kind } : {}) },
      seats: [null, null, seat === null ? (o.buyingIn ? { you: true } : null) : { you: true }],
      hand: o.toAct === undefined ? null : { id: 7, board: ['As', 'Kd', '2c'], over: o.over ?? false, toAct: o.toAct },
      you: { seat, legal: o.toAct !== undefined && o.toAct === seat ? legal : null },
    } as unknown as PvpTableView;
  };

  it('counts a seat being bought into as held, a watcher as not seated', () => {
    expect(seatedIn(tableView('a'))).toBe(true);
    expect(seatedIn(tableView('a', { seat: null, buyingIn: true }))).toBe(true);
    expect(seatedIn(tableView('a', { seat: null }))).toBe(false);
    expect(seatedIn(null)).toBe(false);
  });

  it("marks a table waiting for the player's move, not one waiting for another's", () => {
    expect(yourTurn(tableView('a', { toAct: 2 }))).toBe(true);
    expect(yourTurn(tableView('a', { toAct: 4 }))).toBe(false);
    expect(yourTurn(tableView('a'))).toBe(false);
  });

  it('lists the seated tables once one is off screen, with the turn marked and sit-and-go blinds as chips', () => {
    const open = [
      { id: 'a', view: tableView('a') },
      { id: 'b', view: tableView('b', { toAct: 2, kind: 'sng' }) },
      { id: 'c', view: tableView('c', { seat: null }) },
    ];
    expect(stripItems(open, ['a']).map((i) => [i.id, i.turn, i.shown, i.chips])).toEqual([
      ['a', false, true, false],
      ['b', true, false, true],
    ]);
    // Every seated table on screen (or none seated): no strip.
    expect(stripItems(open, ['a', 'b'])).toEqual([]);
    expect(stripItems([{ id: 'c', view: tableView('c', { seat: null }) }], [])).toEqual([]);
    // On the lobby, one seated table is the way back.
    expect(stripItems([{ id: 'a', view: tableView('a') }], []).map((i) => i.id)).toEqual(['a']);
    expect(stripItems(open, ['a'])[0]).toMatchObject({ name: 'Table a', smallBlind: 100, bigBlind: 200 });
  });

  it('offers two tables side by side on a wide window only, and one table back from two', () => {
    expect(sideBySideChoice(['a'], ['a', 'b'], SIDE_BY_SIDE_MIN_WIDTH)).toEqual({ show: ['a', 'b'], pair: true });
    expect(sideBySideChoice(['a'], ['a', 'b'], SIDE_BY_SIDE_MIN_WIDTH - 1)).toBeNull();
    expect(sideBySideChoice(['a'], ['a'], 1600)).toBeNull();
    // Watching a table the player does not sit at, beside one they do.
    expect(sideBySideChoice(['w'], ['a'], 1600)).toEqual({ show: ['w', 'a'], pair: true });
    expect(sideBySideChoice(['a', 'b'], ['a', 'b'], 400)).toEqual({ show: ['a'], pair: false });
    expect(sideBySideChoice([], ['a'], 1600)).toBeNull();
  });

  it('takes what a table shows on its return to screen as drawn: no cards turn, no pot slides again', () => {
    const st = initialTableScreen();
    st.view = tableView('a', { toAct: 4, over: true });
    markDrawn(st);
    expect(enterHand(st, { id: 7 })).toBe(false);
    expect(boardGrew(st, 3, false)).toBe(false);
    expect(handJustOver(st, { id: 7, over: true })).toBe(false);
    expect(boardGrew(st, 4, false)).toBe(true);
  });
});
