// Virtual football and esports: the match unfolds on a drawn pitch (or arena) with a
// clock; goals appear at the minutes the server drew (maps one by one in esports), the scoreboard
// follows, and the winning selections light up at the final whistle. Everything shown comes from
// presentMatch (arcade-present.ts); reduced motion shows the final board at once.
//
// This file wires the parts: what the page decides (match-state.ts), the pitch and its board
// (match-scene.ts), the selections, stake and play button (match-controls.ts) and the list of
// events (match-lists.ts).

import { pageLanguage } from '../boot';
import { gameWords } from '../game-words';
import type { GameContext, GameUi, RoundView, StepView } from '../types';
import { h } from '../ui';
import { type MatchOutcome, presentMatch } from './arcade-present';
import { createMatchControls } from './match-controls';
import { createGoalList } from './match-lists';
import { createMatchScene, type MatchScene } from './match-scene';
import { fixtureTitle, type MatchGame, matchLength, matchSummary, openingBoard, scoreText } from './match-state';
import { reducedMotion, useSceneStyle } from './scene-kit';
import { sceneSound } from './scene-sound';

export { selectionText } from './match-state';

export function matchUi(): GameUi {
  const language = pageLanguage();
  const words = gameWords(language).match;
  let scene: MatchScene;
  let goals: ReturnType<typeof createGoalList>;
  let controls: ReturnType<typeof createMatchControls>;
  let ctx: GameContext;
  let sfx: ReturnType<typeof sceneSound> = () => undefined;

  return {
    mount(el: HTMLElement, context: GameContext) {
      ctx = context;
      sfx = sceneSound(ctx.sound);
      useSceneStyle();
      const game = ctx.game as MatchGame;
      const sport = game.sport;
      controls = createMatchControls({
        game,
        language,
        words,
        root: el,
        onPick: (f) => {
          scene.teams.textContent = fixtureTitle(f);
        },
        onPlay: (bet) => ctx.play(bet),
      });
      const esports = sport === 'esports';
      const first = game.fixtures[0];
      scene = createMatchScene({ sport, words, teams: first ? fixtureTitle(first) : '', sfx });
      goals = createGoalList(esports, words);
      el.append(
        scene.field,
        scene.board,
        goals.el,
        controls.list,
        controls.slip,
        controls.bar,
        h('p', { class: 'muted small' }, words.rules),
      );
    },
    async showStep(step: StepView, round: RoundView) {
      const o = step.outcome as MatchOutcome;
      const fixtureId = (round?.bet as { fixtureId?: string } | null)?.fixtureId;
      const plan = presentMatch(o, language);
      const still = reducedMotion();
      const { field, scoreEl, clock, board } = scene;
      // On a phone the bet buttons sit below the scene: bring the scene back into view for the event.
      field.scrollIntoView?.({ block: 'nearest', behavior: still ? 'auto' : 'smooth' });
      const total = matchLength(plan.sport);
      controls.clearWon();
      scene.teams.textContent = fixtureTitle(o);
      goals.clear();
      scoreEl.textContent = '0 – 0';
      board.textContent = openingBoard(plan.sport === 'esports', words);
      const idle = scene.idleBall(still);
      let minute = 0;
      // Football kicks off and ends on the referee's whistle; esports maps start on a click.
      if (!still) {
        if (plan.sport === 'football') sfx('whistle');
        else ctx.sound?.play('button');
      }
      for (const e of plan.events) {
        if (!still) await scene.runClock(minute, e.minute, total);
        minute = e.minute;
        scoreEl.textContent = scoreText(e.score);
        goals.add(e);
        if (!still) await scene.celebrate(e, plan.sport, idle);
      }
      if (!still) {
        await scene.runClock(minute, total, total);
        if (plan.sport === 'football') sfx('finalWhistle');
      }
      idle?.cancel();
      clock.textContent = plan.sport === 'esports' ? words.end : words.fullTime;
      scoreEl.textContent = scoreText(plan.score);
      board.textContent = plan.scoreline;
      controls.markWon(fixtureId, plan.winningSelections);
      if (step.win > 0) ctx.sound?.play('win');
    },
    summary(step) {
      return matchSummary(step.outcome as MatchOutcome);
    },
  };
}
