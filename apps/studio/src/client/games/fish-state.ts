// What the fishing page knows and decides, without a DOM: the game's kinds and shot choices, where
// each place of the school swims, the bet a click on fire sends, how fast the shots fly, where the
// cannon points and what the verdict says. The catch itself is the server's (presentFish in
// arcade-present.ts); these only place and pace its showing. fish-state.test.ts checks them.
import type { gameWords } from '../game-words';
import type { FishPlan } from './arcade-present';

export type FishKind = { id: string; name: string; glyph: string; multiplier: number };

export type FishGame = { kinds: FishKind[]; maxShots: number; shotValues: number[] };

export type FishWords = ReturnType<typeof gameWords>['fish'];

/** A point in per cent of the sea. */
export type SeaPoint = { x: number; y: number };

type Box = Pick<DOMRect, 'left' | 'top' | 'width' | 'height'>;

/** Where each of the eight places of the school swims (per cent of the sea), two loose rows. */
export function fishPlace(slot: number): { x: number; y: number } {
  return { x: 14 + (slot % 4) * 24 + (slot % 2) * 4, y: 22 + Math.floor(slot / 4) * 32 + (slot % 3) * 4 };
}

/** The shot counts offered, the game's maximum last; ten is chosen at first. */
export function shotCounts(maxShots: number): number[] {
  return [1, 5, 10, 20, 50, maxShots];
}

export const FIRST_SHOTS = 10;

/** The school shown before the first round: the first eight kinds, one per place. */
export function openingSchool(kinds: readonly unknown[]): number[] {
  return kinds.slice(0, 8).map((_, i) => i);
}

/** The bet of a click on fire, from the three pickers' values (no target: any fish). */
export function fireBet(shots: string, shotValue: string, target: string) {
  return { shots: Number(shots), shotValue: Number(shotValue), target: target || null };
}

/** The pause between shots and a shot's flight, in milliseconds. */
export function shotPacing(n: number): { gap: number; flight: number } {
  // The round lasts about four seconds at most, however many shots: quicker shots when there are many.
  const gap = Math.max(40, Math.min(450, 4000 / Math.max(1, n)));
  const flight = Math.min(320, gap * 2);
  return { gap, flight };
}

/** An element's centre in per cent of the sea, from both boxes on screen. */
export function centreIn(sea: Box, el: Box): SeaPoint {
  return {
    x: ((el.left + el.width / 2 - sea.left) / (sea.width || 1)) * 100,
    y: ((el.top + el.height / 2 - sea.top) / (sea.height || 1)) * 100,
  };
}

/** The cannon's turn (degrees) to aim from the bottom middle of the sea at `to`. */
export function cannonAngle(to: SeaPoint): number {
  return (Math.atan2(to.x - 50, 100 - to.y) * 180) / Math.PI;
}

/** Whether a catch of this kind is a big one (its own louder sound). */
export function isBigCatch(kinds: readonly FishKind[], kind: number): boolean {
  return (kinds[kind]?.multiplier ?? 0) >= 25;
}

/** What the page says once the round is shown: the fish caught, or none, out of the shots. */
export function fishVerdict(
  plan: Pick<FishPlan, 'caught' | 'captured' | 'shots'>,
  kinds: readonly FishKind[],
  w: FishWords,
) {
  const n = plan.shots.length;
  const names = plan.caught.map((k) => kinds[k]?.name ?? '?');
  return names.length ? w.caught(names.join(', '), plan.captured, n) : w.noCatch(n);
}
