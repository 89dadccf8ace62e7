// Pots at the end of a hand: the uncalled part of the biggest bet goes back, the rest is cut into a
// main pot and side pots at each all-in level of the players still in, rake is taken (a share of the
// pots with a cap, and none when the hand ended before the flop), and each pot is split between its
// best hands. Odd chips of a split go one each to the winners in seat order starting from the first
// seat left of the button, the usual card room rule.
import { clockwise } from './positions';
import type { HandPlayer, RakeRule } from './types';

export interface Contribution {
  seat: number;
  committed: number;
  folded: boolean;
}

export interface Pot {
  amount: number;
  eligible: number[];
}

/** The uncalled excess of the single largest contribution: [seat, amount] or null. */
export function uncalledBet(contributions: readonly Contribution[]): { seat: number; amount: number } | null {
  const sorted = [...contributions].sort((a, b) => b.committed - a.committed);
  const top = sorted[0];
  if (!top) return null;
  const second = sorted[1]?.committed ?? 0;
  return top.committed > second ? { seat: top.seat, amount: top.committed - second } : null;
}

/**
 * Main pot first, then side pots. Each level is a contribution of a player still in; a pot holds
 * every player's chips between the previous level and its own, and only players still in who reached
 * its level can win it. Chips of folded players above the top level (none once the uncalled bet is
 * returned) join the last pot.
 */
export function buildPots(contributions: readonly Contribution[]): Pot[] {
  const live = contributions.filter((c) => !c.folded);
  const levels = [...new Set(live.map((c) => c.committed))].filter((l) => l > 0).sort((a, b) => a - b);
  const pots: Pot[] = [];
  let previous = 0;
  for (const level of levels) {
    let amount = 0;
    for (const c of contributions) amount += Math.min(c.committed, level) - Math.min(c.committed, previous);
    pots.push({ amount, eligible: live.filter((c) => c.committed >= level).map((c) => c.seat) });
    previous = level;
  }
  const above = contributions.reduce((sum, c) => sum + Math.max(0, c.committed - previous), 0);
  if (above > 0) {
    if (pots.length === 0) pots.push({ amount: 0, eligible: live.map((c) => c.seat) });
    pots[pots.length - 1]!.amount += above;
  }
  return pots;
}

/** The hand's rake and each pot's part of it (proportional, leftover chips from the main pot on). */
export function rakePots(pots: readonly Pot[], rule: RakeRule, flopSeen: boolean): number[] {
  const total = pots.reduce((sum, p) => sum + p.amount, 0);
  if (!flopSeen || total === 0) return pots.map(() => 0);
  const rake = Math.min(rule.cap, Math.floor((total * rule.basisPoints) / 10_000));
  const parts = pots.map((p) => Math.floor((p.amount * rake) / total));
  let left = rake - parts.reduce((sum, x) => sum + x, 0);
  for (let i = 0; left > 0; i = (i + 1) % pots.length) {
    if (parts[i]! < pots[i]!.amount) {
      parts[i]!++;
      left--;
    }
  }
  return parts;
}

/**
 * Splits `amount` between `winners`: equal shares, and the odd chips one each in seat order from
 * the first seat left of the button.
 */
export function splitPot(
  amount: number,
  winners: readonly number[],
  button: number,
  seatCount: number,
): { seat: number; amount: number }[] {
  const order = [...winners].sort(
    (a, b) => (clockwise(button, a, seatCount) || seatCount) - (clockwise(button, b, seatCount) || seatCount),
  );
  const share = Math.floor(amount / order.length);
  let odd = amount - share * order.length;
  return order.map((seat) => {
    const extra = odd > 0 ? 1 : 0;
    odd -= extra;
    return { seat, amount: share + extra };
  });
}

export function contributionsOf(players: readonly HandPlayer[]): Contribution[] {
  return players.map((p) => ({ seat: p.seat, committed: p.committed, folded: p.folded }));
}
