/// <reference lib="dom" />
// The slot page: the theme's reels, drawn as DOM + SVG and animated with CSS transforms (see
// docs/studio-presentation.md for why not a canvas library). The reels land on the grid the server
// returned and the amounts shown are the server's (slot-present.ts); nothing here decides a result.
// Each reel's strip is built once: a spin only moves it with a compositor transform and swaps the
// pictures of its few result cells, so the frames of a spin neither build nor lay out nor paint the
// page (60 fps at 4x CPU throttling; docs/benchmarks.md, "Studio game pages").

import { pageLanguage } from '../game-title';
import { gameWords } from '../game-words';
import type { GameContext, GameUi, PlayAnswer, RoundView, StepView } from '../types';
import { h, money } from '../ui';
import { type PresentedSpin, presentSpin, reelLoop, type SlotGame, type SlotOutcome } from './slot-present';
import { symbolLabels, symbolSvg } from './symbol-art';
import { motifTile, themeArt } from './theme-art';

const SVG_NS = 'http://www.w3.org/2000/svg';

function reducedMotion(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** Symbols in a reel's spinning loop. */
const PERIOD = 8;

/** Cells travelled before a reel lands: later reels travel further, so they stop one by one. */
function fillerOf(reel: number, turbo: boolean): number {
  return turbo ? 3 + reel : 6 + reel * 3;
}

/** The transform that shows the strip from cell `index` (of `cells`) at the reel's top. */
function shift(index: number, cells: number): string {
  return `translateY(-${((index / cells) * 100).toFixed(4)}%)`;
}

export function slotUi(): GameUi {
  const language = pageLanguage();
  const w = gameWords(language).slot;
  let game: SlotGame;
  let ctx: GameContext;
  let reels: HTMLElement[] = [];
  let strips: HTMLElement[] = [];
  /** Per reel, the number of cells in its strip (the result cells, then the loop). */
  let stripCells: number[] = [];
  let linesSvg: SVGSVGElement;
  let winbar: HTMLElement;
  let fsCounter: HTMLElement;
  let overlay: HTMLElement;
  let spinButton: HTMLButtonElement;
  let coinSelect: HTMLSelectElement;
  let turbo = false;
  let spinning: Animation[] = [];
  let cycle: ReturnType<typeof setInterval> | undefined;
  let overlayDone: (() => void) | undefined;
  const auto = { running: false, left: 0 };
  // Drawn once per symbol: inline in the paytable, and on the reels as an image of the same markup
  // (one element a cell instead of a copy of the drawing's few dozen, so swapping a symbol is cheap).
  const art = new Map<number, SVGSVGElement>();
  const pictures = new Map<number, string>();
  let labels: string[] = [];
  const linesOrWays = () => w.linesOrWays(game.mode, game.mode === 'lines' ? game.paylines.length : game.ways);

  function symbolArt(id: number): SVGSVGElement | undefined {
    let svg = art.get(id);
    const symbol = game.symbols[id];
    if (!svg && symbol) {
      const regular = game.symbols.filter((x) => x.kind === 'regular');
      if (!labels.length) labels = symbolLabels(regular.map((x) => x.name));
      const rank = symbol.kind === 'regular' ? regular.indexOf(symbol) : 0;
      svg = symbolSvg(symbol, game.theme, rank, labels[rank] ?? '?');
      art.set(id, svg);
    }
    return svg;
  }

  function symbolNode(id: number): Node {
    return symbolArt(id)?.cloneNode(true) ?? document.createTextNode('?');
  }

  function pictureOf(id: number): string {
    let url = pictures.get(id);
    if (url === undefined) {
      const svg = symbolArt(id);
      if (svg && !svg.getAttribute('xmlns')) svg.setAttribute('xmlns', SVG_NS);
      url = svg ? `data:image/svg+xml,${encodeURIComponent(new XMLSerializer().serializeToString(svg))}` : '';
      pictures.set(id, url);
    }
    return url;
  }

  function cell(id: number, final: boolean, row = 0): HTMLElement {
    const img = h('img', { src: pictureOf(id), alt: '', draggable: 'false', decoding: 'sync' });
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
      img.src = pictureOf(id);
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

  /** Starts the reels turning while the server answers (the result is not known yet). */
  function startSpin() {
    clearWins();
    hideOverlay();
    ctx.sound?.play('spin');
    if (reducedMotion()) return;
    stopLoops();
    // From one period below the result cells up to just below them: both ends show the same symbols.
    spinning = strips.map((strip, r) =>
      strip.animate(
        [
          { transform: shift(game.rows + PERIOD, stripCells[r] ?? 1) },
          { transform: shift(game.rows, stripCells[r] ?? 1) },
        ],
        { duration: turbo ? 220 : 360, iterations: Number.POSITIVE_INFINITY, easing: 'linear' },
      ),
    );
  }

  function stopLoops() {
    for (const a of spinning) a.cancel();
    spinning = [];
  }

  /** Lands every reel on the server's column, left to right. */
  async function land(grid: number[][]) {
    stopLoops();
    for (const [r, col] of grid.entries()) setColumn(r, col);
    if (reducedMotion()) return;
    // The result cells are above the loop, out of sight until the strip runs back to rest (no
    // transform: the strip's own position shows them).
    const landings = grid.map(async (_col, r) => {
      const strip = strips[r];
      if (!strip) return;
      const anim = strip.animate(
        [{ transform: shift(fillerOf(r, turbo), stripCells[r] ?? 1) }, { transform: 'translateY(0)' }],
        { duration: turbo ? 180 + r * 70 : 420 + r * 200, easing: 'cubic-bezier(.15,.85,.35,1.08)' },
      );
      await anim.finished.catch(() => undefined);
      ctx.sound?.play('stop');
    });
    await Promise.all(landings);
  }

  function cellAt(r: number, y: number): HTMLElement | undefined {
    return strips[r]?.children[y] as HTMLElement | undefined;
  }

  function showWins(p: PresentedSpin) {
    for (const key of p.winCells) {
      const [r, y] = key.split(':').map(Number);
      cellAt(r ?? 0, y ?? 0)?.classList.add('win');
    }
    const art = themeArt(game.theme);
    linesSvg.replaceChildren();
    for (const win of p.wins) {
      if (win.line < 0) continue;
      const line = game.paylines[win.line] ?? [];
      const poly = document.createElementNS(SVG_NS, 'polyline');
      poly.setAttribute('points', line.map((row, r) => `${r + 0.5},${row + 0.5}`).join(' '));
      poly.setAttribute('stroke', art.accent);
      poly.setAttribute('data-line', String(win.line));
      linesSvg.append(poly);
    }
    if (!p.wins.length) return;
    winbar.classList.add('has-win');
    const texts = [w.winTotal(money(p.total)), ...p.wins.map((win) => win.text)];
    let i = 0;
    winbar.textContent = texts[0] ?? '';
    if (texts.length > 1 && !reducedMotion()) {
      cycle = setInterval(() => {
        i = (i + 1) % texts.length;
        winbar.textContent = texts[i] ?? '';
      }, 1400);
    }
  }

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
    if (kind.startsWith('bigwin')) {
      for (let i = 0; i < (kind.endsWith('epic') ? 36 : kind.endsWith('mega') ? 24 : 14); i++) {
        overlay.append(
          h('i', {
            class: 'coin',
            'aria-hidden': 'true',
            style: `--x:${Math.round(Math.random() * 100)}%;--d:${(0.6 + Math.random() * 1.4).toFixed(2)}s;--t:${(Math.random() * 0.8).toFixed(2)}s`,
          }),
        );
      }
    }
    overlay.hidden = false;
    if (reducedMotion() || amount === null) {
      if (amount !== null) value.textContent = money(amount);
    } else {
      const start = performance.now();
      const count = (now: number) => {
        if (overlay.hidden) return;
        const t = Math.min(1, (now - start) / (ms * 0.7));
        value.textContent = money(Math.round(amount * t));
        if (t < 1) requestAnimationFrame(count);
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

  function showFreeSpins(outcome: SlotOutcome, round: RoundView) {
    const played = round.steps.length - 1;
    const active = round.pendingSteps > 0 || outcome.freeSpin;
    fsCounter.hidden = !active;
    fsCounter.textContent = active ? w.freeSpinsState(played, round.pendingSteps, game.freeSpinMultiplier) : '';
  }

  async function spinOnce(): Promise<PlayAnswer | undefined> {
    startSpin();
    const answer = await ctx.play({ coin: Number(coinSelect.value) });
    if (!answer) stopLoops();
    return answer;
  }

  async function playFreeSpins(round: RoundView): Promise<RoundView> {
    let current = round;
    while (current.pendingSteps > 0 && ctx.step) {
      startSpin();
      const next = await ctx.step(current.roundId);
      if (!next) {
        stopLoops();
        break;
      }
      current = next.round;
    }
    return current;
  }

  function setSpinLabel() {
    spinButton.textContent = auto.running ? w.stopAuto(auto.left) : w.spin;
    spinButton.setAttribute('aria-label', auto.running ? w.stopAutoLabel(auto.left) : w.spin);
  }

  async function autoplay(count: number, stopOnWin: boolean, lossLimit: number) {
    auto.running = true;
    auto.left = count;
    let loss = 0;
    setSpinLabel();
    spinButton.disabled = false;
    try {
      while (auto.running && auto.left > 0) {
        auto.left--;
        setSpinLabel();
        const answer = await spinOnce();
        if (!answer) break;
        // Free spins are owed to the round: autoplay plays them before it stops.
        const round = await playFreeSpins(answer.round);
        loss += round.stake - round.win;
        if (stopOnWin && round.win > 0) break;
        if (lossLimit > 0 && loss >= lossLimit) break;
      }
    } finally {
      auto.running = false;
      auto.left = 0;
      setSpinLabel();
    }
  }

  function paytable(): HTMLDialogElement {
    const coin = Number(coinSelect.value) || 1;
    const stake = coin * game.betMultiplier;
    const runs = Array.from({ length: game.reels }, (_, i) => i + 1).filter((run) =>
      game.pays.some((p) => (p[run] ?? 0) > 0),
    );
    const rows = game.symbols
      .filter((s) => s.kind === 'regular')
      .map((s) =>
        h(
          'tr',
          {},
          h('th', { scope: 'row' }, h('span', { class: 'pay-symbol' }, symbolNode(s.id)), s.name),
          ...runs.map((run) => h('td', {}, money((game.pays[s.id]?.[run] ?? 0) * coin))),
        ),
      );
    const wild = game.symbols.find((s) => s.kind === 'wild');
    const scatter = game.symbols.find((s) => s.kind === 'scatter');
    const scatterRows = game.scatterPays
      .map((pay, count) => ({ count, pay, spins: game.freeSpinAwards[count] ?? 0 }))
      .filter((x) => x.pay > 0 || x.spins > 0)
      .map((x) =>
        h(
          'li',
          {},
          w.scatterPay(x.count, scatter?.name ?? w.scatter, x.pay > 0 ? money(x.pay * stake) : null, x.pay, x.spins),
        ),
      );
    const close = h('button', { class: 'button', type: 'button' }, w.close);
    const dialog = h(
      'dialog',
      { class: 'paytable', 'aria-label': w.paytableLabel, 'data-testid': 'paytable' },
      h('h2', { tabindex: -1 }, w.paytableLabel),
      h(
        'p',
        { 'data-testid': 'paytable-rtp' },
        `${w.returnToPlayer} ${ctx.declaredRtp ? `${(ctx.declaredRtp * 100).toFixed(2)}%` : '—'} · ${w.volatility(game.volatility)} · ${game.reels}×${game.rows} · ${linesOrWays()}`,
      ),
      h(
        'p',
        { class: 'muted small' },
        `${w.paysAtStake(money(stake), game.mode === 'lines' ? money(coin) : null)} ${
          game.mode === 'lines' ? w.lineRules : w.waysRules
        }`,
      ),
      h(
        'div',
        { class: 'table-wrap' },
        h(
          'table',
          { class: 'pays' },
          h('thead', {}, h('tr', {}, h('th', {}, w.symbol), ...runs.map((run) => h('th', {}, `${run}×`)))),
          h('tbody', {}, ...rows),
        ),
      ),
      wild
        ? h(
            'p',
            {},
            h('span', { class: 'pay-symbol' }, symbolNode(wild.id)),
            w.wildRule(wild.name, scatter?.name ?? null),
          )
        : null,
      scatter
        ? h(
            'div',
            {},
            h('p', {}, h('span', { class: 'pay-symbol' }, symbolNode(scatter.id)), w.scatterRule(scatter.name)),
            h('ul', {}, ...scatterRows),
            h('p', {}, w.freeSpinRule(game.freeSpinMultiplier, game.freeSpinCap)),
          )
        : null,
      game.mode === 'lines'
        ? h('div', { class: 'line-maps' }, ...game.paylines.map((line, i) => lineMap(line, i)))
        : null,
      h('p', { class: 'muted small' }, w.serverDecides),
      close,
    );
    close.addEventListener('click', () => dialog.close());
    dialog.addEventListener('close', () => dialog.remove());
    return dialog;
  }

  function lineMap(line: number[], i: number): HTMLElement {
    const svg = document.createElementNS(SVG_NS, 'svg');
    svg.setAttribute('viewBox', `0 0 ${game.reels} ${game.rows}`);
    svg.setAttribute('aria-hidden', 'true');
    for (let r = 0; r < game.reels; r++)
      for (let y = 0; y < game.rows; y++) {
        const rect = document.createElementNS(SVG_NS, 'rect');
        rect.setAttribute('x', String(r + 0.08));
        rect.setAttribute('y', String(y + 0.08));
        rect.setAttribute('width', '0.84');
        rect.setAttribute('height', '0.84');
        rect.setAttribute('class', line[r] === y ? 'on' : '');
        svg.append(rect);
      }
    return h('figure', {}, svg, h('figcaption', {}, w.line(i + 1)));
  }

  function autoplayPanel(): HTMLElement {
    const count = h('select', { 'aria-label': w.numberOfSpins, 'data-testid': 'auto-count' });
    for (const n of [10, 25, 50, 100]) count.append(h('option', { value: n }, String(n)));
    const stopOnWin = h('input', { type: 'checkbox', 'data-testid': 'auto-stop-win' });
    const lossLimit = h('input', {
      type: 'number',
      min: 0,
      step: '0.01',
      inputmode: 'decimal',
      placeholder: w.none,
      'aria-label': w.lossLimit,
      'data-testid': 'auto-loss',
    });
    const start = h('button', { class: 'button primary', type: 'submit', 'data-testid': 'auto-start' }, w.start);
    const panel = h(
      'form',
      { class: 'auto-panel', hidden: true, 'aria-label': w.autoplay },
      h('label', {}, `${w.spins} `, count),
      h('label', {}, stopOnWin, ` ${w.stopOnWin}`),
      h('label', {}, `${w.stopAfterLosing} `, lossLimit),
      start,
    );
    panel.addEventListener('submit', (e) => {
      e.preventDefault();
      panel.hidden = true;
      const limit = Math.round(Number(lossLimit.value || 0) * 100);
      void autoplay(Number(count.value), stopOnWin.checked, Number.isFinite(limit) && limit > 0 ? limit : 0);
    });
    return panel;
  }

  return {
    mount(el: HTMLElement, context: GameContext) {
      ctx = context;
      game = ctx.game as SlotGame;
      const theme = themeArt(game.theme);
      linesSvg = document.createElementNS(SVG_NS, 'svg') as SVGSVGElement;
      linesSvg.setAttribute('class', 'slot-lines');
      linesSvg.setAttribute('viewBox', `0 0 ${game.reels} ${game.rows}`);
      linesSvg.setAttribute('preserveAspectRatio', 'none');
      linesSvg.setAttribute('aria-hidden', 'true');
      const grid = h('div', {
        class: 'slot-grid',
        style: `--reels:${game.reels};--rows:${game.rows}`,
        'data-testid': 'slot-grid',
        role: 'img',
        'aria-label': w.reels(game.reels),
      });
      reels = [];
      strips = [];
      stripCells = [];
      for (let r = 0; r < game.reels; r++) {
        const column = Array.from({ length: game.rows }, (_, y) => (r * 2 + y) % Math.max(1, game.symbols.length - 2));
        const period = Array.from({ length: PERIOD }, () => Math.floor(Math.random() * game.symbols.length));
        const loop = reelLoop(period, game.rows, fillerOf(r, false));
        const strip = h(
          'div',
          { class: 'slot-strip' },
          ...column.map((id, y) => cell(id, true, y)),
          ...loop.map((id) => cell(id, false)),
        );
        const reel = h('div', { class: 'slot-reel', 'data-reel': r }, strip);
        reels.push(reel);
        strips.push(strip);
        stripCells.push(column.length + loop.length);
        grid.append(reel);
      }
      overlay = h('div', { class: 'slot-overlay', hidden: true });
      overlay.addEventListener('click', () => hideOverlay());
      winbar = h('div', { class: 'slot-winbar', 'data-testid': 'slot-winbar' });
      fsCounter = h('div', { class: 'slot-fs', hidden: true, 'data-testid': 'free-spins-counter' });

      coinSelect = h('select', { 'aria-label': w.stake, 'data-testid': 'coin' });
      for (const c of game.coins) coinSelect.append(h('option', { value: c }, `${money(c * game.betMultiplier)}`));
      spinButton = h('button', { class: 'spin-button', 'data-testid': 'spin', 'data-primary': '' }, w.spin);
      spinButton.addEventListener('click', async () => {
        if (auto.running) {
          auto.running = false;
          setSpinLabel();
          return;
        }
        ctx.sound?.play('button');
        spinButton.disabled = true;
        try {
          // The free spins of a round won by hand are played with the page's Play buttons.
          await spinOnce();
        } finally {
          spinButton.disabled = false;
        }
      });
      const turboButton = h(
        'button',
        { class: 'button ghost small-btn', type: 'button', 'aria-pressed': 'false', 'data-testid': 'turbo' },
        w.turbo,
      );
      turboButton.addEventListener('click', () => {
        turbo = !turbo;
        turboButton.setAttribute('aria-pressed', String(turbo));
      });
      const panel = autoplayPanel();
      const autoButton = h(
        'button',
        { class: 'button ghost small-btn', type: 'button', 'aria-expanded': 'false', 'data-testid': 'autoplay' },
        w.auto,
      );
      autoButton.addEventListener('click', () => {
        panel.hidden = !panel.hidden;
        autoButton.setAttribute('aria-expanded', String(!panel.hidden));
      });
      const rules = h('button', { class: 'button ghost small-btn', type: 'button', 'data-testid': 'rules' }, w.rules);
      rules.addEventListener('click', () => {
        const dialog = paytable();
        document.body.append(dialog);
        dialog.showModal();
        // Open at the top (the first focusable control is the Close button at the end).
        dialog.querySelector('h2')?.focus();
      });

      el.classList.add('slot-stage');
      el.style.setProperty('--bg1', theme.bg[0]);
      el.style.setProperty('--bg2', theme.bg[1]);
      el.style.setProperty('--reel', theme.reel);
      el.style.setProperty('--frame', theme.frame);
      el.style.setProperty('--theme-accent', theme.accent);
      el.style.setProperty('--motif', motifTile(theme));
      el.style.setProperty('--reels', String(game.reels));
      el.style.setProperty('--rows', String(game.rows));
      el.dataset.theme = game.theme;
      el.append(
        h(
          'div',
          { class: 'slot-info' },
          h('span', { class: 'muted small' }, `${linesOrWays()} · ${w.volatility(game.volatility)}`),
          fsCounter,
        ),
        h('div', { class: 'slot-machine' }, grid, linesSvg, overlay),
        winbar,
        h(
          'div',
          { class: 'slot-controls' },
          h('div', { class: 'slot-side' }, rules, autoButton),
          spinButton,
          h('div', { class: 'slot-side' }, h('label', { class: 'stake' }, `${w.stake} `, coinSelect), turboButton),
        ),
        panel,
      );
    },
    async showStep(step: StepView, round: RoundView) {
      const o = step.outcome as SlotOutcome;
      const p = presentSpin(game, o, round.stake, money, language);
      await land(p.grid);
      showWins(p);
      showFreeSpins(o, round);
      if (p.total > 0) ctx.sound?.play(p.tier === 'none' ? 'win' : 'bigwin');
      if (p.tier !== 'none') {
        const ms = (p.tier === 'epic' ? 4200 : p.tier === 'mega' ? 3200 : 2200) / (turbo ? 2 : 1);
        await showOverlay(`bigwin ${p.tier}`, w.tier[p.tier], p.total, ms);
      }
      if (p.freeSpinsAwarded > 0) {
        await showOverlay(
          'freespins',
          w.freeSpinsAwarded(p.freeSpinsAwarded, Boolean(o.freeSpin), game.freeSpinMultiplier),
          null,
          turbo ? 900 : 1800,
        );
      }
    },
    summary(step) {
      const o = step.outcome as SlotOutcome;
      return o.freeSpin ? w.summaryFreeSpin : w.summaryWins(o.wins.length, o.freeSpinsAwarded);
    },
  };
}
