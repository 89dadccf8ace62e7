// The fishing page's sea: the drawn water, the cannon and the tally, the school swimming in its
// places, and a shot flying from the cannon to a fish, netting it on a catch. The page says what to
// show (fish-state.ts); this draws it and plays the scene's sounds.
import { h, money } from '../ui';
import { fishSvg } from './fish-art';
import { cannonAngle, centreIn, type FishKind, fishPlace, isBigCatch, type SeaPoint } from './fish-state';
import { play, reducedMotion, svg } from './scene-kit';
import type { sceneSound } from './scene-sound';

function seaBackground(): SVGElement {
  const rays = [0, 1, 2, 3].map((i) =>
    svg('path', {
      d: `M${60 + i * 90} 0 L${100 + i * 90} 0 L${40 + i * 110} 300 L${10 + i * 100} 300 Z`,
      fill: '#fff',
      opacity: 0.05,
    }),
  );
  const weeds = [30, 120, 350, 440].map((x, i) =>
    svg('path', {
      d: `M${x} 300 Q${x - 12} ${260 - i * 4} ${x} ${230 - i * 6} Q${x + 12} ${200} ${x + 2} ${180 + i * 8}`,
      fill: 'none',
      stroke: i % 2 ? '#2e7d32' : '#43a047',
      'stroke-width': 6,
      'stroke-linecap': 'round',
    }),
  );
  const bubbles = [70, 190, 300, 410].map((x, i) =>
    svg('circle', { cx: x, cy: 60 + ((i * 53) % 160), r: 3 + (i % 3), fill: 'none', stroke: '#bbdefb', opacity: 0.5 }),
  );
  return svg(
    'svg',
    { class: 'bg', viewBox: '0 0 500 300', preserveAspectRatio: 'none', 'aria-hidden': 'true' },
    svg(
      'defs',
      {},
      svg(
        'linearGradient',
        { id: 'sea-g', x1: 0, y1: 0, x2: 0, y2: 1 },
        svg('stop', { offset: 0, 'stop-color': '#1565c0' }),
        svg('stop', { offset: 0.6, 'stop-color': '#0b3d6b' }),
        svg('stop', { offset: 1, 'stop-color': '#06223d' }),
      ),
    ),
    svg('rect', { width: 500, height: 300, fill: 'url(#sea-g)' }),
    ...rays,
    svg('path', { d: 'M0 285 Q120 262 250 282 T500 278 V300 H0 Z', fill: '#c2a66b' }),
    ...weeds,
    ...bubbles,
  );
}

function cannon(): SVGElement {
  return svg(
    'svg',
    { class: 'cannon', viewBox: '0 0 80 80', 'aria-hidden': 'true' },
    svg('rect', { x: 32, y: 6, width: 16, height: 44, rx: 5, fill: '#ffca28', stroke: '#6d4c00', 'stroke-width': 3 }),
    svg('circle', { cx: 40, cy: 60, r: 20, fill: '#8d6e63', stroke: '#3e2723', 'stroke-width': 3 }),
    svg('circle', { cx: 40, cy: 60, r: 8, fill: '#ffca28' }),
  );
}

function net(): SVGElement {
  const lines = [20, 35, 50, 65, 80].flatMap((p) => [
    svg('line', { x1: p, y1: 10, x2: p, y2: 90, stroke: '#fff', 'stroke-width': 2 }),
    svg('line', { x1: 10, y1: p, x2: 90, y2: p, stroke: '#fff', 'stroke-width': 2 }),
  ]);
  return svg(
    'svg',
    { class: 'net', viewBox: '0 0 100 100', 'aria-hidden': 'true' },
    svg('clipPath', { id: 'net-c' }, svg('circle', { cx: 50, cy: 50, r: 40 })),
    svg('g', { 'clip-path': 'url(#net-c)', opacity: 0.85 }, ...lines),
    svg('circle', { cx: 50, cy: 50, r: 40, fill: 'none', stroke: '#ffd54a', 'stroke-width': 4 }),
  );
}

/** The drawn fish of kind `i` (a question mark for a kind the game does not list). */
export function fishFigure(kinds: readonly FishKind[], i: number, width?: number): Element {
  const kind = kinds[i];
  return kind ? fishSvg(kind, width) : h('span', {}, '?');
}

export type FishShot = { captured: boolean; win: number; kind: number };

export type FishSceneOptions = {
  kinds: readonly FishKind[];
  sfx: ReturnType<typeof sceneSound>;
};

export type FishScene = ReturnType<typeof createFishScene>;

export function createFishScene(o: FishSceneOptions) {
  const { kinds, sfx } = o;
  const gun = cannon();
  const tally = h('div', { class: 'tally' });
  const sea = h('div', { class: 'sea scene', 'data-testid': 'sea' }, seaBackground(), gun, tally);
  /** The fish in each place of the sea (null once a caught one is gone). */
  const swimmers: (HTMLElement | null)[] = [];

  function placeFish(slot: number, kind: number, enter: boolean): HTMLElement {
    swimmers[slot]?.remove();
    const { x, y } = fishPlace(slot);
    const el = h('div', { class: 'swimmer', style: `left:${x}%;top:${y}%` }, fishFigure(kinds, kind));
    sea.append(el);
    swimmers[slot] = el;
    if (!reducedMotion()) {
      // A loop through five points (each place its own size and pace): the fish's swimming path.
      const a = 10 + (slot % 3) * 6;
      el.animate(
        [
          { transform: 'translate(0,0)' },
          { transform: `translate(${-a}px,${a / 3}px)` },
          { transform: `translate(${-a / 2}px,${-a / 2}px)` },
          { transform: `translate(${a / 2}px,${a / 4}px)` },
          { transform: 'translate(0,0)' },
        ],
        { duration: 3200 + slot * 370, iterations: Number.POSITIVE_INFINITY, easing: 'ease-in-out' },
      );
      if (enter) void play(el, [{ translate: '60vw 0' }, { translate: '0 0' }], { duration: 260, easing: 'ease-out' });
    }
    return el;
  }

  function fillSea(school: number[]) {
    for (const el of swimmers) el?.remove();
    swimmers.length = 0;
    school.forEach((k, slot) => {
      placeFish(slot, k, false);
    });
  }

  /** A point of an element's centre in per cent of the sea. */
  function centre(el: Element): SeaPoint {
    return centreIn(sea.getBoundingClientRect(), el.getBoundingClientRect());
  }

  async function fire(target: HTMLElement, shot: FishShot, flight: number, landed: () => void) {
    const to = centre(target);
    const angle = cannonAngle(to);
    gun.style.transform = `rotate(${angle.toFixed(0)}deg)`;
    sfx('cannon');
    const ball = h('div', { class: 'shot', style: `left:${to.x}%;top:${to.y}%` });
    sea.append(ball);
    await play(
      ball,
      [
        { left: '50%', top: '94%', transform: 'scale(.6)' },
        { left: `${to.x}%`, top: `${to.y}%`, transform: 'scale(1)' },
      ],
      { duration: flight, easing: 'ease-out' },
    );
    ball.remove();
    landed();
    if (!shot.captured) {
      sfx('plop');
      void play(target, [{ opacity: 1 }, { opacity: 0.5 }, { opacity: 1 }], { duration: 200 });
      return;
    }
    const big = isBigCatch(kinds, shot.kind);
    sfx(big ? 'bigCatch' : 'catch');
    const mesh = net();
    mesh.setAttribute('style', `left:${to.x}%;top:${to.y}%`);
    const pop = h('div', { class: 'pop', style: `left:${to.x}%;top:${to.y}%` }, `+${money(shot.win)}`);
    target.classList.add('caught');
    sea.append(mesh, pop);
    await Promise.all([
      play(
        mesh,
        [
          { transform: 'scale(.2)', opacity: 0 },
          { transform: 'scale(1)', opacity: 1 },
        ],
        {
          duration: 220,
          fill: 'forwards',
        },
      ),
      play(pop, [{ translate: '0 0' }, { translate: '0 -40px', opacity: 0.2 }], { duration: 700 }),
      play(
        target,
        [
          { opacity: 1, scale: '1' },
          { opacity: 0, scale: '.4' },
        ],
        { duration: 600, fill: 'forwards' },
      ),
    ]);
    mesh.remove();
    pop.remove();
    target.remove();
  }

  /** Forgets the places whose fish has left the sea. */
  function forgetGone() {
    for (const [i, el] of swimmers.entries()) if (el && !el.isConnected) swimmers[i] = null;
  }

  return { sea, tally, swimmers, placeFish, fillSea, fire, forgetGone };
}
