// What the player to act may do, and doing it. No-limit: a bet or raise goes up to the whole stack.
// Pot-limit: up to the pot after calling (the raise-to is the current bet plus every chip in the pot
// and on the table plus the call). Either way the smallest raise adds the last full bet or raise of
// the street (at least the big blind), an all-in for less is always allowed, and an all-in raise
// smaller than a full raise does not reopen the betting for players who already acted: they may only
// call or fold, unless short all-ins together add up to a full raise over what they last matched (a
// player who only checked faces a first bet, so any bet opens the betting to them).
import { refuse } from './errors';
import type { Action, Hand, HandPlayer, TableConfig } from './types';

export interface LegalActions {
  seat: number;
  canCheck: boolean;
  /** Chips a call puts in (0 when there is nothing to call); less than the bet when it is all-in. */
  callAmount: number;
  canRaise: boolean;
  /** Smallest raise-to (an all-in below it is also allowed). */
  minRaiseTo: number;
  /** Largest raise-to. */
  maxRaiseTo: number;
  /** The player's whole stack as a raise-to. */
  allInTo: number;
}

function playerAt(hand: Hand, seat: number): HandPlayer {
  const player = hand.players.find((p) => p.seat === seat);
  if (!player) refuse('PVP_NOT_IN_HAND');
  return player;
}

export function stackOf(stacks: readonly number[], seat: number): number {
  return stacks[seat] ?? 0;
}

export function legalActions(hand: Hand, stacks: readonly number[], config: TableConfig): LegalActions {
  if (hand.result) refuse('PVP_HAND_OVER');
  if (hand.toAct === null) refuse('PVP_NO_HAND');
  const player = playerAt(hand, hand.toAct);
  const stack = stackOf(stacks, player.seat);
  const toCall = Math.max(0, hand.currentBet - player.streetBet);
  const allInTo = player.streetBet + stack;
  const othersCanAct = hand.players.some((p) => p.seat !== player.seat && !p.folded && !p.allIn);
  const reopened = isReopened(hand, player);
  const canRaise = stack > toCall && othersCanAct && reopened;
  let maxRaiseTo = allInTo;
  if (config.betting === 'pot-limit') {
    const potAfterCall = hand.players.reduce((sum, p) => sum + p.committed, 0) + toCall;
    maxRaiseTo = Math.min(allInTo, hand.currentBet + potAfterCall);
  }
  return {
    seat: player.seat,
    canCheck: toCall === 0,
    callAmount: Math.min(toCall, stack),
    canRaise,
    minRaiseTo: Math.min(hand.currentBet + hand.fullRaise, allInTo),
    maxRaiseTo,
    allInTo,
  };
}

/**
 * Whether this player may raise: not yet acted on the street, only checked so far (a bet of any size
 * opens the betting), or facing at least a full raise over what they last matched.
 */
function isReopened(hand: Hand, player: HandPlayer): boolean {
  return !player.acted || player.levelAtAction === 0 || hand.currentBet - player.levelAtAction >= hand.fullRaise;
}

/** Why a raise is not allowed, for the error code. */
function raiseRefusal(hand: Hand, player: HandPlayer, stack: number): never {
  const toCall = Math.max(0, hand.currentBet - player.streetBet);
  const reopened = isReopened(hand, player);
  if (stack > toCall && !reopened) refuse('PVP_RAISE_NOT_REOPENED');
  refuse('PVP_RAISE_NOT_ALLOWED');
}

/**
 * Applies the action of the player to act (already checked to be them) to the hand and the stacks,
 * in place. Returns what happened for the hand's events.
 */
export function applyAction(
  hand: Hand,
  stacks: number[],
  config: TableConfig,
  action: Action,
): { type: 'fold' | 'check' | 'call' | 'bet' | 'raise'; to: number; allIn: boolean } {
  const legal = legalActions(hand, stacks, config);
  const player = playerAt(hand, legal.seat);
  const put = (chips: number) => {
    stacks[player.seat] = stackOf(stacks, player.seat) - chips;
    player.committed += chips;
    player.streetBet += chips;
    if (stacks[player.seat] === 0) player.allIn = true;
  };
  let type = action.type;
  if (type === 'timeout') type = legal.canCheck ? 'check' : 'fold';
  switch (type) {
    case 'fold':
      player.folded = true;
      player.acted = true;
      return { type: 'fold', to: player.streetBet, allIn: false };
    case 'check':
      if (!legal.canCheck) refuse('PVP_CANNOT_CHECK');
      player.acted = true;
      player.levelAtAction = hand.currentBet;
      return { type: 'check', to: player.streetBet, allIn: false };
    case 'call':
      if (legal.callAmount === 0) refuse('PVP_NOTHING_TO_CALL');
      put(legal.callAmount);
      player.acted = true;
      player.levelAtAction = hand.currentBet;
      return { type: 'call', to: player.streetBet, allIn: player.allIn };
    case 'allIn':
      if (legal.allInTo <= hand.currentBet) {
        if (legal.callAmount === 0) refuse('PVP_RAISE_NOT_ALLOWED');
        put(legal.callAmount);
        player.acted = true;
        player.levelAtAction = hand.currentBet;
        return { type: 'call', to: player.streetBet, allIn: true };
      }
      return raise(hand, stacks, config, legal, player, legal.allInTo, put);
    case 'bet':
    case 'raise': {
      const to = action.to;
      if (typeof to !== 'number' || !Number.isSafeInteger(to) || to < 1) refuse('PVP_BAD_AMOUNT');
      return raise(hand, stacks, config, legal, player, to, put);
    }
    default:
      refuse('PVP_UNKNOWN_ACTION');
  }
}

function raise(
  hand: Hand,
  stacks: number[],
  config: TableConfig,
  legal: LegalActions,
  player: HandPlayer,
  to: number,
  put: (chips: number) => void,
): { type: 'bet' | 'raise'; to: number; allIn: boolean } {
  const stack = stackOf(stacks, player.seat);
  if (!legal.canRaise) raiseRefusal(hand, player, stack);
  if (to > legal.allInTo) refuse('PVP_OVER_STACK');
  if (config.betting === 'pot-limit' && to > legal.maxRaiseTo) refuse('PVP_OVER_POT_LIMIT');
  if (to <= hand.currentBet || (to < legal.minRaiseTo && to !== legal.allInTo)) refuse('PVP_BELOW_MIN_RAISE');
  const type = hand.currentBet === 0 ? 'bet' : 'raise';
  const increment = to - hand.currentBet;
  put(to - player.streetBet);
  if (increment >= hand.fullRaise) hand.fullRaise = increment;
  hand.currentBet = to;
  hand.lastAggressor = player.seat;
  player.acted = true;
  player.levelAtAction = to;
  return { type, to, allIn: player.allIn };
}
