// The match page's controls: every fixture's selections as buttons (the pick lights up and the slip
// says it), the stake and the play button; at the whistle the winning selections light up. Playing
// the round is the page's: this takes the input and says the bet.
import { h } from '../ui';
import { actionButton, chipPicker } from './common';
import {
  chooseSelection,
  type Fixture,
  fixtureTitle,
  type MatchChoice,
  type MatchGame,
  type MatchWords,
  matchBet,
  selectionLabel,
  wonButtonsSelector,
} from './match-state';

export type MatchControlsOptions = {
  game: MatchGame;
  language: unknown;
  words: MatchWords;
  /** The page's element: the selection buttons are found in it. */
  root: HTMLElement;
  /** A selection of this fixture was picked. */
  onPick: (f: Fixture) => void;
  /** The play button was pressed with a selection picked; resolves when the round is played. */
  onPlay: (bet: NonNullable<ReturnType<typeof matchBet>>) => Promise<unknown>;
};

export function createMatchControls(o: MatchControlsOptions) {
  const { game, language, words, root: el } = o;
  const chip = chipPicker(game.chips, words.stake);
  let chosen: MatchChoice = null;
  const slip = h('p', { class: 'muted', 'data-testid': 'slip' }, words.pickSelectionIdle);
  const list = h('div', {});
  for (const f of game.fixtures) {
    const opts = h('div', { class: 'options' });
    for (const s of f.selections) {
      const b = h(
        'button',
        { class: 'button', 'data-selection': `${s.market}:${s.selection}`, 'data-fixture': f.fixtureId },
        selectionLabel(s, language),
      );
      b.addEventListener('click', () => {
        chosen = chooseSelection(f, s);
        for (const other of Array.from(el.querySelectorAll('.options .button'))) other.classList.remove('selected');
        b.classList.add('selected');
        slip.textContent = `${fixtureTitle(f)}: ${selectionLabel(s, language)}`;
        o.onPick(f);
      });
      opts.append(b);
    }
    list.append(h('h3', {}, fixtureTitle(f)), opts);
  }
  const bar = h(
    'div',
    { class: 'controls' },
    chip.el,
    actionButton(
      words.betAndPlay,
      async () => {
        const bet = matchBet(chosen, chip.value());
        if (!bet) {
          slip.textContent = words.pickSelection;
          return;
        }
        await o.onPlay(bet);
      },
      { 'data-testid': 'spin' },
    ),
  );

  /** Clears the last round's winning selections. */
  function clearWon() {
    for (const b of Array.from(el.querySelectorAll('.options .button'))) b.classList.remove('won');
  }

  /** Lights up the winning selections of the fixture played. */
  function markWon(fixtureId: string | undefined, selections: string[]) {
    for (const s of selections) {
      for (const b of Array.from(el.querySelectorAll(wonButtonsSelector(fixtureId, s)))) b.classList.add('won');
    }
  }

  return { list, slip, bar, clearWon, markWon };
}
