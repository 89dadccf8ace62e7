import { describe, expect, it } from 'vitest';
import { gameWords } from '../game-words';
import {
  cannonAngle,
  centreIn,
  FIRST_SHOTS,
  type FishKind,
  fireBet,
  fishPlace,
  fishVerdict,
  isBigCatch,
  openingSchool,
  shotCounts,
  shotPacing,
} from './fish-state';

// The fishing page's choices, placing and pacing, without a DOM: the round fits in about four
// seconds, the cannon points where the fish is, and the verdict names what the server caught.

const kinds: FishKind[] = [
  { id: 'clownfish', name: 'Clownfish', glyph: '🐠', multiplier: 2 },
  { id: 'shark', name: 'Shark', glyph: '🦈', multiplier: 25 },
  { id: 'whale', name: 'Whale', glyph: '🐋', multiplier: 100 },
];
const w = gameWords('EN').fish;

describe('fish controls', () => {
  it('offer the shot counts up to the maximum, ten chosen first', () => {
    expect(shotCounts(100)).toEqual([1, 5, 10, 20, 50, 100]);
    expect(shotCounts(100)).toContain(FIRST_SHOTS);
  });

  it('send the pickers as numbers, no target as any fish', () => {
    expect(fireBet('10', '25', 'shark')).toEqual({ shots: 10, shotValue: 25, target: 'shark' });
    expect(fireBet('1', '5', '')).toEqual({ shots: 1, shotValue: 5, target: null });
  });
});

describe('fish sea', () => {
  it('places the school in eight places inside the sea, two rows', () => {
    const places = Array.from({ length: 8 }, (_, slot) => fishPlace(slot));
    for (const { x, y } of places) {
      expect(x).toBeGreaterThan(0);
      expect(x).toBeLessThan(100);
      expect(y).toBeGreaterThan(0);
      expect(y).toBeLessThan(100);
    }
    expect(new Set(places.map((p) => `${p.x},${p.y}`)).size).toBe(8);
    expect(places[0]!.y).toBeLessThan(places[4]!.y);
  });

  it('opens on the first eight kinds, fewer when the game has fewer', () => {
    expect(openingSchool(Array.from({ length: 12 }))).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(openingSchool(kinds)).toEqual([0, 1, 2]);
    expect(openingSchool([])).toEqual([]);
  });

  it('measures a centre in per cent of the sea, and a sea of no size as one pixel', () => {
    const sea = { left: 100, top: 50, width: 500, height: 300 };
    expect(centreIn(sea, { left: 340, top: 180, width: 20, height: 40 })).toEqual({ x: 50, y: 50 });
    expect(centreIn({ left: 0, top: 0, width: 0, height: 0 }, { left: 1, top: 2, width: 0, height: 0 })).toEqual({
      x: 100,
      y: 200,
    });
  });

  it('points the cannon straight up at the middle and leans it toward either side', () => {
    expect(cannonAngle({ x: 50, y: 20 })).toBe(0);
    expect(cannonAngle({ x: 90, y: 60 })).toBeGreaterThan(0);
    expect(cannonAngle({ x: 10, y: 60 })).toBeLessThan(0);
  });
});

describe('fish round', () => {
  it('fits the shots in about four seconds, quicker when there are many', () => {
    expect(shotPacing(1)).toEqual({ gap: 450, flight: 320 });
    expect(shotPacing(10)).toEqual({ gap: 400, flight: 320 });
    expect(shotPacing(100)).toEqual({ gap: 40, flight: 80 });
    expect(shotPacing(1000)).toEqual({ gap: 40, flight: 80 });
  });

  it('paces a round of no shots as one shot', () => {
    expect(shotPacing(0)).toEqual(shotPacing(1));
  });

  it('calls a catch of 25 times or more a big one, an unknown kind not', () => {
    expect(isBigCatch(kinds, 0)).toBe(false);
    expect(isBigCatch(kinds, 1)).toBe(true);
    expect(isBigCatch(kinds, 2)).toBe(true);
    expect(isBigCatch(kinds, 9)).toBe(false);
  });

  it('names the fish caught, or says none were', () => {
    const shots = [{}, {}] as never[];
    expect(fishVerdict({ caught: [1, 2], captured: 2, shots }, kinds, w)).toBe('Caught Shark, Whale (2 of 2 shots)');
    expect(fishVerdict({ caught: [], captured: 0, shots }, kinds, w)).toBe('No catch in 2 shots');
    expect(fishVerdict({ caught: [7], captured: 1, shots: [{}] as never[] }, kinds, w)).toBe('Caught ? (1 of 1 shot)');
  });
});
