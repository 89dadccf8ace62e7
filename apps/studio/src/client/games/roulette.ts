import type { GameContext, GameUi, StepView } from '../types';
import { h, money } from '../ui';
import { actionButton, chipPicker } from './common';

type Item = { type: string; numbers?: number[]; amount: number };
type Outcome = { number: number; color: 'red' | 'black' | 'green'; returns: number[] };
const OUTSIDE_LABELS: Record<string, string> = {
  red: 'Red',
  black: 'Black',
  odd: 'Odd',
  even: 'Even',
  low: '1-18',
  high: '19-36',
  dozen1: '1st 12',
  dozen2: '2nd 12',
  dozen3: '3rd 12',
  column1: 'Col 1',
  column2: 'Col 2',
  column3: 'Col 3',
};

export function rouletteUi(): GameUi {
  let items: Item[] = [];
  let ball: HTMLElement;
  return {
    mount(el: HTMLElement, ctx: GameContext) {
      const game = ctx.game as { outside: string[]; red: number[]; chips: number[] };
      const red = new Set(game.red);
      const chip = chipPicker(game.chips);
      const slip = h('ul', { class: 'bets-list', 'data-testid': 'slip' });
      const drawSlip = () =>
        slip.replaceChildren(
          ...items.map((i) =>
            h(
              'li',
              {},
              `${i.type === 'straight' ? `#${i.numbers?.[0]}` : (OUTSIDE_LABELS[i.type] ?? i.type)} ${money(i.amount)}`,
            ),
          ),
        );
      const add = (item: Omit<Item, 'amount'>) => {
        const same = items.find((i) => i.type === item.type && String(i.numbers) === String(item.numbers));
        if (same) same.amount += chip.value();
        else items.push({ ...item, amount: chip.value() });
        drawSlip();
      };
      const numbers = h('div', {
        class: 'options',
        style: 'grid-template-columns: repeat(auto-fill, minmax(42px, 1fr))',
      });
      for (let n = 0; n <= 36; n++) {
        numbers.append(
          h(
            'button',
            {
              class: `button ${n === 0 ? 'green-n' : red.has(n) ? 'red-n' : 'black-n'}`,
              onclick: () => add({ type: 'straight', numbers: [n] }),
            },
            String(n),
          ),
        );
      }
      const outside = h('div', { class: 'options' });
      for (const type of game.outside)
        outside.append(
          h(
            'button',
            { class: 'button', 'data-bet': type, onclick: () => add({ type }) },
            OUTSIDE_LABELS[type] ?? type,
          ),
        );
      ball = h('div', { class: 'big-number', 'data-testid': 'verdict' }, '–');
      el.append(
        ball,
        numbers,
        outside,
        slip,
        h(
          'div',
          { class: 'controls' },
          chip.el,
          h(
            'button',
            {
              class: 'button',
              onclick: () => {
                items = [];
                drawSlip();
              },
            },
            'Clear',
          ),
          actionButton(
            'Spin',
            () =>
              ctx.play({
                bets: items.map((i) =>
                  i.numbers
                    ? { type: i.type, numbers: i.numbers, amount: i.amount }
                    : { type: i.type, amount: i.amount },
                ),
              }),
            { 'data-testid': 'spin' },
          ),
        ),
      );
    },
    showStep(step: StepView) {
      const o = step.outcome as Outcome;
      ball.textContent = String(o.number);
      ball.className = `big-number ${o.color}-n`;
    },
    summary(step) {
      const o = step.outcome as Outcome;
      return `${o.number} ${o.color}`;
    },
  };
}
