// The live tables' drawings (our own vector art, no emoji, no image files): playing cards
// with SVG suits, chips, the European wheel, the baccarat felt and the roulette layout, and the
// road maps. Everything a player can bet on is a button (keyboard and screen readers reach it).
import { gameWords } from '../game-words';
import { h } from '../ui';
import {
  type Bead,
  type BigRoadCell,
  type Card,
  cardName,
  colorOf,
  insidePlace,
  POCKET_DEG,
  ROULETTE_SPOTS,
  rankName,
  spotLabel,
  WHEEL_ORDER,
} from './table-present';

const SVG_NS = 'http://www.w3.org/2000/svg';

function svg(tag: string, attrs: Record<string, string | number>, ...children: Element[]): SVGElement {
  const el = document.createElementNS(SVG_NS, tag) as SVGElement;
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  el.append(...children);
  return el;
}

// Suits in a 24-unit box: spades, hearts, diamonds, clubs (the engine's suit order).
const SUIT_PATHS = [
  'M12 2C9 6 4 9 4 13.5a4 4 0 0 0 7 2.6L10 22h4l-1-5.9a4 4 0 0 0 7-2.6C20 9 15 6 12 2z',
  'M12 21C9 18 3 14 3 8.8A4.8 4.8 0 0 1 12 6.4a4.8 4.8 0 0 1 9 2.4C21 14 15 18 12 21z',
  'M12 2l7.5 10L12 22 4.5 12z',
  'M12 2.5a4 4 0 0 1 3.6 5.8A4 4 0 1 1 13 15.6l1 6.4h-4l1-6.4a4 4 0 1 1-2.6-7.3A4 4 0 0 1 12 2.5z',
];

export function suitIcon(suit: number, size = 24): SVGElement {
  return svg(
    'svg',
    { viewBox: '0 0 24 24', width: size, height: size, 'aria-hidden': 'true' },
    svg('path', { d: SUIT_PATHS[suit] ?? SUIT_PATHS[0]!, fill: 'currentColor' }),
  );
}

/** A card lying face down; `turn()` shows its face (the flip is a CSS transition). */
export function cardEl(card: Card, dealIndex: number, language: unknown = 'EN'): HTMLElement {
  const red = card.suit === 1 || card.suit === 2;
  const face = h(
    'span',
    { class: 'tb-face' },
    h('span', { class: 'tb-rank' }, rankName(card.rank)),
    h('span', { class: 'tb-suit-small' }, suitIcon(card.suit, 12)),
    h('span', { class: 'tb-suit-big' }, suitIcon(card.suit, 30)),
  );
  return h(
    'span',
    {
      class: `tb-card${red ? ' red' : ''}`,
      role: 'img',
      'aria-label': cardName(card, language),
      'data-card': `${card.rank}-${card.suit}`,
      'data-deal': dealIndex,
    },
    h('span', { class: 'tb-card-inner' }, face, h('span', { class: 'tb-back' })),
  );
}

/** A chip's label: the stake in whole units, 1K for a thousand. */
export function chipLabel(minor: number): string {
  const units = minor / 100;
  if (units >= 1000 && units % 1000 === 0) return `${units / 1000}K`;
  return Number.isInteger(units) ? String(units) : units.toFixed(2);
}

export function chipEl(value: number, colour: number, extra = ''): HTMLElement {
  return h('span', { class: `tb-chip c${colour % 6}${extra}`, 'aria-hidden': 'true' }, chipLabel(value));
}

// ---- the wheel ----

const point = (deg: number, r: number) => {
  const a = (deg * Math.PI) / 180;
  return `${(r * Math.sin(a)).toFixed(2)} ${(-r * Math.cos(a)).toFixed(2)}`;
};

/** The European wheel: 37 pockets clockwise from zero at the top (turn the disc to spin it). */
export function wheelDisc(): SVGElement {
  const pockets: Element[] = [];
  WHEEL_ORDER.forEach((n, i) => {
    const a0 = (i - 0.5) * POCKET_DEG;
    const a1 = (i + 0.5) * POCKET_DEG;
    const fill = n === 0 ? '#0f8a4c' : colorOf(n) === 'red' ? '#c0262d' : '#16181d';
    pockets.push(
      svg('path', {
        d: `M${point(a0, 92)}A92 92 0 0 1 ${point(a1, 92)}L${point(a1, 60)}A60 60 0 0 0 ${point(a0, 60)}Z`,
        fill,
        stroke: '#d9b45a',
        'stroke-width': 0.6,
      }),
      svg(
        'text',
        {
          x: 0,
          y: -80,
          transform: `rotate(${(i * POCKET_DEG).toFixed(3)})`,
          'text-anchor': 'middle',
          'font-size': 8,
          'font-weight': 700,
          fill: '#fff',
        },
        document.createTextNode(String(n)) as unknown as Element,
      ),
    );
  });
  const spokes: Element[] = [0, 90, 180, 270].map((a) =>
    svg('line', {
      x1: 0,
      y1: 0,
      x2: point(a, 30).split(' ')[0]!,
      y2: point(a, 30).split(' ')[1]!,
      stroke: '#e9cf86',
      'stroke-width': 4,
      'stroke-linecap': 'round',
    }),
  );
  return svg(
    'svg',
    { viewBox: '-100 -100 200 200', class: 'tb-disc', 'aria-hidden': 'true' },
    svg(
      'defs',
      {},
      svg(
        'radialGradient',
        { id: 'tb-cone' },
        svg('stop', { offset: '0', 'stop-color': '#8a5a2b' }),
        svg('stop', { offset: '1', 'stop-color': '#3b2413' }),
      ),
    ),
    svg('circle', { r: 99, fill: '#5a3a1c', stroke: '#2b1a0b', 'stroke-width': 2 }),
    svg('circle', { r: 93, fill: '#1d1209' }),
    ...pockets,
    svg('circle', { r: 60, fill: 'url(#tb-cone)', stroke: '#d9b45a', 'stroke-width': 1 }),
    svg('circle', { r: 14, fill: '#d9b45a' }),
    ...spokes,
    svg('circle', { r: 6, fill: '#f3e0a8' }),
  );
}

// ---- betting areas ----

export type SpotButton = HTMLButtonElement & {
  stack: HTMLElement;
  sr: HTMLElement;
  note: string;
  /** The area's win amount, shown beside its chips when it wins. */
  won: HTMLElement;
};

/**
 * A betting area: its visible text is its name (axe: the name contains what is seen); `note` is read
 * after it (a colour, the payout), then the player's chips on it (drawn by the page into `sr`).
 */
function spotButton(key: string, note: string, cls: string, children: (Node | string)[]): SpotButton {
  const stack = h('span', { class: 'tb-stack', 'aria-hidden': 'true' });
  const sr = h('span', { class: 'tb-sr' }, note);
  const won = h('span', { class: 'tb-won', 'aria-hidden': 'true', hidden: true });
  const b = h(
    'button',
    { class: `tb-spot ${cls}`, type: 'button', 'data-spot': key },
    ...children,
    sr,
    stack,
    won,
  ) as SpotButton;
  b.stack = stack;
  b.sr = sr;
  b.note = note;
  b.won = won;
  return b;
}

/** The baccarat felt: pairs and tie above, player and banker below. */
export function baccaratFelt(language: unknown = 'EN'): { el: HTMLElement; spots: Map<string, SpotButton> } {
  const spots = new Map<string, SpotButton>();
  const add = (key: string, pays: string, cls: string) => {
    const b = spotButton(key, '', cls, [
      h('span', { class: 'tb-spot-name' }, spotLabel(key, language)),
      h('span', { class: 'tb-pays' }, pays),
    ]);
    spots.set(key, b);
    return b;
  };
  const el = h(
    'div',
    { class: 'tb-felt baccarat', role: 'group', 'aria-label': gameWords(language).table.bettingAreas },
    add('playerPair', '11:1', 'pair player'),
    add('tie', '8:1', 'tie'),
    add('bankerPair', '11:1', 'pair banker'),
    add('player', '1:1', 'main player'),
    add('banker', '0.95:1', 'main banker'),
  );
  return { el, spots };
}

/** The even-money bets below the dozens, in the layout's order; the numbered ones show their range. */
const EVEN_MONEY: [key: string, shown: string | null][] = [
  ['low', '1–18'],
  ['even', null],
  ['red', null],
  ['black', null],
  ['odd', null],
  ['high', '19–36'],
];

/**
 * The roulette layout. Wide screens: zero on the left, three rows of twelve, "2 to 1" columns on the
 * right, dozens and even-money bets below. Phones held upright: the same table turned a quarter, so
 * it runs down the screen (each cell's place for both is set as custom properties, see table-style).
 */
export function rouletteBoard(language: unknown = 'EN'): { el: HTMLElement; spots: Map<string, SpotButton> } {
  const w = gameWords(language).table;
  const spots = new Map<string, SpotButton>();
  const el = h('div', { class: 'tb-felt roulette', role: 'group', 'aria-label': w.bettingAreas });
  const place = (b: SpotButton, wide: [number, number, number, number], tall: [number, number, number, number]) => {
    const [c, r, cs, rs] = wide;
    const [pc, pr, pcs, prs] = tall;
    b.style.cssText = `--c:${c};--r:${r};--cs:${cs};--rs:${rs};--pc:${pc};--pr:${pr};--pcs:${pcs};--prs:${prs}`;
    el.append(b);
  };
  const zero = spotButton('n0', ` ${w.colours.green}`, 'num green', [h('span', { class: 'tb-num' }, '0')]);
  spots.set('n0', zero);
  place(zero, [1, 1, 1, 3], [3, 1, 3, 1]);
  for (let n = 1; n <= 36; n++) {
    const b = spotButton(`n${n}`, ` ${w.colours[colorOf(n)]}`, `num ${colorOf(n)}`, [
      h('span', { class: 'tb-num' }, String(n)),
    ]);
    spots.set(`n${n}`, b);
    place(
      b,
      [2 + Math.floor((n - 1) / 3), 3 - ((n - 1) % 3), 1, 1],
      [3 + ((n - 1) % 3), 2 + Math.floor((n - 1) / 3), 1, 1],
    );
  }
  // The splits, streets, corners and lines: a layer over the zero and the numbers, each area placed
  // in the layout's units (insidePlace) and turned with the table on a phone held upright.
  const layer = h('div', { class: 'tb-inside' });
  for (const spot of ROULETTE_SPOTS) {
    const at = insidePlace(spot);
    if (!at) continue;
    const { a0, a1, k0, k1 } = at.box;
    const b = spotButton(spot.key, spotLabel(spot.key, language), `mark ${spot.type}`, [
      h('span', { class: `tb-hit ${at.shape}` }),
      h('span', { class: 'tb-dot' }),
    ]);
    // The chip's point as a share of the area along (fa) and across (fk) the table.
    const fa = (at.at.a - a0) / (a1 - a0);
    const fk = (at.at.k - k0) / (k1 - k0);
    b.style.cssText = `--a0:${a0};--a1:${a1};--k0:${k0};--k1:${k1};--fa:${fa};--fk:${fk}`;
    b.dataset.numbers = spot.numbers.join(' ');
    spots.set(spot.key, b);
    layer.append(b);
  }
  el.append(layer);
  for (let k = 1; k <= 3; k++) {
    const b = spotButton(`column${k}`, ` ${spotLabel(`column${k}`, language)}`, 'out col', [h('span', {}, '2:1')]);
    spots.set(`column${k}`, b);
    place(b, [14, 4 - k, 1, 1], [2 + k, 14, 1, 1]);
  }
  for (let k = 1; k <= 3; k++) {
    const b = spotButton(`dozen${k}`, '', 'out dozen', [h('span', {}, spotLabel(`dozen${k}`, language))]);
    spots.set(`dozen${k}`, b);
    place(b, [2 + (k - 1) * 4, 4, 4, 1], [2, 2 + (k - 1) * 4, 1, 4]);
  }
  EVEN_MONEY.forEach(([key, shown], k) => {
    const name = spotLabel(key, language);
    const diamond = key === 'red' || key === 'black';
    // The colours show a diamond and are read by name; the others show their name (the ranges their digits).
    const b = spotButton(key, diamond ? name : '', `out even-money ${key}`, [
      diamond ? h('span', { class: `tb-diamond ${key}` }) : h('span', {}, shown ?? name),
    ]);
    spots.set(key, b);
    place(b, [2 + k * 2, 5, 2, 1], [1, 2 + k * 2, 1, 2]);
  });
  return { el, spots };
}

// ---- road maps ----

/** Bead plate: a disc per round (P, B or T), pair dots in the corners. */
export function beadPlateEl(beads: Bead[], language: unknown = 'EN'): HTMLElement {
  const w = gameWords(language).table;
  return h(
    'div',
    { class: 'tb-road bead-plate', role: 'img', 'aria-label': w.beadPlateOf(beads.length) },
    ...beads.map((b) =>
      h(
        'span',
        {
          class: `bead ${b.result}${b.pair ? ` pair-${b.pair}` : ''}`,
          style: `grid-column:${b.col + 1};grid-row:${b.row + 1}`,
          title: w.roadRound(b.no, spotLabel(b.result, language)),
        },
        b.result === 'player' ? 'P' : b.result === 'banker' ? 'B' : 'T',
      ),
    ),
  );
}

/** Big road: rings (blue player, red banker), a green slash and count for ties. */
export function bigRoadEl(cells: BigRoadCell[], language: unknown = 'EN'): HTMLElement {
  const w = gameWords(language).table;
  return h(
    'div',
    { class: 'tb-road big-road', role: 'img', 'aria-label': w.bigRoadOf(cells.length) },
    ...cells.map((c) =>
      h(
        'span',
        {
          class: `ring ${c.result}${c.ties ? ' tied' : ''}`,
          style: `grid-column:${c.col + 1};grid-row:${c.row + 1}`,
          title: `${w.roadRound(c.no, spotLabel(c.result, language))}${c.ties ? w.thenTies(c.ties) : ''}`,
        },
        c.ties > 1 ? h('span', { class: 'tie-count' }, String(c.ties)) : null,
      ),
    ),
  );
}

export function numberBall(n: number, no: number, language: unknown = 'EN'): HTMLElement {
  return h('span', { class: `ball ${colorOf(n)}`, title: gameWords(language).table.roundNo(no) }, String(n));
}
