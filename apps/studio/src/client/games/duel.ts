// The three-card duel: a felt table, the six cards dealt face down one at a time as the
// engine dealt them (you first), turned over hand by hand, then the better hand lights up with the
// verdict. Everything shown comes from presentDuel (arcade-present.ts); reduced motion shows the end.

import { pageLanguage } from '../boot';
import { gameWords } from '../game-words';
import type { GameContext, GameUi, StepView } from '../types';
import { h } from '../ui';
import { type DuelOutcome, presentDuel } from './arcade-present';
import { actionButton, chipPicker } from './common';
import { play, reducedMotion, useSceneStyle, wait } from './scene-kit';
import { sceneSound } from './scene-sound';

type Card = { rank: number; suit: number };
const RANKS = ['', 'A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];
const SUITS = ['♠', '♥', '♦', '♣'];

/** A playing card with a back and a face; `up` turns it over. */
function playingCard(card: Card): HTMLElement {
  const rank = RANKS[card.rank] ?? '?';
  const suit = SUITS[card.suit] ?? '';
  const red = card.suit === 1 || card.suit === 2;
  return h(
    'div',
    {
      class: 'pc',
      'data-card': `${rank}${suit}`,
      'aria-label': gameWords(pageLanguage()).duel.cardLabel(rank, card.suit),
      role: 'img',
    },
    h('div', { class: 'back' }),
    h('div', { class: `face${red ? ' red' : ''}` }, h('span', {}, rank), h('span', {}, suit)),
  );
}

export function duelUi(): GameUi {
  const language = pageLanguage();
  const w = gameWords(language).duel;
  let you: HTMLElement;
  let house: HTMLElement;
  let youSeat: HTMLElement;
  let houseSeat: HTMLElement;
  let youHand: HTMLElement;
  let houseHand: HTMLElement;
  let verdict: HTMLElement;
  let ctx: GameContext;
  let sfx: ReturnType<typeof sceneSound> = () => undefined;
  return {
    mount(el: HTMLElement, context: GameContext) {
      ctx = context;
      sfx = sceneSound(ctx.sound);
      useSceneStyle();
      const game = ctx.game as { hands: string[]; chips: number[] };
      const chip = chipPicker(game.chips, w.stake);
      you = h('div', { class: 'hand-row', 'data-testid': 'player-cards' });
      house = h('div', { class: 'hand-row', 'data-testid': 'house-cards' });
      youHand = h('h3', {}, w.you);
      houseHand = h('h3', {}, w.opponent);
      houseSeat = h('div', { class: 'seat' }, houseHand, house);
      youSeat = h('div', { class: 'seat' }, you, youHand);
      verdict = h('p', { class: 'scene-note big', 'data-testid': 'verdict' }, '');
      el.append(
        h('div', { class: 'felt scene', 'data-testid': 'felt' }, houseSeat, h('div', { class: 'vs' }, 'VS'), youSeat),
        verdict,
        h(
          'div',
          { class: 'controls' },
          chip.el,
          actionButton(w.duel, () => ctx.play({ amount: chip.value() }), { 'data-testid': 'spin' }),
        ),
        h('p', { class: 'muted small' }, w.rules(game.hands.join(' < '))),
      );
    },
    async showStep(step: StepView) {
      const plan = presentDuel(step.outcome as DuelOutcome, language);
      const still = reducedMotion();
      you.replaceChildren();
      house.replaceChildren();
      youHand.textContent = w.you;
      houseHand.textContent = w.opponent;
      youSeat.classList.remove('best');
      houseSeat.classList.remove('best');
      verdict.textContent = '';
      const cards = { player: [] as HTMLElement[], house: [] as HTMLElement[] };
      for (const d of plan.deal) {
        const card = playingCard(d.card);
        cards[d.side].push(card);
        (d.side === 'player' ? you : house).append(card);
        if (!still) {
          sfx('deal');
          await play(
            card,
            [
              { translate: `0 ${d.side === 'player' ? '-' : ''}120px`, opacity: 0 },
              { translate: '0 0', opacity: 1 },
            ],
            { duration: 220, easing: 'ease-out' },
          );
        }
      }
      const turn = async (side: 'player' | 'house') => {
        for (const card of cards[side]) {
          card.classList.add('up');
          if (!still) {
            sfx('flip');
            await wait(180);
          }
        }
      };
      await turn('player');
      youHand.textContent = w.youHand(plan.playerHand);
      if (!still) await wait(250);
      await turn('house');
      houseHand.textContent = w.opponentHand(plan.houseHand);
      if (!still) await wait(350);
      if (plan.result === 'win') youSeat.classList.add('best');
      if (plan.result === 'loss') houseSeat.classList.add('best');
      verdict.textContent = plan.verdict;
      if (plan.result === 'win') ctx.sound?.play('win');
      if (!still)
        await play(
          verdict,
          [
            { transform: 'scale(1.6)', opacity: 0 },
            { transform: 'scale(1)', opacity: 1 },
          ],
          { duration: 300 },
        );
    },
    summary(step) {
      return w.summary[(step.outcome as DuelOutcome).result];
    },
  };
}
