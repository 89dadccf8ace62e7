import { describe, expect, it } from 'vitest';
import { orderedDeck } from './cards';
import { PvpError, type PvpErrorCode } from './errors';
import { act, legalActions, startHand } from './table';
import { stackOfSeat, tableWith } from './test-support';
import type { Action, TableState } from './types';

const deck = orderedDeck();

function refusedWith(state: TableState, seat: number, action: Action, code: PvpErrorCode): void {
  const before = JSON.stringify(state);
  try {
    act(state, seat, action);
    expect.unreachable(`expected ${code}`);
  } catch (error) {
    expect(error).toBeInstanceOf(PvpError);
    expect((error as PvpError).code).toBe(code);
  }
  expect(JSON.stringify(state)).toBe(before);
}

describe('no-limit raises', () => {
  // Three players: button seat 0 acts first preflop, small blind seat 1, big blind seat 2.
  const start = () => startHand(tableWith([10_000, 10_000, 10_000]), deck);

  it('opens with the big blind as the smallest raise, then the last full raise', () => {
    let s = start();
    expect(s.hand!.toAct).toBe(0);
    expect(legalActions(s)).toMatchObject({
      canCheck: false,
      callAmount: 100,
      canRaise: true,
      minRaiseTo: 200,
      maxRaiseTo: 10_000,
    });
    refusedWith(s, 0, { type: 'raise', to: 199 }, 'PVP_BELOW_MIN_RAISE');
    s = act(s, 0, { type: 'raise', to: 350 });
    // The raise added 250: the next raise goes to at least 600.
    expect(legalActions(s)).toMatchObject({ seat: 1, callAmount: 300, minRaiseTo: 600 });
    refusedWith(s, 1, { type: 'raise', to: 599 }, 'PVP_BELOW_MIN_RAISE');
    refusedWith(s, 1, { type: 'raise', to: 10_001 }, 'PVP_OVER_STACK');
    s = act(s, 1, { type: 'raise', to: 600 });
    expect(legalActions(s)).toMatchObject({ seat: 2, minRaiseTo: 850 });
  });

  it('lets a player go all-in for less than a raise, which does not reopen the betting', () => {
    let s = startHand(tableWith([10_000, 450, 10_000]), deck);
    s = act(s, 0, { type: 'raise', to: 300 });
    // The small blind's all-in to 450 adds 150, less than the 200 raise before it.
    s = act(s, 1, { type: 'allIn' });
    expect(s.hand!.currentBet).toBe(450);
    expect(s.hand!.fullRaise).toBe(200);
    // The big blind has not acted yet: they may raise, from 450 + 200.
    expect(legalActions(s)).toMatchObject({ seat: 2, canRaise: true, minRaiseTo: 650 });
    s = act(s, 2, { type: 'call' });
    // The opener faces only the short all-in: call or fold.
    expect(legalActions(s)).toMatchObject({ seat: 0, canRaise: false, callAmount: 150 });
    refusedWith(s, 0, { type: 'raise', to: 1_000 }, 'PVP_RAISE_NOT_REOPENED');
    s = act(s, 0, { type: 'call' });
    expect(s.hand!.street).toBe('flop');
  });

  it('reopens the betting when short all-ins add up to a full raise', () => {
    let s = startHand(tableWith([10_000, 10_000, 450, 520]), deck);
    // Button 0, small blind 1, big blind 2, first to act seat 3.
    s = act(s, 3, { type: 'call' });
    s = act(s, 0, { type: 'raise', to: 300 });
    s = act(s, 1, { type: 'call' });
    s = act(s, 2, { type: 'allIn' }); // to 450: +150, short
    s = act(s, 3, { type: 'allIn' }); // to 520: +70 more, short; 220 over the 300 seat 0 matched
    expect(legalActions(s)).toMatchObject({ seat: 0, canRaise: true, minRaiseTo: 720 });
    s = act(s, 0, { type: 'call' });
    // The small blind matched 300 too: 520 - 300 = 220 is a full raise over it.
    expect(legalActions(s)).toMatchObject({ seat: 1, canRaise: true });
  });

  it('a player who only checked may raise a short all-in bet after the flop', () => {
    let s = startHand(tableWith([10_000, 10_000, 130]), deck);
    s = act(s, 0, { type: 'call' });
    s = act(s, 1, { type: 'call' });
    s = act(s, 2, { type: 'check' });
    // Flop: small blind first.
    expect(s.hand!.street).toBe('flop');
    s = act(s, 1, { type: 'check' });
    s = act(s, 2, { type: 'allIn' }); // a bet of 30, below the big blind
    expect(legalActions(s)).toMatchObject({ seat: 0, canRaise: true, callAmount: 30, minRaiseTo: 130 });
    s = act(s, 0, { type: 'call' });
    expect(legalActions(s)).toMatchObject({ seat: 1, canRaise: true });
  });

  it('refuses a raise when everyone else is all-in', () => {
    let s = startHand(tableWith([10_000, 10_000]), deck);
    // Heads-up: the button (seat 0) posts the small blind and acts first.
    s = act(s, 0, { type: 'raise', to: 10_000 });
    expect(legalActions(s)).toMatchObject({ seat: 1, canRaise: false, callAmount: 9_900 });
    refusedWith(s, 1, { type: 'raise', to: 10_000 }, 'PVP_RAISE_NOT_ALLOWED');
  });
});

describe('pot-limit arithmetic', () => {
  const start = () => startHand(tableWith([10_000, 10_000, 10_000], { betting: 'pot-limit' }), deck);

  it('caps a raise at the pot after calling', () => {
    let s = start();
    // Blinds 50 + 100 = 150; calling 100 makes 250; raise-to = 100 + 250 = 350.
    expect(legalActions(s)).toMatchObject({ minRaiseTo: 200, maxRaiseTo: 350 });
    refusedWith(s, 0, { type: 'raise', to: 351 }, 'PVP_OVER_POT_LIMIT');
    refusedWith(s, 0, { type: 'allIn' }, 'PVP_OVER_POT_LIMIT');
    s = act(s, 0, { type: 'raise', to: 350 });
    // Small blind: pot 50 + 100 + 350 = 500, call 300 makes 800, raise-to = 350 + 800 = 1,150.
    expect(legalActions(s)).toMatchObject({ seat: 1, callAmount: 300, minRaiseTo: 600, maxRaiseTo: 1_150 });
    s = act(s, 1, { type: 'raise', to: 1_150 });
    // Big blind: pot 350 + 1,150 + 100 = 1,600, call 1,050 makes 2,650; raise-to = 1,150 + 2,650.
    expect(legalActions(s)).toMatchObject({ seat: 2, callAmount: 1_050, maxRaiseTo: 3_800 });
  });

  it('after the flop the first bet is at most the pot', () => {
    let s = start();
    s = act(s, 0, { type: 'call' });
    s = act(s, 1, { type: 'call' });
    s = act(s, 2, { type: 'check' });
    expect(legalActions(s)).toMatchObject({ seat: 1, canCheck: true, minRaiseTo: 100, maxRaiseTo: 300 });
    s = act(s, 1, { type: 'bet', to: 300 });
    // Pot 600, call 300 makes 900: raise-to 300 + 900.
    expect(legalActions(s)).toMatchObject({ seat: 2, maxRaiseTo: 1_200, minRaiseTo: 600 });
  });

  it('a stack below the pot limit may still go all-in', () => {
    let s = startHand(tableWith([300, 10_000, 10_000], { betting: 'pot-limit' }), deck);
    expect(legalActions(s)).toMatchObject({ maxRaiseTo: 300, allInTo: 300 });
    s = act(s, 0, { type: 'allIn' });
    expect(stackOfSeat(s, 0)).toBe(0);
  });
});

describe('action checks', () => {
  it('refuses with stable codes and changes nothing', () => {
    const s = startHand(tableWith([10_000, 10_000, 10_000]), deck);
    refusedWith(s, 1, { type: 'call' }, 'PVP_NOT_YOUR_TURN');
    refusedWith(s, 0, { type: 'check' }, 'PVP_CANNOT_CHECK');
    refusedWith(s, 0, { type: 'raise', to: 250.5 }, 'PVP_BAD_AMOUNT');
    refusedWith(s, 0, { type: 'raise' }, 'PVP_BAD_AMOUNT');
    refusedWith(s, 0, { type: 'dance' } as unknown as Action, 'PVP_UNKNOWN_ACTION');
    let t = act(s, 0, { type: 'call' });
    t = act(t, 1, { type: 'call' });
    // The big blind has the option: nothing to call.
    refusedWith(t, 2, { type: 'call' }, 'PVP_NOTHING_TO_CALL');
    t = act(t, 2, { type: 'fold' });
    expect(t.hand!.street).toBe('flop');
  });

  it('refuses actions without a hand or after it', () => {
    const s = tableWith([1_000, 1_000]);
    expect(() => act(s, 0, { type: 'fold' })).toThrow('PVP_NO_HAND');
    let t = startHand(s, deck);
    t = act(t, 0, { type: 'fold' });
    expect(() => act(t, 1, { type: 'check' })).toThrow('PVP_HAND_OVER');
  });

  it('a timeout checks when checking is allowed and folds otherwise', () => {
    let s = startHand(tableWith([10_000, 10_000, 10_000]), deck);
    s = act(s, 0, { type: 'timeout' });
    expect(s.hand!.players.find((p) => p.seat === 0)!.folded).toBe(true);
    s = act(s, 1, { type: 'call' });
    s = act(s, 2, { type: 'timeout' });
    expect(s.hand!.players.find((p) => p.seat === 2)!.folded).toBe(false);
    expect(s.hand!.street).toBe('flop');
    expect(
      s.hand!.events.filter((e) => e.type === 'action' && e.timeout).map((e) => e.type === 'action' && e.action),
    ).toEqual(['fold', 'check']);
  });
});
