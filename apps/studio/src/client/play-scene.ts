// The game page's stage: the game's own UI with the last win under it, and the balance the frame's
// top bar shows.
import { answerMessage, type ShellWords } from './play-state';
import type { GameUi, PlayAnswer, RoundView, SessionInfo, StepView } from './types';
import { h, money } from './ui';

export type PlaySceneDeps = {
  w: ShellWords;
  ui: GameUi;
  say: (text: string) => void;
  showContinue: (round: RoundView | null) => void;
};

export function createPlayScene(info: SessionInfo, { w, ui, say, showContinue }: PlaySceneDeps) {
  const balance = h('strong', { 'data-testid': 'balance' }, money(info.balance));
  const lastWin = h('strong', { 'data-testid': 'last-win' }, '0.00');

  const stage = h('section', { class: 'panel stage' });
  const result = h('div', { class: 'result' }, `${w.win} `, lastWin);

  // The balance and the result text follow the animation: the reels land before the win is shown.
  async function showAnswer(answer: PlayAnswer, step: StepView) {
    await ui.showStep(step, answer.round);
    balance.textContent = money(answer.balance);
    lastWin.textContent = money(answer.round.win);
    say(answerMessage(answer, w));
    showContinue(answer.round);
  }

  return { balance, stage, result, showAnswer };
}
