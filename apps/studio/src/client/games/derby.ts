// The derby (the catalogue's COCKFIGHT tiles): two drawn birds in a pit, a fight clock
// running to the length the server drew, clashes along the way, and the server's result at the
// end: the winner stands and crows, the loser goes down, a draw leaves both apart. Everything shown
// comes from presentDerby (arcade-present.ts); reduced motion shows the end at once.
//
// This file wires the parts: what the page decides (derby-state.ts), the pit and its birds
// (derby-scene.ts) and the sides, stake and fight button (derby-controls.ts).

import { pageLanguage } from '../boot';
import { gameWords } from '../game-words';
import type { GameContext, GameUi, StepView } from '../types';
import { h } from '../ui';
import { type DerbyOutcome, presentDerby } from './arcade-present';
import { createDerbyControls } from './derby-controls';
import { createDerbyScene, type DerbyScene } from './derby-scene';
import { birdsTitle, type DerbyGame, derbySummary, needsBirds, openingBirds } from './derby-state';
import { reducedMotion, useSceneStyle } from './scene-kit';
import { sceneSound } from './scene-sound';

export { rooster } from './derby-scene';

export function derbyUi(): GameUi {
  const language = pageLanguage();
  const words = gameWords(language).derby;
  let verdict: HTMLElement;
  let scene: DerbyScene;
  let ctx: GameContext;
  let sfx: ReturnType<typeof sceneSound> = () => undefined;

  return {
    mount(el: HTMLElement, context: GameContext) {
      ctx = context;
      sfx = sceneSound(ctx.sound);
      useSceneStyle();
      const game = ctx.game as DerbyGame;
      scene = createDerbyScene({ words, sfx });
      scene.drawBirds(openingBirds(game.fights[0]));
      const controls = createDerbyControls({
        game,
        words,
        root: el,
        onPick: (f) => {
          if (needsBirds(scene.birds(), f)) scene.drawBirds(f);
        },
        onPlay: (bet) => ctx.play(bet),
      });
      verdict = h('p', { class: 'scene-note', 'data-testid': 'verdict' }, birdsTitle(scene.birds()));
      el.append(
        scene.pit,
        verdict,
        controls.list,
        controls.slip,
        controls.bar,
        h('p', { class: 'muted small' }, words.rules),
      );
    },
    async showStep(step: StepView) {
      const o = step.outcome as DerbyOutcome;
      const plan = presentDerby(o, language);
      scene.drawBirds(o);
      const still = reducedMotion();
      // On a phone the bet buttons sit below the scene: bring the scene back into view for the event.
      scene.pit.scrollIntoView?.({ block: 'nearest', behavior: still ? 'auto' : 'smooth' });
      if (!still) {
        sfx('bell');
        verdict.textContent = birdsTitle(o);
        await scene.fight(plan);
      }
      const fall = scene.finish(plan, still);
      if (fall) await fall;
      verdict.textContent = plan.verdict;
      // The closing bell and the crowd around the pit, then the win chime (the result's sounds
      // play under reduced motion too: only the sound toggle silences them).
      sfx('bell');
      sfx('crowd');
      if (step.win > 0) ctx.sound?.play('win');
    },
    summary(step) {
      return derbySummary(step.outcome as DerbyOutcome, words);
    },
  };
}
