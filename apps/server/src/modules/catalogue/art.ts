// Generated artwork (ui-guide "Look"): there is no internet at run time and ten thousand games must
// not share one grey placeholder, so every tile is an SVG drawn from the game's art seed: its own
// gradient, a symbol of its category, its title and its vendor. Pure functions of their input, so
// every node draws the same bytes and the ETag is stable.

const FONT = "'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";

export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&${{ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot', "'": 'apos' }[c]};`);
}

/** Mulberry32: small, fast and good enough to vary colours and shapes deterministically. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function hashText(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

const n1 = (v: number) => (Math.round(v * 10) / 10).toString();

/**
 * Splits a title into at most two lines of balanced length. Words longer than the line are kept
 * whole; a title too long for two lines ends with an ellipsis.
 */
export function wrapTitle(title: string, maxLine = 18): string[] {
  const words = title.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [];
  const text = words.join(' ');
  if (text.length <= Math.min(12, maxLine) || words.length === 1) return [clip(text, maxLine)];
  let best: [string, string] = [text, ''];
  let bestScore = Number.POSITIVE_INFINITY;
  for (let i = 1; i < words.length; i++) {
    const a = words.slice(0, i).join(' ');
    const b = words.slice(i).join(' ');
    const score = Math.max(a.length, b.length);
    if (score < bestScore) {
      bestScore = score;
      best = [a, b];
    }
  }
  return [clip(best[0], maxLine), clip(best[1], maxLine)];
}

function clip(line: string, max: number): string {
  return line.length <= max ? line : `${line.slice(0, max - 1).trimEnd()}…`;
}

/** Font size that fits the longest line into `width` (bold sans averages ~0.58 em per character, capitals ~0.75). */
function fitFont(lines: string[], width: number, max: number, min: number, em = 0.58): number {
  const longest = Math.max(1, ...lines.map((l) => l.length));
  return Math.max(min, Math.min(max, Math.floor(width / (longest * em))));
}

type Palette = { h1: number; h2: number; s: number; accent: number };

function paletteOf(rand: () => number): Palette {
  const h1 = Math.floor(rand() * 360);
  const h2 = (h1 + 25 + Math.floor(rand() * 70)) % 360;
  return { h1, h2, s: 60 + Math.floor(rand() * 25), accent: (h1 + 150 + Math.floor(rand() * 60)) % 360 };
}

function commonDefs(id: string, p: Palette): string {
  return [
    `<linearGradient id="bg-${id}" x1="0" y1="0" x2="1" y2="1">`,
    `<stop offset="0" stop-color="hsl(${p.h1},${p.s}%,52%)"/>`,
    `<stop offset="1" stop-color="hsl(${p.h2},${p.s + 10}%,20%)"/>`,
    '</linearGradient>',
    `<radialGradient id="glow-${id}" cx="0.5" cy="0.4" r="0.5">`,
    '<stop offset="0" stop-color="#fff" stop-opacity="0.45"/><stop offset="1" stop-color="#fff" stop-opacity="0"/>',
    '</radialGradient>',
    `<linearGradient id="gold-${id}" x1="0" y1="0" x2="0" y2="1">`,
    '<stop offset="0" stop-color="#fff1a8"/><stop offset="0.5" stop-color="#f7b928"/><stop offset="1" stop-color="#c06a00"/>',
    '</linearGradient>',
    `<radialGradient id="red-${id}" cx="0.35" cy="0.35" r="0.7">`,
    '<stop offset="0" stop-color="#ff8a8a"/><stop offset="1" stop-color="#b0001c"/>',
    '</radialGradient>',
    `<linearGradient id="accent-${id}" x1="0" y1="0" x2="1" y2="1">`,
    `<stop offset="0" stop-color="hsl(${p.accent},90%,75%)"/><stop offset="1" stop-color="hsl(${p.accent},80%,38%)"/>`,
    '</linearGradient>',
    `<linearGradient id="shade-${id}" x1="0" y1="0" x2="0" y2="1">`,
    '<stop offset="0" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.7"/>',
    '</linearGradient>',
  ].join('');
}

// ---- symbols: drawn around (0,0) in about a 150 x 150 box ----------------------------------------

type SymbolFn = (id: string, rand: () => number) => string;

const heart = 'M0 16 C -24 -2 -22 -22 -10 -24 C -3 -25 0 -18 0 -14 C 0 -18 3 -25 10 -24 C 22 -22 24 -2 0 16 Z';
const spade = 'M0 -22 C 22 -4 24 12 10 14 C 5 15 2 12 1 9 L5 22 H-5 L-1 9 C -2 12 -5 15 -10 14 C -24 12 -22 -4 0 -22 Z';
const diamondSuit = 'M0 -22 L16 0 L0 22 L-16 0 Z';
const club = 'M0 -22 a10 10 0 1 1 -1 0 Z M-11 -2 a10 10 0 1 1 0 1 Z M11 -2 a10 10 0 1 0 0 1 Z M-2 4 L-6 22 H6 L2 4 Z';

function card(x: number, rot: number, rank: string, suit: 'h' | 's' | 'd' | 'c'): string {
  const red = suit === 'h' || suit === 'd';
  const path = { h: heart, s: spade, d: diamondSuit, c: club }[suit];
  const colour = red ? '#d81b37' : '#1c1c28';
  return [
    `<g transform="rotate(${rot}) translate(${x} 0)">`,
    '<rect x="-34" y="-48" width="68" height="96" rx="8" fill="#fff" stroke="#2b2b3a" stroke-width="2"/>',
    `<text x="-26" y="-24" font-family="${FONT}" font-size="20" font-weight="800" fill="${colour}">${rank}</text>`,
    `<path d="${path}" transform="translate(4 10) scale(1.2)" fill="${colour}"/>`,
    '</g>',
  ].join('');
}

function starPolygon(id: string, transform: string): string {
  const points: string[] = [];
  for (let i = 0; i < 10; i++) {
    const r = i % 2 === 0 ? 66 : 28;
    const a = (Math.PI / 5) * i - Math.PI / 2;
    points.push(`${n1(Math.cos(a) * r)},${n1(Math.sin(a) * r + 4)}`);
  }
  const t = transform ? ` transform="${transform}"` : '';
  return `<polygon${t} points="${points.join(' ')}" fill="url(#gold-${id})" stroke="#fff" stroke-width="4" stroke-linejoin="round"/>`;
}

const SYMBOLS: Record<string, SymbolFn> = {
  seven: (id, rand) => {
    const fill = rand() < 0.5 ? `url(#gold-${id})` : `url(#red-${id})`;
    return `<path d="M-42 -58 H46 V-40 C 20 -12 6 22 2 62 H-26 C -22 24 -8 -10 14 -36 H-42 Z" fill="${fill}" stroke="#fff" stroke-width="5" stroke-linejoin="round"/>`;
  },
  cherries: (id) =>
    [
      '<path d="M-28 18 C -22 -20 -2 -44 22 -56 M30 24 C 26 -6 24 -32 22 -56" stroke="#2f7d32" stroke-width="6" fill="none" stroke-linecap="round"/>',
      '<path d="M22 -56 C 36 -72 62 -66 66 -50 C 50 -42 34 -44 22 -56 Z" fill="#43a047" stroke="#1b5e20" stroke-width="2"/>',
      `<circle cx="-30" cy="36" r="27" fill="url(#red-${id})" stroke="#5c0010" stroke-width="2"/>`,
      `<circle cx="32" cy="42" r="27" fill="url(#red-${id})" stroke="#5c0010" stroke-width="2"/>`,
      '<ellipse cx="-40" cy="26" rx="7" ry="5" fill="#fff" fill-opacity="0.6"/><ellipse cx="22" cy="32" rx="7" ry="5" fill="#fff" fill-opacity="0.6"/>',
    ].join(''),
  bell: (id) =>
    [
      `<path d="M0 -62 C 34 -62 44 -30 44 0 C 44 18 52 30 62 38 H-62 C -52 30 -44 18 -44 0 C -44 -30 -34 -62 0 -62 Z" fill="url(#gold-${id})" stroke="#7a4a00" stroke-width="4"/>`,
      `<circle cx="0" cy="-66" r="8" fill="url(#gold-${id})" stroke="#7a4a00" stroke-width="3"/>`,
      '<circle cx="0" cy="50" r="13" fill="#c46a00" stroke="#7a4a00" stroke-width="3"/>',
      '<path d="M-26 -18 C -24 -38 -14 -48 -4 -50" stroke="#fff" stroke-width="6" stroke-opacity="0.55" fill="none" stroke-linecap="round"/>',
    ].join(''),
  diamond: (id) =>
    [
      `<path d="M-62 -18 L-32 -52 H32 L62 -18 L0 62 Z" fill="url(#accent-${id})" stroke="#fff" stroke-width="3" stroke-linejoin="round"/>`,
      '<path d="M-62 -18 H62 M-32 -52 L-14 -18 L0 62 L14 -18 L32 -52 M-14 -18 L0 -52 L14 -18" stroke="#fff" stroke-width="2" stroke-opacity="0.75" fill="none"/>',
    ].join(''),
  star: (id) => starPolygon(id, ''),
  crown: (id) =>
    [
      `<path d="M-58 30 L-66 -34 L-30 -4 L0 -54 L30 -4 L66 -34 L58 30 Z" fill="url(#gold-${id})" stroke="#7a4a00" stroke-width="4" stroke-linejoin="round"/>`,
      `<rect x="-62" y="30" width="124" height="20" rx="5" fill="url(#gold-${id})" stroke="#7a4a00" stroke-width="4"/>`,
      '<circle cx="0" cy="10" r="10" fill="#e53935"/><circle cx="-32" cy="16" r="7" fill="#1e88e5"/><circle cx="32" cy="16" r="7" fill="#43a047"/>',
      '<circle cx="-66" cy="-34" r="7" fill="#fff5c0"/><circle cx="0" cy="-54" r="7" fill="#fff5c0"/><circle cx="66" cy="-34" r="7" fill="#fff5c0"/>',
    ].join(''),
  clover: () =>
    [
      '<path d="M4 26 C 14 48 26 58 44 64" stroke="#14532d" stroke-width="8" fill="none" stroke-linecap="round"/>',
      '<g fill="#34a853" stroke="#14532d" stroke-width="3">',
      `<path d="${heart}" transform="translate(0 -22) scale(1.5)"/>`,
      `<path d="${heart}" transform="translate(22 0) rotate(90) scale(1.5)"/>`,
      `<path d="${heart}" transform="translate(0 22) rotate(180) scale(1.5)"/>`,
      `<path d="${heart}" transform="translate(-22 0) rotate(270) scale(1.5)"/>`,
      '</g>',
    ].join(''),
  reels: (id) => {
    const parts = [
      `<rect x="-74" y="-54" width="148" height="108" rx="14" fill="#1b1b2f" stroke="url(#gold-${id})" stroke-width="6"/>`,
    ];
    for (let i = 0; i < 3; i++) {
      const x = -64 + i * 44;
      parts.push(`<rect x="${x}" y="-42" width="40" height="84" rx="6" fill="#fff"/>`);
      parts.push(
        `<text x="${x + 20}" y="14" text-anchor="middle" font-family="${FONT}" font-size="40" font-weight="900" fill="#d81b37">7</text>`,
      );
    }
    parts.push('<rect x="-80" y="-2" width="160" height="4" fill="#f7b928" fill-opacity="0.8"/>');
    return parts.join('');
  },
  cards: (_id, rand) => {
    const suits = ['h', 's', 'd', 'c'] as const;
    const ranks = ['A', 'K', 'Q', 'J', '10'];
    const s = Math.floor(rand() * 4);
    const r = Math.floor(rand() * 5);
    return [
      card(-22, -14, ranks[(r + 1) % 5]!, suits[(s + 1) % 4]!),
      card(0, 0, ranks[(r + 2) % 5]!, suits[(s + 2) % 4]!),
      card(22, 14, ranks[r]!, suits[s]!),
    ].join('');
  },
  chip: (id, rand) => {
    const value = ['100', '500', '1K', '5K'][Math.floor(rand() * 4)]!;
    return [
      `<circle r="62" fill="url(#accent-${id})" stroke="#1c1c28" stroke-width="3"/>`,
      '<circle r="54" fill="none" stroke="#fff" stroke-width="14" stroke-dasharray="14.1 14.1"/>',
      '<circle r="36" fill="#fff"/>',
      `<circle r="30" fill="url(#accent-${id})"/>`,
      `<text y="9" text-anchor="middle" font-family="${FONT}" font-size="24" font-weight="900" fill="#fff">${value}</text>`,
    ].join('');
  },
  wheel: (id) => {
    const parts = [`<circle r="66" fill="url(#gold-${id})" stroke="#5d3a1a" stroke-width="4"/>`];
    const n = 18;
    for (let i = 0; i < n; i++) {
      const a0 = (2 * Math.PI * i) / n;
      const a1 = (2 * Math.PI * (i + 1)) / n;
      const fill = i === 0 ? '#1f9d55' : i % 2 ? '#1c1c28' : '#d81b37';
      parts.push(
        `<path d="M0 0 L${n1(Math.cos(a0) * 56)} ${n1(Math.sin(a0) * 56)} A56 56 0 0 1 ${n1(Math.cos(a1) * 56)} ${n1(Math.sin(a1) * 56)} Z" fill="${fill}"/>`,
      );
    }
    parts.push(`<circle r="24" fill="url(#gold-${id})" stroke="#5d3a1a" stroke-width="3"/>`);
    parts.push('<path d="M0 -18 V18 M-18 0 H18" stroke="#5d3a1a" stroke-width="5" stroke-linecap="round"/>');
    parts.push('<circle cx="30" cy="-38" r="6" fill="#fff" stroke="#999" stroke-width="1"/>');
    return parts.join('');
  },
  dice: () => {
    const die = (x: number, y: number, rot: number, pips: [number, number][]) =>
      [
        `<g transform="translate(${x} ${y}) rotate(${rot})">`,
        '<rect x="-32" y="-32" width="64" height="64" rx="12" fill="#fff" stroke="#1c1c28" stroke-width="3"/>',
        ...pips.map(
          ([px, py]) => `<circle cx="${px}" cy="${py}" r="6.5" fill="${pips.length === 1 ? '#d81b37' : '#1c1c28'}"/>`,
        ),
        '</g>',
      ].join('');
    return (
      die(-30, 12, -12, [
        [-16, -16],
        [0, 0],
        [16, 16],
      ]) +
      die(34, -14, 14, [
        [-16, -16],
        [16, -16],
        [-16, 16],
        [16, 16],
        [0, 0],
      ])
    );
  },
  fish: (id) =>
    [
      '<g fill="none" stroke="#fff" stroke-width="2.5" stroke-opacity="0.8"><circle cx="-72" cy="-40" r="7"/><circle cx="-84" cy="-62" r="5"/><circle cx="-66" cy="-70" r="3.5"/></g>',
      `<path d="M-6 -30 C 0 -54 20 -56 30 -34 Z" fill="url(#accent-${id})" stroke="#083344" stroke-width="3" stroke-linejoin="round"/>`,
      `<path d="M42 0 L76 -32 L66 0 L76 32 Z" fill="url(#accent-${id})" stroke="#083344" stroke-width="3" stroke-linejoin="round"/>`,
      `<path d="M-60 0 C -36 -42 24 -44 48 0 C 24 44 -36 42 -60 0 Z" fill="url(#gold-${id})" stroke="#083344" stroke-width="3"/>`,
      '<path d="M-12 -30 C -4 -10 -4 10 -12 30 M8 -32 C 16 -10 16 10 8 32" stroke="#fff" stroke-width="4" stroke-opacity="0.6" fill="none"/>',
      '<path d="M-4 20 C 6 30 20 30 24 22 C 14 18 4 16 -4 20 Z" fill="#083344" fill-opacity="0.35"/>',
      '<circle cx="-36" cy="-8" r="9" fill="#fff"/><circle cx="-38" cy="-8" r="4.5" fill="#111"/>',
    ].join(''),
  ball: (id) => {
    const parts = [
      `<clipPath id="ballclip-${id}"><circle r="60"/></clipPath>`,
      '<circle r="60" fill="#fff"/>',
      `<g clip-path="url(#ballclip-${id})" fill="#1c1c28">`,
    ];
    const pentagon = (cx: number, cy: number, r: number, rot: number) => {
      const pts: string[] = [];
      for (let i = 0; i < 5; i++) {
        const a = rot + (2 * Math.PI * i) / 5 - Math.PI / 2;
        pts.push(`${n1(cx + Math.cos(a) * r)},${n1(cy + Math.sin(a) * r)}`);
      }
      return `<polygon points="${pts.join(' ')}"/>`;
    };
    parts.push(pentagon(0, 0, 20, 0));
    for (let i = 0; i < 5; i++) {
      const a = (2 * Math.PI * i) / 5 - Math.PI / 2;
      parts.push(pentagon(Math.cos(a) * 60, Math.sin(a) * 60, 18, Math.PI / 5));
      parts.push(
        `<path d="M${n1(Math.cos(a) * 20)} ${n1(Math.sin(a) * 20)} L${n1(Math.cos(a) * 44)} ${n1(Math.sin(a) * 44)}" stroke="#1c1c28" stroke-width="3"/>`,
      );
    }
    parts.push('</g><circle r="60" fill="none" stroke="#1c1c28" stroke-width="4"/>');
    return parts.join('');
  },
  controller: () =>
    [
      '<path d="M-44 -30 H44 C 62 -30 72 -16 76 4 L84 36 C 88 54 70 64 56 50 L40 32 H-40 L-56 50 C -70 64 -88 54 -84 36 L-76 4 C -72 -16 -62 -30 -44 -30 Z" fill="#2b2d42" stroke="#fff" stroke-width="4" stroke-linejoin="round"/>',
      '<path d="M-52 -6 h10 v-10 h10 v10 h10 v10 h-10 v10 h-10 v-10 h-10 Z" fill="#fff"/>',
      '<circle cx="40" cy="-12" r="7" fill="#e53935"/><circle cx="54" cy="1" r="7" fill="#fbc02d"/><circle cx="26" cy="1" r="7" fill="#1e88e5"/><circle cx="40" cy="14" r="7" fill="#43a047"/>',
      '<circle cx="-14" cy="16" r="9" fill="#44475a" stroke="#fff" stroke-width="2"/><circle cx="14" cy="16" r="9" fill="#44475a" stroke="#fff" stroke-width="2"/>',
    ].join(''),
  rooster: (id) =>
    [
      '<path d="M-18 10 C -60 -8 -72 -50 -52 -72 C -52 -40 -38 -20 -12 -4 Z" fill="#1b5e20" stroke="#0b2e10" stroke-width="2"/>',
      '<path d="M-20 20 C -70 22 -88 -18 -78 -46 C -66 -14 -46 2 -14 8 Z" fill="#0d47a1" stroke="#06224d" stroke-width="2"/>',
      '<path d="M-22 30 C -66 44 -86 16 -86 -6 C -70 16 -50 22 -18 18 Z" fill="#b71c1c" stroke="#4a0a0a" stroke-width="2"/>',
      `<path d="M-26 30 C -36 0 -12 -18 14 -14 L 24 -40 C 28 -58 50 -60 56 -44 L 58 -26 C 62 -6 54 24 30 40 C 10 54 -18 50 -26 30 Z" fill="url(#gold-${id})" stroke="#6d3b00" stroke-width="3" stroke-linejoin="round"/>`,
      '<path d="M26 -54 C 22 -66 32 -72 36 -62 C 38 -74 50 -72 48 -62 C 54 -70 62 -62 56 -52 Z" fill="#e53935" stroke="#7f0000" stroke-width="2"/>',
      '<path d="M56 -40 L72 -33 L56 -28 Z" fill="#fbc02d" stroke="#6d3b00" stroke-width="2" stroke-linejoin="round"/>',
      '<path d="M56 -26 C 62 -14 54 -8 50 -18 Z" fill="#e53935"/>',
      '<circle cx="44" cy="-42" r="4" fill="#111"/>',
      '<path d="M-8 8 C 8 -6 34 0 36 16 C 22 30 2 30 -8 8 Z" fill="#c06a00" fill-opacity="0.7"/>',
      '<path d="M0 46 V68 M18 44 V68 M-8 68 H8 M10 68 H26" stroke="#fbc02d" stroke-width="5" stroke-linecap="round"/>',
    ].join(''),
  balls: (id, rand) => {
    const colours = ['#e53935', '#1e88e5', '#fbc02d', '#43a047', '#8e24aa'];
    const at: [number, number][] = [
      [-40, 22],
      [40, 22],
      [0, -30],
    ];
    return at
      .map(([x, y], i) => {
        const num = String(1 + Math.floor(rand() * 49)).padStart(2, '0');
        const colour = colours[(i + Math.floor(rand() * 5)) % 5]!;
        return [
          `<circle cx="${x}" cy="${y}" r="32" fill="${colour}" stroke="#fff" stroke-width="3"/>`,
          `<circle cx="${x}" cy="${y}" r="17" fill="#fff"/>`,
          `<text x="${x}" y="${y + 7}" text-anchor="middle" font-family="${FONT}" font-size="19" font-weight="800" fill="#1c1c28">${num}</text>`,
          `<ellipse cx="${x - 12}" cy="${y - 16}" rx="8" ry="5" fill="#fff" fill-opacity="0.5"/>`,
        ].join('');
      })
      .join('')
      .concat(`<rect x="-70" y="58" width="140" height="8" rx="4" fill="url(#gold-${id})"/>`);
  },
  bingo: (id, rand) => {
    const num = String(1 + Math.floor(rand() * 75));
    return [
      `<circle r="60" fill="url(#accent-${id})" stroke="#fff" stroke-width="4"/>`,
      '<circle r="36" fill="#fff"/>',
      `<text y="13" text-anchor="middle" font-family="${FONT}" font-size="38" font-weight="900" fill="#1c1c28">${num}</text>`,
      '<ellipse cx="-26" cy="-34" rx="14" ry="8" fill="#fff" fill-opacity="0.45"/>',
    ].join('');
  },
  scratch: (id) =>
    [
      `<rect x="-74" y="-48" width="148" height="96" rx="10" fill="url(#gold-${id})" stroke="#7a4a00" stroke-width="4"/>`,
      '<rect x="-58" y="-30" width="116" height="60" rx="8" fill="#c9ccd6"/>',
      '<path d="M-50 10 C -30 -20 -10 20 10 -10 C 26 -30 40 0 52 -16" stroke="#fff" stroke-width="14" fill="none" stroke-linecap="round" stroke-opacity="0.9"/>',
      `<text x="-6" y="10" text-anchor="middle" font-family="${FONT}" font-size="26" font-weight="900" fill="#d81b37">WIN</text>`,
      '<circle cx="56" cy="34" r="16" fill="#f7b928" stroke="#7a4a00" stroke-width="3"/>',
    ].join(''),
  coins: (id) => {
    const parts: string[] = [];
    const stacks: [number, number][] = [
      [-44, 3],
      [0, 5],
      [44, 4],
    ];
    for (const [x, h] of stacks) {
      for (let i = 0; i < h; i++) {
        const y = 50 - i * 14;
        parts.push(
          `<ellipse cx="${x}" cy="${y}" rx="26" ry="10" fill="url(#gold-${id})" stroke="#7a4a00" stroke-width="2.5"/>`,
        );
      }
    }
    parts.push(starPolygon(id, 'translate(0 -52) scale(0.45)'));
    return parts.join('');
  },
  joystick: () =>
    [
      '<path d="M-66 30 H66 L56 62 H-56 Z" fill="#2b2d42" stroke="#fff" stroke-width="3" stroke-linejoin="round"/>',
      '<ellipse cx="0" cy="30" rx="66" ry="14" fill="#44475a" stroke="#fff" stroke-width="3"/>',
      '<path d="M0 28 L0 -24" stroke="#cfd8dc" stroke-width="12" stroke-linecap="round"/>',
      '<circle cx="0" cy="-40" r="24" fill="#e53935" stroke="#7f0000" stroke-width="3"/>',
      '<ellipse cx="-8" cy="-48" rx="8" ry="5" fill="#fff" fill-opacity="0.6"/>',
      '<circle cx="-40" cy="46" r="7" fill="#fbc02d"/><circle cx="40" cy="46" r="7" fill="#1e88e5"/>',
    ].join(''),
  flame: (id) =>
    [
      `<path d="M0 -66 C 18 -40 52 -22 48 16 C 46 46 24 64 0 64 C -24 64 -48 46 -48 16 C -48 -10 -30 -22 -26 -46 C -14 -30 -10 -20 -8 -10 C -4 -30 -6 -48 0 -66 Z" fill="url(#red-${id})" stroke="#7f1d00" stroke-width="4" stroke-linejoin="round"/>`,
      `<path d="M0 -18 C 10 -2 26 10 24 30 C 22 48 12 56 0 56 C -12 56 -24 46 -24 30 C -24 14 -12 8 -8 -4 C -4 6 -2 10 0 14 C 2 4 -2 -6 0 -18 Z" fill="url(#gold-${id})"/>`,
    ].join(''),
  pyramid: (id) =>
    [
      `<circle cx="38" cy="-40" r="22" fill="url(#gold-${id})" stroke="#fff" stroke-width="3"/>`,
      `<path d="M-70 56 L0 -50 L70 56 Z" fill="url(#gold-${id})" stroke="#6d3b00" stroke-width="4" stroke-linejoin="round"/>`,
      '<path d="M0 -50 L70 56 H20 Z" fill="#6d3b00" fill-opacity="0.35"/>',
      '<path d="M-46 20 H46 M-24 -14 H24 M-58 38 H58 M-35 3 H35" stroke="#6d3b00" stroke-width="3" stroke-opacity="0.6"/>',
      '<path d="M-14 56 V40 C -14 30 14 30 14 40 V56 Z" fill="#3b1f00"/>',
    ].join(''),
  anchor: (id) =>
    [
      `<circle cy="-48" r="14" fill="none" stroke="url(#gold-${id})" stroke-width="9"/>`,
      `<path d="M0 -34 V56 M-30 -18 H30" stroke="url(#gold-${id})" stroke-width="11" stroke-linecap="round"/>`,
      `<path d="M-58 14 C -54 46 -28 60 0 60 C 28 60 54 46 58 14" fill="none" stroke="url(#gold-${id})" stroke-width="11" stroke-linecap="round"/>`,
      `<path d="M-70 22 L-58 4 L-46 24 Z M70 22 L58 4 L46 24 Z" fill="url(#gold-${id})" stroke="#6d3b00" stroke-width="2"/>`,
    ].join(''),
  palm: () =>
    [
      '<path d="M6 64 C 2 30 -6 0 2 -34" stroke="#8d5524" stroke-width="12" fill="none" stroke-linecap="round"/>',
      '<path d="M6 64 C 2 30 -6 0 2 -34" stroke="#5d3a1a" stroke-width="12" stroke-dasharray="3 9" fill="none"/>',
      '<g fill="#2e9e48" stroke="#14532d" stroke-width="3" stroke-linejoin="round">',
      '<path d="M2 -34 C -20 -62 -54 -60 -70 -40 C -44 -48 -22 -44 2 -34 Z"/>',
      '<path d="M2 -34 C 24 -62 58 -60 72 -38 C 46 -48 24 -44 2 -34 Z"/>',
      '<path d="M2 -34 C -30 -36 -52 -16 -56 8 C -36 -14 -18 -24 2 -34 Z"/>',
      '<path d="M2 -34 C 34 -36 56 -14 58 10 C 38 -12 20 -24 2 -34 Z"/>',
      '<path d="M2 -34 C -6 -58 6 -72 18 -76 C 10 -60 8 -46 2 -34 Z"/>',
      '</g>',
      '<circle cx="-6" cy="-30" r="8" fill="#6d3b00"/><circle cx="10" cy="-28" r="8" fill="#7a4a12"/>',
    ].join(''),
  shell: (id) => {
    const parts = [
      `<path d="M0 50 L-66 -6 C -60 -50 -28 -64 0 -64 C 28 -64 60 -50 66 -6 Z" fill="url(#accent-${id})" stroke="#fff" stroke-width="4" stroke-linejoin="round"/>`,
    ];
    for (const x of [-44, -22, 0, 22, 44])
      parts.push(`<path d="M0 50 L${x} -58" stroke="#fff" stroke-width="3" stroke-opacity="0.7"/>`);
    parts.push('<path d="M-18 50 H18 L10 64 H-10 Z" fill="#fff" fill-opacity="0.85"/>');
    parts.push(
      '<circle cx="40" cy="42" r="15" fill="#fdfdfd" stroke="#b0bec5" stroke-width="2"/><circle cx="35" cy="37" r="5" fill="#fff"/>',
    );
    return parts.join('');
  },
  lotus: (id) => {
    const petal = 'M0 0 C -16 -22 -14 -48 0 -64 C 14 -48 16 -22 0 0 Z';
    const parts: string[] = [];
    for (const [rot, fill] of [
      [-64, `url(#accent-${id})`],
      [64, `url(#accent-${id})`],
      [-32, '#f8bbd0'],
      [32, '#f8bbd0'],
      [0, '#fce4ec'],
    ] as const)
      parts.push(
        `<path d="${petal}" transform="translate(0 30) rotate(${rot})" fill="${fill}" stroke="#ad1457" stroke-width="3"/>`,
      );
    parts.push('<ellipse cx="0" cy="40" rx="64" ry="14" fill="#2e7d32" stroke="#1b5e20" stroke-width="3"/>');
    parts.push(`<circle cy="22" r="9" fill="url(#gold-${id})"/>`);
    return parts.join('');
  },
  mask: (id) =>
    [
      `<path d="M-70 -20 C -50 -34 -20 -30 0 -18 C 20 -30 50 -34 70 -20 C 72 12 52 34 26 30 C 14 28 6 16 0 10 C -6 16 -14 28 -26 30 C -52 34 -72 12 -70 -20 Z" fill="url(#accent-${id})" stroke="#fff" stroke-width="4" stroke-linejoin="round"/>`,
      '<path d="M-46 -6 C -38 -16 -22 -16 -14 -4 C -24 4 -38 4 -46 -6 Z M46 -6 C 38 -16 22 -16 14 -4 C 24 4 38 4 46 -6 Z" fill="#1c1c28"/>',
      `<path d="M60 -26 C 70 -60 90 -70 96 -64 C 82 -56 74 -42 66 -24 Z" fill="url(#gold-${id})" stroke="#6d3b00" stroke-width="2"/>`,
      '<circle cx="-58" cy="-22" r="5" fill="#fff"/><circle cx="0" cy="-14" r="5" fill="#fff"/><circle cx="58" cy="-22" r="5" fill="#fff"/>',
      '<path d="M-4 10 L-8 62 M4 10 L10 62" stroke="#fff" stroke-width="3" stroke-opacity="0.8"/>',
    ].join(''),
  lantern: (id) =>
    [
      '<path d="M0 -76 V-60" stroke="#5d3a1a" stroke-width="4"/>',
      `<rect x="-26" y="-62" width="52" height="12" rx="4" fill="url(#gold-${id})" stroke="#6d3b00" stroke-width="2"/>`,
      `<ellipse cy="0" rx="58" ry="50" fill="url(#red-${id})" stroke="#6d0012" stroke-width="4"/>`,
      '<path d="M-30 -44 C -44 -14 -44 14 -30 44 M0 -50 V50 M30 -44 C 44 -14 44 14 30 44" fill="none" stroke="#ffd54f" stroke-width="3" stroke-opacity="0.8"/>',
      `<rect x="-26" y="46" width="52" height="12" rx="4" fill="url(#gold-${id})" stroke="#6d3b00" stroke-width="2"/>`,
      '<path d="M-8 58 V78 M0 58 V82 M8 58 V78" stroke="#f7b928" stroke-width="3"/>',
    ].join(''),
  paw: () =>
    [
      '<g fill="#fff" stroke="#1c1c28" stroke-width="4">',
      '<path d="M0 2 C 26 2 46 26 42 44 C 38 60 22 56 0 54 C -22 56 -38 60 -42 44 C -46 26 -26 2 0 2 Z"/>',
      '<ellipse cx="-48" cy="-10" rx="14" ry="18" transform="rotate(-20 -48 -10)"/>',
      '<ellipse cx="-18" cy="-42" rx="14" ry="19"/>',
      '<ellipse cx="18" cy="-42" rx="14" ry="19"/>',
      '<ellipse cx="48" cy="-10" rx="14" ry="18" transform="rotate(20 48 -10)"/>',
      '</g>',
    ].join(''),
  horseshoe: (id) =>
    [
      `<path d="M-44 56 L-54 6 C -62 -40 -32 -64 0 -64 C 32 -64 62 -40 54 6 L44 56 H20 L30 6 C 36 -24 20 -40 0 -40 C -20 -40 -36 -24 -30 6 L-20 56 Z" fill="url(#gold-${id})" stroke="#6d3b00" stroke-width="4" stroke-linejoin="round"/>`,
      '<g fill="#6d3b00"><circle cx="-42" cy="36" r="4"/><circle cx="-48" cy="6" r="4"/><circle cx="-40" cy="-28" r="4"/><circle cx="42" cy="36" r="4"/><circle cx="48" cy="6" r="4"/><circle cx="40" cy="-28" r="4"/></g>',
    ].join(''),
  bolt: (id) =>
    `<path d="M14 -70 L-42 8 H-4 L-18 70 L44 -12 H6 Z" fill="url(#gold-${id})" stroke="#fff" stroke-width="5" stroke-linejoin="round"/>`,
  crescent: (id) =>
    [
      `<path d="M18 -62 C -30 -66 -60 -22 -52 18 C -44 56 -4 70 30 58 C -4 50 -24 20 -20 -10 C -16 -40 0 -56 18 -62 Z" fill="url(#gold-${id})" stroke="#fff" stroke-width="4" stroke-linejoin="round"/>`,
      starPolygon(id, 'translate(34 -22) scale(0.32)'),
      starPolygon(id, 'translate(52 22) scale(0.2)'),
    ].join(''),
  sun: (id) => {
    const parts: string[] = [];
    for (let i = 0; i < 12; i++) {
      const a = (Math.PI / 6) * i;
      parts.push(
        `<path d="M${n1(Math.cos(a - 0.13) * 44)} ${n1(Math.sin(a - 0.13) * 44)} L${n1(Math.cos(a) * 70)} ${n1(Math.sin(a) * 70)} L${n1(Math.cos(a + 0.13) * 44)} ${n1(Math.sin(a + 0.13) * 44)} Z" fill="url(#gold-${id})"/>`,
      );
    }
    parts.push(`<circle r="42" fill="url(#gold-${id})" stroke="#fff" stroke-width="4"/>`);
    parts.push('<circle cx="-14" cy="-6" r="5" fill="#6d3b00"/><circle cx="14" cy="-6" r="5" fill="#6d3b00"/>');
    parts.push(
      '<path d="M-16 12 C -8 22 8 22 16 12" stroke="#6d3b00" stroke-width="4" fill="none" stroke-linecap="round"/>',
    );
    return parts.join('');
  },
  swords: (id) => {
    const sword = (rot: number) =>
      [
        `<g transform="rotate(${rot})">`,
        '<path d="M-6 -72 L6 -72 L6 30 L0 40 L-6 30 Z" fill="#eceff1" stroke="#455a64" stroke-width="3"/>',
        `<rect x="-24" y="30" width="48" height="10" rx="4" fill="url(#gold-${id})" stroke="#6d3b00" stroke-width="2"/>`,
        '<rect x="-5" y="40" width="10" height="24" fill="#5d3a1a"/>',
        `<circle cy="68" r="7" fill="url(#gold-${id})"/>`,
        '</g>',
      ].join('');
    return sword(-38) + sword(38);
  },
  potion: (id) =>
    [
      '<path d="M-14 -64 H14 V-30 C 44 -18 58 6 54 30 C 50 56 28 66 0 66 C -28 66 -50 56 -54 30 C -58 6 -44 -18 -14 -30 Z" fill="#e3f2fd" fill-opacity="0.35" stroke="#fff" stroke-width="4"/>',
      `<path d="M-50 20 C -30 8 -10 32 10 18 C 26 8 40 14 52 22 C 50 50 30 62 0 62 C -30 62 -50 50 -50 20 Z" fill="url(#accent-${id})"/>`,
      '<rect x="-18" y="-74" width="36" height="14" rx="4" fill="#8d5524" stroke="#5d3a1a" stroke-width="2"/>',
      '<circle cx="-12" cy="34" r="6" fill="#fff" fill-opacity="0.7"/><circle cx="14" cy="44" r="4" fill="#fff" fill-opacity="0.7"/><circle cx="4" cy="24" r="3" fill="#fff" fill-opacity="0.7"/>',
    ].join(''),
  snowflake: () => {
    const parts = ['<g stroke="#e1f5fe" stroke-width="8" stroke-linecap="round" fill="none">'];
    for (let i = 0; i < 6; i++) {
      parts.push(
        `<g transform="rotate(${i * 60})"><path d="M0 0 V-64 M0 -40 L-16 -54 M0 -40 L16 -54 M0 -20 L-12 -30 M0 -20 L12 -30"/></g>`,
      );
    }
    parts.push('</g><circle r="10" fill="#fff"/>');
    return parts.join('');
  },
  watermelon: () =>
    [
      '<path d="M-70 -14 A70 70 0 0 0 70 -14 Z" fill="#2e7d32" stroke="#1b5e20" stroke-width="3"/>',
      '<path d="M-60 -14 A60 60 0 0 0 60 -14 Z" fill="#e8f5e9"/>',
      '<path d="M-54 -14 A54 54 0 0 0 54 -14 Z" fill="#e53935"/>',
      '<g fill="#1c1c28"><ellipse cx="-30" cy="4" rx="4" ry="6"/><ellipse cx="-10" cy="16" rx="4" ry="6"/><ellipse cx="12" cy="10" rx="4" ry="6"/><ellipse cx="32" cy="2" rx="4" ry="6"/><ellipse cx="0" cy="-2" rx="4" ry="6"/></g>',
    ].join(''),
  chest: (id) =>
    [
      '<path d="M-66 -8 C -66 -50 66 -50 66 -8 Z" fill="#8d5524" stroke="#3e2410" stroke-width="4"/>',
      '<rect x="-66" y="-8" width="132" height="68" rx="6" fill="#a0522d" stroke="#3e2410" stroke-width="4"/>',
      `<path d="M-66 -8 H66 M-40 -38 V60 M40 -38 V60" stroke="url(#gold-${id})" stroke-width="9"/>`,
      `<rect x="-14" y="-16" width="28" height="30" rx="4" fill="url(#gold-${id})" stroke="#6d3b00" stroke-width="3"/>`,
      '<circle cy="-4" r="4" fill="#3e2410"/><path d="M0 -2 V8" stroke="#3e2410" stroke-width="3"/>',
      `<circle cx="-20" cy="-52" r="9" fill="url(#gold-${id})"/><circle cx="6" cy="-58" r="9" fill="url(#gold-${id})"/><circle cx="28" cy="-50" r="9" fill="url(#gold-${id})"/>`,
    ].join(''),
  rainbow: () => {
    const colours = ['#e53935', '#fb8c00', '#fdd835', '#43a047', '#1e88e5', '#8e24aa'];
    const parts = colours.map(
      (c, i) =>
        `<path d="M${-70 + i * 8} 30 A${70 - i * 8} ${70 - i * 8} 0 0 1 ${70 - i * 8} 30" stroke="${c}" stroke-width="8" fill="none"/>`,
    );
    parts.push(
      '<g fill="#fff"><circle cx="-62" cy="34" r="16"/><circle cx="-44" cy="38" r="14"/><circle cx="62" cy="34" r="16"/><circle cx="44" cy="38" r="14"/></g>',
    );
    return parts.join('');
  },
  bar: (id) => {
    const plate = (y: number, w: number) =>
      [
        `<rect x="${-w / 2}" y="${y}" width="${w}" height="34" rx="8" fill="#1c1c28" stroke="url(#gold-${id})" stroke-width="4"/>`,
        `<text y="${y + 27}" text-anchor="middle" font-family="${FONT}" font-size="26" font-weight="900" letter-spacing="3" fill="url(#gold-${id})">BAR</text>`,
      ].join('');
    return plate(-58, 104) + plate(-17, 124) + plate(24, 144);
  },
  feather: (id) =>
    [
      `<path d="M40 -66 C -20 -52 -50 0 -44 52 C -10 30 30 -4 40 -66 Z" fill="url(#accent-${id})" stroke="#fff" stroke-width="4" stroke-linejoin="round"/>`,
      '<path d="M40 -66 C 10 -30 -20 14 -56 66" stroke="#fff" stroke-width="4" fill="none" stroke-linecap="round"/>',
      '<path d="M18 -34 L-4 -42 M6 -14 L-18 -20 M-8 8 L-30 2 M10 -22 L30 -14 M-2 0 L18 8" stroke="#fff" stroke-width="2.5" stroke-opacity="0.8"/>',
    ].join(''),
  shield: (id) =>
    [
      `<circle r="64" fill="url(#accent-${id})" stroke="#5d3a1a" stroke-width="5"/>`,
      '<path d="M0 -64 V64 M-64 0 H64" stroke="#5d3a1a" stroke-width="6"/>',
      `<circle r="64" fill="none" stroke="url(#gold-${id})" stroke-width="8" stroke-dasharray="2 14"/>`,
      `<circle r="18" fill="url(#gold-${id})" stroke="#5d3a1a" stroke-width="4"/>`,
    ].join(''),
  play: (id) =>
    [
      `<circle r="62" fill="none" stroke="url(#gold-${id})" stroke-width="8"/>`,
      `<path d="M-20 -34 L38 0 L-20 34 Z" fill="url(#gold-${id})" stroke-linejoin="round"/>`,
    ].join(''),
};

// The symbols a slot without a theme of its own draws from: the classics and as many others, so a
// screen of tiles is not the same bell, crown and star.
const SLOT_SYMBOLS = [
  'seven',
  'cherries',
  'bell',
  'diamond',
  'star',
  'crown',
  'clover',
  'reels',
  'bar',
  'horseshoe',
  'watermelon',
  'chest',
  'bolt',
  'flame',
  'sun',
  'crescent',
  'lantern',
  'rainbow',
];

// The words of a slot's name pick the symbols of its theme; a name may match several (its adjective
// and its noun), and the seed picks among them.
const NAME_SYMBOLS: [RegExp, string[]][] = [
  [/cherr/i, ['cherries']],
  [/fruit|sweet/i, ['watermelon', 'cherries']],
  [/seven|777/i, ['seven']],
  [/diamond|gem|crystal|ruby|emerald/i, ['diamond']],
  [/jade|lotus/i, ['lotus']],
  [/king|queen|royal|imperial|empire/i, ['crown']],
  [/pharaoh|temple|ancient|sacred/i, ['pyramid']],
  [/dragon|phoenix|blazing|fiery|volcano/i, ['flame', 'lantern']],
  [/tiger|lion|wolf|panda|monkey|buffalo/i, ['paw']],
  [/pirate|treasure|hidden/i, ['chest', 'anchor']],
  [/ocean|mermaid/i, ['shell', 'anchor']],
  [/koi|fish/i, ['fish']],
  [/jungle|tropical/i, ['palm']],
  [/carnival|fiesta|party/i, ['mask', 'rainbow']],
  [/coin|rich|fortune/i, ['coins', 'chest']],
  [/electric|storm/i, ['bolt']],
  [/moon|midnight/i, ['crescent']],
  [/\bsun/i, ['sun']],
  [/star|cosmic/i, ['star', 'crescent']],
  [/samurai|ninja|viking|brave/i, ['swords', 'shield']],
  [/wizard|magic|mystic|secret/i, ['potion']],
  [/frozen/i, ['snowflake']],
  [/unicorn|happy/i, ['rainbow']],
  [/eagle/i, ['feather']],
  [/lucky/i, ['horseshoe', 'clover']],
  [/rooster/i, ['rooster']],
];

const SUB_CATEGORY_SYMBOLS: Record<string, string> = {
  SC: 'scratch',
  VP: 'cards',
  JP: 'coins',
  TG: 'chip',
  AC: 'joystick',
  BG: 'bingo',
};

const CATEGORY_LABELS: Record<string, string> = {
  RNG: 'SLOTS',
  LIVE: 'LIVE',
  FISH: 'FISHING',
  PVP: 'POKER',
  SPORTS: 'SPORTS',
  ESPORTS: 'E-SPORTS',
  COCKFIGHT: 'SABONG',
  LOTT: 'LOTTO',
  ELOTT: 'E-LOTTO',
  JL: 'JILI',
  MINI: 'MINI GAMES',
};

const SUB_CATEGORY_LABELS: Record<string, string> = {
  SC: 'SCRATCH',
  VP: 'VIDEO POKER',
  JP: 'JACKPOT',
  TG: 'TABLE',
  AC: 'ARCADE',
  BG: 'BINGO',
};

export function symbolFor(game: { gameType: string; name: string; subCategory: string | null }, rand: () => number) {
  const byName = (table: [RegExp, string][]) => table.find(([re]) => re.test(game.name))?.[1];
  switch (game.gameType) {
    case 'RNG':
    case 'JL': {
      if (game.subCategory && SUB_CATEGORY_SYMBOLS[game.subCategory]) return SUB_CATEGORY_SYMBOLS[game.subCategory]!;
      // Most slots show their theme (every symbol its name's words call for); the rest draw from
      // the wide pool, so the classics still turn up.
      const themed = NAME_SYMBOLS.filter(([re]) => re.test(game.name)).flatMap(([, symbols]) => symbols);
      const pick = rand();
      if (themed.length > 0 && pick < 0.8) return themed[Math.floor((pick / 0.8) * themed.length)]!;
      return SLOT_SYMBOLS[Math.floor(rand() * SLOT_SYMBOLS.length)]!;
    }
    case 'LIVE':
      return (
        byName([
          [/roulette/i, 'wheel'],
          [/sic bo/i, 'dice'],
          [/baccarat|blackjack|dragon tiger/i, 'cards'],
        ]) ?? 'chip'
      );
    case 'PVP':
      return byName([[/mahjong|pai gow/i, 'dice']]) ?? 'cards';
    case 'FISH':
      return 'fish';
    case 'SPORTS':
      return 'ball';
    case 'ESPORTS':
      return 'controller';
    case 'COCKFIGHT':
      return 'rooster';
    case 'LOTT':
      return 'balls';
    case 'ELOTT':
      return byName([[/fast 3|dice/i, 'dice']]) ?? 'balls';
    default:
      return 'play';
  }
}

// Translucency is fill-opacity / stroke-opacity on the shapes, never opacity: in Chromium an SVG
// element or group with opacity is painted into a layer of its own and blended, which made these
// images several times dearer to rasterise while the games grid scrolls (docs/benchmarks.md).
function background(id: string, rand: () => number, w: number, h: number, kinds = 4): string {
  const kind = Math.floor(rand() * kinds);
  const parts = [`<rect width="${w}" height="${h}" fill="url(#bg-${id})"/>`, '<g fill="#fff" fill-opacity="0.12">'];
  if (kind === 0) {
    // sunburst
    const cx = w / 2;
    const cy = h * 0.4;
    const rays = 12 + Math.floor(rand() * 6);
    const r = Math.max(w, h);
    for (let i = 0; i < rays; i++) {
      const a0 = (2 * Math.PI * i) / rays;
      const a1 = a0 + Math.PI / rays;
      parts.push(
        `<path d="M${cx} ${cy} L${n1(cx + Math.cos(a0) * r)} ${n1(cy + Math.sin(a0) * r)} L${n1(cx + Math.cos(a1) * r)} ${n1(cy + Math.sin(a1) * r)} Z"/>`,
      );
    }
  } else if (kind === 1) {
    // scattered bubbles
    for (let i = 0; i < 14; i++) {
      parts.push(`<circle cx="${n1(rand() * w)}" cy="${n1(rand() * h)}" r="${n1(4 + rand() * 26)}"/>`);
    }
  } else if (kind === 2) {
    // diagonal stripes
    const step = 22 + Math.floor(rand() * 18);
    for (let x = -h; x < w; x += step * 2) {
      parts.push(`<path d="M${x} ${h} L${x + h} 0 H${x + h + step} L${x + step} ${h} Z"/>`);
    }
  } else if (kind === 3) {
    // rings
    const cx = n1(rand() * w);
    const cy = n1(rand() * h * 0.6);
    parts.push('</g><g fill="none" stroke="#fff" stroke-width="10" stroke-opacity="0.12">');
    for (let r = 30; r < Math.max(w, h); r += 42) parts.push(`<circle cx="${cx}" cy="${cy}" r="${r}"/>`);
  } else if (kind === 4) {
    // diamond lattice: one path, so it costs one shape to paint
    const step = 30 + Math.floor(rand() * 16);
    const d: string[] = [];
    for (let y = 0; y < h + step; y += step)
      for (let x = (y / step) % 2 ? step / 2 : 0; x < w + step; x += step)
        d.push(
          `M${n1(x)} ${n1(y - step / 3)}l${n1(step / 4)} ${n1(step / 3)}l${n1(-step / 4)} ${n1(step / 3)}l${n1(-step / 4)} ${n1(-step / 3)}Z`,
        );
    parts.push(`<path d="${d.join('')}"/>`);
  } else if (kind === 5) {
    // waves
    parts.push('</g><g fill="none" stroke="#fff" stroke-width="7" stroke-opacity="0.14">');
    const amp = 8 + Math.floor(rand() * 10);
    for (let y = 24; y < h; y += 34) {
      let d = `M0 ${y}`;
      for (let x = 0; x < w; x += 40) d += ` q10 ${-amp} 20 0 t20 0`;
      parts.push(`<path d="${d}"/>`);
    }
  } else {
    // sparkles: four-pointed stars of several sizes
    for (let i = 0; i < 16; i++) {
      const x = rand() * w;
      const y = rand() * h;
      const r = 4 + rand() * 12;
      const q = r / 4;
      parts.push(
        `<path d="M${n1(x)} ${n1(y - r)}L${n1(x + q)} ${n1(y - q)}L${n1(x + r)} ${n1(y)}L${n1(x + q)} ${n1(y + q)}L${n1(x)} ${n1(y + r)}L${n1(x - q)} ${n1(y + q)}L${n1(x - r)} ${n1(y)}L${n1(x - q)} ${n1(y - q)}Z"/>`,
      );
    }
  }
  parts.push('</g>');
  return parts.join('');
}

function badge(x: number, y: number, text: string, anchor: 'start' | 'end'): string {
  const width = Math.round(text.length * 8.6 + 18);
  const left = anchor === 'start' ? x : x - width;
  return [
    `<rect x="${left}" y="${y}" width="${width}" height="26" rx="13" fill="#000" fill-opacity="0.45" stroke="#fff" stroke-opacity="0.35"/>`,
    `<text x="${left + width / 2}" y="${y + 18}" text-anchor="middle" font-family="${FONT}" font-size="13" font-weight="700" letter-spacing="0.5" fill="#fff">${escapeXml(text)}</text>`,
  ].join('');
}

function titleText(lines: string[], opts: { x: number; bottom: number; width: number; max: number; min: number }) {
  const size = fitFont(lines, opts.width, opts.max, opts.min);
  const lineHeight = Math.round(size * 1.15);
  const firstY = opts.bottom - (lines.length - 1) * lineHeight;
  return lines
    .map(
      (line, i) =>
        `<text x="${opts.x}" y="${firstY + i * lineHeight}" text-anchor="middle" font-family="${FONT}" font-size="${size}" font-weight="800" fill="#fff" stroke="#000" stroke-opacity="0.35" stroke-width="3" paint-order="stroke">${escapeXml(line)}</text>`,
    )
    .join('');
}

function svgOpen(w: number, h: number, label: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" role="img" aria-label="${escapeXml(label)}">`;
}

/** How a tile places its art: one symbol large, a reel line of three, a symbol off to one side, or framed. */
export const TILE_LAYOUTS = ['hero', 'reel', 'side', 'framed'] as const;
export type TileLayout = (typeof TILE_LAYOUTS)[number];

/** A second and third symbol that go with the first on a reel line or beside it. */
function companions(symbol: string, rand: () => number): [string, string] {
  const pool = SLOT_SYMBOLS.filter((s) => s !== symbol);
  const a = pool[Math.floor(rand() * pool.length)]!;
  const rest = pool.filter((s) => s !== a);
  return [a, rest[Math.floor(rand() * rest.length)]!];
}

function placedSymbols(id: string, layout: TileLayout, symbol: string, rand: () => number, slot: boolean): string {
  const scale = 0.95 + rand() * 0.15;
  const tilt = Math.round((rand() - 0.5) * 16);
  const one = (name: string, transform: string) => `<g transform="${transform}">${SYMBOLS[name]!(id, rand)}</g>`;
  // The reel line and the side companion are slot art; other categories keep their one symbol.
  if (layout === 'reel' && slot) {
    const [left, right] = companions(symbol, rand);
    return [
      '<rect x="18" y="60" width="264" height="112" rx="18" fill="#000" fill-opacity="0.35" stroke="#fff" stroke-opacity="0.4" stroke-width="3"/>',
      '<path d="M106 66 V166 M194 66 V166" stroke="#fff" stroke-opacity="0.25" stroke-width="2"/>',
      one(left, 'translate(62 116) scale(0.5)'),
      one(symbol, 'translate(150 116) scale(0.58)'),
      one(right, 'translate(238 116) scale(0.5)'),
    ].join('');
  }
  if (layout === 'side' && slot) {
    const [small] = companions(symbol, rand);
    const right = rand() < 0.5;
    return [
      one(small, `translate(${right ? 74 : 226} 74) rotate(${-tilt}) scale(0.42)`),
      one(symbol, `translate(${right ? 180 : 120} 122) rotate(${tilt}) scale(${(scale * 1.05).toFixed(2)})`),
    ].join('');
  }
  if (layout === 'framed') {
    return [
      `<rect x="10" y="10" width="280" height="280" rx="22" fill="none" stroke="url(#gold-${id})" stroke-width="6"/>`,
      '<rect x="22" y="22" width="256" height="256" rx="16" fill="none" stroke="#fff" stroke-opacity="0.35" stroke-width="2" stroke-dasharray="6 6"/>',
      one(symbol, `translate(150 112) rotate(${tilt}) scale(${(scale * 0.82).toFixed(2)})`),
    ].join('');
  }
  return one(symbol, `translate(150 118) rotate(${tilt}) scale(${scale.toFixed(2)})`);
}

export type GameArtInput = {
  nodeId: number;
  seed: number;
  vendor: string;
  name: string;
  gameType: string;
  subCategory: string | null;
};

/** The symbol and layout a game's tile is drawn with (what the tests count for variety). */
export function tileDesign(game: GameArtInput): { symbol: string; layout: TileLayout } {
  const rand = prng(game.seed ^ 0x5bd1e995);
  paletteOf(rand);
  return { symbol: symbolFor(game, rand), layout: TILE_LAYOUTS[Math.floor(rand() * TILE_LAYOUTS.length)]! };
}

/** A 300 x 300 game tile. */
export function gameSvg(game: GameArtInput): string {
  const rand = prng(game.seed ^ 0x5bd1e995);
  const id = `g${game.nodeId}`;
  const palette = paletteOf(rand);
  const symbol = symbolFor(game, rand);
  const layout = TILE_LAYOUTS[Math.floor(rand() * TILE_LAYOUTS.length)]!;
  const label = (game.subCategory && SUB_CATEGORY_LABELS[game.subCategory]) || CATEGORY_LABELS[game.gameType] || '';
  const slot = (game.gameType === 'RNG' || game.gameType === 'JL') && !game.subCategory;
  return [
    svgOpen(300, 300, game.name),
    `<defs>${commonDefs(id, palette)}</defs>`,
    background(id, rand, 300, 300, 7),
    `<circle cx="150" cy="118" r="110" fill="url(#glow-${id})"/>`,
    placedSymbols(id, layout, symbol, rand, slot),
    `<rect y="196" width="300" height="104" fill="url(#shade-${id})"/>`,
    titleText(wrapTitle(game.name, 18), { x: 150, bottom: 278, width: 276, max: 30, min: 15 }),
    badge(layout === 'framed' ? 20 : 12, layout === 'framed' ? 20 : 12, game.vendor, 'start'),
    label ? badge(layout === 'framed' ? 280 : 288, layout === 'framed' ? 20 : 12, label, 'end') : '',
    '</svg>',
  ].join('');
}

/** spec §3: the icon shown when a game's own icon fails to load. */
export function defaultGameSvg(): string {
  const id = 'default';
  const palette: Palette = { h1: 230, h2: 250, s: 25, accent: 45 };
  return [
    svgOpen(300, 300, 'Game'),
    `<defs>${commonDefs(id, palette)}</defs>`,
    `<rect width="300" height="300" fill="url(#bg-${id})"/>`,
    `<circle cx="150" cy="128" r="110" fill="url(#glow-${id})"/>`,
    `<g transform="translate(150 128)">${SYMBOLS.play!(id, () => 0)}</g>`,
    `<text x="150" y="270" text-anchor="middle" font-family="${FONT}" font-size="24" font-weight="800" letter-spacing="4" fill="#f7b928">GAME</text>`,
    '</svg>',
  ].join('');
}

/** The vendor logo tile (lagerIcon of spec §3), 240 x 120. */
export function vendorSvg(vendor: { code: string; name: string }): string {
  const rand = prng(hashText(vendor.code));
  const id = `v${hashText(vendor.code).toString(36)}`;
  const palette = paletteOf(rand);
  const frame = `<rect x="6" y="6" width="228" height="108" rx="16" fill="none" stroke="url(#gold-${id})" stroke-width="3"/>`;
  // spec §4: a brand with TY blanks TCG vendors' codes and names. One image serves every brand
  // setting and language, so a TCG tile carries no words: lottery balls (the page beside it names
  // the vendor as the brand allows).
  if (vendor.code.startsWith('TCG')) {
    return [
      svgOpen(240, 120, 'Lottery'),
      `<defs>${commonDefs(id, palette)}</defs>`,
      background(id, rand, 240, 120),
      frame,
      `<g transform="translate(120 64) scale(0.68)">${SYMBOLS.balls!(id, rand)}</g>`,
      '</svg>',
    ].join('');
  }
  const code = vendor.code.replace(/_/g, ' ');
  const size = fitFont([code], 200, 44, 16, 0.75);
  return [
    svgOpen(240, 120, vendor.name),
    `<defs>${commonDefs(id, palette)}</defs>`,
    background(id, rand, 240, 120),
    frame,
    `<text x="120" y="${vendor.name === vendor.code ? 60 + size * 0.35 : 62}" text-anchor="middle" font-family="${FONT}" font-size="${size}" font-weight="900" letter-spacing="1" fill="#fff" stroke="#000" stroke-opacity="0.3" stroke-width="3" paint-order="stroke">${escapeXml(code)}</text>`,
    vendor.name === vendor.code
      ? ''
      : `<text x="120" y="94" text-anchor="middle" font-family="${FONT}" font-size="15" font-weight="600" fill="#fff" fill-opacity="0.85">${escapeXml(clip(vendor.name, 26))}</text>`,
    '</svg>',
  ].join('');
}

/** A 1920 x 600 banner with its title on the left and a cluster of symbols on the right. */
export function bannerSvg(banner: { slug: string; title: string }): string {
  const rand = prng(hashText(banner.slug));
  const id = `b${hashText(banner.slug).toString(36)}`;
  const palette = paletteOf(rand);
  const lines = wrapTitle(banner.title, 24);
  const size = fitFont(lines, 1000, 96, 48);
  const lineHeight = Math.round(size * 1.15);
  const top = 300 - ((lines.length - 1) * lineHeight) / 2 + size * 0.35;
  const trios: [RegExp, string[]][] = [
    [/slot|jili|spin/, ['seven', 'cherries', 'diamond']],
    [/live|casino|baccarat|roulette|tables/, ['cards', 'chip', 'wheel']],
    [/sport|esport|match/, ['ball', 'controller', 'rooster']],
    [/vip|bonus|deposit|rebate|referral|reward/, ['coins', 'crown', 'star']],
    [/lott|draw/, ['balls', 'dice', 'bell']],
  ];
  const fitting = trios.find(([re]) => re.test(banner.slug))?.[1];
  const trio = fitting ?? trios[Math.floor(rand() * trios.length)]![1];
  return [
    svgOpen(1920, 600, banner.title),
    `<defs>${commonDefs(id, palette)}</defs>`,
    background(id, rand, 1920, 600),
    `<circle cx="1480" cy="300" r="420" fill="url(#glow-${id})"/>`,
    `<g transform="translate(1300 360) rotate(-10) scale(2.1)">${SYMBOLS[trio[0]!]!(id, rand)}</g>`,
    `<g transform="translate(1560 230) rotate(8) scale(2.5)">${SYMBOLS[trio[1]!]!(id, rand)}</g>`,
    `<g transform="translate(1760 420) rotate(14) scale(1.7)">${SYMBOLS[trio[2]!]!(id, rand)}</g>`,
    lines
      .map(
        (line, i) =>
          `<text x="120" y="${Math.round(top + i * lineHeight)}" font-family="${FONT}" font-size="${size}" font-weight="900" fill="#fff" stroke="#000" stroke-opacity="0.3" stroke-width="5" paint-order="stroke">${escapeXml(line)}</text>`,
      )
      .join(''),
    `<rect x="124" y="${Math.round(top + (lines.length - 1) * lineHeight + 40)}" width="220" height="10" rx="5" fill="url(#gold-${id})"/>`,
    '</svg>',
  ].join('');
}

const AVATAR_SYMBOLS = [
  'seven',
  'cherries',
  'diamond',
  'crown',
  'star',
  'clover',
  'bell',
  'chip',
  'dice',
  'fish',
  'ball',
  'controller',
];

/** Avatar n (1..12), 128 x 128: a round token with its own colour and symbol. */
export function avatarSvg(n: number): string {
  const id = `a${n}`;
  const hue = (n * 47) % 360;
  const palette: Palette = { h1: hue, h2: (hue + 40) % 360, s: 70, accent: (hue + 180) % 360 };
  const rand = prng(n * 7919);
  return [
    svgOpen(128, 128, `Avatar ${n}`),
    `<defs>${commonDefs(id, palette)}</defs>`,
    `<circle cx="64" cy="64" r="64" fill="url(#bg-${id})"/>`,
    `<circle cx="64" cy="56" r="50" fill="url(#glow-${id})"/>`,
    `<g transform="translate(64 64) scale(0.55)">${SYMBOLS[AVATAR_SYMBOLS[(n - 1) % AVATAR_SYMBOLS.length]!]!(id, rand)}</g>`,
    '<circle cx="64" cy="64" r="61" fill="none" stroke="#fff" stroke-opacity="0.6" stroke-width="4"/>',
    '</svg>',
  ].join('');
}
