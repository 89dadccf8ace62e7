// What the slot page shows for one spin, derived only from the server's outcome (the
// presentation replays the result, it never computes its own). The page draws the grid, the
// highlighted cells and the amounts from this; slot-present.test.ts checks it against the engine.

import { gameWords } from '../game-words';

export type SlotGame = {
  theme: string;
  volatility: string;
  mode: 'lines' | 'ways';
  reels: number;
  rows: number;
  paylines: number[][];
  ways: number;
  betMultiplier: number;
  symbols: { id: number; name: string; glyph: string; kind: string }[];
  pays: number[][];
  scatterPays: number[];
  freeSpinAwards: number[];
  freeSpinMultiplier: number;
  /** The most free spins one round awards, scatters during free spins included. */
  freeSpinCap: number;
  coins: number[];
};

export type SlotOutcome = {
  grid: number[][];
  stops?: number[];
  wins: { line: number; symbol: number; run: number; ways: number; win: number }[];
  scatterCount: number;
  scatterWin: number;
  freeSpinsAwarded: number;
  freeSpin: boolean;
  multiplier: number;
  win: number;
};

export type PresentedWin = {
  /** Payline index, -1 for ways, -2 for the scatter pay. */
  line: number;
  symbol: number;
  /** Cells as [reel, row]. */
  cells: [number, number][];
  amount: number;
  text: string;
};

export type BigWinTier = 'none' | 'big' | 'mega' | 'epic';

export type PresentedSpin = {
  /** grid[reel][row] as the reels stop. */
  grid: number[][];
  wins: PresentedWin[];
  /** "reel:row" of every highlighted cell. */
  winCells: Set<string>;
  total: number;
  /** Total win over stake. */
  multiple: number;
  tier: BigWinTier;
  freeSpinsAwarded: number;
};

/** Big-win tiers by the win multiple of the stake (the celebration grows with the tier). */
export function bigWinTier(multiple: number): BigWinTier {
  if (multiple >= 50) return 'epic';
  if (multiple >= 25) return 'mega';
  if (multiple >= 10) return 'big';
  return 'none';
}

export function presentSpin(
  game: SlotGame,
  o: SlotOutcome,
  stake: number,
  fmt: (minor: number) => string,
  language: unknown = 'EN',
): PresentedSpin {
  const words = gameWords(language).slot;
  const wild = game.symbols.findIndex((s) => s.kind === 'wild');
  const scatter = game.symbols.findIndex((s) => s.kind === 'scatter');
  const wins: PresentedWin[] = [];
  for (const w of o.wins) {
    const cells: [number, number][] = [];
    const name = game.symbols[w.symbol]?.name ?? '';
    if (w.line >= 0) {
      const line = game.paylines[w.line] ?? [];
      for (let r = 0; r < w.run; r++) cells.push([r, line[r] ?? 0]);
      wins.push({
        line: w.line,
        symbol: w.symbol,
        cells,
        amount: w.win,
        text: words.lineWin(w.line + 1, w.run, name, fmt(w.win)),
      });
    } else {
      for (let r = 0; r < w.run; r++)
        for (let y = 0; y < game.rows; y++) {
          const s = o.grid[r]?.[y];
          if (s === w.symbol || s === wild) cells.push([r, y]);
        }
      wins.push({
        line: -1,
        symbol: w.symbol,
        cells,
        amount: w.win,
        text: words.waysWin(w.ways, w.run, name, fmt(w.win)),
      });
    }
  }
  if (o.scatterWin > 0) {
    const cells: [number, number][] = [];
    for (const [r, col] of o.grid.entries()) for (const [y, s] of col.entries()) if (s === scatter) cells.push([r, y]);
    const name = game.symbols[scatter]?.name ?? words.scatter;
    wins.push({
      line: -2,
      symbol: scatter,
      cells,
      amount: o.scatterWin,
      text: `${o.scatterCount}× ${name} ${fmt(o.scatterWin)}`,
    });
  }
  const winCells = new Set<string>();
  for (const w of wins) for (const [r, y] of w.cells) winCells.add(`${r}:${y}`);
  const total = wins.reduce((sum, w) => sum + w.amount, 0);
  const multiple = stake > 0 ? total / stake : 0;
  return {
    grid: o.grid.map((col) => [...col]),
    wins,
    winCells,
    total,
    multiple,
    tier: bigWinTier(multiple),
    freeSpinsAwarded: o.freeSpinsAwarded,
  };
}

/**
 * The symbols below a reel's result cells, drawn once when the page opens (the reels then only move
 * their strip with a transform, so a spin builds and paints nothing): `period` repeated, long enough
 * for the spinning loop (one period plus a window of `rows`, whose two ends show the same symbols)
 * and for the longest landing run (`maxFiller` cells travelled before the server's column).
 */
export function reelLoop(period: number[], rows: number, maxFiller: number): number[] {
  if (!period.length) return [];
  const length = Math.max(period.length + rows, maxFiller);
  return Array.from({ length }, (_, i) => period[i % period.length] ?? 0);
}
