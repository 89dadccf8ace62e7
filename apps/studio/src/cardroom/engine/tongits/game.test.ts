// Worked examples of the Tongits rules: melds, sapaw, each way a game ends, the bills and the rake,
// and every refused action leaving the state as it was.
import { describe, expect, it } from 'vitest';
import { parseCard, parseCards } from '../cards';
import { TongitsError } from './errors';
import { act, allCards, canCallDraw, rakeFor, startGame } from './game';
import { cardPoints, handPoints, highestCard, isRun, isSet } from './rules';
import { position } from './test-support';
import type { Action, Seat, TongitsState } from './types';

const c = parseCard;
const cs = parseCards;

function refused(state: TongitsState, seat: Seat, action: Action): string {
  const before = JSON.stringify(state);
  try {
    act(state, seat, action);
  } catch (error) {
    expect(error).toBeInstanceOf(TongitsError);
    expect(JSON.stringify(state)).toBe(before);
    return (error as TongitsError).code;
  }
  throw new Error('the action was accepted');
}

describe('card points and melds', () => {
  it('counts A as 1, 2-10 at face value and J Q K as 10', () => {
    expect(cs('As 2h 7d Tc Js Qh Kd').map(cardPoints)).toEqual([1, 2, 7, 10, 10, 10, 10]);
    expect(handPoints(cs('As Kd 5c'))).toBe(16);
  });
  it('takes sets of 3-4 of a rank and runs of 3+ in a suit, ace low', () => {
    expect(isSet(cs('7s 7h 7d'))).toBe(true);
    expect(isSet(cs('7s 7h 7d 7c'))).toBe(true);
    expect(isSet(cs('7s 7h'))).toBe(false);
    expect(isSet(cs('7s 7h 8d'))).toBe(false);
    expect(isRun(cs('As 2s 3s'))).toBe(true);
    expect(isRun(cs('9h Jh Th Qh Kh'))).toBe(true);
    expect(isRun(cs('Qs Ks As'))).toBe(false);
    expect(isRun(cs('Ks As 2s'))).toBe(false);
    expect(isRun(cs('4s 5s 7s'))).toBe(false);
    expect(isRun(cs('4s 5h 6s'))).toBe(false);
  });
  it('times out on the card with most points, then the higher rank, then the later suit', () => {
    expect(highestCard(cs('9s Ts Jd 2c'))).toBe(c('Jd'));
    expect(highestCard(cs('Ks Kc Qd'))).toBe(c('Kc'));
    expect(highestCard(cs('As 3h 2c'))).toBe(c('3h'));
  });
});

describe('dealing', () => {
  it('deals 13 to the dealer and 12 to the others one at a time, and leaves 15 in the stock', () => {
    const deck = Array.from({ length: 52 }, (_, i) => i);
    const game = startGame({ stake: 100 }, deck, 1);
    expect(game.hands.map((h) => h.length)).toEqual([12, 13, 12]);
    expect(game.hands[1].slice(0, 3)).toEqual([0, 3, 6]);
    expect(game.hands[2][0]).toBe(1);
    expect(game.hands[0][0]).toBe(2);
    expect(game.hands[1][12]).toBe(36);
    expect(game.stock).toEqual(deck.slice(37));
    expect(game).toMatchObject({ turn: 1, phase: 'play', dealer: 1 });
    expect(() => startGame({ stake: 100 }, deck.slice(1), 0)).toThrow('TONGITS_BAD_DECK');
    expect(() => startGame({ stake: 100 }, [...deck.slice(1), 1], 0)).toThrow('TONGITS_BAD_DECK');
    expect(() => startGame({ stake: 0 }, deck, 0)).toThrow('TONGITS_BAD_CONFIG');
    expect(() => startGame({ stake: 100 }, deck, 3 as Seat)).toThrow('TONGITS_BAD_SEAT');
  });
});

describe('a turn', () => {
  const start = () =>
    position({
      hands: ['7s 7h 7d 5h Js', '7c 3h 4h Kd 8c', 'Qs Qh Jd Tc'],
      melds: [[2, '8s 9s Ts']],
      stock: 'Jh 2c 2d 2s',
      discards: '6c',
    });

  it('draws, melds, lays off and discards; taking the discard lays a meld at once', () => {
    let s = act(start(), 0, { type: 'drawStock' });
    expect(s.hands[0]).toContain(c('Jh'));
    s = act(s, 0, { type: 'meld', cards: cs('7s 7h 7d') });
    expect(s.melds[1]).toMatchObject({ id: 1, owner: 0, kind: 'set', cards: cs('7s 7h 7d') });
    s = act(s, 0, { type: 'sapaw', meldId: 0, cards: [c('Js')] });
    expect(s.melds[0]!.cards).toEqual(cs('8s 9s Ts Js'));
    expect(s.sapawed).toEqual([false, false, true]);
    s = act(s, 0, { type: 'discard', card: c('5h') });
    expect(s).toMatchObject({ turn: 1, phase: 'draw' });
    s = act(s, 1, { type: 'takeDiscard', cards: cs('3h 4h') });
    expect(s.melds[2]).toMatchObject({ owner: 1, kind: 'run', cards: cs('3h 4h 5h') });
    expect(s.discards.at(-1)).toBe(c('6c'));
    s = act(s, 1, { type: 'sapaw', meldId: 1, cards: [c('7c')] });
    expect(s.sapawed).toEqual([true, false, true]);
    s = act(s, 1, { type: 'discard', card: c('Kd') });
    // Seat 2 was laid off on since its last turn: no draw call, whatever its melds.
    expect(refused(s, 2, { type: 'callDraw' })).toBe('TONGITS_CANNOT_CALL_DRAW');
    s = act(s, 2, { type: 'drawStock' });
    s = act(s, 2, { type: 'discard', card: c('2c') });
    expect(s.sapawed).toEqual([true, false, false]);
    expect(canCallDraw(s, 0)).toBe(false);
    s = act(s, 0, { type: 'drawStock' });
    s = act(s, 0, { type: 'discard', card: c('2d') });
    expect(canCallDraw(s, 1)).toBe(true);
    expect(allCards(s).sort((a, b) => a - b)).toEqual(Array.from({ length: 52 }, (_, i) => i));
  });

  it('refuses illegal actions with a stable code and changes nothing', () => {
    const s = start();
    expect(refused(s, 1, { type: 'drawStock' })).toBe('TONGITS_NOT_YOUR_TURN');
    expect(refused(s, 0, { type: 'discard', card: c('5h') })).toBe('TONGITS_MUST_DRAW_FIRST');
    expect(refused(s, 0, { type: 'meld', cards: cs('7s 7h 7d') })).toBe('TONGITS_MUST_DRAW_FIRST');
    expect(refused(s, 0, { type: 'takeDiscard', cards: cs('7s 7h') })).toBe('TONGITS_INVALID_MELD');
    expect(refused(s, 0, { type: 'callDraw' })).toBe('TONGITS_CANNOT_CALL_DRAW');
    expect(refused(s, 0, { type: 'fold' })).toBe('TONGITS_NO_CHALLENGE');
    expect(refused(s, 0, { type: 'shuffle' } as unknown as Action)).toBe('TONGITS_UNKNOWN_ACTION');
    expect(refused(s, 5 as Seat, { type: 'drawStock' })).toBe('TONGITS_BAD_SEAT');
    const drawn = act(s, 0, { type: 'drawStock' });
    expect(refused(drawn, 0, { type: 'drawStock' })).toBe('TONGITS_ALREADY_DREW');
    expect(refused(drawn, 0, { type: 'takeDiscard', cards: cs('5h Js') })).toBe('TONGITS_ALREADY_DREW');
    expect(refused(drawn, 0, { type: 'meld', cards: cs('7s 7h 5h') })).toBe('TONGITS_INVALID_MELD');
    expect(refused(drawn, 0, { type: 'meld', cards: cs('7s 7h') })).toBe('TONGITS_INVALID_MELD');
    expect(refused(drawn, 0, { type: 'meld', cards: cs('7s 7h 7c') })).toBe('TONGITS_CARD_NOT_IN_HAND');
    expect(refused(drawn, 0, { type: 'meld', cards: cs('7s 7h 7h') })).toBe('TONGITS_DUPLICATE_CARD');
    expect(refused(drawn, 0, { type: 'sapaw', meldId: 9, cards: cs('Js') })).toBe('TONGITS_NO_SUCH_MELD');
    expect(refused(drawn, 0, { type: 'sapaw', meldId: 0, cards: cs('5h') })).toBe('TONGITS_INVALID_SAPAW');
    expect(refused(drawn, 0, { type: 'sapaw', meldId: 0, cards: [] })).toBe('TONGITS_INVALID_SAPAW');
    expect(refused(drawn, 0, { type: 'discard', card: c('As') })).toBe('TONGITS_CARD_NOT_IN_HAND');
    const empty = position({ hands: ['7s 7h 7d', '3h', '4h'], stock: '2c' });
    expect(refused(empty, 0, { type: 'takeDiscard', cards: cs('7s 7h') })).toBe('TONGITS_NO_DISCARD');
  });
});

describe('how a game ends and what it pays', () => {
  it('tongits: the hand emptied; each loser pays base + tongits + one per ace laid down', () => {
    const s0 = position({
      hands: ['As 2s 3s 9d', '7c 3h 4h Kd', 'Qs Qh Jd Tc'],
      phase: 'play',
      stake: 100,
    });
    let s = act(s0, 0, { type: 'meld', cards: cs('As 2s 3s') });
    s = act(s, 0, { type: 'discard', card: c('9d') });
    expect(s.phase).toBe('over');
    expect(s.result).toMatchObject({ end: 'tongits', winner: 0, points: [0, 24, 40], collection: 600 });
    expect(s.result!.bills[0]).toMatchObject({ seat: 1, base: 1, tongits: 1, challenge: 0, fours: 0, aces: 1 });
    expect(s.result!.transfers).toEqual([600, -300, -300]);
    expect(refused(s, 0, { type: 'drawStock' })).toBe('TONGITS_GAME_OVER');
  });

  it('tongits by melding the last cards, with a set of four from the hand', () => {
    const s0 = position({ hands: ['Ks Kh Kd Kc', '7c 3h', 'Qs Qh'], phase: 'play', turn: 0, stake: 50 });
    const s = act(s0, 0, { type: 'meld', cards: cs('Ks Kh Kd Kc') });
    expect(s.result).toMatchObject({ end: 'tongits', winner: 0 });
    expect(s.result!.bills.map((b) => b.stakes)).toEqual([3, 3]);
    expect(s.result!.transfers).toEqual([300, -150, -150]);
  });

  it('stock-out: lowest points among players with a meld; the burned cannot win', () => {
    const s0 = position({
      hands: ['9d Kc', '2c', 'Qs Qh'],
      melds: [
        [0, '7s 7h 7d'],
        [2, '3h 4h 5h'],
      ],
      stock: 'Jh',
      shortStock: true,
      stake: 100,
    });
    let s = act(s0, 0, { type: 'drawStock' });
    expect(s.stock).toEqual([]);
    s = act(s, 0, { type: 'discard', card: c('Jh') });
    // Seat 1 holds 2 points but laid no meld: burned. Seat 0 has 19, seat 2 has 20.
    expect(s.result).toMatchObject({ end: 'stock-out', winner: 0, points: [19, 2, 20], contenders: [0, 2] });
    expect(s.result!.transfers).toEqual([200, -100, -100]);
  });

  it('stock-out ties go to the first in turn order from the player who drew the last card', () => {
    const s0 = position({
      hands: ['9d Tc', 'Ks 9h', 'Qs 9c'],
      melds: [
        [0, '7s 7h 7d'],
        [1, '3h 4h 5h'],
        [2, '3s 4s 5s'],
      ],
      stock: '2d',
      shortStock: true,
      turn: 1,
    });
    let s = act(s0, 1, { type: 'drawStock' });
    s = act(s, 1, { type: 'discard', card: c('Ks') });
    expect(s.result).toMatchObject({ winner: 1, points: [19, 11, 19] });
    const s1 = { ...s0, turn: 2 as Seat };
    s = act(s1, 2, { type: 'drawStock' });
    s = act(s, 2, { type: 'discard', card: c('Qs') });
    expect(s.result).toMatchObject({ winner: 2, points: [19, 19, 11] });
  });

  it('draw: everyone folds and the caller wins the base stake', () => {
    const s0 = position({
      hands: ['9d Kc', '2c 3d', 'Qs Qh'],
      melds: [
        [0, '7s 7h 7d'],
        [1, '3h 4h 5h'],
      ],
    });
    let s = act(s0, 0, { type: 'callDraw' });
    expect(s).toMatchObject({ phase: 'challenge', turn: 1 });
    expect(refused(s, 1, { type: 'drawStock' })).toBe('TONGITS_CHALLENGE_PENDING');
    expect(refused(s, 2, { type: 'fold' })).toBe('TONGITS_NOT_YOUR_TURN');
    s = act(s, 1, { type: 'fold' });
    // Seat 2 has no exposed meld: it can only fold.
    expect(refused(s, 2, { type: 'challenge' })).toBe('TONGITS_CANNOT_CHALLENGE');
    s = act(s, 2, { type: 'timeout' });
    expect(s.result).toMatchObject({ end: 'draw', winner: 0, contenders: [0] });
    expect(s.result!.transfers).toEqual([200, -100, -100]);
  });

  it('draw: a challenger with fewer points wins; a beaten challenger pays one stake more', () => {
    const s0 = position({
      hands: ['9d Kc', '2c 3d', 'Qs Qh'],
      melds: [
        [0, '7s 7h 7d'],
        [1, '3h 4h 5h'],
        [2, '3s 4s 5s'],
      ],
    });
    let s = act(act(s0, 0, { type: 'callDraw' }), 1, { type: 'challenge' });
    s = act(s, 2, { type: 'fold' });
    expect(s.result).toMatchObject({ end: 'draw', winner: 1, points: [19, 5, 20], contenders: [0, 1] });
    expect(s.result!.transfers).toEqual([-100, 200, -100]);

    const strong = position({
      hands: ['2d Ac', 'Kc 3d', 'Qs Qh'],
      melds: [
        [0, '7s 7h 7d'],
        [1, '3h 4h 5h'],
        [2, '3s 4s 5s'],
      ],
    });
    s = act(act(strong, 0, { type: 'callDraw' }), 1, { type: 'challenge' });
    s = act(s, 2, { type: 'challenge' });
    expect(s.result).toMatchObject({ winner: 0, contenders: [0, 1, 2] });
    expect(s.result!.bills.map((b) => [b.seat, b.challenge, b.stakes])).toEqual([
      [1, 1, 2],
      [2, 1, 2],
    ]);
    expect(s.result!.transfers).toEqual([400, -200, -200]);
  });

  it('draw: the caller wins a tie', () => {
    const s0 = position({
      hands: ['9d Kc', '9h Ks', 'Qs Qh'],
      melds: [
        [0, '7s 7h 7d'],
        [1, '3h 4h 5h'],
      ],
      turn: 1,
    });
    let s = act(s0, 1, { type: 'callDraw' });
    s = act(s, 2, { type: 'fold' });
    s = act(s, 0, { type: 'challenge' });
    expect(s.result).toMatchObject({ winner: 1, points: [19, 19, 20] });
    expect(s.result!.transfers).toEqual([-200, 300, -100]);
  });
});

describe('the turn timer', () => {
  it('draws from the stock and throws the card with most points', () => {
    const s0 = position({ hands: ['2c 9d 3h', '4c', '5c'], stock: 'Kh' });
    const s = act(s0, 0, { type: 'timeout' });
    expect(s.discards.at(-1)).toBe(c('Kh'));
    expect(s.hands[0]).toEqual(cs('2c 9d 3h'));
    expect(s.events.slice(-2)).toEqual([
      { type: 'drawStock', seat: 0, timeout: true },
      { type: 'discard', seat: 0, card: c('Kh'), timeout: true },
    ]);
    const played = act(act(s, 1, { type: 'drawStock' }), 1, { type: 'timeout' });
    expect(played.turn).toBe(2);
  });
});

describe('rake', () => {
  it('takes a percentage of the collection, rounded down, up to the cap', () => {
    expect(rakeFor(1000, { basisPoints: 500, cap: 100 })).toBe(50);
    expect(rakeFor(999, { basisPoints: 500, cap: 100 })).toBe(49);
    expect(rakeFor(10_000, { basisPoints: 500, cap: 100 })).toBe(100);
    expect(rakeFor(0, { basisPoints: 500, cap: 100 })).toBe(0);
    expect(rakeFor(Number.MAX_SAFE_INTEGER, { basisPoints: 10_000, cap: Number.MAX_SAFE_INTEGER })).toBe(
      Number.MAX_SAFE_INTEGER,
    );
    expect(() => rakeFor(100, { basisPoints: 10_001, cap: 1 })).toThrow('TONGITS_BAD_CONFIG');
    expect(() => rakeFor(-1, { basisPoints: 500, cap: 1 })).toThrow('TONGITS_BAD_CONFIG');
    expect(() => rakeFor(1.5, { basisPoints: 500, cap: 1 })).toThrow('TONGITS_BAD_CONFIG');
  });
});
