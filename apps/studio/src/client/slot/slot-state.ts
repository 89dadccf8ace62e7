// What the slot page knows and decides, without a DOM: how far and how long each reel turns, how long
// a celebration lasts, what the win bar and the free spins counter say, and when autoplay stops. The
// result itself is the server's (games/slot-present.ts); these only pace and word its showing.
// slot-state.test.ts checks them.

import type { BigWinTier, PresentedSpin, SlotOutcome } from '../games/slot-present';
import type { RoundView } from '../types';

/** Symbols in a reel's spinning loop. */
export const PERIOD = 8;

/** Cells travelled before a reel lands: later reels travel further, so they stop one by one. */
export function fillerOf(reel: number, turbo: boolean): number {
  return turbo ? 3 + reel : 6 + reel * 3;
}

/** The transform that shows the strip from cell `index` (of `cells`) at the reel's top. */
export function shift(index: number, cells: number): string {
  return `translateY(-${((index / cells) * 100).toFixed(4)}%)`;
}

/** One turn of a reel's loop while the server answers. */
export function spinLoopMs(turbo: boolean): number {
  return turbo ? 220 : 360;
}

/** A reel's run down to the server's column: later reels take longer. */
export function landingMs(reel: number, turbo: boolean): number {
  return turbo ? 180 + reel * 70 : 420 + reel * 200;
}

/** The symbols shown on a reel before the first spin (any, spread over the reel set). */
export function openingColumn(reel: number, rows: number, symbolCount: number): number[] {
  return Array.from({ length: rows }, (_, y) => (reel * 2 + y) % Math.max(1, symbolCount - 2));
}

/** How long a big win's celebration lasts: longer for a higher tier, halved in turbo. */
export function bigWinMs(tier: Exclude<BigWinTier, 'none'>, turbo: boolean): number {
  return (tier === 'epic' ? 4200 : tier === 'mega' ? 3200 : 2200) / (turbo ? 2 : 1);
}

/** How long the free spins intro lasts. */
export function freeSpinsIntroMs(turbo: boolean): number {
  return turbo ? 900 : 1800;
}

/** The falling coins of a celebration: more for a higher tier, none for another overlay. */
export function coinCount(kind: string): number {
  if (!kind.startsWith('bigwin')) return 0;
  return kind.endsWith('epic') ? 36 : kind.endsWith('mega') ? 24 : 14;
}

/** What the win bar cycles through: the total, then each win's own text; nothing when none. */
export function winTexts(p: Pick<PresentedSpin, 'total' | 'wins'>, total: (amount: number) => string): string[] {
  if (!p.wins.length) return [];
  return [total(p.total), ...p.wins.map((win) => win.text)];
}

/** The free spins counter: shown while spins are owed or one is being played. */
export function freeSpinsCounter(
  outcome: Pick<SlotOutcome, 'freeSpin'>,
  round: Pick<RoundView, 'steps' | 'pendingSteps'>,
): { active: boolean; played: number; left: number } {
  return {
    active: round.pendingSteps > 0 || outcome.freeSpin,
    played: round.steps.length - 1,
    left: round.pendingSteps,
  };
}

/** The autoplay loss limit typed (major units) in minor units; 0 when none or not a number. */
export function lossLimitOf(typed: string): number {
  const limit = Math.round(Number(typed || 0) * 100);
  return Number.isFinite(limit) && limit > 0 ? limit : 0;
}

export type AutoplayRules = { stopOnWin: boolean; lossLimit: number };

/**
 * Whether autoplay stops after a round (its free spins played): on a win when asked, or once the
 * rounds' net loss so far (`loss`, this round's included) reaches the limit.
 */
export function autoplayStops(rules: AutoplayRules, round: Pick<RoundView, 'win'>, loss: number): boolean {
  if (rules.stopOnWin && round.win > 0) return true;
  return rules.lossLimit > 0 && loss >= rules.lossLimit;
}
