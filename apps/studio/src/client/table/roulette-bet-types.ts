// Roulette's bet type bar: the bet type decides what a tap on the numbers means (straight on a
// number, or the split, street, corner or line whose area it falls in). Choosing a type makes its
// areas the focusable ones, and pointing at an inside area shows the numbers it covers.
import type { gameWords } from '../game-words';
import type { SpotButton } from '../games/table-art';
import { betTypes, type InsideType, rouletteSpot, spotsInMode } from '../games/table-present';
import { h } from '../ui';

export function createRouletteBetTypes(
  felt: HTMLElement,
  spots: Map<string, SpotButton>,
  language: unknown,
  w: ReturnType<typeof gameWords>['table'],
) {
  const typeList = betTypes(language);
  let mode: InsideType = 'straight';
  const typeHint = h('p', { class: 'muted small tb-type-hint', 'aria-live': 'polite', 'data-testid': 'bet-type-hint' });
  const typeButtons = typeList.map((t) =>
    h(
      'button',
      {
        class: 'tb-type',
        type: 'button',
        'aria-pressed': 'false',
        'data-bet-type': t.type,
        onclick: () => setMode(t.type),
      },
      t.name,
    ),
  );
  const el = h('div', { class: 'tb-types', role: 'group', 'aria-label': w.betType }, ...typeButtons, typeHint);
  const covered: HTMLElement[] = [];
  const cover = (key: string | null) => {
    for (const c of covered.splice(0)) c.classList.remove('cover');
    const spot = key ? rouletteSpot(key) : undefined;
    if (!spot?.inside || spot.type === 'straight') return;
    for (const n of spot.numbers) {
      const cell = spots.get(`n${n}`);
      if (cell) {
        cell.classList.add('cover');
        covered.push(cell);
      }
    }
  };
  function setMode(next: InsideType) {
    mode = next;
    const active = new Set(spotsInMode(mode).map((s) => s.key));
    for (const [key, b] of spots) {
      if (key.startsWith('n')) {
        b.tabIndex = active.has(key) ? 0 : -1;
      } else if (b.classList.contains('mark')) {
        const on = active.has(key);
        b.tabIndex = on ? 0 : -1;
        if (on) b.removeAttribute('aria-hidden');
        else b.setAttribute('aria-hidden', 'true');
      }
    }
    for (const t of typeList) felt.classList.toggle(`mode-${t.type}`, t.type === mode);
    felt.classList.toggle('inside', mode !== 'straight');
    for (const b of typeButtons) b.setAttribute('aria-pressed', String(b.dataset.betType === mode));
    typeHint.textContent = typeList.find((t) => t.type === mode)?.hint ?? '';
    cover(null);
  }
  for (const [key, b] of spots) {
    if (!b.classList.contains('mark')) continue;
    b.addEventListener('pointerenter', () => cover(key));
    b.addEventListener('pointerleave', () => cover(null));
    b.addEventListener('focus', () => cover(key));
    b.addEventListener('blur', () => cover(null));
  }
  setMode('straight');

  return {
    el,
    mode: () => mode,
    /** The next bet type in the bar's order (the T key). */
    cycle: () => {
      const i = typeList.findIndex((t) => t.type === mode);
      setMode(typeList[(i + 1) % typeList.length]?.type ?? 'straight');
    },
  };
}
