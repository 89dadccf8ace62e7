// Virtual football and esports: the match unfolds on a drawn pitch (or arena) with a
// clock; goals appear at the minutes the server drew (maps one by one in esports), the scoreboard
// follows, and the winning selections light up at the final whistle. Everything shown comes from
// presentMatch (arcade-present.ts); reduced motion shows the final board at once.

import { pageLanguage } from '../boot';
import { gameWords } from '../game-words';
import type { GameContext, GameUi, RoundView, StepView } from '../types';
import { h } from '../ui';
import { type MatchOutcome, presentMatch } from './arcade-present';
import { actionButton, chipPicker, odds } from './common';
import { play, reducedMotion, svg, useSceneStyle, wait } from './scene-kit';
import { sceneSound } from './scene-sound';

type Selection = { market: string; selection: string; odds100: number };
type Fixture = { fixtureId: string; home: string; away: string; selections: Selection[] };

/**
 * A selection as the player reads it: the over/under markets say their line (football: more than 2
 * goals is over 2.5; esports: a third map played is over 2.5 maps).
 */
export function selectionText(s: Pick<Selection, 'market' | 'selection'>, language: unknown = 'EN'): string {
  const words = gameWords(language).match;
  if (s.market === 'goals' || s.market === 'maps') return words.overUnder(s.selection, s.market);
  return words.selection(s.market, s.selection);
}

/** How long the 90 minutes (or the maps) take on screen. */
const MATCH_MS = 4500;

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

export function matchUi(): GameUi {
  const language = pageLanguage();
  const words = gameWords(language).match;
  let board: HTMLElement;
  let field: HTMLElement;
  let scoreEl: HTMLElement;
  let clock: HTMLElement;
  let goals: HTMLElement;
  let ball: HTMLElement | null = null;
  let sport = 'football';
  let root: HTMLElement;
  let ctx: GameContext;
  let sfx: ReturnType<typeof sceneSound> = () => undefined;
  let teams: HTMLElement;

  async function runClock(from: number, to: number, total: number) {
    const ms = ((to - from) / total) * MATCH_MS;
    const steps = Math.max(1, Math.round(ms / 80));
    for (let i = 1; i <= steps; i++) {
      await wait(ms / steps);
      clock.textContent =
        sport === 'esports'
          ? words.map(Math.min(total, Math.floor(from + ((to - from) * i) / steps) + 1))
          : `${Math.round(from + ((to - from) * i) / steps)}'`;
    }
  }

  return {
    mount(el: HTMLElement, context: GameContext) {
      ctx = context;
      sfx = sceneSound(ctx.sound);
      root = el;
      useSceneStyle();
      const game = ctx.game as { sport: string; fixtures: Fixture[]; chips: number[] };
      sport = game.sport;
      const chip = chipPicker(game.chips, words.stake);
      let chosen: { fixtureId: string; market: string; selection: string } | null = null;
      const slip = h('p', { class: 'muted', 'data-testid': 'slip' }, words.pickSelectionIdle);
      const list = h('div', {});
      for (const f of game.fixtures) {
        const opts = h('div', { class: 'options' });
        for (const s of f.selections) {
          const b = h(
            'button',
            { class: 'button', 'data-selection': `${s.market}:${s.selection}`, 'data-fixture': f.fixtureId },
            `${selectionText(s, language)} @ ${odds(s.odds100)}`,
          );
          b.addEventListener('click', () => {
            chosen = { fixtureId: f.fixtureId, market: s.market, selection: s.selection };
            for (const other of Array.from(el.querySelectorAll('.options .button'))) other.classList.remove('selected');
            b.classList.add('selected');
            slip.textContent = `${f.home} v ${f.away}: ${selectionText(s, language)} @ ${odds(s.odds100)}`;
            teams.textContent = `${f.home} v ${f.away}`;
          });
          opts.append(b);
        }
        list.append(h('h3', {}, `${f.home} v ${f.away}`), opts);
      }
      const esports = sport === 'esports';
      scoreEl = h('span', {}, '0 – 0');
      clock = h('span', { class: 'clock' }, esports ? words.map(1) : "0'");
      teams = h('span', {}, game.fixtures[0] ? `${game.fixtures[0].home} v ${game.fixtures[0].away}` : '');
      field = h(
        'div',
        { class: 'pitch scene', 'data-testid': 'pitch' },
        pitch(esports),
        h('div', { class: 'board' }, teams, scoreEl, clock),
      );
      if (!esports) {
        ball = h('div', { class: 'ball', style: 'left:50%;top:50%' });
        field.append(ball);
      }
      board = h('p', { class: 'scene-note', 'data-testid': 'verdict' }, esports ? words.bestOf3 : words.kickOff);
      goals = h('ul', {
        class: 'goal-list',
        'data-testid': 'events',
        'aria-label': esports ? words.maps : words.goals,
      });
      el.append(
        field,
        board,
        goals,
        list,
        slip,
        h(
          'div',
          { class: 'controls' },
          chip.el,
          actionButton(
            words.betAndPlay,
            async () => {
              if (!chosen) {
                slip.textContent = words.pickSelection;
                return;
              }
              await ctx.play({ ...chosen, amount: chip.value() });
            },
            { 'data-testid': 'spin' },
          ),
        ),
        h('p', { class: 'muted small' }, words.rules),
      );
    },
    async showStep(step: StepView, round: RoundView) {
      const o = step.outcome as MatchOutcome;
      const fixtureId = (round?.bet as { fixtureId?: string } | null)?.fixtureId;
      const plan = presentMatch(o, language);
      const still = reducedMotion();
      // On a phone the bet buttons sit below the scene: bring the scene back into view for the event.
      field.scrollIntoView?.({ block: 'nearest', behavior: still ? 'auto' : 'smooth' });
      const total = plan.sport === 'esports' ? 3 : 90;
      for (const b of Array.from(root.querySelectorAll('.options .button'))) b.classList.remove('won');
      teams.textContent = `${o.home} v ${o.away}`;
      goals.replaceChildren();
      scoreEl.textContent = '0 – 0';
      board.textContent = plan.sport === 'esports' ? words.bestOf3 : words.kickOff;
      const idle =
        ball && !still
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
      let minute = 0;
      // Football kicks off and ends on the referee's whistle; esports maps start on a click.
      if (!still) {
        if (plan.sport === 'football') sfx('whistle');
        else ctx.sound?.play('button');
      }
      for (const e of plan.events) {
        if (!still) await runClock(minute, e.minute, total);
        minute = e.minute;
        scoreEl.textContent = `${e.score[0]} – ${e.score[1]}`;
        goals.append(h('li', { class: e.side }, e.text));
        if (!still) {
          sfx('goal');
          const flash = h('div', { class: 'flash' }, plan.sport === 'esports' ? e.text : 'GOAL!');
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
            play(
              flash,
              [{ transform: 'translate(-50%,-50%) scale(.3)' }, { transform: 'translate(-50%,-50%) scale(1)' }],
              {
                duration: 500,
              },
            ),
          ]);
          flash.remove();
        }
      }
      if (!still) {
        await runClock(minute, total, total);
        if (plan.sport === 'football') sfx('finalWhistle');
      }
      idle?.cancel();
      clock.textContent = plan.sport === 'esports' ? words.end : words.fullTime;
      scoreEl.textContent = `${plan.score[0]} – ${plan.score[1]}`;
      board.textContent = plan.scoreline;
      for (const s of plan.winningSelections) {
        for (const b of Array.from(
          root.querySelectorAll(`.options .button[data-fixture="${fixtureId}"][data-selection="${s}"]`),
        ))
          b.classList.add('won');
      }
      if (step.win > 0) ctx.sound?.play('win');
    },
    summary(step) {
      const o = step.outcome as MatchOutcome;
      return `${o.score[0]}-${o.score[1]}`;
    },
  };
}
