import { describe, expect, it } from 'vitest';
import { instantEngineFor } from '../../casino/engine-registry';
import { sampleSlotCodes } from '../../casino/engines/rtp-scenarios';
import { type SlotEngine, slotEngineFor } from '../../casino/engines/slot/slot-engine';
import { createSimRng } from '../../kit/fair/sim-rng';
import { money } from '../ui';
import { bigWinTier, presentSpin, reelLoop, type SlotGame, type SlotOutcome } from './slot-present';

// The slot page only replays the server's outcome. For a sample of rounds of every kind of
// slot configuration (lines and ways, each volatility, 3 and 5 reels), what the page shows (the grid
// the reels land on, the amounts, the highlighted cells) is exactly the server's round.

function checkSpin(engine: SlotEngine, game: SlotGame, o: SlotOutcome, stepWin: number, stake: number) {
  const c = engine.config;
  const p = presentSpin(game, o, stake, money);
  // The reels shown are the server's stops.
  expect(p.grid).toEqual(o.grid);
  expect(o.stops).toBeDefined();
  for (let r = 0; r < c.reels; r++) {
    const strip = c.strips[r]!;
    for (let y = 0; y < c.rows; y++) expect(p.grid[r]![y]).toBe(strip[(o.stops![r]! + y) % strip.length]);
  }
  // The win shown is the server's win, line by line.
  expect(p.total).toBe(o.win);
  expect(p.total).toBe(stepWin);
  expect(p.wins.filter((w) => w.line !== -2).map((w) => w.amount)).toEqual(o.wins.map((w) => w.win));
  for (const w of p.wins) {
    expect(w.text).toContain(money(w.amount));
    for (const [r, y] of w.cells) {
      const s = o.grid[r]![y]!;
      if (w.line === -2) expect(s).toBe(c.scatter);
      else if (w.symbol === 0) expect([0, c.wild]).toContain(s);
      else expect([w.symbol, c.wild]).toContain(s);
    }
    if (w.line >= 0) expect(w.cells.length).toBe(o.wins.find((x) => x.line === w.line)!.run);
  }
  expect(p.tier).toBe(bigWinTier(o.win / stake));
  expect(p.freeSpinsAwarded).toBe(o.freeSpinsAwarded);
  return p;
}

describe('slot presentation equals the server result', () => {
  it('for 150 rounds of each sampled configuration, free spins included', () => {
    let wins = 0;
    let freeSpins = 0;
    let lineCells = 0;
    const codes = sampleSlotCodes(6);
    expect(codes.length).toBe(6);
    for (const [i, code] of codes.entries()) {
      const engine = slotEngineFor(code);
      const game = instantEngineFor({ vendor: 'HOUSE', gameCode: code })!.describe(new Date()) as SlotGame;
      expect(game.theme).toBe(engine.config.theme);
      const rng = createSimRng(1000 + i);
      for (let round = 0; round < 150; round++) {
        const bet = { coin: 3 };
        const stake = engine.stake(bet);
        const first = engine.play(bet, rng);
        const p = checkSpin(engine, game, first.outcome, first.win, stake);
        if (p.total > 0) wins++;
        lineCells += p.winCells.size;
        let state = first.state;
        let pending = first.pendingSteps;
        while (pending > 0) {
          const next = engine.playPending!(bet, state, rng);
          checkSpin(engine, game, next.outcome, next.win, stake);
          expect(next.outcome.freeSpin).toBe(true);
          freeSpins++;
          state = next.state;
          pending = next.pendingSteps;
        }
      }
    }
    // The sample exercises what the page shows: wins, highlighted cells and free spins.
    expect(wins).toBeGreaterThan(50);
    expect(lineCells).toBeGreaterThan(100);
    expect(freeSpins).toBeGreaterThan(0);
  });

  it('a landing reel ends on the server column, and the spinning loop is seamless', () => {
    const rows = 4;
    const period = [7, 2, 9, 0, 3, 3, 8, 1];
    const loop = reelLoop(period, rows, 18);
    const strip = [...[4, 5, 6, 1], ...loop];
    // The strip at rest shows the result cells; a landing run of up to 18 cells starts inside the loop.
    expect(strip.slice(0, rows)).toEqual([4, 5, 6, 1]);
    for (const filler of [3, 6, 18]) expect(strip.slice(filler, filler + rows)).toHaveLength(rows);
    // The loop scrolls from one period below the result cells back to just below them: both ends match.
    expect(strip.slice(rows + period.length, rows + period.length + rows)).toEqual(strip.slice(rows, rows * 2));
    expect(reelLoop(period, rows, 3)).toHaveLength(period.length + rows);
    expect(reelLoop([], rows, 3)).toEqual([]);
    expect([bigWinTier(9.99), bigWinTier(10), bigWinTier(25), bigWinTier(50)]).toEqual(['none', 'big', 'mega', 'epic']);
  });
});
