import type { GameContext, GameUi, StepView } from '../types';
import { h } from '../ui';
import { actionButton, chipPicker, odds } from './common';

type Selection = { market: string; selection: string; odds100: number };
type Fixture = { fixtureId: string; home: string; away: string; selections: Selection[] };
type Outcome = {
  home: string;
  away: string;
  score: [number, number];
  goals?: { side: string; minute: number }[];
  maps?: string[];
  winningSelections: string[];
};

export function matchUi(): GameUi {
  let board: HTMLElement;
  return {
    mount(el: HTMLElement, ctx: GameContext) {
      const game = ctx.game as { sport: string; fixtures: Fixture[]; chips: number[] };
      const chip = chipPicker(game.chips, 'Stake');
      let chosen: { fixtureId: string; market: string; selection: string } | null = null;
      const slip = h('p', { class: 'muted', 'data-testid': 'slip' }, 'Pick a selection');
      const list = h('div', {});
      for (const f of game.fixtures) {
        const opts = h('div', { class: 'options' });
        for (const s of f.selections) {
          const b = h(
            'button',
            { class: 'button', 'data-selection': `${s.market}:${s.selection}` },
            `${s.market} ${s.selection} @ ${odds(s.odds100)}`,
          );
          b.addEventListener('click', () => {
            chosen = { fixtureId: f.fixtureId, market: s.market, selection: s.selection };
            for (const other of Array.from(el.querySelectorAll('.options .button'))) other.classList.remove('selected');
            b.classList.add('selected');
            slip.textContent = `${f.home} v ${f.away}: ${s.market} ${s.selection} @ ${odds(s.odds100)}`;
          });
          opts.append(b);
        }
        list.append(h('h3', {}, `${f.home} v ${f.away}`), opts);
      }
      board = h(
        'p',
        { class: 'big-number', 'data-testid': 'verdict' },
        game.sport === 'esports' ? 'Best of 3' : 'Kick-off',
      );
      el.append(
        board,
        list,
        slip,
        h(
          'div',
          { class: 'controls' },
          chip.el,
          actionButton(
            'Bet & play',
            async () => {
              if (!chosen) {
                slip.textContent = 'Pick a selection first';
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
      board.textContent = `${o.home} ${o.score[0]} – ${o.score[1]} ${o.away}`;
    },
    summary(step) {
      const o = step.outcome as Outcome;
      return `${o.score[0]}-${o.score[1]}`;
    },
  };
}
