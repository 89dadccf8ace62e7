import type { GameContext, GameUi, StepView } from '../types';
import { h, money } from '../ui';
import { actionButton } from './common';

type Kind = { id: string; name: string; glyph: string; multiplier: number };
type Outcome = { school: number[]; shots: { kind: number; captured: boolean; win: number }[]; captured: number };

export function fishUi(): GameUi {
  let kinds: Kind[] = [];
  let sea: HTMLElement;
  let log: HTMLElement;
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
      for (const k of kinds) target.append(h('option', { value: k.id }, `${k.glyph} ${k.name} ×${k.multiplier}`));
      sea = h(
        'div',
        { class: 'cards', 'data-testid': 'sea', style: 'font-size:34px' },
        ...kinds.slice(0, 6).map((k) => h('span', {}, k.glyph)),
      );
      log = h('p', { class: 'muted', 'data-testid': 'verdict' }, 'Choose your shots and fire');
      el.append(
        sea,
        log,
        h('p', { class: 'muted small' }, kinds.map((k) => `${k.glyph}×${k.multiplier}`).join('  ')),
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
      sea.replaceChildren(...o.school.map((i) => h('span', {}, kinds[i]?.glyph ?? '?')));
      const caught = o.shots.filter((s) => s.captured).map((s) => kinds[s.kind]?.glyph ?? '?');
      log.textContent = caught.length
        ? `Caught ${caught.join(' ')} (${o.captured} of ${o.shots.length} shots)`
        : `No catch in ${o.shots.length} shots`;
    },
    summary(step) {
      const o = step.outcome as Outcome;
      return `${o.captured}/${o.shots.length} caught`;
    },
  };
}
