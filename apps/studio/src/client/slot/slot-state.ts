// What the slot page knows and decides, without a DOM: how far and how long each reel turns, how long
// a celebration lasts and how it counts up, where the paylines and the winning cells are, what the
// win bar and the free spins counter say, and when autoplay stops. The result itself is the
// server's (games/slot-present.ts); these only pace and word its showing.
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

/** A coin's place, fall time and delay in a celebration, from three random numbers in [0, 1). */
export function coinStyle(x: number, d: number, t: number): string {
  return `--x:${Math.round(x * 100)}%;--d:${(0.6 + d * 1.4).toFixed(2)}s;--t:${(t * 0.8).toFixed(2)}s`;
}

/**
 * The amount a celebration shows `elapsed` ms into its `ms`: it counts up over the first 70% of the
 * time and then holds; `more` while it is still counting.
 */
export function countUp(amount: number, elapsed: number, ms: number): { value: number; more: boolean } {
  const t = Math.min(1, elapsed / (ms * 0.7));
  return { value: Math.round(amount * t), more: t < 1 };
}

/** The reel and row of a winning cell, from its key `reel:row`. */
export function winCellOf(key: string): [number, number] {
  const [r, y] = key.split(':').map(Number);
  return [r ?? 0, y ?? 0];
}

/** A payline's points over the reels (one unit per reel and row), through the middle of each cell. */
export function paylinePoints(line: number[]): string {
  return line.map((row, r) => `${r + 0.5},${row + 0.5}`).join(' ');
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
