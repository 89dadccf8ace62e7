// The fishing page's pay table: every kind of the game, drawn, with its name and multiplier.
import { h } from '../ui';
import { fishFigure } from './fish-scene';
import type { FishKind, FishWords } from './fish-state';

export function fishPaytable(kinds: readonly FishKind[], w: FishWords): HTMLElement {
  return h(
    'ul',
    { class: 'fish-paytable muted small', 'aria-label': w.payTable },
    ...kinds.map((k, i) => h('li', {}, fishFigure(kinds, i, 36), ` ${k.name} ×${k.multiplier}`)),
  );
}
