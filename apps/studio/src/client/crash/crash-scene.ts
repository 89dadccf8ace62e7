// The crash page's stage: the rising curve drawn live from the server's start time (games/
// crash-chart.ts), the multiplier, the phase line and the betting timer, with the sounds of the
// phases. It draws a view of the server's state (games/crash-present.ts crashView).

import type { gameWords } from '../game-words';
import { createCrashChart } from '../games/crash-chart';
import { type CrashView, times } from '../games/crash-present';
import type { Sound } from '../sound';
import { h } from '../ui';

export function createCrashScene(w: ReturnType<typeof gameWords>['crash'], sound: Sound, reduced: boolean) {
  const chart = createCrashChart();
  const big = h('div', { class: 'crash-multiplier', 'data-testid': 'multiplier' }, '1.00×');
  const phase = h('p', { class: 'crash-phase', 'data-testid': 'phase' }, w.connecting);
  const timer = h('span');
  const timerBar = h('div', { class: 'crash-timer', 'aria-hidden': 'true' }, timer);
  const el = h(
    'section',
    { class: 'crash-stage', 'data-phase': 'connecting' },
    chart.el,
    h('div', { class: 'crash-overlay' }, big, phase, timerBar),
  );

  let shownMultiplier = '';
  let shownPhase = '';
  let roundBettingMs = 0;
  let lastSecond = -1;

  /** Draws one frame of the view: only what changed is written to the page. */
  function draw(view: CrashView) {
    const text = times(view.multiplier);
    if (text !== shownMultiplier) {
      shownMultiplier = text;
      big.textContent = text;
    }
    if (view.text !== shownPhase) {
      shownPhase = view.text;
      phase.textContent = view.text;
    }
    if (el.dataset.phase !== view.phase) {
      enterPhase(view.phase);
      el.dataset.phase = view.phase;
    }
    if (view.phase === 'betting') {
      roundBettingMs = Math.max(roundBettingMs, view.bettingLeft);
      timer.style.transform = `scaleX(${roundBettingMs ? view.bettingLeft / roundBettingMs : 0})`;
      const second = Math.ceil(view.bettingLeft / 1000);
      if (second !== lastSecond && second <= 3) sound.play('button');
      lastSecond = second;
    }
    chart.draw(
      view.elapsed,
      view.multiplier,
      view.phase === 'crashed' ? 'crashed' : view.phase === 'running' ? 'flying' : 'idle',
    );
  }

  function enterPhase(next: string) {
    if (next === 'betting') {
      roundBettingMs = 0;
      lastSecond = -1;
    } else if (next === 'running') sound.play('spin');
    else if (next === 'crashed') sound.play('stop');
    if (!reduced && (next === 'crashed' || next === 'running')) {
      big.classList.remove('pop');
      void big.offsetWidth; // restarts the pop animation
      big.classList.add('pop');
    }
  }

  return { el, draw };
}
