import type { GameContext, GameUi, StepView } from '../types';
import { h } from '../ui';
import { actionButton, cardEl, chipPicker } from './common';

type Card = { rank: number; suit: number };
type Outcome = { player: Card[]; house: Card[]; playerHand: string; houseHand: string; result: 'win' | 'tie' | 'loss' };

export function duelUi(): GameUi {
  let you: HTMLElement;
  let house: HTMLElement;
  let youHand: HTMLElement;
  let houseHand: HTMLElement;
  let verdict: HTMLElement;
  return {
    mount(el: HTMLElement, ctx: GameContext) {
      const game = ctx.game as { hands: string[]; chips: number[] };
      const chip = chipPicker(game.chips, 'Stake');
      you = h('div', { class: 'cards' });
      house = h('div', { class: 'cards' });
      youHand = h('h3', {}, 'You');
      houseHand = h('h3', {}, 'Opponent');
      verdict = h('p', { class: 'big-number', 'data-testid': 'verdict' }, '');
      el.append(
        h('p', { class: 'muted small' }, `Three-card duel: the better hand wins 1:1 (${game.hands.join(' < ')}).`),
        h(
          'div',
          { class: 'hands' },
          h('div', { class: 'hand' }, youHand, you),
          h('div', { class: 'hand' }, houseHand, house),
        ),
        verdict,
        h(
          'div',
          { class: 'controls' },
          chip.el,
          actionButton('Duel', () => ctx.play({ amount: chip.value() }), { 'data-testid': 'spin' }),
        ),
      );
    },
    showStep(step: StepView) {
      const o = step.outcome as Outcome;
      you.replaceChildren(...o.player.map(cardEl));
      house.replaceChildren(...o.house.map(cardEl));
      youHand.textContent = `You: ${o.playerHand}`;
      houseHand.textContent = `Opponent: ${o.houseHand}`;
      verdict.textContent = o.result === 'win' ? 'You win' : o.result === 'tie' ? 'Tie' : 'You lose';
    },
    summary(step) {
      return (step.outcome as Outcome).result;
    },
  };
}
