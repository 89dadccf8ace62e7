import { describe, expect, it } from 'vitest';
import { FISH_KINDS } from '../../engines/arcade/fish';
import { fishSummary } from './fish';
import { FISH_PALETTES, fishParts } from './fish-art';
import { roundSummary } from './index';

const fishStep = {
  step: 0,
  win: 400,
  outcome: {
    school: [0, 1, 2],
    shots: [
      { kind: 0, captured: true, win: 400 },
      { kind: 1, captured: false, win: 0 },
    ],
    captured: 1,
  },
};
const slotStep = {
  step: 0,
  win: 0,
  outcome: { grid: [[0]], wins: [], freeSpinsAwarded: 0, freeSpin: false },
};

describe('fishing history', () => {
  it('summarises a fishing round and reads any other outcome as nothing, without throwing', () => {
    expect(fishSummary(fishStep)).toBe('1/2 caught');
    expect(fishSummary(slotStep)).toBe('');
    expect(fishSummary({ outcome: null })).toBe('');
    expect(fishSummary(undefined)).toBe('');
  });

  it("summarises each round of a player's history with its own engine's text", () => {
    // The history lists all of a player's games: a slot round on the fishing page reads as a slot round.
    expect(roundSummary({ engine: 'slot', steps: [slotStep] })).toBe('0 wins');
    expect(roundSummary({ engine: 'fish', steps: [fishStep] })).toBe('1/2 caught');
    expect(roundSummary({ engine: 'crash', steps: [{ step: 0, win: 0, outcome: { crashPoint: 200 } }] })).toBe('');
    expect(roundSummary({ engine: 'fish', steps: [] })).toBe('');
  });
});

describe('fish art', () => {
  it('draws every species of the engine in colours of its own', () => {
    const bodies = new Set<string>();
    for (const kind of FISH_KINDS) {
      const palette = FISH_PALETTES[kind.id];
      expect(palette, kind.id).toBeDefined();
      bodies.add(palette!.body);
      expect(fishParts(kind.id).length, kind.id).toBeGreaterThan(3);
      expect(
        fishParts(kind.id).some(([, a]) => a.fill === palette!.body),
        kind.id,
      ).toBe(true);
    }
    expect(bodies.size).toBe(FISH_KINDS.length);
  });
});
