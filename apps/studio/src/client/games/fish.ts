import type { GameContext, GameUi, StepView } from '../types';
import { h, money } from '../ui';
import { actionButton } from './common';
import { fishSvg } from './fish-art';

type Kind = { id: string; name: string; glyph: string; multiplier: number };
type Outcome = { school: number[]; shots: { kind: number; captured: boolean; win: number }[]; captured: number };

/** The history's text of a fishing round: catches out of shots ('' for an outcome of another shape). */
export function fishSummary(step: Pick<StepView, 'outcome'> | undefined): string {
  const o = step?.outcome as Partial<Outcome> | null | undefined;
  if (!o || !Array.isArray(o.shots) || typeof o.captured !== 'number') return '';
  return `${o.captured}/${o.shots.length} caught`;
}

export function fishUi(): GameUi {
  let kinds: Kind[] = [];
  let sea: HTMLElement;
  let log: HTMLElement;
  const fish = (i: number, width?: number) => {
    const kind = kinds[i];
    return kind ? fishSvg(kind, width) : h('span', {}, '?');
  };
  return {
    mount(el: HTMLElement, ctx: GameContext) {
      const game = ctx.game as { kinds: Kind[]; maxShots: number; shotValues: number[] };
      kinds = game.kinds;
      const shots = h('select', { 'aria-label': 'Shots', 'data-testid': 'shots' });
      for (const n of [1, 5, 10, 20, 50, game.maxShots])
        shots.append(h('option', { value: n, selected: n === 10 }, `${n} shots`));
      const value = h('select', { 'aria-label': 'Shot value', 'data-testid': 'chip' });
      for (const v of game.shotValues) value.append(h('option', { value: v }, money(v)));
      const target = h('select', { 'aria-label': 'Target' }, h('option', { value: '' }, 'Nearest fish'));
      for (const k of kinds) target.append(h('option', { value: k.id }, `${k.name} ×${k.multiplier}`));
      sea = h('div', { class: 'cards sea', 'data-testid': 'sea' }, ...kinds.slice(0, 6).map((_, i) => fish(i)));
      log = h('p', { class: 'muted', 'data-testid': 'verdict' }, 'Choose your shots and fire');
      const paytable = h(
        'ul',
        { class: 'fish-paytable muted small', 'aria-label': 'Pay table' },
        ...kinds.map((k, i) => h('li', {}, fish(i, 36), ` ${k.name} ×${k.multiplier}`)),
      );
      el.append(
        sea,
        log,
        paytable,
        h(
          'div',
          { class: 'controls' },
          shots,
          value,
          target,
          actionButton(
            'Fire',
            () =>
              ctx.play({ shots: Number(shots.value), shotValue: Number(value.value), target: target.value || null }),
            { 'data-testid': 'spin' },
          ),
        ),
      );
    },
    showStep(step: StepView) {
      const o = step.outcome as Outcome;
      sea.replaceChildren(...o.school.map((i) => fish(i)));
      const caught = o.shots.filter((s) => s.captured).map((s) => kinds[s.kind]?.name ?? '?');
      log.textContent = caught.length
        ? `Caught ${caught.join(', ')} (${o.captured} of ${o.shots.length} shots)`
        : `No catch in ${o.shots.length} shots`;
    },
    summary: fishSummary,
  };
}
