// The lottery page's ticket picker: the bet type, a number grid for one- and two-digit numbers (or
// the numbers typed), quick pick, the stake and the buy button. It keeps the picks in step with the
// typed numbers; buying is the page's.
import type { LotteryInfo } from '../../api-types';
import type { gameWords } from '../game-words';
import { betTypeHint, betTypeLabel, quickPick, readPicks, togglePick } from '../games/lottery-present';
import type { Sound } from '../sound';
import { h, money } from '../ui';

type BetType = LotteryInfo['betTypes'][number];

export type LotteryControlsOptions = {
  language: unknown;
  words: ReturnType<typeof gameWords>['lottery'];
  currency: string;
  sound: Sound;
  /** The page's live message line, shown under the picker. */
  message: HTMLElement;
  /** The bet types of the lottery as the studio last sent them. */
  betTypes: () => BetType[] | undefined;
  /** Buys a ticket with this bet (the bet type's code, the numbers picked, the stake). */
  buy: (bet: { type: string; numbers: string[]; amount: number }) => void;
};

export function createLotteryControls(o: LotteryControlsOptions) {
  const { language, words: w, sound } = o;
  const typeSelect = h('select', { 'aria-label': w.betType, 'data-testid': 'bet-type' });
  const numbers = h('input', {
    'aria-label': w.numbers,
    placeholder: w.numbersPlaceholder,
    inputmode: 'numeric',
    autocomplete: 'off',
    'data-testid': 'numbers',
  });
  const amount = h('select', { 'aria-label': w.stake, 'data-testid': 'chip' });
  for (const a of [100, 500, 1000, 5000, 10_000]) amount.append(h('option', { value: a }, money(a)));
  const hint = h('p', { class: 'muted small' });
  const grid = h('div', { class: 'lot-grid', role: 'group', 'aria-label': w.pickNumbers, 'data-testid': 'pick-grid' });
  const quick = h('button', { class: 'button', type: 'button', 'data-testid': 'quick-pick' }, w.quickPick);
  const buyButton = h(
    'button',
    { class: 'button primary big', type: 'button', 'data-testid': 'buy', 'data-primary': true },
    w.buyTicket,
  );
  let picks: string[] = [];

  const currentType = () => o.betTypes()?.find((t) => t.type === typeSelect.value);

  function drawGrid() {
    const t = currentType();
    // A grid for one- and two-digit numbers (10 or 100 balls); longer numbers are typed or quick-picked.
    if (!t || t.digits > 2) {
      grid.hidden = true;
      grid.replaceChildren();
      return;
    }
    grid.hidden = false;
    grid.dataset.digits = String(t.digits);
    const size = 10 ** t.digits;
    grid.replaceChildren(
      ...Array.from({ length: size }, (_, i) => {
        const n = String(i).padStart(t.digits, '0');
        return h(
          'button',
          {
            type: 'button',
            class: 'lot-pick',
            'aria-pressed': String(picks.includes(n)),
            'aria-label': w.pick(n),
            'data-n': n,
          },
          n,
        );
      }),
    );
  }
  function showPicks() {
    grid.querySelectorAll<HTMLButtonElement>('button[data-n]').forEach((b) => {
      b.setAttribute('aria-pressed', String(picks.includes(b.dataset.n ?? '')));
    });
  }
  grid.addEventListener('click', (e) => {
    const b = (e.target as HTMLElement).closest<HTMLButtonElement>('button[data-n]');
    const t = currentType();
    if (!b || !t) return;
    picks = togglePick(picks, b.dataset.n ?? '', t.picks);
    numbers.value = picks.join(',');
    showPicks();
    sound.play('button');
  });
  numbers.addEventListener('input', () => {
    const t = currentType();
    picks = t ? readPicks(numbers.value, t.digits) : [];
    showPicks();
  });
  quick.addEventListener('click', () => {
    const t = currentType();
    if (!t) return;
    picks = quickPick(t.digits, t.picks);
    numbers.value = picks.join(',');
    showPicks();
    sound.play('button');
  });
  typeSelect.addEventListener('change', () => {
    const t = currentType();
    if (t) {
      hint.textContent = betTypeHint(t, language);
      picks = readPicks(numbers.value, t.digits)
        .filter((n) => n.length === t.digits)
        .slice(0, t.picks);
      numbers.value = picks.join(',');
    }
    drawGrid();
  });
  buyButton.addEventListener('click', () => {
    const t = currentType();
    if (!t) return;
    o.buy({ type: t.type, numbers: readPicks(numbers.value, t.digits), amount: Number(amount.value) });
  });

  /** Fills the bet type list from the studio's first answer (and shows the first type's grid). */
  function offerTypes(types: BetType[]) {
    if (typeSelect.options.length) return;
    for (const t of types) typeSelect.append(h('option', { value: t.type }, betTypeLabel(t, language)));
    typeSelect.dispatchEvent(new Event('change'));
  }

  const el = h(
    'section',
    { class: 'panel lot-picker' },
    h('h2', {}, w.yourTicket),
    h('label', { class: 'lot-field' }, w.betType, typeSelect),
    hint,
    grid,
    h('div', { class: 'lot-row-fields' }, h('label', { class: 'lot-field' }, w.numbers, numbers), quick),
    h('div', { class: 'lot-row-fields' }, h('label', { class: 'lot-field' }, w.stakeIn(o.currency), amount), buyButton),
    o.message,
  );

  return {
    el,
    offerTypes,
    setBuying: (on: boolean) => {
      buyButton.disabled = on;
    },
  };
}
