// Slot symbols drawn by the studio itself (inline SVG): each symbol's own picture (symbol-icons.ts; the
// ocean's creatures are the fishing game's drawings) on a ground that shows its pay tier (a gold
// medallion with rays for the three best, a coloured disc for the next three, a plain tile for the
// rest), the wild with a WILD ribbon and the scatter on a starburst with a FREE ribbon. A symbol with
// no picture (a theme added later) falls back to a shape per pay rank with its initials. The themes'
// emoji need a colour emoji font, which many devices (and headless browsers) lack: they show as
// empty boxes there. Drawn symbols look the same everywhere.

import { fishParts } from './fish-art';
import { ICONS, iconKey } from './symbol-icons';
import { themeArt } from './theme-art';

const NS = 'http://www.w3.org/2000/svg';

type SlotSymbol = { id: number; name: string; glyph: string; kind: string };

function el(tag: string, attrs: Record<string, string | number>, text?: string): SVGElement {
  const node = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  if (text !== undefined) node.textContent = text;
  return node;
}

/** Points of a regular polygon (or a star when `inner` is given) around the centre. */
function polygon(n: number, r: number, inner?: number, rotate = -90): string {
  const points: string[] = [];
  const count = inner ? n * 2 : n;
  for (let i = 0; i < count; i++) {
    const radius = inner && i % 2 === 1 ? inner : r;
    const a = ((rotate + (360 / count) * i) * Math.PI) / 180;
    points.push(`${(50 + radius * Math.cos(a)).toFixed(1)},${(50 + radius * Math.sin(a)).toFixed(1)}`);
  }
  return points.join(' ');
}

// One shape per pay rank (best paying first): the rank reads at a glance, whatever the theme.
const SHAPES: ((fill: string) => SVGElement)[] = [
  (fill) => el('polygon', { points: polygon(5, 46, 22), fill }),
  (fill) => el('polygon', { points: polygon(4, 46), fill }),
  (fill) => el('polygon', { points: polygon(6, 44, undefined, 0), fill }),
  (fill) => el('path', { d: 'M50 5 L90 18 V50 C90 74 72 88 50 96 C28 88 10 74 10 50 V18 Z', fill }),
  (fill) => el('polygon', { points: polygon(8, 44, undefined, -67.5), fill }),
  (fill) => el('circle', { cx: 50, cy: 50, r: 43, fill }),
  (fill) => el('polygon', { points: polygon(3, 48, undefined, -90), fill }),
  (fill) => el('rect', { x: 9, y: 9, width: 82, height: 82, rx: 14, fill }),
  (fill) => el('rect', { x: 6, y: 22, width: 88, height: 56, rx: 28, fill }),
];

/** Two-letter labels, distinct within one game (Saturn, Satellite, Sax → SA, ST, SX). */
export function symbolLabels(names: string[]): string[] {
  const used = new Set<string>();
  return names.map((name) => {
    const words = name.split(/[\s-]+/).filter(Boolean);
    const letters = name.replace(/[^A-Za-z0-9]/g, '').toUpperCase();
    const first = letters[0] ?? '?';
    const candidates = [
      words.length > 1 ? `${words[0]?.[0] ?? ''}${words[1]?.[0] ?? ''}`.toUpperCase() : letters.slice(0, 2),
      ...[...letters.slice(1)].map((c) => `${first}${c}`),
      ...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'.split('').map((c) => `${first}${c}`),
    ];
    const label = candidates.find((c) => c.length > 0 && !used.has(c)) ?? first;
    used.add(label);
    return label;
  });
}

function label(text: string, size: number, y = 50): SVGElement {
  return el(
    'text',
    {
      x: 50,
      y,
      'text-anchor': 'middle',
      'dominant-baseline': 'central',
      'font-family': 'system-ui, -apple-system, Segoe UI, Roboto, sans-serif',
      'font-weight': 800,
      'font-size': size,
      fill: '#fff',
      stroke: '#0008',
      'stroke-width': 3,
      'paint-order': 'stroke',
    },
    text,
  );
}

/** `color` (#rrggbb) mixed toward white (amount > 0) or black (amount < 0); other notations unchanged. */
export function shade(color: string, amount: number): string {
  const m = /^#([0-9a-f]{6})$/i.exec(color);
  if (!m) return color;
  const n = Number.parseInt(m[1] ?? '0', 16);
  const target = amount > 0 ? 255 : 0;
  const t = Math.abs(amount);
  const mix = (c: number) => Math.round(c + (target - c) * t);
  const rgb = [mix((n >> 16) & 255), mix((n >> 8) & 255), mix(n & 255)];
  return `#${rgb.map((c) => c.toString(16).padStart(2, '0')).join('')}`;
}

/** A vertical gradient from a lighter to a darker shade of `color` (ids are per theme and symbol). */
function gradient(id: string, color: string): SVGElement {
  const g = el('linearGradient', { id, x1: 0, y1: 0, x2: 0, y2: 1 });
  g.append(
    el('stop', { offset: '0', 'stop-color': shade(color, 0.45) }),
    el('stop', { offset: '0.55', 'stop-color': color }),
    el('stop', { offset: '1', 'stop-color': shade(color, -0.45) }),
  );
  return g;
}

/** The ocean theme's sea creatures are the fishing game's drawings (fish-art.ts). */
export const FISH_OF: Record<string, string> = {
  whale: 'whale',
  shark: 'shark',
  octopus: 'octopus',
  turtle: 'turtle',
  'tropical fish': 'clownfish',
};

/** The picture of a symbol in a 100 x 100 box, or null when none is drawn for it. */
export function symbolPicture(theme: string, name: string): SVGElement | null {
  const fish = FISH_OF[name.toLowerCase()];
  const g = el('g', {});
  if (fish) {
    g.setAttribute('transform', 'translate(0 20)');
    for (const [tag, attrs] of fishParts(fish)) g.append(el(tag, attrs));
    return g;
  }
  const key = iconKey(theme, name);
  if (!key) return null;
  g.innerHTML = ICONS[key] ?? '';
  return g;
}

/** Pay tiers: the three best symbols get a gold medallion with rays, the next three a coloured disc, the rest a plain tile. */
export function payTier(rank: number): 'high' | 'mid' | 'low' {
  return rank < 3 ? 'high' : rank < 6 ? 'mid' : 'low';
}

/** A ribbon with a word across the bottom of a symbol (WILD, FREE). */
function banner(text: string, fill: string, frame: string): SVGElement[] {
  return [
    el('path', { d: 'M4 70 H96 L90 81 L96 92 H4 L10 81Z', fill, stroke: frame, 'stroke-width': 3 }),
    label(text, 19, 81),
  ];
}

/** The SVG of one symbol of a theme (`rank`: its position among the regular symbols, best first; `text`: its label). */
export function symbolSvg(symbol: SlotSymbol, theme: string, rank: number, text: string): SVGSVGElement {
  const art = themeArt(theme);
  const svg = el('svg', { viewBox: '0 0 100 100', role: 'img', 'aria-label': symbol.name }) as SVGSVGElement;
  svg.append(el('title', {}, symbol.name));
  const id = `sg-${theme.replace(/[^a-z0-9]/gi, '')}-${symbol.id}`;
  const defs = el('defs', {});
  svg.append(defs);
  const picture = symbolPicture(theme, symbol.name);
  svg.dataset.tier = symbol.kind === 'regular' ? payTier(rank) : symbol.kind;
  const gloss = el('ellipse', { cx: 50, cy: 30, rx: 30, ry: 12, fill: '#fff', 'fill-opacity': 0.22 });
  const inset = (scale: number, dy = 0) => {
    if (!picture) return;
    const t = (100 - 100 * scale) / 2;
    const g = el('g', { transform: `translate(${t} ${t + dy}) scale(${scale})` });
    g.append(picture);
    svg.append(g);
  };
  if (symbol.kind === 'wild') {
    defs.append(gradient(id, art.wild));
    svg.append(
      el('rect', {
        x: 4,
        y: 4,
        width: 92,
        height: 92,
        rx: 16,
        fill: `url(#${id})`,
        stroke: art.frame,
        'stroke-width': 4,
      }),
    );
    if (picture) {
      inset(0.7, -10);
      svg.append(...banner('WILD', art.wild, art.frame));
    } else svg.append(gloss, label('WILD', 30));
    return svg;
  }
  if (symbol.kind === 'scatter') {
    defs.append(gradient(id, art.scatter));
    svg.append(
      el('polygon', { points: polygon(12, 48, 34), fill: `url(#${id})`, stroke: art.frame, 'stroke-width': 3 }),
    );
    if (picture) {
      inset(0.62, -8);
      svg.append(...banner('FREE', art.scatter, art.frame));
    } else svg.append(gloss, label('FREE', 24));
    return svg;
  }
  const color = art.colors[rank % art.colors.length] ?? art.accent;
  defs.append(gradient(id, color));
  if (!picture) {
    const shape = SHAPES[rank % SHAPES.length] ?? SHAPES[0];
    const body = shape?.(`url(#${id})`);
    if (body) {
      body.setAttribute('stroke', art.frame);
      body.setAttribute('stroke-width', '3');
      svg.append(body);
    }
    svg.append(gloss, label(text, rank < 3 ? 30 : 28, rank === 6 ? 60 : 50));
    return svg;
  }
  const tier = payTier(rank);
  if (tier === 'high') {
    // Rays and a gold ring: the best symbols read as the prize at a glance.
    svg.append(
      el('polygon', { points: polygon(16, 50, 36), fill: art.accent, 'fill-opacity': 0.55 }),
      el('circle', { cx: 50, cy: 50, r: 42, fill: `url(#${id})`, stroke: art.frame, 'stroke-width': 5 }),
      el('circle', { cx: 50, cy: 50, r: 36, fill: 'none', stroke: '#fff', 'stroke-opacity': 0.5, 'stroke-width': 1.5 }),
    );
    inset(0.68);
  } else if (tier === 'mid') {
    svg.append(
      el('circle', {
        cx: 50,
        cy: 50,
        r: 44,
        fill: `url(#${id})`,
        'fill-opacity': 0.85,
        stroke: '#fff6',
        'stroke-width': 2,
      }),
    );
    inset(0.74);
  } else {
    svg.append(el('rect', { x: 8, y: 8, width: 84, height: 84, rx: 18, fill: color, 'fill-opacity': 0.28 }));
    inset(0.78);
  }
  return svg;
}
