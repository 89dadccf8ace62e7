import { h, money } from '../ui';

type Card = { rank: number; suit: number };
const RANKS = ['', 'A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];
const SUITS = ['♠', '♥', '♦', '♣'];

export function cardEl(card: Card): HTMLElement {
  return h(
    'span',
    { class: `card${card.suit === 1 || card.suit === 2 ? ' red' : ''}` },
    `${RANKS[card.rank] ?? '?'}${SUITS[card.suit] ?? ''}`,
  );
}

/** A chip (stake) selector labelled `label` (in the page's language); value() is the chosen amount in minor units. */
export function chipPicker(chips: number[], label: string): { el: HTMLElement; value: () => number } {
  const select = h('select', { 'aria-label': label, 'data-testid': 'chip' });
  for (const c of chips) select.append(h('option', { value: c }, money(c)));
  return { el: h('label', {}, `${label} `, select), value: () => Number(select.value) };
}

/** Decimal odds from hundredths. */
export function odds(odds100: number): string {
  return (odds100 / 100).toFixed(2);
}

/** A button that disables itself while its action runs. */
export function actionButton(
  text: string,
  action: () => Promise<unknown>,
  attrs: Record<string, string> = {},
): HTMLButtonElement {
  const button = h('button', { class: 'button primary big', ...attrs }, text);
  button.addEventListener('click', async () => {
    button.disabled = true;
    try {
      await action();
    } finally {
      button.disabled = false;
    }
  });
  return button;
}
