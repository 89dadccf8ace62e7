import { describe, expect, it } from 'vitest';
import type { TongitsTableView } from '../../cardroom/room/tongits-view';
import { HandEntropy } from './hand-entropy';
import {
  type Answer,
  answerError,
  answerKey,
  cardLabel,
  type Deal,
  deckCheckOf,
  endWord,
  freeSeats,
  initialTongitsState,
  isRed,
  keepHeldPicks,
  minorOf,
  moveAnswered,
  movesFor,
  myMove,
  nameOf,
  nextRequestId,
  noteDealtHand,
  opponentSeats,
  ownHand,
  sentKey,
  skewOf,
  sortedCards,
  staleView,
  startMove,
  statusText,
  timerText,
  toggleCard,
  toggleSapaw,
  topUpRoom,
  viewTones,
} from './tongits-state';
import { englishTongitsWords as w } from './tongits-words';

// The Tongits page's state and decisions, without a DOM: the cards' names and order, the moves a
// phase offers, what a click and an answer do to the state, the deck check's inputs, the status,
// the clock and the sounds of a new view.

const T0 = Date.parse('2026-11-25T12:00:00.000Z');
const iso = (ms: number) => new Date(T0 + ms).toISOString();

const seatOf = (seat: number, name: string, over: Partial<NonNullable<TongitsTableView['seats'][0]>> = {}) => ({
  seat,
  name,
  stack: 10_000,
  sittingOut: false,
  connected: true,
  buyingIn: false,
  you: false,
  ...over,
});

function deal(over: Partial<Deal> = {}): Deal {
  return {
    id: 7,
    number: 1,
    dealer: 0,
    turn: 1,
    phase: 'play',
    stockCount: 15,
    discards: ['5h'],
    melds: [],
    players: [
      { seat: 0, cardCount: 12, cards: null, points: null, sapawed: false },
      { seat: 1, cardCount: 12, cards: ['Kd', 'As', '2s', 'Tc'], points: 23, sapawed: false },
      { seat: 2, cardCount: 12, cards: null, points: null, sapawed: false },
    ],
    challenge: null,
    events: [],
    result: null,
    settlement: null,
    over: false,
    turnEndsAt: null,
    timeBankEndsAt: null,
    fairness: { serverSeedHash: 'hash', clientSeeds: ['a', 'b', 'c'], nonce: 3, serverSeed: null },
    ...over,
  };
}

function table(over: Partial<TongitsTableView> = {}, you: Partial<TongitsTableView['you']> = {}): TongitsTableView {
  return {
    serverNow: iso(0),
    version: 5,
    table: {
      id: 't1',
      name: 'Table 1',
      game: 'tongits',
      seats: 3,
      stake: 100,
      minBuyIn: 2_000,
      maxBuyIn: 20_000,
      dealMinStack: 500,
      rake: { basisPoints: 500, cap: 1_000 },
      currency: 'PHP',
    },
    seats: [seatOf(0, 'Ana'), seatOf(1, 'Ben', { you: true, stack: 12_500 }), seatOf(2, 'Cy')],
    deal: deal(),
    nextServerSeedHash: 'next',
    nextDealAt: null,
    you: { seat: 1, lastSeq: 4, clientSeed: null, timeBankMs: null, leaveQueued: false, canCallDraw: false, ...you },
    ...over,
  };
}

describe('Tongits cards', () => {
  it('are named by rank and suit sign, ten as 10, hearts and diamonds red', () => {
    expect(cardLabel('Ts')).toBe('10♠');
    expect(cardLabel('Ah')).toBe('A♥');
    expect(isRed('Qd')).toBe(true);
    expect(isRed('Qc')).toBe(false);
    // A suit the page does not know has no sign.
    expect(cardLabel('9x')).toBe('9');
  });

  it('are sorted by suit (spades, hearts, diamonds, clubs), then from the ace up, leaving the hand as it was', () => {
    const hand = ['Kd', 'As', '2s', 'Tc', '3h', 'Ad'];
    expect(sortedCards(hand)).toEqual(['As', '2s', '3h', 'Ad', 'Kd', 'Tc']);
    expect(hand[0]).toBe('Kd');
    expect(sortedCards([])).toEqual([]);
  });
});

describe('the Tongits page state', () => {
  it('starts from the view with the last move number the table has for the player', () => {
    const s = initialTongitsState(table());
    expect(s.seq).toBe(4);
    expect(s.pending).toBeNull();
    expect(s.selected.size).toBe(0);
    expect(s.sapawing).toBe(false);
  });

  it('drops a view older than the one shown, keeps one of the same version', () => {
    expect(staleView(table({ version: 5 }), table({ version: 4 }))).toBe(true);
    expect(staleView(table({ version: 5 }), table({ version: 5 }))).toBe(false);
    expect(staleView(table({ version: 5 }), table({ version: 6 }))).toBe(false);
  });

  it("knows the player's move: their turn in a deal not over, never when not seated", () => {
    expect(myMove(table(), deal({ turn: 1 }))).toBe(true);
    expect(myMove(table(), deal({ turn: 2 }))).toBe(false);
    expect(myMove(table(), deal({ turn: 1, over: true }))).toBe(false);
    expect(myMove(table({}, { seat: null }), deal({ turn: 0 }))).toBe(false);
  });

  it('names a seat, the player with (you), an empty seat with nothing', () => {
    const v = table({ seats: [seatOf(0, 'Ana'), seatOf(1, 'Ben', { you: true }), null] });
    expect(nameOf(v, 0, w)).toBe('Ana');
    expect(nameOf(v, 1, w)).toBe(`Ben (${w.you})`);
    expect(nameOf(v, 2, w)).toBe('');
  });

  it('shows the two other seats after the player’s, seat 0’s when not seated', () => {
    expect(opponentSeats(table({}, { seat: 1 }))).toEqual([2, 0]);
    expect(opponentSeats(table({}, { seat: 2 }))).toEqual([0, 1]);
    expect(opponentSeats(table({}, { seat: null }))).toEqual([1, 2]);
  });

  it('matches answers to what they answer: a move by its number, a request by its id', () => {
    expect(sentKey({ type: 'act', seq: 5, action: {} })).toBe('act:5');
    expect(sentKey({ type: 'sit', id: 'r2' })).toBe('r2');
    expect(answerKey({ type: 'act-result', seq: 5, ok: true })).toBe('act:5');
    expect(answerKey({ type: 'sit-result', id: 'r2', ok: true })).toBe('r2');
    // An answer with neither is matched by nothing the page sent.
    expect(answerKey({ type: 'other', ok: true })).toBe('undefined');
    const s = initialTongitsState(table());
    expect([nextRequestId(s), nextRequestId(s)]).toEqual(['r1', 'r2']);
  });

  it('shows an answer’s error, none when ok, an empty one when the refusal says nothing', () => {
    expect(answerError({ type: 'act-result', ok: true })).toBeNull();
    const refused: Answer = { type: 'act-result', ok: false, error: { code: 'X', message: 'Not your turn' } };
    expect(answerError(refused)).toBe('Not your turn');
    expect(answerError({ type: 'act-result', ok: false })).toBe('');
  });

  it('numbers a move, holds the next while it is unanswered, and unpicks only the cards it used', () => {
    const s = initialTongitsState(table());
    s.selected = new Set(['As', '2s', '3s']);
    const move = startMove(s, { type: 'meld', cards: ['As', '2s', '3s'] });
    expect(move?.message).toEqual({ type: 'act', seq: 5, action: { type: 'meld', cards: ['As', '2s', '3s'] } });
    expect(s.pending).toEqual({ seq: 5, action: { type: 'meld', cards: ['As', '2s', '3s'] } });
    expect(startMove(s, { type: 'discard', card: 'Kd' })).toBeNull();
    expect(s.seq).toBe(5);
    // A card picked while the move was on its way stays picked.
    s.selected.add('Kd');
    s.sapawing = true;
    moveAnswered(s, move!.used);
    expect([...s.selected]).toEqual(['Kd']);
    expect(s.pending).toBeNull();
    expect(s.sapawing).toBe(false);
    expect(startMove(s, { type: 'discard', card: 'Kd' })?.message.seq).toBe(6);
  });

  it('picks and unpicks a card on a click, arms the melds on the sapaw button, and forgets cards gone', () => {
    const s = initialTongitsState(table());
    toggleCard(s, 'As');
    toggleCard(s, '2s');
    toggleCard(s, 'As');
    expect([...s.selected]).toEqual(['2s']);
    toggleSapaw(s);
    expect(s.sapawing).toBe(true);
    toggleSapaw(s);
    expect(s.sapawing).toBe(false);
    s.selected = new Set(['2s', 'Qh']);
    keepHeldPicks(s.selected, ['2s', 'Kd']);
    expect([...s.selected]).toEqual(['2s']);
    keepHeldPicks(s.selected, []);
    expect(s.selected.size).toBe(0);
  });

  it("shows the player's own hand sorted with its points, nothing when not seated or not dealt", () => {
    expect(ownHand(table(), deal())).toEqual({ cards: ['As', '2s', 'Kd', 'Tc'], points: 23 });
    expect(ownHand(table({}, { seat: null }), deal())).toBeNull();
    expect(ownHand(table({}, { seat: 0 }), deal())).toBeNull();
    expect(ownHand(table(), null)).toBeNull();
    const noPoints = deal();
    noPoints.players[1]!.points = null;
    expect(ownHand(table(), noPoints)?.points).toBe(0);
  });

  it('remembers the hand dealt only before the player’s first move, once per deal', () => {
    const s = initialTongitsState(table({ deal: deal({ events: [{ type: 'draw', seat: 0 }] }) }));
    noteDealtHand(s);
    expect(s.dealtHands.get(7)).toEqual(['Kd', 'As', '2s', 'Tc']);
    s.view = table({
      deal: deal({ players: deal().players.map((p) => ({ ...p, cards: p.seat === 1 ? ['Kd'] : null })) }),
    });
    noteDealtHand(s);
    expect(s.dealtHands.get(7)).toEqual(['Kd', 'As', '2s', 'Tc']);
    // A view first seen after the player moved is not the dealt hand.
    const late = initialTongitsState(table({ deal: deal({ events: [{ type: 'meld', seat: 1 }] }) }));
    noteDealtHand(late);
    expect(late.dealtHands.size).toBe(0);
    const away = initialTongitsState(table({}, { seat: null }));
    noteDealtHand(away);
    expect(away.dealtHands.size).toBe(0);
  });

  it('checks a deck once its seed is out, once per deal, only for a hand seen dealt', () => {
    const revealed = deal({ over: true, fairness: { ...deal().fairness, serverSeed: 'seed' } });
    const s = initialTongitsState(table({ deal: revealed }));
    expect(deckCheckOf(s, revealed)).toBeNull();
    s.dealtHands.set(7, ['As', '2s']);
    expect(deckCheckOf(s, revealed)).toEqual({
      fair: { serverSeed: 'seed', serverSeedHash: 'hash', clientSeeds: ['a', 'b', 'c'], nonce: 3 },
      dealer: 0,
      seat: 1,
      hand: ['As', '2s'],
    });
    expect(deckCheckOf(s, deal({ over: true }))).toBeNull();
    s.checked.set(7, true);
    expect(deckCheckOf(s, revealed)).toBeNull();
  });
});

describe('what the Tongits page says', () => {
  it('says whose turn it is, or what the table waits for', () => {
    expect(statusText(table(), deal({ turn: 1 }), w)).toBe(w.yourTurn);
    expect(statusText(table(), deal({ turn: 2 }), w)).toBe(w.theirTurn.replace('{name}', 'Cy'));
    expect(statusText(table(), deal({ over: true }), w)).toBe(w.nextDeal);
    expect(statusText(table({ seats: [seatOf(0, 'Ana'), null, null] }), null, w)).toBe(w.waiting);
  });

  it('counts the turn down from the server’s clock, then the time bank, nothing when no turn runs', () => {
    // The page's clock runs a minute ahead of the server's; the view came at the server's T0.
    const clock = () => T0 + 60_000;
    const skew = 60_000;
    const turn = (d: Partial<Deal>) => table({ deal: deal(d) });
    expect(timerText(turn({ turnEndsAt: iso(9_500) }), w, skew, clock)).toBe(w.timeLeft.replace('{s}', '10'));
    expect(timerText(turn({ turnEndsAt: iso(-1), timeBankEndsAt: iso(20_000) }), w, skew, clock)).toBe(
      w.timeBank.replace('{s}', '20'),
    );
    expect(timerText(turn({ turnEndsAt: iso(-1), timeBankEndsAt: iso(-5_000) }), w, skew, clock)).toBe(
      w.timeBank.replace('{s}', '0'),
    );
    expect(timerText(turn({ turnEndsAt: iso(-1) }), w, skew, clock)).toBe(w.timeBank.replace('{s}', '0'));
    expect(timerText(turn({ turnEndsAt: null }), w, skew, clock)).toBe('');
    expect(timerText(turn({ turnEndsAt: iso(9_500), over: true }), w, skew, clock)).toBe('');
  });

  it('counts down between views, from the skew measured when the view came', () => {
    let now = T0 + 60_000;
    const clock = () => now;
    const view = table({ deal: deal({ turnEndsAt: iso(9_500) }) });
    const s = initialTongitsState(view, undefined, clock);
    expect(s.skewMs).toBe(60_000);
    expect(timerText(s.view, w, s.skewMs, clock)).toBe(w.timeLeft.replace('{s}', '10'));
    now += 3_000;
    expect(timerText(s.view, w, s.skewMs, clock)).toBe(w.timeLeft.replace('{s}', '7'));
    now += 7_000;
    expect(timerText(s.view, w, s.skewMs, clock)).toBe(w.timeBank.replace('{s}', '0'));
    expect(skewOf(view, () => T0 - 2_000)).toBe(-2_000);
  });

  it('says how a deal ended', () => {
    expect(endWord('tongits', w)).toBe(w.endTongits);
    expect(endWord('stock-out', w)).toBe(w.endStockOut);
    expect(endWord('draw', w)).toBe(w.endDraw);
  });

  it('offers the moves of the phase, each pressable only with the cards it needs', () => {
    const moves = (d: Deal, picked: string[], sapawing = false, you = {}) =>
      movesFor(table({}, you), d, new Set(picked), sapawing, w);
    const challenge = moves(deal({ phase: 'challenge', challenge: { caller: 0, answers: [] } }), []);
    expect(challenge.hint).toBe(w.hintAnswer.replace('{name}', 'Ana'));
    expect(challenge.buttons.map((b) => [b.testId, b.enabled, b.action])).toEqual([
      ['tg-fold', true, { type: 'fold' }],
      ['tg-challenge', true, { type: 'challenge' }],
    ]);

    const draw = moves(deal({ phase: 'draw' }), ['As'], false, { canCallDraw: true });
    expect(draw.hint).toBe(w.hintDraw);
    expect(draw.buttons.map((b) => [b.testId, b.enabled])).toEqual([
      ['tg-draw', true],
      ['tg-take', false],
      ['tg-call', true],
    ]);
    const take = moves(deal({ phase: 'draw' }), ['As', '2s']);
    expect(take.buttons.map((b) => b.testId)).toEqual(['tg-draw', 'tg-take']);
    expect(take.buttons[1]).toMatchObject({ enabled: true, action: { type: 'takeDiscard', cards: ['As', '2s'] } });
    // No discard to take.
    expect(moves(deal({ phase: 'draw', discards: [] }), ['As', '2s']).buttons[1]?.enabled).toBe(false);

    const play = moves(deal({ phase: 'play' }), ['As']);
    expect(play.hint).toBe(w.hintPlay);
    expect(play.buttons.map((b) => [b.testId, b.enabled, b.action])).toEqual([
      ['tg-meld', false, { type: 'meld', cards: ['As'] }],
      ['tg-sapaw', false, 'toggle-sapaw'],
      ['tg-discard', true, { type: 'discard', card: 'As' }],
    ]);
    const melds = [{ id: 1, owner: 0, kind: 'set' as const, cards: ['7s', '7h', '7d'] }];
    const sapaw = moves(deal({ phase: 'play', melds }), ['As', '2s', '3s'], true);
    expect(sapaw.hint).toBe(w.hintSapaw);
    expect(sapaw.buttons.map((b) => b.enabled)).toEqual([true, true, false]);
    // Nothing picked: the discard names no card.
    expect(moves(deal({ phase: 'play' }), []).buttons[2]?.action).toEqual({ type: 'discard', card: undefined });
  });

  it('offers no move when it is not the player’s', () => {
    expect(movesFor(table(), deal({ turn: 2 }), new Set(['As']), false, w)).toEqual({ hint: '', buttons: [] });
    expect(movesFor(table(), null, new Set(), false, w)).toEqual({ hint: '', buttons: [] });
  });

  it('offers the free seats, the top-up up to the maximum buy-in, and reads typed amounts in minor units', () => {
    expect(freeSeats(table({ seats: [null, seatOf(1, 'Ben'), null] }))).toEqual([0, 2]);
    expect(freeSeats(table())).toEqual([]);
    expect(topUpRoom(table(), 1)).toBe(7_500);
    expect(topUpRoom(table({ seats: [null, null, null] }), 1)).toBe(20_000);
    expect(minorOf('12.34')).toBe(1234);
    expect(minorOf('0.015')).toBe(2);
    expect(minorOf('')).toBe(0);
  });
});

describe('the sounds of a new Tongits view', () => {
  it("plays the player's turn once per turn, a card when the pile changed, the win when their deal ends won", () => {
    const v = table({ deal: deal({ turn: 1, phase: 'draw' }) });
    expect(viewTones(null, v, '')).toEqual({ turnKey: '7:1:draw', tones: ['turn'] });
    expect(viewTones(deal({ discards: [] }), v, '7:1:draw')).toEqual({ turnKey: '7:1:draw', tones: ['card'] });
    expect(viewTones(deal(), v, '7:1:draw').tones).toEqual([]);
    const result = { winner: 1 } as unknown as Deal['result'];
    const won = table({ deal: deal({ over: true, turn: null, phase: 'over', result }) });
    expect(viewTones(deal(), won, '7:1:play')).toEqual({ turnKey: '7:null:over', tones: ['win'] });
    // Already over before: no second win.
    expect(viewTones(deal({ over: true }), won, '').tones).toEqual([]);
    expect(viewTones(deal(), table({ deal: null }), '7:1:play')).toEqual({ turnKey: '', tones: [] });
  });
});

describe('the entropy a Tongits state starts with', () => {
  it('is the one given', () => {
    const entropy = new HandEntropy(() => 'v');
    expect(initialTongitsState(table(), entropy).entropy).toBe(entropy);
  });
});
