// The slot page's controls: the spin button (which stops autoplay while it runs), the stake, turbo,
// the autoplay panel (how many spins, stop on a win, stop after losing an amount) and the rules
// button. Spinning, autoplay and the rules are the page's: this takes the input and says what it is.
import type { gameWords } from '../game-words';
import type { SlotGame } from '../games/slot-present';
import { h, money } from '../ui';
import { type AutoplayRules, lossLimitOf } from './slot-state';

export type SlotControlsOptions = {
  game: SlotGame;
  words: ReturnType<typeof gameWords>['slot'];
  /** The spin button was pressed. */
  onSpin: () => void;
  /** The autoplay panel asks for `count` spins under these rules. */
  onAutoplay: (count: number, rules: AutoplayRules) => void;
  /** The rules button was pressed. */
  onRules: () => void;
};

export function createSlotControls(o: SlotControlsOptions) {
  const { game, words: w } = o;
  let turbo = false;

  const coinSelect = h('select', { 'aria-label': w.stake, 'data-testid': 'coin' });
  for (const c of game.coins) coinSelect.append(h('option', { value: c }, `${money(c * game.betMultiplier)}`));
  const spinButton = h('button', { class: 'spin-button', 'data-testid': 'spin', 'data-primary': '' }, w.spin);
  spinButton.addEventListener('click', () => o.onSpin());
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
  rules.addEventListener('click', () => o.onRules());

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
    const form = h(
      'form',
      { class: 'auto-panel', hidden: true, 'aria-label': w.autoplay },
      h('label', {}, `${w.spins} `, count),
      h('label', {}, stopOnWin, ` ${w.stopOnWin}`),
      h('label', {}, `${w.stopAfterLosing} `, lossLimit),
      start,
    );
    form.addEventListener('submit', (e) => {
      e.preventDefault();
      form.hidden = true;
      o.onAutoplay(Number(count.value), { stopOnWin: stopOnWin.checked, lossLimit: lossLimitOf(lossLimit.value) });
    });
    return form;
  }

  return {
    /** The row under the reels: rules and autoplay, spin, stake and turbo. */
    bar: h(
      'div',
      { class: 'slot-controls' },
      h('div', { class: 'slot-side' }, rules, autoButton),
      spinButton,
      h('div', { class: 'slot-side' }, h('label', { class: 'stake' }, `${w.stake} `, coinSelect), turboButton),
    ),
    panel,
    /** The coin chosen (the stake is the coin times the game's bet multiplier). */
    coin: () => Number(coinSelect.value),
    turbo: () => turbo,
    setSpinEnabled(enabled: boolean) {
      spinButton.disabled = !enabled;
    },
    /** The spin button says Spin, or Stop autoplay with the spins left. */
    showAutoplay(running: boolean, left: number) {
      spinButton.textContent = running ? w.stopAuto(left) : w.spin;
      spinButton.setAttribute('aria-label', running ? w.stopAutoLabel(left) : w.spin);
    },
  };
}
