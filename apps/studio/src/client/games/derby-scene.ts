// The derby page's pit: the two drawn birds, the fight clock ticking to each clash, the clashes
// themselves, and the end: the winner stands and crows, the loser goes down. The page says what to
// show (derby-state.ts); this draws it and plays the fight's sounds.
import { h } from '../ui';
import type { DerbyPlan } from './arcade-present';
import { type Birds, clashRun, clockAt, type DerbyWords, fallAngle, restMs } from './derby-state';
import { play, svg, wait } from './scene-kit';
import type { sceneSound } from './scene-sound';

/** A fighting rooster facing right in `body` colours (meron red, wala silver). */
export function rooster(body: string, tail: string, name: string): SVGElement {
  return svg(
    'svg',
    { viewBox: '0 0 100 90', role: 'img', 'aria-label': name },
    svg('title', {}, name),
    ...[0, 1, 2].map((i) =>
      svg('path', {
        d: `M34 44 Q${8 - i * 4} ${20 + i * 10} ${4 + i * 3} ${46 + i * 8} Q${16} ${46 + i * 4} 34 ${52 + i * 2}`,
        fill: i === 1 ? tail : '#1b5e20',
        stroke: '#111',
        'stroke-width': 1.2,
      }),
    ),
    svg('path', {
      d: 'M48 70 L44 86 M44 86 L38 88 M58 70 L60 86 M60 86 L66 88',
      stroke: '#f9a825',
      'stroke-width': 3,
      fill: 'none',
      'stroke-linecap': 'round',
    }),
    svg('ellipse', { cx: 52, cy: 54, rx: 24, ry: 18, fill: body, stroke: '#111', 'stroke-width': 1.5 }),
    svg('path', { d: 'M40 52 Q52 64 66 54 Q56 60 44 58 Z', fill: tail, opacity: 0.8 }),
    svg('path', { d: 'M66 46 Q70 30 72 22 L80 24 Q80 40 74 52 Z', fill: body, stroke: '#111', 'stroke-width': 1.2 }),
    svg('circle', { cx: 77, cy: 20, r: 9, fill: body, stroke: '#111', 'stroke-width': 1.5 }),
    svg('path', {
      d: 'M70 13 Q72 4 76 10 Q78 2 81 9 Q84 3 85 12 Z',
      fill: '#e53935',
      stroke: '#7f0000',
      'stroke-width': 1,
    }),
    svg('path', { d: 'M85 18 L96 21 L85 24 Z', fill: '#fbc02d', stroke: '#7a5c00', 'stroke-width': 1 }),
    svg('path', { d: 'M82 26 Q84 34 79 32 Z', fill: '#e53935' }),
    svg('circle', { cx: 79, cy: 18, r: 2.2, fill: '#111' }),
  );
}

function pitBackground(): SVGElement {
  return svg(
    'svg',
    { class: 'bg', viewBox: '0 0 160 90', preserveAspectRatio: 'none', 'aria-hidden': 'true' },
    svg('rect', { width: 160, height: 90, fill: '#3e2723' }),
    ...[0, 1, 2, 3, 4, 5].map((i) => svg('circle', { cx: 14 + i * 27, cy: 12, r: 6, fill: '#5d4037' })),
    svg('ellipse', { cx: 80, cy: 62, rx: 76, ry: 26, fill: '#d7b98a', stroke: '#8d6e63', 'stroke-width': 2 }),
    svg('ellipse', { cx: 80, cy: 62, rx: 60, ry: 18, fill: 'none', stroke: '#c9a46c', 'stroke-width': 1 }),
  );
}

function spark(): SVGElement {
  const rays = [0, 45, 90, 135, 180, 225, 270, 315].map((a) => {
    const r = (a * Math.PI) / 180;
    return svg('line', {
      x1: 50 + Math.cos(r) * 14,
      y1: 50 + Math.sin(r) * 14,
      x2: 50 + Math.cos(r) * 44,
      y2: 50 + Math.sin(r) * 44,
      stroke: '#ffd54a',
      'stroke-width': 5,
      'stroke-linecap': 'round',
    });
  });
  return svg('svg', { class: 'spark', viewBox: '0 0 100 100', 'aria-hidden': 'true' }, ...rays);
}

export type DerbySceneOptions = {
  words: DerbyWords;
  sfx: ReturnType<typeof sceneSound>;
};

export type DerbyScene = ReturnType<typeof createDerbyScene>;

export function createDerbyScene(o: DerbySceneOptions) {
  const { words, sfx } = o;
  const meron = h('div', { class: 'bird meron' });
  const wala = h('div', { class: 'bird wala' });
  const clock = h('div', { class: 'board' }, words.placeBet);
  const pit = h('div', { class: 'pit scene', 'data-testid': 'pit' }, pitBackground(), meron, wala, clock);
  /** The names of the birds in the pit. */
  let birds: Birds = { meron: '', wala: '' };

  function drawBirds(names: Birds) {
    birds = names;
    meron.replaceChildren(rooster('#c62828', '#ff7043', `Meron: ${names.meron}`));
    const w = rooster('#eceff1', '#90a4ae', `Wala: ${names.wala}`);
    w.setAttribute('style', 'transform:scaleX(-1)');
    wala.replaceChildren(w);
    for (const bird of [meron, wala]) {
      bird.classList.remove('down');
      for (const a of bird.getAnimations?.() ?? []) a.cancel();
    }
  }

  /** The clock running to each clash and the clash itself, then the fight's last moments. */
  async function fight(plan: Pick<DerbyPlan, 'clashes' | 'seconds'>) {
    let second = 0;
    for (const c of plan.clashes) {
      const { ms, ticks } = clashRun(second, c.second, plan.seconds);
      for (let i = 1; i <= ticks; i++) {
        await wait(ms / ticks);
        clock.textContent = clockAt(second, c.second, i, ticks);
      }
      second = c.second;
      // Both birds fly at each other; the one landing the blow rises above.
      const lead = c.lead === 'meron' ? meron : wala;
      const boom = spark();
      pit.append(boom);
      sfx('clash');
      await Promise.all([
        play(meron, [{ transform: 'none' }, { transform: 'translate(70%,-10%)' }, { transform: 'none' }], {
          duration: 360,
        }),
        play(wala, [{ transform: 'none' }, { transform: 'translate(-70%,-10%)' }, { transform: 'none' }], {
          duration: 360,
        }),
        play(lead, [{ translate: '0 0' }, { translate: '0 -30%' }, { translate: '0 0' }], { duration: 360 }),
        play(
          boom,
          [
            { transform: 'scale(.2)', opacity: 1 },
            { transform: 'scale(1.3)', opacity: 0 },
          ],
          { duration: 360 },
        ),
      ]);
      boom.remove();
    }
    await wait(restMs(second, plan.seconds));
  }

  /**
   * The fight's end: the full time on the clock and the loser down; in motion also the winner
   * crowing, whose animations the promise waits for (none when still or a draw, so a still end
   * draws at once).
   */
  function finish(plan: Pick<DerbyPlan, 'result' | 'seconds'>, still: boolean): Promise<unknown> | null {
    clock.textContent = `${plan.seconds}s`;
    if (plan.result !== 'draw') {
      const loser = plan.result === 'meron' ? wala : meron;
      const winner = plan.result === 'meron' ? meron : wala;
      loser.classList.add('down');
      if (!still) {
        sfx('crow');
        return Promise.all([
          play(loser, [{ rotate: '0deg' }, { rotate: fallAngle(plan.result) }], {
            duration: 400,
            fill: 'forwards',
          }),
          play(winner, [{ scale: '1' }, { scale: '1.15' }, { scale: '1' }], { duration: 500 }),
        ]);
      }
    }
    return null;
  }

  return { pit, drawBirds, birds: () => birds, fight, finish };
}
