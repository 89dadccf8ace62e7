// The fishing page: the server's school swims in a drawn sea, a cannon fires the round's
// shots one by one at the fish the server says each shot hit, and a catch nets the fish with its
// win. Everything shown comes from presentFish (arcade-present.ts); reduced motion shows the end.

import { pageLanguage } from '../boot';
import { gameWords } from '../game-words';
import type { GameContext, GameUi, StepView } from '../types';
import { h, money } from '../ui';
import { type FishOutcome, presentFish } from './arcade-present';
import { actionButton } from './common';
import { fishSvg } from './fish-art';
import { play, reducedMotion, svg, useSceneStyle, wait } from './scene-kit';
import { sceneSound } from './scene-sound';

type Kind = { id: string; name: string; glyph: string; multiplier: number };

/** The history's text of a fishing round: catches out of shots ('' for an outcome of another shape). */
export function fishSummary(step: Pick<StepView, 'outcome'> | undefined, language: unknown = 'EN'): string {
  const o = step?.outcome as Partial<FishOutcome> | null | undefined;
  if (!o || !Array.isArray(o.shots) || typeof o.captured !== 'number') return '';
  return gameWords(language).fish.summary(o.captured, o.shots.length);
}

/** Where each of the eight places of the school swims (per cent of the sea), two loose rows. */
export function fishPlace(slot: number): { x: number; y: number } {
  return { x: 14 + (slot % 4) * 24 + (slot % 2) * 4, y: 22 + Math.floor(slot / 4) * 32 + (slot % 3) * 4 };
}

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

export function fishUi(): GameUi {
  const language = pageLanguage();
  const w = gameWords(language).fish;
  let kinds: Kind[] = [];
  let sea: HTMLElement;
  let log: HTMLElement;
  let tally: HTMLElement;
  let gun: SVGElement;
  let ctx: GameContext;
  let sfx: ReturnType<typeof sceneSound> = () => undefined;
  const swimmers: (HTMLElement | null)[] = [];

  const fish = (i: number, width?: number) => {
    const kind = kinds[i];
    return kind ? fishSvg(kind, width) : h('span', {}, '?');
  };

  function placeFish(slot: number, kind: number, enter: boolean): HTMLElement {
    swimmers[slot]?.remove();
    const { x, y } = fishPlace(slot);
    const el = h('div', { class: 'swimmer', style: `left:${x}%;top:${y}%` }, fish(kind));
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
  function centre(el: Element): { x: number; y: number } {
    const s = sea.getBoundingClientRect();
    const r = el.getBoundingClientRect();
    return {
      x: ((r.left + r.width / 2 - s.left) / (s.width || 1)) * 100,
      y: ((r.top + r.height / 2 - s.top) / (s.height || 1)) * 100,
    };
  }

  async function fire(
    target: HTMLElement,
    shot: { captured: boolean; win: number; kind: number },
    flight: number,
    landed: () => void,
  ) {
    const to = centre(target);
    const angle = (Math.atan2(to.x - 50, 100 - to.y) * 180) / Math.PI;
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
    const big = (kinds[shot.kind]?.multiplier ?? 0) >= 25;
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

  return {
    mount(el: HTMLElement, context: GameContext) {
      ctx = context;
      sfx = sceneSound(ctx.sound);
      useSceneStyle();
      const game = ctx.game as { kinds: Kind[]; maxShots: number; shotValues: number[] };
      kinds = game.kinds;
      const shots = h('select', { 'aria-label': w.shots, 'data-testid': 'shots' });
      for (const n of [1, 5, 10, 20, 50, game.maxShots])
        shots.append(h('option', { value: n, selected: n === 10 }, w.shotCount(n)));
      const value = h('select', { 'aria-label': w.shotValue, 'data-testid': 'chip' });
      for (const v of game.shotValues) value.append(h('option', { value: v }, w.perShot(money(v))));
      const target = h('select', { 'aria-label': w.target }, h('option', { value: '' }, w.anyFish));
      for (const k of kinds) target.append(h('option', { value: k.id }, `${k.name} ×${k.multiplier}`));
      gun = cannon();
      tally = h('div', { class: 'tally' });
      sea = h('div', { class: 'sea scene', 'data-testid': 'sea' }, seaBackground(), gun, tally);
      fillSea(kinds.slice(0, 8).map((_, i) => i));
      log = h('p', { class: 'scene-note', 'data-testid': 'verdict' }, w.chooseAndFire);
      const paytable = h(
        'ul',
        { class: 'fish-paytable muted small', 'aria-label': w.payTable },
        ...kinds.map((k, i) => h('li', {}, fish(i, 36), ` ${k.name} ×${k.multiplier}`)),
      );
      const rules = h('p', { class: 'muted small' }, w.rules);
      el.append(
        sea,
        log,
        h(
          'div',
          { class: 'controls' },
          shots,
          value,
          target,
          actionButton(
            w.fire,
            () =>
              ctx.play({ shots: Number(shots.value), shotValue: Number(value.value), target: target.value || null }),
            { 'data-testid': 'spin' },
          ),
        ),
        paytable,
        rules,
      );
    },
    async showStep(step: StepView) {
      const plan = presentFish(step.outcome as FishOutcome);
      const n = plan.shots.length;
      fillSea(plan.start);
      const names = plan.caught.map((k) => kinds[k]?.name ?? '?');
      const verdict = names.length ? w.caught(names.join(', '), plan.captured, n) : w.noCatch(n);
      if (!reducedMotion()) {
        log.textContent = w.firing(n);
        // The round lasts about four seconds at most, however many shots: quicker shots when there are many.
        const gap = Math.max(40, Math.min(450, 4000 / Math.max(1, n)));
        const flight = Math.min(320, gap * 2);
        const landings: Promise<void>[] = [];
        for (const [i, shot] of plan.shots.entries()) {
          let target = swimmers[shot.slot];
          if (shot.arrives || !target?.isConnected) target = placeFish(shot.slot, shot.kind, true);
          landings.push(
            fire(target, shot, flight, () => {
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
          if (shot.arrives || !swimmers[shot.slot]?.isConnected) placeFish(shot.slot, shot.kind, false);
          if (shot.captured) swimmers[shot.slot]?.remove();
        }
        if (plan.captured > 0) sfx('catch');
      }
      for (const [i, el] of swimmers.entries()) if (el && !el.isConnected) swimmers[i] = null;
      tally.textContent = w.tally(plan.captured, n, money(plan.total));
      log.textContent = verdict;
    },
    summary: (step) => fishSummary(step, language),
  };
}
