import type { GameContext, GameUi, RoundView, StepView } from '../types';
import { h, money } from '../ui';
import { symbolLabels, symbolSvg } from './symbol-art';

type SlotGame = {
  theme: string;
  volatility: string;
  mode: 'lines' | 'ways';
  reels: number;
  rows: number;
  paylines: number[][];
  ways: number;
  betMultiplier: number;
  symbols: { id: number; name: string; glyph: string; kind: string }[];
  freeSpinMultiplier: number;
  coins: number[];
};
type SlotOutcome = {
  grid: number[][];
  wins: { line: number; symbol: number; run: number; ways: number; win: number }[];
  scatterCount: number;
  scatterWin: number;
  freeSpinsAwarded: number;
  freeSpin: boolean;
  multiplier: number;
  win: number;
};

export function slotUi(): GameUi {
  let game: SlotGame;
  let cells: HTMLElement[][] = [];
  let note: HTMLElement;
  // Drawn once per symbol and cloned into the cells (a spin redraws every cell).
  const art = new Map<number, SVGSVGElement>();
  let labels: string[] = [];
  const draw = (cell: HTMLElement, id: number) => {
    let svg = art.get(id);
    const symbol = game.symbols[id];
    if (!svg && symbol) {
      const regular = game.symbols.filter((x) => x.kind === 'regular');
      if (!labels.length) labels = symbolLabels(regular.map((x) => x.name));
      const rank = symbol.kind === 'regular' ? regular.indexOf(symbol) : 0;
      svg = symbolSvg(symbol, game.theme, rank, labels[rank] ?? '?');
      art.set(id, svg);
    }
    cell.replaceChildren(svg ? svg.cloneNode(true) : '?');
    cell.dataset.symbol = symbol?.name ?? '';
  };
  return {
    mount(el: HTMLElement, ctx: GameContext) {
      game = ctx.game as SlotGame;
      const grid = h('div', { class: 'slot-grid', style: `--reels:${game.reels}`, 'data-testid': 'slot-grid' });
      cells = [];
      for (let r = 0; r < game.reels; r++) {
        const col: HTMLElement[] = [];
        const reel = h('div', { class: 'slot-reel' });
        for (let y = 0; y < game.rows; y++) {
          const cell = h('div', { class: 'slot-cell' });
          draw(cell, (r + y) % game.symbols.length);
          col.push(cell);
          reel.append(cell);
        }
        cells.push(col);
        grid.append(reel);
      }
      const coin = h('select', { 'aria-label': 'Coin', 'data-testid': 'coin' });
      for (const c of game.coins) coin.append(h('option', { value: c }, `${money(c * game.betMultiplier)}`));
      const spin = h('button', { class: 'button primary big', 'data-testid': 'spin' }, 'Spin');
      spin.addEventListener('click', async () => {
        spin.disabled = true;
        try {
          await ctx.play({ coin: Number(coin.value) });
        } finally {
          spin.disabled = false;
        }
      });
      note = h('p', { class: 'muted' }, '');
      el.append(
        h(
          'p',
          { class: 'muted small' },
          `${game.theme} · ${game.reels}×${game.rows} · ${game.mode === 'lines' ? `${game.paylines.length} lines` : `${game.ways} ways`} · ${game.volatility} volatility`,
        ),
        grid,
        note,
        h('div', { class: 'controls' }, h('label', {}, 'Stake ', coin), spin),
      );
    },
    showStep(step: StepView, round: RoundView) {
      const o = step.outcome as SlotOutcome;
      const winning = new Set<string>();
      for (const w of o.wins) {
        if (w.line >= 0) {
          const line = game.paylines[w.line];
          if (line) for (let r = 0; r < w.run; r++) winning.add(`${r}:${line[r]}`);
        } else {
          for (let r = 0; r < w.run; r++)
            for (let y = 0; y < game.rows; y++) {
              const s = o.grid[r]?.[y];
              if (s === w.symbol || game.symbols[s ?? -1]?.kind === 'wild') winning.add(`${r}:${y}`);
            }
        }
      }
      for (const [r, col] of o.grid.entries()) {
        for (const [y, s] of col.entries()) {
          const cell = cells[r]?.[y];
          if (!cell) continue;
          draw(cell, s);
          cell.className = `slot-cell${winning.has(`${r}:${y}`) ? ' win' : ''}${game.symbols[s]?.kind === 'scatter' ? ' scatter' : ''}`;
        }
      }
      const parts: string[] = [];
      if (o.freeSpin) parts.push(`Free spin ×${o.multiplier}`);
      if (o.freeSpinsAwarded > 0) parts.push(`${o.freeSpinsAwarded} free spins won!`);
      if (round.pendingSteps > 0) parts.push(`${round.pendingSteps} free spins left`);
      note.textContent = parts.join(' · ');
    },
    summary(step) {
      const o = step.outcome as SlotOutcome;
      return o.freeSpin
        ? 'free spin'
        : `${o.wins.length} win${o.wins.length === 1 ? '' : 's'}${o.freeSpinsAwarded ? `, ${o.freeSpinsAwarded} FS` : ''}`;
    },
  };
}
