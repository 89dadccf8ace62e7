// The slot page on the instant-game page shell (play.ts): the theme's reels land on the server's grid
// and every amount shown is the server's (games/slot-present.ts); nothing here decides a result.
//
// This file wires the parts: the pacing and wording of a spin (slot-state.ts), the reels, paylines,
// win bar and celebrations (slot-scene.ts), the spin, stake, turbo and autoplay controls
// (slot-controls.ts) and the rules dialog (slot-paytable.ts), and runs the spins: by hand, and
// autoplay with the free spins a round owes.
import { pageLanguage } from '../boot';
import { gameWords } from '../game-words';
import { presentSpin, type SlotGame, type SlotOutcome } from '../games/slot-present';
import { motifTile, themeArt } from '../games/theme-art';
import type { GameContext, GameUi, PlayAnswer, RoundView, StepView } from '../types';
import { h, money } from '../ui';
import { createSlotControls } from './slot-controls';
import { slotPaytable } from './slot-paytable';
import { createSlotScene, type SlotScene } from './slot-scene';
import { type AutoplayRules, autoplayStops, bigWinMs, freeSpinsIntroMs } from './slot-state';
import { createSlotSymbols } from './slot-symbols';

function reducedMotion(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
}

export function slotUi(): GameUi {
  const language = pageLanguage();
  const w = gameWords(language).slot;
  let game: SlotGame;
  let ctx: GameContext;
  let scene: SlotScene;
  let controls: ReturnType<typeof createSlotControls>;
  const auto = { running: false, left: 0 };
  const linesOrWays = () => w.linesOrWays(game.mode, game.mode === 'lines' ? game.paylines.length : game.ways);

  async function spinOnce(): Promise<PlayAnswer | undefined> {
    scene.startSpin(controls.turbo());
    const answer = await ctx.play({ coin: controls.coin() });
    if (!answer) scene.stopLoops();
    return answer;
  }

  async function playFreeSpins(round: RoundView): Promise<RoundView> {
    let current = round;
    while (current.pendingSteps > 0 && ctx.step) {
      scene.startSpin(controls.turbo());
      const next = await ctx.step(current.roundId);
      if (!next) {
        scene.stopLoops();
        break;
      }
      current = next.round;
    }
    return current;
  }

  const showAutoplay = () => controls.showAutoplay(auto.running, auto.left);

  async function spinByHand() {
    if (auto.running) {
      auto.running = false;
      showAutoplay();
      return;
    }
    ctx.sound?.play('button');
    controls.setSpinEnabled(false);
    try {
      // The free spins of a round won by hand are played with the page's Play buttons.
      await spinOnce();
    } finally {
      controls.setSpinEnabled(true);
    }
  }

  async function autoplay(count: number, rules: AutoplayRules) {
    auto.running = true;
    auto.left = count;
    let loss = 0;
    showAutoplay();
    controls.setSpinEnabled(true);
    try {
      while (auto.running && auto.left > 0) {
        auto.left--;
        showAutoplay();
        const answer = await spinOnce();
        if (!answer) break;
        // Free spins are owed to the round: autoplay plays them before it stops.
        const round = await playFreeSpins(answer.round);
        loss += round.stake - round.win;
        if (autoplayStops(rules, round, loss)) break;
      }
    } finally {
      auto.running = false;
      auto.left = 0;
      showAutoplay();
    }
  }

  return {
    mount(el: HTMLElement, context: GameContext) {
      ctx = context;
      game = ctx.game as SlotGame;
      const theme = themeArt(game.theme);
      const symbols = createSlotSymbols(game);
      scene = createSlotScene({ game, words: w, symbols, sound: () => ctx.sound, reducedMotion });
      controls = createSlotControls({
        game,
        words: w,
        onSpin: () => void spinByHand(),
        onAutoplay: (count, rules) => void autoplay(count, rules),
        onRules: () => {
          const dialog = slotPaytable({
            game,
            words: w,
            symbols,
            coin: controls.coin(),
            declaredRtp: ctx.declaredRtp,
            linesOrWays: linesOrWays(),
          });
          document.body.append(dialog);
          dialog.showModal();
          // Open at the top (the first focusable control is the Close button at the end).
          dialog.querySelector('h2')?.focus();
        },
      });

      el.classList.add('slot-stage');
      el.style.setProperty('--bg1', theme.bg[0]);
      el.style.setProperty('--bg2', theme.bg[1]);
      el.style.setProperty('--reel', theme.reel);
      el.style.setProperty('--frame', theme.frame);
      el.style.setProperty('--theme-accent', theme.accent);
      el.style.setProperty('--motif', motifTile(theme));
      el.style.setProperty('--reels', String(game.reels));
      el.style.setProperty('--rows', String(game.rows));
      el.dataset.theme = game.theme;
      el.append(
        h(
          'div',
          { class: 'slot-info' },
          h('span', { class: 'muted small' }, `${linesOrWays()} · ${w.volatility(game.volatility)}`),
          scene.fsCounter,
        ),
        scene.machine,
        scene.winbar,
        controls.bar,
        controls.panel,
      );
    },
    async showStep(step: StepView, round: RoundView) {
      const o = step.outcome as SlotOutcome;
      const p = presentSpin(game, o, round.stake, money, language);
      await scene.land(p.grid, controls.turbo());
      scene.showWins(p);
      scene.showFreeSpins(o, round);
      if (p.total > 0) ctx.sound?.play(p.tier === 'none' ? 'win' : 'bigwin');
      if (p.tier !== 'none')
        await scene.showOverlay(`bigwin ${p.tier}`, w.tier[p.tier], p.total, bigWinMs(p.tier, controls.turbo()));
      if (p.freeSpinsAwarded > 0) {
        await scene.showOverlay(
          'freespins',
          w.freeSpinsAwarded(p.freeSpinsAwarded, Boolean(o.freeSpin), game.freeSpinMultiplier),
          null,
          freeSpinsIntroMs(controls.turbo()),
        );
      }
    },
    summary(step) {
      const o = step.outcome as SlotOutcome;
      return o.freeSpin ? w.summaryFreeSpin : w.summaryWins(o.wins.length, o.freeSpinsAwarded);
    },
  };
}
