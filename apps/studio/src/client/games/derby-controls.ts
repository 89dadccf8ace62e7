// The derby page's controls: every fight's sides as buttons (the pick lights up and the slip says
// it), the stake and the fight button. Playing the round is the page's: this takes the input and says
// the bet.
import { h } from '../ui';
import { actionButton, chipPicker } from './common';
import {
  birdsTitle,
  chooseSide,
  type DerbyChoice,
  type DerbyGame,
  type DerbyWords,
  derbyBet,
  type Fight,
  sideButtonText,
  sideLabel,
} from './derby-state';

export type DerbyControlsOptions = {
  game: DerbyGame;
  words: DerbyWords;
  /** The page's element: the side buttons are found in it. */
  root: HTMLElement;
  /** A side of this fight was picked. */
  onPick: (f: Fight) => void;
  /** The fight button was pressed with a side picked; resolves when the round is played. */
  onPlay: (bet: NonNullable<ReturnType<typeof derbyBet>>) => Promise<unknown>;
};

export function createDerbyControls(o: DerbyControlsOptions) {
  const { game, words, root: el } = o;
  const chip = chipPicker(game.chips, words.stake);
  let chosen: DerbyChoice = null;
  const slip = h('p', { class: 'muted', 'data-testid': 'slip' }, words.pickSideIdle);
  const list = h('div', {});
  for (const f of game.fights) {
    const opts = h('div', { class: 'options' });
    for (const side of game.sides) {
      const label = sideLabel(side, f, words);
      const b = h('button', { class: 'button', 'data-side': side }, sideButtonText(label, f, side));
      b.addEventListener('click', () => {
        chosen = chooseSide(f, side);
        for (const other of Array.from(el.querySelectorAll('.options .button'))) other.classList.remove('selected');
        b.classList.add('selected');
        slip.textContent = words.slip(f.fightId, label);
        o.onPick(f);
      });
      opts.append(b);
    }
    list.append(h('h3', {}, birdsTitle(f)), opts);
  }
  const bar = h(
    'div',
    { class: 'controls' },
    chip.el,
    actionButton(
      words.betAndFight,
      async () => {
        const bet = derbyBet(chosen, chip.value());
        if (!bet) {
          slip.textContent = words.pickSide;
          return;
        }
        await o.onPlay(bet);
      },
      { 'data-testid': 'spin' },
    ),
  );
  return { list, slip, bar };
}
