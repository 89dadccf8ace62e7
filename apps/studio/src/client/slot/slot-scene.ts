// The slot page's scene: the theme's reels, drawn as DOM + SVG and animated with CSS transforms (see
// docs/studio-presentation.md for why not a canvas library), the paylines over them, the win bar,
// the free spins counter and the celebration overlay. The reels land on the grid the server
// returned and the amounts shown are the server's (games/slot-present.ts); nothing here decides a
// result. Each reel's strip is built once: a spin only moves it with a compositor transform and
// swaps the pictures of its few result cells, so the frames of a spin neither build nor lay out nor
// paint the page (60 fps at 4x CPU throttling; docs/benchmarks.md, "Studio game pages").
import type { gameWords } from '../game-words';
import { type PresentedSpin, reelLoop, type SlotGame, type SlotOutcome } from '../games/slot-present';
import { themeArt } from '../games/theme-art';
import type { Sound } from '../sound';
import type { RoundView } from '../types';
import { h, money } from '../ui';
import {
  coinCount,
  coinStyle,
  countUp,
  fillerOf,
  freeSpinsCounter,
  landingMs,
  openingColumn,
  PERIOD,
  paylinePoints,
  shift,
  spinLoopMs,
  winCellOf,
  winTexts,
} from './slot-state';
import { type SlotSymbols, SVG_NS } from './slot-symbols';

export type SlotSceneOptions = {
  game: SlotGame;
  words: ReturnType<typeof gameWords>['slot'];
  symbols: SlotSymbols;
  sound: () => Sound | undefined;
  /** Read at each use: the player may change the setting while the page is open. */
  reducedMotion: () => boolean;
};

export type SlotScene = ReturnType<typeof createSlotScene>;

export function createSlotScene(o: SlotSceneOptions) {
  const { game, words: w, reducedMotion } = o;
  const wins = createWins(o);
  const overlay = createOverlay(reducedMotion);
  const fsCounter = h('div', { class: 'slot-fs', hidden: true, 'data-testid': 'free-spins-counter' });
  const reels = createReels(o);

  /** Starts the reels turning while the server answers (the result is not known yet). */
  function startSpin(turbo: boolean) {
    wins.clearWins();
    overlay.hideOverlay();
    o.sound()?.play('spin');
    if (reducedMotion()) return;
    reels.spin(turbo);
  }

  function showWins(p: PresentedSpin) {
    for (const key of p.winCells) {
      const [r, y] = winCellOf(key);
      reels.cellAt(r, y)?.classList.add('win');
    }
    wins.showWins(p);
  }

  function showFreeSpins(outcome: SlotOutcome, round: RoundView) {
    const c = freeSpinsCounter(outcome, round);
    fsCounter.hidden = !c.active;
    fsCounter.textContent = c.active ? w.freeSpinsState(c.played, c.left, game.freeSpinMultiplier) : '';
  }

  return {
    /** The reels with the paylines and the overlay over them. */
    machine: h('div', { class: 'slot-machine' }, reels.grid, wins.linesSvg, overlay.el),
    winbar: wins.winbar,
    fsCounter,
    startSpin,
    stopLoops: reels.stopLoops,
    land: reels.land,
    showWins,
    showOverlay: overlay.showOverlay,
    showFreeSpins,
  };
}

/** The reels: per reel a strip of the result cells over a loop, built once and moved by transforms. */
function createReels(o: SlotSceneOptions) {
  const { game, words: w, symbols, reducedMotion } = o;
  const strips: HTMLElement[] = [];
  /** Per reel, the number of cells in its strip (the result cells, then the loop). */
  const stripCells: number[] = [];
  let spinning: Animation[] = [];

  const grid = h('div', {
    class: 'slot-grid',
    style: `--reels:${game.reels};--rows:${game.rows}`,
    'data-testid': 'slot-grid',
    role: 'img',
    'aria-label': w.reels(game.reels),
  });

  function cell(id: number, final: boolean, row = 0): HTMLElement {
    const img = h('img', { src: symbols.picture(id), alt: '', draggable: 'false', decoding: 'sync' });
    const c = h('div', { class: 'slot-cell' }, img);
    if (final) setCell(c, id, row);
    else c.setAttribute('aria-hidden', 'true');
    return c;
  }

  /** Gives a result cell the server's symbol (only when it changes: the picture is repainted). */
  function setCell(c: HTMLElement, id: number, row: number) {
    if (c.dataset.symbolId === String(id)) return;
    const img = c.firstElementChild as HTMLImageElement | null;
    if (img) {
      img.src = symbols.picture(id);
      img.alt = game.symbols[id]?.name ?? '';
    }
    c.dataset.symbol = game.symbols[id]?.name ?? '';
    c.dataset.symbolId = String(id);
    c.dataset.row = String(row);
  }

  /** Puts the server's column into a reel's result cells (the strip's first `rows` cells). */
  function setColumn(r: number, column: number[]) {
    const strip = strips[r];
    if (!strip) return;
    for (const [y, id] of column.entries()) {
      const c = strip.children[y] as HTMLElement | undefined;
      if (c) setCell(c, id, y);
    }
  }

  for (let r = 0; r < game.reels; r++) {
    const column = openingColumn(r, game.rows, game.symbols.length);
    const period = Array.from({ length: PERIOD }, () => Math.floor(Math.random() * game.symbols.length));
    const loop = reelLoop(period, game.rows, fillerOf(r, false));
    const strip = h(
      'div',
      { class: 'slot-strip' },
      ...column.map((id, y) => cell(id, true, y)),
      ...loop.map((id) => cell(id, false)),
    );
    strips.push(strip);
    stripCells.push(column.length + loop.length);
    grid.append(h('div', { class: 'slot-reel', 'data-reel': r }, strip));
  }

  function stopLoops() {
    for (const a of spinning) a.cancel();
    spinning = [];
  }

  /** Turns every reel's loop until `land` (not under reduced motion: the page checks). */
  function spin(turbo: boolean) {
    stopLoops();
    // From one period below the result cells up to just below them: both ends show the same symbols.
    spinning = strips.map((strip, r) =>
      strip.animate(
        [
          { transform: shift(game.rows + PERIOD, stripCells[r] ?? 1) },
          { transform: shift(game.rows, stripCells[r] ?? 1) },
        ],
        { duration: spinLoopMs(turbo), iterations: Number.POSITIVE_INFINITY, easing: 'linear' },
      ),
    );
  }

  /** Lands every reel on the server's column, left to right. */
  async function land(columns: number[][], turbo: boolean) {
    stopLoops();
    for (const [r, col] of columns.entries()) setColumn(r, col);
    if (reducedMotion()) return;
    // The result cells are above the loop, out of sight until the strip runs back to rest (no
    // transform: the strip's own position shows them).
    const landings = columns.map(async (_col, r) => {
      const strip = strips[r];
      if (!strip) return;
      const anim = strip.animate(
        [{ transform: shift(fillerOf(r, turbo), stripCells[r] ?? 1) }, { transform: 'translateY(0)' }],
        { duration: landingMs(r, turbo), easing: 'cubic-bezier(.15,.85,.35,1.08)' },
      );
      await anim.finished.catch(() => undefined);
      o.sound()?.play('stop');
    });
    await Promise.all(landings);
  }

  function cellAt(r: number, y: number): HTMLElement | undefined {
    return strips[r]?.children[y] as HTMLElement | undefined;
  }

  return { grid, stopLoops, spin, land, cellAt };
}

/** The paylines drawn over the reels and the win bar cycling through the spin's wins. */
function createWins(o: SlotSceneOptions) {
  const { game, words: w, reducedMotion } = o;
  let cycle: ReturnType<typeof setInterval> | undefined;

  const linesSvg = document.createElementNS(SVG_NS, 'svg') as SVGSVGElement;
  linesSvg.setAttribute('class', 'slot-lines');
  linesSvg.setAttribute('viewBox', `0 0 ${game.reels} ${game.rows}`);
  linesSvg.setAttribute('preserveAspectRatio', 'none');
  linesSvg.setAttribute('aria-hidden', 'true');
  const winbar = h('div', { class: 'slot-winbar', 'data-testid': 'slot-winbar' });

  function clearWins() {
    if (cycle) clearInterval(cycle);
    cycle = undefined;
    linesSvg.replaceChildren();
    document.querySelectorAll('.slot-cell.win').forEach((c) => {
      c.classList.remove('win');
    });
    winbar.textContent = '';
    winbar.classList.remove('has-win');
  }

  /** The winning lines and the win bar (the winning cells are lit by the reels). */
  function showWins(p: PresentedSpin) {
    const art = themeArt(game.theme);
    linesSvg.replaceChildren();
    for (const win of p.wins) {
      if (win.line < 0) continue;
      const line = game.paylines[win.line] ?? [];
      const poly = document.createElementNS(SVG_NS, 'polyline');
      poly.setAttribute('points', paylinePoints(line));
      poly.setAttribute('stroke', art.accent);
      poly.setAttribute('data-line', String(win.line));
      linesSvg.append(poly);
    }
    const texts = winTexts(p, (amount) => w.winTotal(money(amount)));
    if (!texts.length) return;
    winbar.classList.add('has-win');
    let i = 0;
    winbar.textContent = texts[0] ?? '';
    if (texts.length > 1 && !reducedMotion()) {
      cycle = setInterval(() => {
        i = (i + 1) % texts.length;
        winbar.textContent = texts[i] ?? '';
      }, 1400);
    }
  }

  return { linesSvg, winbar, clearWins, showWins };
}

/** The celebration and intro overlay over the reels. */
function createOverlay(reducedMotion: () => boolean) {
  let overlayDone: (() => void) | undefined;
  const overlay = h('div', { class: 'slot-overlay', hidden: true });
  overlay.addEventListener('click', () => hideOverlay());

  function hideOverlay() {
    overlay.hidden = true;
    overlay.replaceChildren();
    overlay.className = 'slot-overlay';
    const done = overlayDone;
    overlayDone = undefined;
    done?.();
  }

  /** A celebration or an intro over the reels, for `ms` (tap to skip); instant under reduced motion. */
  function showOverlay(kind: string, title: string, amount: number | null, ms: number): Promise<void> {
    hideOverlay();
    const value = h('strong', { class: 'overlay-amount' }, amount === null ? '' : money(0));
    overlay.className = `slot-overlay ${kind}`;
    overlay.replaceChildren(h('span', { class: 'overlay-title' }, title), amount === null ? '' : value);
    for (let i = 0; i < coinCount(kind); i++) {
      overlay.append(
        h('i', {
          class: 'coin',
          'aria-hidden': 'true',
          style: coinStyle(Math.random(), Math.random(), Math.random()),
        }),
      );
    }
    overlay.hidden = false;
    if (reducedMotion() || amount === null) {
      if (amount !== null) value.textContent = money(amount);
    } else {
      const start = performance.now();
      const count = (now: number) => {
        if (overlay.hidden) return;
        const shown = countUp(amount, now - start, ms);
        value.textContent = money(shown.value);
        if (shown.more) requestAnimationFrame(count);
      };
      requestAnimationFrame(count);
    }
    if (reducedMotion()) return Promise.resolve();
    return new Promise<void>((resolve) => {
      overlayDone = resolve;
      setTimeout(() => {
        if (overlayDone === resolve) hideOverlay();
      }, ms);
    });
  }

  return { el: overlay, hideOverlay, showOverlay };
}
