import type { GameContext, GameUi, StepView } from '../types';
import { h, money } from '../ui';
import { actionButton, cardEl, chipPicker } from './common';

type Card = { rank: number; suit: number };
type Outcome = {
  player: Card[];
  banker: Card[];
  playerTotal: number;
  bankerTotal: number;
  result: 'player' | 'banker' | 'tie';
  playerPair: boolean;
  bankerPair: boolean;
  returns: Record<string, number>;
};
const LABELS: Record<string, string> = {
  player: 'Player 1:1',
  banker: 'Banker 0.95:1',
  tie: 'Tie 8:1',
  playerPair: 'P pair 11:1',
  bankerPair: 'B pair 11:1',
};

export function baccaratUi(): GameUi {
  const stakes: Record<string, number> = {};
  let playerCards: HTMLElement;
  let bankerCards: HTMLElement;
  let playerHand: HTMLElement;
  let bankerHand: HTMLElement;
  let verdict: HTMLElement;
  return {
    mount(el: HTMLElement, ctx: GameContext) {
      const game = ctx.game as { bets: string[]; chips: number[] };
      const chip = chipPicker(game.chips);
      const slip = h('p', { class: 'muted', 'data-testid': 'slip' }, 'Tap a bet to place chips');
      const drawSlip = () => {
        const parts = Object.entries(stakes).map(([k, v]) => `${k} ${money(v)}`);
        slip.textContent = parts.length ? parts.join(' · ') : 'Tap a bet to place chips';
      };
      const options = h('div', { class: 'options' });
      for (const bet of game.bets) {
        options.append(
          h(
            'button',
            {
              class: 'button',
              'data-bet': bet,
              onclick: () => {
                stakes[bet] = (stakes[bet] ?? 0) + chip.value();
                drawSlip();
              },
            },
            LABELS[bet] ?? bet,
          ),
        );
      }
      playerCards = h('div', { class: 'cards' });
      bankerCards = h('div', { class: 'cards' });
      playerHand = h('div', { class: 'hand' }, h('h3', {}, 'Player'), playerCards);
      bankerHand = h('div', { class: 'hand' }, h('h3', {}, 'Banker'), bankerCards);
      verdict = h('p', { class: 'big-number', 'data-testid': 'verdict' }, '');
      el.append(
        h('div', { class: 'hands' }, playerHand, bankerHand),
        verdict,
        options,
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
                for (const k of Object.keys(stakes)) delete stakes[k];
                drawSlip();
              },
            },
            'Clear',
          ),
          actionButton('Deal', () => ctx.play({ ...stakes }), { 'data-testid': 'spin' }),
        ),
      );
    },
    showStep(step: StepView) {
      const o = step.outcome as Outcome;
      playerCards.replaceChildren(...o.player.map(cardEl));
      bankerCards.replaceChildren(...o.banker.map(cardEl));
      playerHand.querySelector('h3')!.textContent = `Player ${o.playerTotal}`;
      bankerHand.querySelector('h3')!.textContent = `Banker ${o.bankerTotal}`;
      playerHand.classList.toggle('winner', o.result === 'player');
      bankerHand.classList.toggle('winner', o.result === 'banker');
      verdict.textContent = o.result === 'tie' ? 'Tie' : `${o.result === 'player' ? 'Player' : 'Banker'} wins`;
    },
    summary(step) {
      const o = step.outcome as Outcome;
      return `${o.result} ${o.playerTotal}-${o.bankerTotal}`;
    },
  };
}
