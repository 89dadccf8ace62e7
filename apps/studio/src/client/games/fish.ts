// The fishing page: the server's school swims in a drawn sea, a cannon fires the round's
// shots one by one at the fish the server says each shot hit, and a catch nets the fish with its
// win. Everything shown comes from presentFish (arcade-present.ts); reduced motion shows the end.
//
// This file wires the parts: what the page decides (fish-state.ts), the sea (fish-scene.ts), the
// pickers and the fire button (fish-controls.ts) and the pay table (fish-lists.ts).

import { pageLanguage } from '../boot';
import { gameWords } from '../game-words';
import type { GameContext, GameUi, StepView } from '../types';
import { h, money } from '../ui';
import { type FishOutcome, presentFish } from './arcade-present';
import { createFishControls } from './fish-controls';
import { fishPaytable } from './fish-lists';
import { createFishScene, type FishScene } from './fish-scene';
import { type FishGame, fishVerdict, openingSchool, shotPacing } from './fish-state';
import { reducedMotion, useSceneStyle, wait } from './scene-kit';
import { sceneSound } from './scene-sound';

export { fishPlace } from './fish-state';

/** The history's text of a fishing round: catches out of shots ('' for an outcome of another shape). */
export function fishSummary(step: Pick<StepView, 'outcome'> | undefined, language: unknown = 'EN'): string {
  const o = step?.outcome as Partial<FishOutcome> | null | undefined;
  if (!o || !Array.isArray(o.shots) || typeof o.captured !== 'number') return '';
  return gameWords(language).fish.summary(o.captured, o.shots.length);
}

export function fishUi(): GameUi {
  const language = pageLanguage();
  const w = gameWords(language).fish;
  let game: FishGame;
  let scene: FishScene;
  let log: HTMLElement;
  let ctx: GameContext;
  let sfx: ReturnType<typeof sceneSound> = () => undefined;

  return {
    mount(el: HTMLElement, context: GameContext) {
      ctx = context;
      sfx = sceneSound(ctx.sound);
      useSceneStyle();
      game = ctx.game as FishGame;
      const controls = createFishControls({ game, words: w, onFire: (bet) => ctx.play(bet) });
      scene = createFishScene({ kinds: game.kinds, sfx });
      scene.fillSea(openingSchool(game.kinds));
      log = h('p', { class: 'scene-note', 'data-testid': 'verdict' }, w.chooseAndFire);
      const paytable = fishPaytable(game.kinds, w);
      const rules = h('p', { class: 'muted small' }, w.rules);
      el.append(scene.sea, log, controls, paytable, rules);
    },
    async showStep(step: StepView) {
      const plan = presentFish(step.outcome as FishOutcome);
      const n = plan.shots.length;
      const { swimmers, tally } = scene;
      scene.fillSea(plan.start);
      const verdict = fishVerdict(plan, game.kinds, w);
      if (!reducedMotion()) {
        log.textContent = w.firing(n);
        const { gap, flight } = shotPacing(n);
        const landings: Promise<void>[] = [];
        for (const [i, shot] of plan.shots.entries()) {
          let target = swimmers[shot.slot];
          if (shot.arrives || !target?.isConnected) target = scene.placeFish(shot.slot, shot.kind, true);
          landings.push(
            scene.fire(target, shot, flight, () => {
              tally.textContent = w.shotTally(i + 1, n, money(shot.total));
            }),
          );
          await wait(gap);
        }
        await Promise.all(landings);
      } else {
        // Reduced motion: the sea as the round left it, the caught fish gone; one splash for the
        // catch (reduced motion is not silence: only the sound toggle is).
        for (const shot of plan.shots) {
          if (shot.arrives || !swimmers[shot.slot]?.isConnected) scene.placeFish(shot.slot, shot.kind, false);
          if (shot.captured) swimmers[shot.slot]?.remove();
        }
        if (plan.captured > 0) sfx('catch');
      }
      scene.forgetGone();
      tally.textContent = w.tally(plan.captured, n, money(plan.total));
      log.textContent = verdict;
    },
    summary: (step) => fishSummary(step, language),
  };
}
