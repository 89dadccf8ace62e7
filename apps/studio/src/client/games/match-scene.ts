// The match page's scene: the drawn pitch (or arena) with the board of teams, score and clock, the
// ball rolling about in football, the clock running between events and an event's flash. The page
// says what to show (match-state.ts); this draws it and plays the goal's sound.
import { h } from '../ui';
import type { MatchEvent } from './arcade-present';
import { clockRun, clockText, type MatchWords, openingBoard, openingClock } from './match-state';
import { play, svg, wait } from './scene-kit';
import type { sceneSound } from './scene-sound';

function pitch(esports: boolean): SVGElement {
  if (esports) {
    const grid = [1, 2, 3, 4, 5, 6, 7].map((i) =>
      svg('line', { x1: i * 20, y1: 0, x2: i * 20 - 30, y2: 90, stroke: '#7c4dff', 'stroke-width': 0.4, opacity: 0.6 }),
    );
    return svg(
      'svg',
      { class: 'bg', viewBox: '0 0 160 90', preserveAspectRatio: 'none', 'aria-hidden': 'true' },
      svg('rect', { width: 160, height: 90, fill: '#140b2e' }),
      ...grid,
      svg('circle', { cx: 40, cy: 50, r: 16, fill: '#1e88e5', opacity: 0.35 }),
      svg('circle', { cx: 120, cy: 50, r: 16, fill: '#e64a19', opacity: 0.35 }),
    );
  }
  const stripes = [0, 1, 2, 3, 4, 5, 6, 7].map((i) =>
    svg('rect', { x: i * 20, y: 0, width: 10, height: 90, fill: '#fff', opacity: 0.05 }),
  );
  const line = { fill: 'none', stroke: '#e8f5e9', 'stroke-width': 0.8 };
  return svg(
    'svg',
    { class: 'bg', viewBox: '0 0 160 90', preserveAspectRatio: 'none', 'aria-hidden': 'true' },
    svg('rect', { width: 160, height: 90, fill: '#2e7d32' }),
    ...stripes,
    svg('rect', { x: 6, y: 6, width: 148, height: 78, ...line }),
    svg('line', { x1: 80, y1: 6, x2: 80, y2: 84, ...line }),
    svg('circle', { cx: 80, cy: 45, r: 11, ...line }),
    svg('rect', { x: 6, y: 25, width: 18, height: 40, ...line }),
    svg('rect', { x: 136, y: 25, width: 18, height: 40, ...line }),
    svg('rect', { x: 2, y: 38, width: 4, height: 14, fill: '#fff', opacity: 0.8 }),
    svg('rect', { x: 154, y: 38, width: 4, height: 14, fill: '#fff', opacity: 0.8 }),
  );
}

export type MatchSceneOptions = {
  /** The game's sport: 'esports' draws an arena and counts maps, anything else a football pitch. */
  sport: string;
  words: MatchWords;
  /** The teams the board shows before a pick. */
  teams: string;
  sfx: ReturnType<typeof sceneSound>;
};

export type MatchScene = ReturnType<typeof createMatchScene>;

export function createMatchScene(o: MatchSceneOptions) {
  const { sport, words, sfx } = o;
  const esports = sport === 'esports';
  const scoreEl = h('span', {}, '0 – 0');
  const clock = h('span', { class: 'clock' }, openingClock(esports, words));
  const teams = h('span', {}, o.teams);
  const field = h(
    'div',
    { class: 'pitch scene', 'data-testid': 'pitch' },
    pitch(esports),
    h('div', { class: 'board' }, teams, scoreEl, clock),
  );
  let ball: HTMLElement | null = null;
  if (!esports) {
    ball = h('div', { class: 'ball', style: 'left:50%;top:50%' });
    field.append(ball);
  }
  const board = h('p', { class: 'scene-note', 'data-testid': 'verdict' }, openingBoard(esports, words));

  async function runClock(from: number, to: number, total: number) {
    const { ms, steps } = clockRun(from, to, total);
    for (let i = 1; i <= steps; i++) {
      await wait(ms / steps);
      clock.textContent = clockText(sport, { from, to, total, i, steps }, words);
    }
  }

  /** The ball rolling about the centre until the match ends (none in esports or when still). */
  function idleBall(still: boolean): Animation | null {
    return ball && !still
      ? ball.animate(
          [
            { left: '50%', top: '50%' },
            { left: '36%', top: '30%' },
            { left: '62%', top: '66%' },
            { left: '44%', top: '58%' },
            { left: '50%', top: '50%' },
          ],
          { duration: 1800, iterations: Number.POSITIVE_INFINITY },
        )
      : null;
  }

  /** An event's goal sound and flash, the ball shot into the scorer's goal while it rolls. */
  async function celebrate(e: MatchEvent, planSport: string, idle: Animation | null) {
    sfx('goal');
    const flash = h('div', { class: 'flash' }, planSport === 'esports' ? e.text : 'GOAL!');
    field.append(flash);
    const shot =
      ball && idle
        ? play(
            ball,
            [
              { left: '50%', top: '50%' },
              { left: e.side === 'home' ? '97%' : '3%', top: '50%' },
            ],
            {
              duration: 400,
              easing: 'ease-in',
            },
          )
        : Promise.resolve();
    await Promise.all([
      shot,
      play(flash, [{ transform: 'translate(-50%,-50%) scale(.3)' }, { transform: 'translate(-50%,-50%) scale(1)' }], {
        duration: 500,
      }),
    ]);
    flash.remove();
  }

  return { field, board, teams, scoreEl, clock, runClock, idleBall, celebrate };
}
