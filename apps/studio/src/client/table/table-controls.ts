// The live table's controls: the felt's betting areas (and, for roulette, the bet type bar of
// roulette-bet-types.ts), the chip picker, undo / clear / repeat / place, the slip line,
// and the keyboard (chip keys, letters for the actions, arrows across the layout).
import type { gameWords } from '../game-words';
import { baccaratFelt, chipEl, rouletteBoard, type SpotButton } from '../games/table-art';
import { nextSpot, rouletteSpot, spotAccessibleName } from '../games/table-present';
import type { tableSound } from '../table-sound';
import { h, money } from '../ui';
import { createRouletteBetTypes } from './roulette-bet-types';
import {
  addChip,
  chipColour,
  clearChips,
  placedThisRound,
  repeatLastBet,
  spotName,
  type TableEngine,
  type TableModel,
  undoChip,
} from './table-state';

/** Arrow keys as steps along and across the layout: wide (zero on the left) and upright (zero on top). */
const ARROWS: Record<string, { wide: [number, number]; upright: [number, number] }> = {
  ArrowRight: { wide: [1, 0], upright: [0, 1] },
  ArrowLeft: { wide: [-1, 0], upright: [0, -1] },
  ArrowUp: { wide: [0, 1], upright: [-1, 0] },
  ArrowDown: { wide: [0, -1], upright: [1, 0] },
};

export type TableControlsOptions = {
  engine: TableEngine;
  language: unknown;
  words: ReturnType<typeof gameWords>['table'];
  chips: number[];
  play: ReturnType<typeof tableSound>;
  say: (text: string, kind?: 'info' | 'error' | 'ok') => void;
  /** The page's model, read and replaced as chips go down and come off. */
  model: () => TableModel;
  update: (next: TableModel) => void;
  bettingOpen: () => boolean;
  /** Whether a bet is on its way to the studio. */
  busy: () => boolean;
  /** Sends the slip as a bet. */
  onPlace: () => void;
};

export function createTableControls(o: TableControlsOptions) {
  const { engine, language, words: w, chips, play, say } = o;
  let chipIndex = 0;

  const felt = engine === 'baccarat' ? baccaratFelt(language) : rouletteBoard(language);
  const spots: Map<string, SpotButton> = felt.spots;
  for (const [key, b] of spots) b.addEventListener('click', () => chipOn(key));
  const types = engine === 'roulette' ? createRouletteBetTypes(felt.el, spots, language, w) : null;

  const chipRow = h('div', { class: 'tb-chip-row', role: 'radiogroup', 'aria-label': w.chipValue });
  const drawChips = () =>
    chipRow.replaceChildren(
      ...chips.map((c, i) =>
        h(
          'button',
          {
            class: `tb-chip-button${i === chipIndex ? ' selected' : ''}`,
            type: 'button',
            role: 'radio',
            'aria-checked': i === chipIndex ? 'true' : 'false',
            'aria-label': w.chip(money(c)),
            'data-testid': `chip-${c}`,
            onclick: () => {
              chipIndex = i;
              play('chip');
              drawChips();
            },
          },
          chipEl(c, i),
        ),
      ),
    );
  drawChips();
  const undoButton = h('button', { class: 'button', type: 'button', 'data-testid': 'undo' }, w.undo);
  const clearButton = h('button', { class: 'button', type: 'button', 'data-testid': 'clear' }, w.clear);
  const repeatButton = h('button', { class: 'button', type: 'button', 'data-testid': 'repeat' }, w.repeat);
  const placeButton = h(
    'button',
    { class: 'button primary', type: 'button', 'data-testid': 'place-bet', 'data-primary': '' },
    w.placeBet,
  );
  const slipText = h('p', { class: 'muted small tb-slip', 'data-testid': 'slip' }, w.pickChip);
  const chipBar = h(
    'div',
    { class: 'tb-chipbar' },
    chipRow,
    h('div', { class: 'tb-actions' }, undoButton, clearButton, repeatButton, placeButton),
    slipText,
  );

  // ---- chips on the felt ----
  function chipOn(spot: string) {
    if (!o.bettingOpen()) {
      say(w.bettingClosed, 'info');
      return;
    }
    o.update(addChip(o.model(), spot, chips[chipIndex] ?? chips[0] ?? 100));
    play('chip');
    drawSpots();
  }
  function undo() {
    const next = undoChip(o.model());
    if (!next) return;
    o.update(next);
    play('chip');
    drawSpots();
  }
  function clear() {
    o.update(clearChips(o.model()));
    drawSpots();
  }
  function repeat() {
    if (!o.bettingOpen() || !o.model().lastBet.length) return;
    o.update(repeatLastBet(o.model()));
    play('chip');
    drawSpots();
  }
  undoButton.addEventListener('click', undo);
  clearButton.addEventListener('click', clear);
  repeatButton.addEventListener('click', repeat);
  placeButton.addEventListener('click', o.onPlace);

  /** Each area's stack (chips taken this round and chips on the slip), and the slip line. */
  function drawSpots() {
    const m = o.model();
    const placed = placedThisRound(m, engine);
    for (const [key, b] of spots) {
      const pending = m.slip.get(key) ?? 0;
      const taken = placed.get(key) ?? 0;
      const total = pending + taken;
      b.classList.toggle('has-bet', total > 0);
      b.stack.replaceChildren(
        ...(total > 0 ? [chipEl(total, chipColour(chips, total), pending ? ' pending' : '')] : []),
      );
      b.sr.textContent = spotAccessibleName(b.note, taken, pending, money, language);
    }
    const total = [...m.slip.values()].reduce((t, v) => t + v, 0);
    slipText.textContent = m.slip.size
      ? w.toPlace(
          [...m.slip.entries()].map(([k, v]) => `${spotName(k, language)} ${money(v)}`).join(' · '),
          money(total),
        )
      : w.pickChip;
    syncControls();
  }

  function syncControls() {
    const m = o.model();
    const open = o.bettingOpen();
    placeButton.disabled = o.busy() || !open || m.slip.size === 0;
    repeatButton.disabled = !open || !m.lastBet.length;
    undoButton.disabled = !m.placedOrder.length;
    clearButton.disabled = !m.slip.size;
    felt.el.classList.toggle('closed', !open);
  }

  function bindKeys() {
    document.addEventListener('keydown', (e) => {
      if (e.ctrlKey || e.metaKey || e.altKey) return;
      const target = e.target as HTMLElement | null;
      if (target?.closest('input, select, textarea, [contenteditable]')) return;
      // Arrows move between the areas of the chosen bet type as they lie on screen (the layout runs
      // down the screen on a phone held upright).
      const arrow = ARROWS[e.key];
      const from = engine === 'roulette' ? target?.closest<HTMLElement>('[data-spot]')?.dataset.spot : undefined;
      if (arrow && from && rouletteSpot(from)?.inside) {
        const upright = window.matchMedia?.('(max-width: 600px) and (orientation: portrait)').matches ?? false;
        const [along, across] = upright ? arrow.upright : arrow.wide;
        const next = nextSpot(from, along, across, types?.mode() ?? 'straight');
        if (next) spots.get(next)?.focus();
        e.preventDefault();
        return;
      }
      const k = e.key.toLowerCase();
      if (/^[1-9]$/.test(k) && Number(k) <= chips.length) {
        chipIndex = Number(k) - 1;
        drawChips();
      } else if (k === 'z') undo();
      else if (k === 'c') clear();
      else if (k === 'r') repeat();
      else if (k === 't' && types) types.cycle();
      else return;
      e.preventDefault();
    });
  }

  return { felt: felt.el, spots, typeBar: types?.el ?? null, chipBar, drawSpots, syncControls, bindKeys };
}
