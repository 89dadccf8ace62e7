// What the derby page knows and decides, without a DOM: how a side's button reads, what a pick and a
// click on fight make of the bet, whether a pick brings other birds into the pit, and how the fight
// clock ticks between clashes. The result itself is the server's (presentDerby in
// arcade-present.ts); these only pace and word its showing. derby-state.test.ts checks them.
import type { gameWords } from '../game-words';
import type { DerbyOutcome } from './arcade-present';
import { odds } from './common';

export type Fight = { fightId: string; meron: string; wala: string; odds100: Record<string, number> };
export type DerbyGame = { sides: string[]; fights: Fight[]; chips: number[] };
export type DerbyWords = ReturnType<typeof gameWords>['derby'];
export type Birds = { meron: string; wala: string };

/** The side the player picked; null until one is. */
export type DerbyChoice = { fightId: string; side: string } | null;

/** How long the whole fight takes on screen. */
export const FIGHT_MS = 3200;

/** The birds in the pit before a pick: the first fight's, or the sides' own names. */
export function openingBirds(first: Fight | undefined): Birds {
  return { meron: first?.meron ?? 'Meron', wala: first?.wala ?? 'Wala' };
}

/** Two birds as the headings and the verdict say them. */
export function birdsTitle(b: Birds): string {
  return `${b.meron} v ${b.wala}`;
}

/** A side as its button and the slip say it: the bird's side and name, or the draw. */
export function sideLabel(side: string, f: Pick<Fight, 'meron' | 'wala'>, words: Pick<DerbyWords, 'draw'>): string {
  return side === 'meron' ? `Meron (${f.meron})` : side === 'wala' ? `Wala (${f.wala})` : words.draw;
}

/** A side's button text: the side and its decimal odds (nought when the fight has none for it). */
export function sideButtonText(label: string, f: Pick<Fight, 'odds100'>, side: string): string {
  return `${label} @ ${odds(f.odds100[side] ?? 0)}`;
}

/** The choice a click on a side's button makes. */
export function chooseSide(f: Pick<Fight, 'fightId'>, side: string): DerbyChoice {
  return { fightId: f.fightId, side };
}

/** Whether a pick of this fight needs other birds drawn in the pit. */
export function needsBirds(shown: Birds, f: Birds): boolean {
  return shown.meron !== f.meron || shown.wala !== f.wala;
}

/** The bet a click on fight sends: the choice at this stake; null while nothing is chosen. */
export function derbyBet(chosen: DerbyChoice, amount: number) {
  return chosen ? { ...chosen, amount } : null;
}

/** The clock's run from second `from` to the clash at `to`: its time on screen and its ticks. */
export function clashRun(from: number, to: number, seconds: number): { ms: number; ticks: number } {
  const ms = ((to - from) / seconds) * FIGHT_MS;
  const ticks = Math.max(1, Math.round(ms / 100));
  return { ms, ticks };
}

/** The fight clock at tick `i` of `ticks` between second `from` and `to`. */
export function clockAt(from: number, to: number, i: number, ticks: number): string {
  return `${Math.round(from + ((to - from) * i) / ticks)}s`;
}

/** The pause after the last clash before the result: the rest of the fight, at most 400 ms. */
export function restMs(second: number, seconds: number): number {
  const rest = ((seconds - second) / seconds) * FIGHT_MS;
  return Math.min(400, rest);
}

/** How the loser falls: away from the winner. */
export function fallAngle(result: 'meron' | 'wala'): string {
  return result === 'meron' ? '80deg' : '-80deg';
}

/** The history's text of a fight: its result. */
export function derbySummary(o: Pick<DerbyOutcome, 'result'>, words: Pick<DerbyWords, 'summary'>): string {
  return words.summary[o.result];
}
