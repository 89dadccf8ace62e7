import { describe, expect, it } from 'vitest';
import { createFishEngine, FISH_KINDS } from '../../casino/engines/arcade/fish';
import { createSimRng } from '../../kit/fair/sim-rng';
import { presentFish } from './arcade-present';
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

  it("summarises each round of a player's history with its own engine's text", async () => {
    // The history lists all of a player's games: a slot round on the fishing page reads as a slot round.
    expect(await roundSummary({ engine: 'slot', steps: [slotStep] })).toBe('0 wins');
    expect(await roundSummary({ engine: 'fish', steps: [fishStep] })).toBe('1/2 caught');
    expect(await roundSummary({ engine: 'crash', steps: [{ step: 0, win: 0, outcome: { crashPoint: 200 } }] })).toBe(
      '',
    );
    expect(await roundSummary({ engine: 'fish', steps: [] })).toBe('');
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

// The scene replays the server's round. For a sample of rounds, every shot flies at a
// place that holds the fish kind the server says it hit, the catches and the running total are the
// server's, and the total shown is the round's win.
describe('fishing presentation equals the server result', () => {
  it('for 300 rounds of 1 to 100 shots, aimed and not', () => {
    const engine = createFishEngine();
    const rng = createSimRng(16);
    let arrivals = 0;
    let catches = 0;
    for (let round = 0; round < 300; round++) {
      const target = round % 3 === 0 ? FISH_KINDS[round % FISH_KINDS.length]!.id : null;
      const bet = engine.parseBet({ shots: 1 + ((round * 7) % 100), shotValue: 10, target });
      const { outcome, win } = engine.play(bet, rng);
      const plan = presentFish(outcome);
      expect(plan.start).toEqual(outcome.school);
      expect(plan.shots.length).toBe(outcome.shots.length);
      const sea = [...outcome.school];
      let total = 0;
      plan.shots.forEach((shot, i) => {
        const server = outcome.shots[i]!;
        if (shot.arrives) sea[shot.slot] = shot.kind;
        expect(sea[shot.slot], `round ${round} shot ${i}`).toBe(server.kind);
        expect(shot.kind).toBe(server.kind);
        expect(shot.captured).toBe(server.captured);
        expect(shot.win).toBe(server.win);
        total += server.win;
        expect(shot.total).toBe(total);
        if (shot.captured) sea[shot.slot] = -1;
        if (shot.arrives) arrivals++;
      });
      expect(plan.total).toBe(win);
      expect(plan.captured).toBe(outcome.captured);
      expect(plan.caught).toEqual(outcome.shots.filter((s) => s.captured).map((s) => s.kind));
      catches += plan.captured;
    }
    // The sample holds catches and fish swimming in after them.
    expect(catches).toBeGreaterThan(50);
    expect(arrivals).toBeGreaterThan(10);
  });
});
