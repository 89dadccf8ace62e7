// The fish drawn by the studio itself (inline SVG), one figure and palette per species. The engine's
// emoji need a colour emoji font, which many devices (and headless browsers) lack: there they show
// as empty boxes. Drawn fish look the same everywhere; the emoji stays the tooltip's companion text.

const NS = 'http://www.w3.org/2000/svg';

type Part = [tag: string, attrs: Record<string, string | number>];

/** A species' colours: body, detail (fins, stripes, spots) and the outline. */
export type FishPalette = { body: string; detail: string; line: string };

export const FISH_PALETTES: Record<string, FishPalette> = {
  clownfish: { body: '#ff7a1a', detail: '#ffffff', line: '#5a2600' },
  puffer: { body: '#f4d03f', detail: '#c58f00', line: '#5c4500' },
  squid: { body: '#c77dff', detail: '#8e3fd1', line: '#3f1466' },
  turtle: { body: '#58c472', detail: '#2f7d43', line: '#173d21' },
  octopus: { body: '#ff4f6d', detail: '#b81d3a', line: '#520c19' },
  shark: { body: '#8fa3b8', detail: '#e9eef3', line: '#2b3947' },
  whale: { body: '#3d7bd9', detail: '#a9c9f5', line: '#132f5c' },
  dragon: { body: '#1fb5a0', detail: '#ffcf3f', line: '#0b4a41' },
  'golden-toad': { body: '#ffc21a', detail: '#ff8a00', line: '#5e3e00' },
};

const FALLBACK: FishPalette = { body: '#7fd1ff', detail: '#ffffff', line: '#1d4b66' };

const eye = (cx: number, cy: number, r = 4): Part[] => [
  ['circle', { cx, cy, r, fill: '#fff' }],
  ['circle', { cx: cx + r * 0.25, cy, r: r * 0.5, fill: '#111' }],
];

/** Each species' figure in a 100 x 60 box, facing left (the way the school swims). */
const FIGURES: Record<string, (p: FishPalette) => Part[]> = {
  clownfish: (p) => [
    ['path', { d: 'M70 30 L94 14 L90 30 L94 46 Z', fill: p.body, stroke: p.line, 'stroke-width': 2 }],
    ['ellipse', { cx: 42, cy: 30, rx: 34, ry: 18, fill: p.body, stroke: p.line, 'stroke-width': 2 }],
    ['rect', { x: 26, y: 13, width: 7, height: 34, rx: 3, fill: p.detail }],
    ['rect', { x: 50, y: 13, width: 7, height: 34, rx: 3, fill: p.detail }],
    ...eye(18, 26),
  ],
  puffer: (p) => [
    ['path', { d: 'M78 30 L95 18 L95 42 Z', fill: p.detail, stroke: p.line, 'stroke-width': 2 }],
    ...[0, 1, 2, 3, 4, 5, 6, 7].map((i): Part => {
      const a = (i / 8) * Math.PI * 2;
      return [
        'line',
        {
          x1: 45 + Math.cos(a) * 24,
          y1: 30 + Math.sin(a) * 24,
          x2: 45 + Math.cos(a) * 31,
          y2: 30 + Math.sin(a) * 29,
          stroke: p.line,
          'stroke-width': 2.5,
        },
      ];
    }),
    ['circle', { cx: 45, cy: 30, r: 25, fill: p.body, stroke: p.line, 'stroke-width': 2 }],
    ['circle', { cx: 52, cy: 38, r: 3, fill: p.detail }],
    ['circle', { cx: 60, cy: 26, r: 3, fill: p.detail }],
    ...eye(33, 24, 5),
  ],
  squid: (p) => [
    ...[0, 1, 2, 3, 4].map(
      (i): Part => [
        'path',
        {
          d: `M62 ${22 + i * 4} Q80 ${16 + i * 7} 96 ${20 + i * 5}`,
          fill: 'none',
          stroke: p.detail,
          'stroke-width': 3,
        },
      ],
    ),
    ['path', { d: 'M8 30 L26 12 L66 20 L66 40 L26 48 Z', fill: p.body, stroke: p.line, 'stroke-width': 2 }],
    ...eye(40, 30, 5),
  ],
  turtle: (p) => [
    ['ellipse', { cx: 30, cy: 14, rx: 8, ry: 5, fill: p.body, stroke: p.line, 'stroke-width': 1.5 }],
    ['ellipse', { cx: 30, cy: 46, rx: 8, ry: 5, fill: p.body, stroke: p.line, 'stroke-width': 1.5 }],
    ['ellipse', { cx: 68, cy: 16, rx: 7, ry: 4, fill: p.body, stroke: p.line, 'stroke-width': 1.5 }],
    ['ellipse', { cx: 68, cy: 44, rx: 7, ry: 4, fill: p.body, stroke: p.line, 'stroke-width': 1.5 }],
    ['circle', { cx: 14, cy: 30, r: 9, fill: p.body, stroke: p.line, 'stroke-width': 2 }],
    ['ellipse', { cx: 50, cy: 30, rx: 28, ry: 19, fill: p.detail, stroke: p.line, 'stroke-width': 2 }],
    ['polygon', { points: '50,17 62,24 62,36 50,43 38,36 38,24', fill: p.body, opacity: 0.7 }],
    ...eye(11, 27, 3),
  ],
  octopus: (p) => [
    ...[0, 1, 2, 3, 4, 5].map(
      (i): Part => [
        'path',
        {
          d: `M${28 + i * 8} 38 Q${24 + i * 8} 50 ${30 + i * 8} 58`,
          fill: 'none',
          stroke: p.detail,
          'stroke-width': 4,
          'stroke-linecap': 'round',
        },
      ],
    ),
    ['ellipse', { cx: 50, cy: 24, rx: 26, ry: 20, fill: p.body, stroke: p.line, 'stroke-width': 2 }],
    ...eye(40, 24, 5),
    ...eye(58, 24, 5),
  ],
  shark: (p) => [
    ['path', { d: 'M76 30 L96 10 L90 30 L96 50 Z', fill: p.body, stroke: p.line, 'stroke-width': 2 }],
    ['path', { d: 'M44 16 L56 2 L60 18 Z', fill: p.body, stroke: p.line, 'stroke-width': 2 }],
    ['path', { d: 'M4 32 Q30 10 80 28 Q60 48 26 44 Z', fill: p.body, stroke: p.line, 'stroke-width': 2 }],
    ['path', { d: 'M10 36 Q32 46 62 36', fill: p.detail, stroke: 'none' }],
    ['path', { d: 'M12 36 L16 39 L19 36 L22 39 L25 36', fill: 'none', stroke: '#fff', 'stroke-width': 1.5 }],
    ...eye(20, 27, 3),
  ],
  whale: (p) => [
    ['path', { d: 'M80 26 L98 12 L94 28 L98 40 Z', fill: p.body, stroke: p.line, 'stroke-width': 2 }],
    [
      'path',
      { d: 'M6 34 Q8 8 46 10 Q82 14 84 30 Q76 52 36 52 Q8 50 6 34 Z', fill: p.body, stroke: p.line, 'stroke-width': 2 },
    ],
    ['path', { d: 'M10 40 Q40 54 74 38 Q60 50 36 50 Q16 50 10 40 Z', fill: p.detail }],
    ['path', { d: 'M28 8 Q24 0 18 2 M28 8 Q32 0 38 2', fill: 'none', stroke: p.detail, 'stroke-width': 2.5 }],
    ...eye(22, 28, 3.5),
  ],
  dragon: (p) => [
    [
      'path',
      { d: 'M14 30 Q34 8 54 30 T94 30', fill: 'none', stroke: p.body, 'stroke-width': 12, 'stroke-linecap': 'round' },
    ],
    [
      'path',
      { d: 'M14 30 Q34 8 54 30 T94 30', fill: 'none', stroke: p.detail, 'stroke-width': 3, 'stroke-dasharray': '4 6' },
    ],
    ['path', { d: 'M30 14 L34 4 L38 16 M60 36 L66 26 L68 40', fill: 'none', stroke: p.detail, 'stroke-width': 3 }],
    ['circle', { cx: 12, cy: 30, r: 10, fill: p.body, stroke: p.line, 'stroke-width': 2 }],
    ['path', { d: 'M6 22 L2 12 M12 20 L12 9', stroke: p.detail, 'stroke-width': 2.5 }],
    ...eye(9, 28, 3),
  ],
  'golden-toad': (p) => [
    ['ellipse', { cx: 22, cy: 50, rx: 12, ry: 5, fill: p.detail, stroke: p.line, 'stroke-width': 1.5 }],
    ['ellipse', { cx: 78, cy: 50, rx: 12, ry: 5, fill: p.detail, stroke: p.line, 'stroke-width': 1.5 }],
    ['ellipse', { cx: 50, cy: 34, rx: 34, ry: 20, fill: p.body, stroke: p.line, 'stroke-width': 2 }],
    ['circle', { cx: 34, cy: 14, r: 9, fill: p.body, stroke: p.line, 'stroke-width': 2 }],
    ['circle', { cx: 66, cy: 14, r: 9, fill: p.body, stroke: p.line, 'stroke-width': 2 }],
    ...eye(34, 14, 4.5),
    ...eye(66, 14, 4.5),
    ['path', { d: 'M36 38 Q50 48 64 38', fill: 'none', stroke: p.line, 'stroke-width': 2.5 }],
    ['circle', { cx: 50, cy: 28, r: 4, fill: p.detail }],
  ],
};

const GENERIC = (p: FishPalette): Part[] => FIGURES.clownfish!(p).filter(([tag]) => tag !== 'rect');

/** The parts of a species' figure (unknown species: a plain fish in the fallback colours). */
export function fishParts(kindId: string): Part[] {
  const palette = FISH_PALETTES[kindId] ?? FALLBACK;
  return (FIGURES[kindId] ?? GENERIC)(palette);
}

/** An inline SVG of one fish, `width` px wide, labelled with the species' name. */
export function fishSvg(kind: { id: string; name: string }, width = 72): SVGSVGElement {
  const svg = document.createElementNS(NS, 'svg');
  svg.setAttribute('viewBox', '0 0 100 60');
  svg.setAttribute('width', String(width));
  svg.setAttribute('height', String(Math.round(width * 0.6)));
  svg.setAttribute('role', 'img');
  svg.setAttribute('aria-label', kind.name);
  svg.setAttribute('class', 'fish');
  svg.dataset.kind = kind.id;
  const title = document.createElementNS(NS, 'title');
  title.textContent = kind.name;
  svg.append(title);
  for (const [tag, attrs] of fishParts(kind.id)) {
    const node = document.createElementNS(NS, tag);
    for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
    svg.append(node);
  }
  return svg;
}
