import type { GameContext, GameUi, StepView } from '../types';
import { h } from '../ui';
import { actionButton, chipPicker, odds } from './common';

type Fight = { fightId: string; meron: string; wala: string; odds100: Record<string, number> };
type Outcome = { meron: string; wala: string; result: string; seconds: number };

export function derbyUi(): GameUi {
  let verdict: HTMLElement;
  return {
    mount(el: HTMLElement, ctx: GameContext) {
      const game = ctx.game as { sides: string[]; fights: Fight[]; chips: number[] };
      const chip = chipPicker(game.chips, 'Stake');
      let chosen: { fightId: string; side: string } | null = null;
      const slip = h('p', { class: 'muted', 'data-testid': 'slip' }, 'Pick a side');
      const list = h('div', {});
      for (const f of game.fights) {
        const opts = h('div', { class: 'options' });
        for (const side of game.sides) {
          const label = side === 'meron' ? `Meron (${f.meron})` : side === 'wala' ? `Wala (${f.wala})` : 'Draw';
          const b = h('button', { class: 'button', 'data-side': side }, `${label} @ ${odds(f.odds100[side] ?? 0)}`);
          b.addEventListener('click', () => {
            chosen = { fightId: f.fightId, side };
            for (const other of Array.from(el.querySelectorAll('.options .button'))) other.classList.remove('selected');
            b.classList.add('selected');
            slip.textContent = `Fight ${f.fightId}: ${label}`;
          });
          opts.append(b);
        }
        list.append(h('h3', {}, `${f.meron} v ${f.wala}`), opts);
      }
      verdict = h('p', { class: 'big-number', 'data-testid': 'verdict' }, '🐓');
      el.append(
        verdict,
        list,
        slip,
        h(
          'div',
          { class: 'controls' },
          chip.el,
          actionButton(
            'Bet & fight',
            async () => {
              if (!chosen) {
                slip.textContent = 'Pick a side first';
                return;
              }
              await ctx.play({ ...chosen, amount: chip.value() });
            },
            { 'data-testid': 'spin' },
          ),
        ),
      );
    },
    showStep(step: StepView) {
      const o = step.outcome as Outcome;
      verdict.textContent =
        o.result === 'draw'
          ? `Draw after ${o.seconds}s`
          : `${o.result === 'meron' ? o.meron : o.wala} wins (${o.seconds}s)`;
    },
    summary(step) {
      return (step.outcome as Outcome).result;
    },
  };
}
